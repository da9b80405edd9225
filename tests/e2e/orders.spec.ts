import type { APIRequestContext, Page, Request } from "@playwright/test";
import { choose, expect, listRequest, managerApi, moveOrder, test, unique } from "./fixtures";

interface Product {
  id: number;
  name: string;
  price: number;
  stock: number;
}

/** A manager's API session, for setting up data the test then works on in the browser. */
/** An active product of this test's own, with a name only it uses. */
async function newProduct(api: APIRequestContext, prefix: string, price: number, stock: number): Promise<Product> {
  const name = unique(prefix);
  const categoryId = ((await (await api.get("/api/categories?_end=1")).json()) as { id: number }[])[0].id;
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const res = await api.post("/api/products", { data: { sku, name, categoryId, price, cost: 1, stock, status: "active" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

async function stockOf(api: APIRequestContext, id: number) {
  return ((await (await api.get(`/api/products/${id}`)).json()) as Product).stock;
}

/** A draft made through the API by the manager, for the manager. */
async function newDraft(api: APIRequestContext, lines: { productId: number; quantity: number }[]) {
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { id: number } }).user;
  const customerId = ((await (await api.get("/api/customers?_end=1")).json()) as { id: number }[])[0].id;
  const res = await api.post("/api/orders", { data: { customerId, assigneeId: me.id, items: lines } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; number: string };
}

/** Search the items editor for a product and add it as a line. */
async function addLine(page: Page, product: Product) {
  const picker = page.getByRole("combobox", { name: "Add a product" });
  await picker.click();
  await picker.fill(product.name);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: product.name }).click();
  await expect(page.getByRole("cell", { name: product.name, exact: true })).toBeVisible();
}

const status = (page: Page) => page.getByTestId("order-status");
const transitions = (page: Page) => page.getByRole("group", { name: "Transitions" });

test("an agent creates a three-line order for their own customer and places it", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const products = [
    await newProduct(api, "Agent lamp", 1_250, 40),
    await newProduct(api, "Agent desk", 19_900, 40),
    await newProduct(api, "Agent cable", 499, 40),
  ];
  await login("agent");
  const customer = ((await (await page.request.get("/api/customers?_sort=name&_order=asc&_end=1")).json()) as { name: string }[])[0];

  await page.getByRole("menu").getByRole("menuitem", { name: "Orders" }).click();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "New order" })).toBeVisible();
  await choose(page, "Customer", customer.name);
  // The assignee is the agent, fixed by the policy.
  await expect(page.getByRole("combobox", { name: /Assignee/ })).toBeDisabled();

  for (const p of products) await addLine(page, p);
  await page.getByLabel(`Quantity of ${products[0].name}`).fill("3");
  await page.getByLabel(`Quantity of ${products[2].name}`).fill("10");
  // Line totals and the order total follow the quantities as they are typed.
  await expect(page.getByTestId("line-total")).toHaveText(["$37.50", "$199.00", "$49.90"]);
  await expect(page.getByTestId("order-total")).toHaveText("$286.40");

  // A quantity past the limit is refused in the form, before anything is sent.
  await page.getByLabel(`Quantity of ${products[1].name}`).fill("1000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".ant-form-item").filter({ hasText: "Items" }).locator(".ant-form-item-explain-error")).toHaveText("Line 2: Must be at most 999");
  await page.getByLabel(`Quantity of ${products[1].name}`).fill("1");
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/orders\/show\/\d+$/);
  await expect(page.getByRole("heading", { name: /^Order SO-\d{6}$/ })).toBeVisible();
  await expect(status(page)).toHaveText("Draft");
  await expect(page.getByRole("link", { name: customer.name })).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText("$286.40");
  // An agent may move their order forward only: no cancel, no refund.
  await expect(transitions(page).getByRole("button")).toHaveText(["Place order"]);

  await transitions(page).getByRole("button", { name: "Place order" }).click();
  await expect(status(page)).toHaveText("Placed");
  await expect(transitions(page).getByRole("button")).toHaveText(["Mark as paid"]);
  await expect(page.getByTestId("timeline-step")).toHaveCount(2);
  await expect(page.getByTestId("timeline-step").last()).toContainText("Placed");
  const me = ((await (await page.request.get("/api/auth/me")).json()) as { user: { name: string } }).user;
  await expect(page.getByTestId("timeline-step").last()).toContainText(`by ${me.name}`);
  expect(await Promise.all(products.map((p) => stockOf(api, p.id)))).toEqual([37, 39, 30]);
  await api.dispose();
});

