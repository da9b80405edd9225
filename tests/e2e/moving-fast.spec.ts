/** Issue 12, "Moving fast": a row opens its record, keyboard and focus, lists that keep their rows, undo, the order form's stock. */
import type { APIRequestContext, Page } from "@playwright/test";
import { ACCOUNTS, AFTER_UNDO, DEMO_PASSWORD, expect, seriousViolations, submitLogin, test, unique, type DemoAccount } from "./fixtures";

type Rec = Record<string, unknown> & { id: number; version: number };

async function apiJson<T = Rec>(request: APIRequestContext, method: "get" | "post" | "patch" | "delete", url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, data === undefined ? undefined : { data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (method === "delete" ? undefined : await res.json()) as T;
}

/** A customer of our own (the signed-in page's session), so no other test's writes change what we look at. */
async function newCustomer(request: APIRequestContext, prefix = "Fast") {
  const [owner] = await apiJson<Rec[]>(request, "get", "/api/staff?role=agent&active=true&_end=1");
  const name = unique(prefix);
  return apiJson<Rec & { name: string; email: string }>(request, "post", "/api/customers", {
    name,
    email: `${name.replace(/\W+/g, ".").toLowerCase()}@fast.example`,
    tier: "silver",
    creditLimit: 0,
    ownerId: owner.id,
  });
}

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** An API session of its own, for making the data a test looks at. */
async function apiAs(playwright: Playwright, baseURL: string | undefined, account: DemoAccount = "manager") {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { email: ACCOUNTS[account], password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/**
 * A page asked for before signing in: the sign-in form, then straight back to it. One
 * load of the whole app instead of two (dashboard, then the page), which on a busy 2-core machine
 * is most of a test's time.
 */
async function openAs(page: Page, account: DemoAccount, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?to=/);
  await submitLogin(page, ACCOUNTS[account], DEMO_PASSWORD);
  await expect(page.getByTestId("session")).toBeVisible();
}

/** The customers list searched for one name (the URL a shared link would carry). */
const searchedList = (q: string) => `/customers?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(q)}`;
const rowOf = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });

test.describe("a row opens its record", () => {
  test("a click outside the row's controls opens it; the label is a real link; the checkbox only selects", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api);
    await openAs(page, "manager", searchedList(customer.name));
    const row = rowOf(page, customer.name);
    await expect(row).toHaveCount(1);

    // The label column is an <a href> to the record (middle-click, open in a new tab).
    await expect(row.getByRole("link", { name: customer.name })).toHaveAttribute("href", `/customers/show/${customer.id}`);

    // Ticking the row selects it and stays on the list.
    await row.getByRole("checkbox").check();
    await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/customers\?/);

    // A plain cell (the tier) opens the record.
    await row.getByText("Silver", { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
    await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
    await api.dispose();
  });

  test("Back from a record shows the list as it was left, its ticked row still ticked, with what changed meanwhile", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const prefix = unique("Kept");
    const a = await newCustomer(api, prefix);
    const b = await newCustomer(api, prefix);
    await openAs(page, "manager", searchedList(prefix));
    await expect(page.locator(".ant-table-row")).toHaveCount(2);
    await rowOf(page, a.name).getByRole("checkbox").check();
    await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
    const listUrl = page.url();

    await rowOf(page, b.name).getByRole("link", { name: b.name }).click();
    await expect(page.getByRole("heading", { name: b.name })).toBeVisible();
    // Someone renames the other customer while the record is open.
    const renamed = `${a.name} renamed`;
    await apiJson(api, "patch", `/api/customers/${a.id}`, { name: renamed, version: a.version });

    await page.goBack();
    expect(page.url()).toBe(listUrl);
    const row = rowOf(page, renamed);
    await expect(row).toBeVisible();
    await expect(row.getByRole("checkbox")).toBeChecked();
    await expect(page.getByText("1 selected", { exact: true })).toBeVisible();
    await api.dispose();
  });

  test("rows are reachable by keyboard and Enter opens one", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api);
    await openAs(page, "manager", searchedList(customer.name));
    const row = rowOf(page, customer.name);
    await expect(row).toHaveAttribute("tabindex", "0");
    // Tab from the search box reaches the row (after the filter bar and the selection header).
    await page.getByRole("searchbox", { name: "Search" }).focus();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      if (await row.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(row).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
    await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
    // Back: the keyboard goes on from the row it left, not from the top of the page.
    await page.goBack();
    await expect(row).toBeFocused();
    await api.dispose();
  });

  test("a row of the audit log opens its event too", async ({ page }) => {
    await openAs(page, "auditor", "/audit-events");
    const first = page.locator(".ant-table-row").first();
    const href = await first.getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/audit-events\/show\/\d+$/);
    await first.locator("td").nth(3).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});