test("a manager takes an order from draft to refunded, giving the reason in a dialog", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const product = await newProduct(api, "Manager kettle", 2_000, 10);
  const order = await newDraft(api, [{ productId: product.id, quantity: 2 }]);
  await login("manager", `/orders/show/${order.id}`);
  await expect(page.getByRole("heading", { name: `Order ${order.number}` })).toBeVisible();
  await expect(page.getByRole("link", { name: product.name })).toBeVisible();

  const steps: [string, string][] = [
    ["Place order", "Placed"],
    ["Mark as paid", "Paid"],
    ["Mark as shipped", "Shipped"],
    ["Mark as delivered", "Delivered"],
  ];
  await expect(transitions(page).getByRole("button")).toHaveText(["Place order"]);
  for (const [button, reached] of steps) {
    await transitions(page).getByRole("button", { name: button }).click();
    await expect(status(page)).toHaveText(reached);
  }
  expect(await stockOf(api, product.id)).toBe(8);

  // Backing out of the dialog changes nothing and puts the keyboard back on the button.
  const refund = transitions(page).getByRole("button", { name: "Refund" });
  await refund.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("The stock is not given back");
  await dialog.getByRole("button", { name: "Back" }).click();
  await expect(dialog).toBeHidden();
  await expect(refund).toBeFocused();
  await expect(status(page)).toHaveText("Delivered");

  await refund.click();
  await expect(dialog).toContainText("The stock is not given back");
  await dialog.getByLabel("Reason").fill("no");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await expect(dialog.locator(".ant-form-item-explain-error")).toHaveText("Must be at least 3 characters");
  await dialog.getByLabel("Reason").fill("Arrived with a cracked lid");
  await dialog.getByRole("button", { name: "Refund" }).click();
  // Said as a sentence, as soon as the server has answered: what happened to which order.
  await expect(page.locator(".ant-notification-notice", { hasText: `Order ${order.number} refunded` })).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(status(page)).toHaveText("Refunded");
  await expect(transitions(page)).toHaveCount(0);
  await expect(page.locator(".ant-descriptions-row", { hasText: "Reason" })).toContainText("Arrived with a cracked lid");
  await expect(page.getByTestId("timeline-step")).toHaveText([
    /Created as draft/,
    /Placed/,
    /Paid/,
    /Shipped/,
    /Delivered/,
    /Refunded.*Reason: Arrived with a cracked lid/,
  ]);
  // A refund does not give the stock back.
  expect(await stockOf(api, product.id)).toBe(8);
  await api.dispose();
});

/** A GraphQL request's operation, or null for a REST one. */
const operation = (request: Request) =>
  new URL(request.url()).pathname === "/api/graphql" ? (request.postDataJSON() as { operationName?: string; variables?: { id?: unknown } } | null) : null;

/** A read of one order, as the app asks for it: REST's GET /api/orders/:id, or GraphQL's OrderOne. */
function readsOrder(request: Request, id: number): boolean {
  const graphql = operation(request);
  if (graphql) return graphql.operationName === "OrderOne" && String(graphql.variables?.id) === String(id);
  return request.method() === "GET" && new URL(request.url()).pathname === `/api/orders/${id}`;
}

/** A read of products (the page's look-ups of its lines), named by what it asks for. */
function productsRead(request: Request): string | null {
  const graphql = operation(request);
  if (graphql) return graphql.operationName === "ProductList" ? String(request.postData()) : null;
  return request.method() === "GET" && new URL(request.url()).pathname === "/api/products" ? request.url() : null;
}

test("a manager's own move is not read again when its live events come back, nor the stock it took; another session's move is", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const api = await managerApi(playwright, baseURL);
  const kettle = await newProduct(api, "Own move kettle", 1_000, 10);
  const cup = await newProduct(api, "Own move cup", 500, 10);
  const order = await newDraft(api, [
    { productId: kettle.id, quantity: 1 },
    { productId: cup.id, quantity: 2 },
  ]);
  await login("manager", `/orders/show/${order.id}`);
  await expect(status(page)).toHaveText("Draft");
  await expect(page.getByRole("link", { name: cup.name })).toBeVisible();
  const reads: string[] = [];
  const productReads: string[] = [];
  page.on("request", (r) => {
    if (readsOrder(r, order.id)) reads.push(r.url());
    const products = productsRead(r);
    if (products) productReads.push(products);
  });
  await transitions(page).getByRole("button", { name: "Place order" }).click();
  await expect(status(page)).toHaveText("Placed");
  // The stream keeps its order: once this tab shows another session's move, it has had its own's event.
  await moveOrder(api, order.id, "paid");
  await expect(status(page)).toHaveText("Paid");
  // One read as its move was answered, one for the other session's move; none for its own event.
  expect(reads).toHaveLength(2);
  // The move refreshed the page's product look-ups once each; the stock events it caused, none again.
  expect(productReads.length).toBeGreaterThan(0);
  expect(productReads).toEqual([...new Set(productReads)]);
  await api.dispose();
});

test("a refused transition says why: placing without enough stock names the product and the shortfall", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const product = await newProduct(api, "Scarce teapot", 3_000, 1);
  const order = await newDraft(api, [{ productId: product.id, quantity: 3 }]);
  await login("manager", `/orders/show/${order.id}`);
  await transitions(page).getByRole("button", { name: "Place order" }).click();
  const notice = page.locator(".ant-notification-notice").filter({ hasText: "Couldn't place order" });
  await expect(notice).toContainText(`${product.name} is short by 2 (1 in stock, 3 ordered)`);
  await expect(status(page)).toHaveText("Draft");
  expect(await stockOf(api, product.id)).toBe(1);

  // Cancelling a placed order gives its stock back, after the reason.
  const ok = await newProduct(api, "Plenty teacup", 500, 5);
  const placed = await newDraft(api, [{ productId: ok.id, quantity: 4 }]);
  await page.goto(`/orders/show/${placed.id}`);
  await transitions(page).getByRole("button", { name: "Place order" }).click();
  await expect(status(page)).toHaveText("Placed");
  expect(await stockOf(api, ok.id)).toBe(1);
  await transitions(page).getByRole("button", { name: "Cancel order" }).click();
  await page.getByRole("dialog").getByLabel("Reason").fill("Customer found it cheaper elsewhere");
  await page.getByRole("dialog").getByRole("button", { name: "Cancel order" }).click();
  await expect(status(page)).toHaveText("Cancelled");
  expect(await stockOf(api, ok.id)).toBe(5);
  await api.dispose();
});

test("an auditor sees the order page and can press nothing", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const product = await newProduct(api, "Audited mug", 700, 5);
  const order = await newDraft(api, [{ productId: product.id, quantity: 1 }]);
  await login("auditor", `/orders/show/${order.id}`);
  await expect(status(page)).toHaveText("Draft");
  await expect(page.getByRole("link", { name: product.name })).toBeVisible();
  await expect(page.getByTestId("timeline-step")).toHaveCount(1);
  await expect(transitions(page)).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await api.dispose();
});