test.describe("keyboard and focus", () => {
  test("the first Tab reaches a visible skip link that moves focus to the page itself", async ({ page }) => {
    await openAs(page, "manager", "/customers");
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    // Focus back at the start of the document, as after a page load (signing in left it on the form's button).
    await page.evaluate(() => {
      document.body.tabIndex = -1;
      document.body.focus();
      document.body.removeAttribute("tabindex");
    });
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("#main-content")).toBeFocused();
    // The list's own state stays the URL's; no fragment joins it.
    expect(new URL(page.url()).hash).toBe("");
    // The next Tab goes on inside the page (its Create button: one stop, the link around it is none), not through the menu.
    await page.keyboard.press("Tab");
    await expect(page.locator('main a[href="/customers/create"] button')).toBeFocused();
  });

  test("a create form focuses its first field on open", async ({ page }) => {
    await openAs(page, "manager", "/customers/create");
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
  });

  test("an edit form focuses its first field once the record is in", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api);
    await openAs(page, "manager", `/customers/edit/${customer.id}`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(customer.name);
    await expect(page.getByLabel("Name", { exact: true })).toBeFocused();
    await api.dispose();
  });

  test("the record page's tab is in the URL: a reload keeps it", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api);
    await openAs(page, "manager", `/customers/show/${customer.id}`);
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}\\?tab=history$`));
    await page.reload();
    await expect(page.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    // The creation of our customer, by the manager, in the History tab.
    await expect(page.getByRole("tabpanel").getByText("Mia Manager")).toBeVisible();
    // Back to the first tab: the parameter goes.
    await page.getByRole("tab", { name: "Details" }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
    await api.dispose();
  });

  test("a shared link opens an order's page on its History tab", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const [order] = await apiJson<Rec[]>(api, "get", "/api/orders?_end=1");
    await openAs(page, "manager", `/orders/show/${order.id}?tab=history`);
    await expect(page.getByRole("tab", { name: "History" })).toHaveAttribute("aria-selected", "true");
    await api.dispose();
  });
});

/** Hold the browser's requests that match until `release` is called (what a slow network does, without a sleep). */
async function holdRequests(page: Page, match: (url: URL) => boolean) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => match(url),
    async (route) => {
      held++;
      await released;
      await route.continue();
    },
  );
  return { release, held: () => held };
}

test.describe("lists and inputs while data loads", () => {
  test("the next page keeps the rows shown, under a spinner, until it comes", async ({ page }) => {
    await openAs(page, "manager", "/products");
    const rows = page.locator(".ant-table-row");
    await expect(rows.first()).toBeVisible();
    // Read once its category shows by name: until its look-up answers, the cell shows the id.
    await expect(rows.first().getByRole("link", { name: /^#\d+$/ })).toHaveCount(0);
    const firstOnPage1 = (await rows.first().textContent()) ?? "";
    const hold = await holdRequests(page, (url) => url.pathname === "/api/products" && url.searchParams.get("_start") === "20");
    await page.locator(".ant-pagination-item-2").click();
    await expect.poll(hold.held).toBeGreaterThan(0);
    // Page 1's rows are still there, with a spinner over them, not an empty table.
    await expect(rows.first()).toHaveText(firstOnPage1);
    await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toBeVisible();
    hold.release();
    await expect(page.locator(".ant-table-wrapper .ant-spin-spinning")).toHaveCount(0);
    await expect(rows.first()).not.toHaveText(firstOnPage1);
    await expect(page).toHaveURL(/currentPage=2/);
  });

  test("a page number past the end goes to the last page", async ({ page }) => {
    await openAs(page, "manager", "/customers?currentPage=999&pageSize=20");
    await expect(page).not.toHaveURL(/currentPage=999/);
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    // The page shown is the last one: its number is the active one and there is no next page.
    await expect(page.locator(".ant-pagination-next")).toHaveAttribute("aria-disabled", "true");
    const shown = Number(new URL(page.url()).searchParams.get("currentPage"));
    expect(shown).toBeGreaterThan(1);
    await expect(page.locator(".ant-pagination-item-active")).toHaveText(String(shown));
  });

  test("a reference input says it is loading, never the bare id, until the label comes", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api);
    const [owner] = await apiJson<Rec[]>(api, "get", `/api/staff?id=${String(customer.ownerId)}`);
    // Every staff answer waits: the label may come from the options list as well as from the look-up by id.
    const hold = await holdRequests(page, (url) => url.pathname === "/api/staff");
    await openAs(page, "manager", `/customers/edit/${customer.id}`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(customer.name);
    const ownerSelect = page
      .locator(".ant-form-item")
      .filter({ has: page.getByRole("combobox", { name: /Owner/ }) })
      .locator(".ant-select-selection-item");
    await expect.poll(hold.held).toBeGreaterThan(0);
    await expect(ownerSelect).toHaveText("Loading…");
    hold.release();
    await expect(ownerSelect).toHaveText(String(owner.name));
    await api.dispose();
  });
});

test.describe("undo instead of regret", () => {
  const undo = (page: Page) => page.locator(".ant-notification").getByRole("button", { name: "undo" });
  const status = async (api: APIRequestContext, id: number) => (await api.get(`/api/customers/${id}`)).status();

  test("a delete on the record page can be undone; left alone, it goes through", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api, "Undo");
    await openAs(page, "manager", `/customers/show/${customer.id}`);
    await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
    await expect(page.locator(".ant-notification")).toContainText("seconds to undo");
    await undo(page).click();
    await expect(page.locator(".ant-notification")).toHaveCount(0);
    expect(await status(api, customer.id)).toBe(200);
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));

    // Not undone: sent when the countdown ends, then on to the list.
    await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/customers(\?|$)/, AFTER_UNDO);
    expect(await status(api, customer.id)).toBe(404);
    await api.dispose();
  });

  test("a row's delete in a list can be undone and the row stays", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const customer = await newCustomer(api, "Undo");
    await openAs(page, "manager", searchedList(customer.name));
    const row = rowOf(page, customer.name);
    await row.getByRole("button", { name: "delete" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
    await undo(page).click();
    await expect(row).toBeVisible();
    expect(await status(api, customer.id)).toBe(200);
    await expect(page).toHaveURL(/\/customers\?/);
    await api.dispose();
  });

  test("a bulk delete can be undone; nothing is sent", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const prefix = unique("Bulk undo");
    const a = await newCustomer(api, prefix);
    const b = await newCustomer(api, prefix);
    const deletes: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "DELETE") deletes.push(r.url());
    });
    await openAs(page, "manager", searchedList(prefix));
    await expect(page.locator(".ant-table-row")).toHaveCount(2);
    await rowOf(page, a.name).getByRole("checkbox").check();
    await rowOf(page, b.name).getByRole("checkbox").check();
    await page.getByRole("button", { name: "Delete selected" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
    await expect(page.locator(".ant-notification")).toContainText("Deleting 2 customers: you have");
    await undo(page).click();
    await expect(page.locator(".ant-notification")).toHaveCount(0);
    // The selection is still there to act on, and both customers are.
    await expect(page.getByText("2 selected", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Delete selected" })).toBeEnabled();
    expect(await status(api, a.id)).toBe(200);
    expect(await status(api, b.id)).toBe(200);
    expect(deletes).toEqual([]);
    await api.dispose();
  });
});

test.describe("the order form and stock", () => {
  async function newProduct(api: APIRequestContext, stock: number) {
    const name = unique("Stock check");
    const [category] = await apiJson<Rec[]>(api, "get", "/api/categories?_end=1");
    const sku = `SC-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
    return apiJson<Rec & { name: string }>(api, "post", "/api/products", { sku, name, categoryId: category.id, price: 1000, cost: 1, stock, status: "active" });
  }

  async function addLine(page: Page, name: string) {
    const picker = page.getByRole("combobox", { name: "Add a product" });
    await picker.click();
    await picker.fill(name);
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: name }).click();
    await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
  }

  const lineOf = (page: Page, name: string) => page.getByRole("row").filter({ has: page.getByRole("cell", { name, exact: true }) });

  test("lines the stock cannot fill are flagged as the quantity is typed", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const few = await newProduct(api, 3);
    const none = await newProduct(api, 0);
    await openAs(page, "manager", "/orders/create");
    await addLine(page, few.name);
    await addLine(page, none.name);
    await expect(lineOf(page, none.name).getByTestId("stock-flag")).toHaveText("Out of stock");
    await expect(lineOf(page, few.name).getByTestId("stock-flag")).toHaveCount(0);
    await page.getByLabel(`Quantity of ${few.name}`).fill("5");
    await expect(lineOf(page, few.name).getByTestId("stock-flag")).toHaveText("Only 3 in stock");
    // Both flags can be read: small text at 4.5:1 against its background, as axe checks it.
    expect(await seriousViolations(page, "[data-testid=stock-flag]")).toEqual([]);
    await page.getByLabel(`Quantity of ${few.name}`).fill("3");
    await expect(lineOf(page, few.name).getByTestId("stock-flag")).toHaveCount(0);
    await api.dispose();
  });

  test("a draft's page flags a short line beside the Place button", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const few = await newProduct(api, 3);
    const [customer] = await apiJson<Rec[]>(api, "get", "/api/customers?_end=1");
    const { user: me } = await apiJson<{ user: Rec }>(api, "get", "/api/auth/me");
    const draft = await apiJson<Rec>(api, "post", "/api/orders", { customerId: customer.id, assigneeId: me.id, items: [{ productId: few.id, quantity: 4 }] });
    await openAs(page, "manager", `/orders/show/${draft.id}`);
    await expect(page.getByRole("button", { name: "Place order" })).toBeVisible();
    await expect(lineOf(page, few.name).getByTestId("stock-flag")).toHaveText("Only 3 in stock");
    await api.dispose();
  });
});