test("an agent finds their orders by customer name and filters several statuses at once", async ({ page, login }) => {
  await login("agent");
  const [own] = (await (await page.request.get("/api/orders?_end=1&status=delivered")).json()) as { customerId: number }[];
  const customer = (await (await page.request.get(`/api/customers/${own.customerId}`)).json()) as { name: string };
  const expected = Number((await page.request.get(`/api/orders?q=${encodeURIComponent(customer.name)}&_end=1`)).headers()["x-total-count"]);

  await page.goto("/orders");
  await page.getByRole("searchbox", { name: "Search" }).fill(customer.name.toLowerCase());
  await page.keyboard.press("Enter");
  const rows = page.locator(".ant-table-tbody tr.ant-table-row");
  await expect(page.getByText(new RegExp(`of ${expected}$`))).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText(customer.name);

  await page.getByRole("button", { name: "Clear filters" }).click();
  // Both in one go: the select stays open for a second choice.
  await page
    .locator(".ant-select")
    .filter({ has: page.getByRole("combobox", { name: "Status" }) })
    .click();
  for (const status of ["Placed", "Paid"]) await page.locator(".ant-select-dropdown:visible").getByTitle(status, { exact: true }).click();
  await page.keyboard.press("Escape");
  const placedOrPaid = Number((await page.request.get("/api/orders?status=placed&status=paid&_end=1")).headers()["x-total-count"]);
  await expect(page).toHaveURL(/status/);
  await expect(page.getByText(new RegExp(`of ${placedOrPaid}$`))).toBeVisible();
  for (const row of await rows.all()) await expect(row.locator(".ant-tag")).toHaveText(/^(Placed|Paid)$/);
});

test.describe("date filters", () => {
  // The filter takes whole days in the browser's time zone; pin it so the API answer is comparable.
  test.use({ timezoneId: "UTC" });

  test("a manager finds the orders placed on one day with the date filter, and it stays in the URL", async ({ page, login }) => {
    await login("manager");
    const [sample] = (await (await page.request.get("/api/orders?_end=1&status=delivered&_sort=placedAt&_order=desc")).json()) as { placedAt: string }[];
    const day = sample.placedAt.slice(0, 10);
    const expected = Number(
      (await page.request.get(`/api/orders?placedAt_gte=${day}T00:00:00.000Z&placedAt_lte=${day}T23:59:59.999Z&_end=1`)).headers()["x-total-count"],
    );
    expect(expected).toBeGreaterThan(0);

    // antd's range picker, typed in en-US order (month/day/year); Enter takes each half.
    const shown = `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
    await page.goto("/orders");
    await page.getByLabel("Placed from").click();
    await page.getByLabel("Placed from").fill(shown);
    await page.getByLabel("Placed from").press("Enter");
    await page.getByLabel("Placed to").fill(shown);
    await page.getByLabel("Placed to").press("Enter");
    await expect(page).toHaveURL(/placedAt/);
    await expect(page.getByText(new RegExp(`of ${expected}$`))).toBeVisible();
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    // Each row's placed time, as Intl shows it for en-US (issue 11), is on that day.
    const shownDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(`${day}T12:00:00.000Z`));
    for (const row of await rows.all()) await expect(row).toContainText(shownDay);

    // The same view after a reload, from the URL alone.
    await page.reload();
    await expect(page.getByLabel("Placed from")).toHaveValue(shown);
    await expect(page.getByText(new RegExp(`of ${expected}$`))).toBeVisible();
  });

  test("typing a date key by key asks the server only for the whole date", async ({ page, login }) => {
    await login("manager", "/orders");
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    const asked: string[] = [];
    page.on("request", (r) => {
      const to = listRequest(r)?.query.get("placedAt_lte");
      if (to) asked.push(to);
    });
    // en-US: month, day, then the year, key by key; only the whole date, taken by Enter, is a filter.
    await page.getByLabel("Placed to").click();
    await page.keyboard.type("03/15/2026");
    // Enter takes the end and moves to the start; leaving it empty keeps the range open-ended.
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Placed from")).toBeFocused();
    await page.getByLabel("Placed from").blur();
    await expect(page.getByLabel("Placed to")).toHaveValue("03/15/2026");
    await expect(page).toHaveURL(/placedAt/);
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    expect(asked.length).toBeGreaterThan(0);
    for (const to of asked) expect(to.slice(0, 10)).toBe("2026-03-15");
  });
});
