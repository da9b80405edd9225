/** Issue 3 as a manager uses it all day: customers, products and categories through the generic views. */
import type { APIRequestContext, Page } from "@playwright/test";
import { AFTER_UNDO, choose, expect, exportCsv, fieldError, listRequest, test, unique } from "./fixtures";

type Rec = Record<string, unknown> & { id: number; version: number };

async function api<T = Rec>(request: APIRequestContext, method: "get" | "post" | "patch", url: string, data?: unknown): Promise<{ body: T; total: number }> {
  const res = await request[method](url, data === undefined ? undefined : { data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return { body: (await res.json()) as T, total: Number(res.headers()["x-total-count"] ?? 0) };
}

/** A piece of `value` that the search finds on its first page (≤ 20 rows), so the row is there to see. */
async function findableFragment(request: APIRequestContext, value: string): Promise<string> {
  const candidates: string[] = [];
  for (const len of [4, 5, 6, 8]) for (let i = 1; i + len <= value.length; i++) candidates.push(value.slice(i, i + len));
  for (const fragment of candidates) {
    if (fragment.trim() !== fragment) continue;
    const { total } = await api<Rec[]>(request, "get", `/api/customers?q=${encodeURIComponent(fragment)}&_end=1`);
    if (total <= 20) return fragment;
  }
  return value;
}

/**
 * The conflict dialog as a person sees it before pressing anything in it: drawn whole. antd zooms
 * a dialog in from nothing, and its buttons are in the page (to Playwright, "visible") while they
 * cannot yet be seen.
 */
async function conflictShown(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Someone else changed this record" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS("opacity", "1");
  return dialog;
}

const rows = (page: Page) => page.locator(".ant-table-row");
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

/** Type into the list's search box (no Enter: it searches once typing pauses) and wait for the searched rows. */
async function searchFor(page: Page, resource: string, text: string) {
  await page.getByRole("searchbox", { name: "Search" }).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get("filters[0][value]")).toBe(text);
  // The rows the API finds, not the list from before the search.
  const { total } = await api<Rec[]>(page.request, "get", `/api/${resource}?q=${encodeURIComponent(text)}&_end=1`);
  await expect(rows(page)).toHaveCount(Math.min(total, 20));
}

test("a manager finds a customer by a fragment of name, email or company, just by typing", async ({ page, login }) => {
  await login("manager");
  const { body: some } = await api<Rec[]>(page.request, "get", "/api/customers?_start=60&_end=100");
  const customer = some.find((c) => typeof c.company === "string")!;
  await page.goto("/customers");
  await expect(rows(page).first()).toBeVisible();
  const search = page.getByRole("searchbox", { name: "Search" });
  await expect(search).toHaveAttribute("placeholder", /name, email, phone, company/);

  for (const field of ["name", "email", "company"] as const) {
    const fragment = await findableFragment(page.request, String(customer[field]));
    await searchFor(page, "customers", fragment.toUpperCase());
    // Each row shown has the fragment in a column (name, email or company), whatever its case.
    await expect.poll(async () => (await rows(page).allInnerTexts()).every((t) => t.toLowerCase().includes(fragment.toLowerCase()))).toBe(true);
    await expect(row(page, String(customer.name))).toBeVisible();
  }
});

test("a manager creates a customer picking the owner by typing, finds it with filters, edits it and sees the history", async ({ page, login }) => {
  // A whole journey: four full loads of the app, a create, an edit and the history.
  test.slow();
  await login("manager");
  const name = unique("Created Customer");
  const email = `${name.split(" ").pop()}@created.example`;
  await page.goto("/customers");
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Company", { exact: true }).fill("Typing Test Co");
  await choose(page, "Tier", "Gold");
  await page.getByLabel("Credit limit").fill("1234.56");
  // The owner picker asks the server as one types.
  const owner = page.getByRole("combobox", { name: /Owner$/ });
  await page.locator(".ant-select").filter({ has: owner }).click();
  const searched = page.waitForRequest((r) => {
    const list = listRequest(r);
    return list?.resource === "staff" && list.query.get("q") === "Anna";
  });
  await owner.pressSequentially("Anna");
  await searched;
  await page.locator(".ant-select-dropdown:visible").getByTitle("Anna Agent", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("$1,234.56")).toBeVisible();
  await expect(page.getByRole("link", { name: "Anna Agent" })).toBeVisible();

  // In the list, by filters: tier and a credit limit range in dollars, all in the URL.
  await page.goto("/customers");
  await page.getByRole("searchbox", { name: "Search" }).fill(name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText("$1,234.56");
  await expect(rows(page).first()).toContainText("Anna Agent");
  await choose(page, "Tier", "Gold");
  await page.getByLabel("Credit limit from").fill("1234.56");
  await expect(page).toHaveURL(/creditLimit.*123456/);
  await expect(rows(page)).toHaveCount(1);
  await page.getByLabel("Credit limit from").fill("1234.57");
  await expect(page.getByText("No customers match these filters.")).toBeVisible();
  await page.getByLabel("Credit limit from").fill("");

  await row(page, name).getByRole("button", { name: "edit" }).click();
  // The edit page, not the list's "Credit limit from / to" filters still on screen while it loads.
  await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
  // The URL moves before the list leaves the screen; its "Credit limit" column is no input.
  await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
  await expect(page.getByLabel("Credit limit", { exact: true })).toHaveValue("1234.56");
  await page.getByLabel("Credit limit", { exact: true }).fill("2000");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.getByText("$2,000.00")).toBeVisible();

  await page.getByRole("tab", { name: "History" }).click();
  const update = page.locator(".ant-list-item").filter({ hasText: "Update" });
  await expect(update).toContainText("Mia Manager");
  await expect(update.getByRole("row", { name: /Credit limit/ })).toContainText("$1,234.56");
  await expect(update.getByRole("row", { name: /Credit limit/ })).toContainText("$2,000.00");
});

/** A customer of this test's own, and the edit page open on it. */
async function editFreshCustomer(page: Page) {
  const { body: me } = await api<{ user: { id: number } }>(page.request, "get", "/api/auth/me");
  const name = unique("Conflict Customer");
  const { body: customer } = await api(page.request, "post", "/api/customers", {
    name,
    email: `${name.split(" ").pop()}@conflict.example`,
    ownerId: me.user.id,
    notes: "Original notes",
  });
  await page.goto(`/customers/edit/${customer.id}`);
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  return { name, customer };
}

test("a conflicting save shows their changes next to mine; overwrite keeps their other changes", async ({ page, login }) => {
  await login("manager");
  const { name, customer } = await editFreshCustomer(page);
  // Meanwhile someone else changes the tier and the notes.
  await api(page.request, "patch", `/api/customers/${customer.id}`, { tier: "gold", notes: "Their notes", version: customer.version });

  await page.getByLabel("Name", { exact: true }).fill(`${name} mine`);
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = await conflictShown(page);
  await expect(dialog.getByRole("row", { name: /^Tier/ })).toContainText("Gold");
  await expect(dialog.getByRole("row", { name: /^Notes/ })).toContainText("Their notes");
  await expect(dialog.getByRole("row", { name: /^Name/ })).toContainText(`${name} mine`);
  await expect(dialog.getByText("both changed")).toHaveCount(0);

  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
  await expect(page.getByRole("heading", { name: `${name} mine` })).toBeVisible();
  // Their changes are still there.
  await expect(page.getByText("Their notes")).toBeVisible();
  await expect(page.locator(".ant-descriptions").getByText("Gold")).toBeVisible();
});

test("a conflicting save on the same field says so; keep editing keeps mine, reload theirs takes theirs", async ({ page, login }) => {
  await login("manager");
  const { customer } = await editFreshCustomer(page);
  await api(page.request, "patch", `/api/customers/${customer.id}`, { notes: "Their notes", version: customer.version });

  await page.getByLabel("Notes").fill("My notes");
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = await conflictShown(page);
  const notes = dialog.getByRole("row", { name: /^Notes/ });
  await expect(notes).toContainText("both changed");
  await expect(notes).toContainText("Original notes");
  await expect(notes).toContainText("Their notes");
  await expect(notes).toContainText("My notes");

  await dialog.getByRole("button", { name: "Keep editing" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Notes")).toHaveValue("My notes");

  await page.getByRole("button", { name: "Save" }).click();
  await conflictShown(page);
  await dialog.getByRole("button", { name: "Reload theirs" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Notes")).toHaveValue("Their notes");
  await expect(page).toHaveURL(new RegExp(`/customers/edit/${customer.id}$`));
});

test("deleting a category with products is refused with the count; bulk delete says what it deleted and what it refused", async ({ page, login }) => {
  // Two deletes, each sent only after its 5-second undo window, on top of a whole journey.
  test.slow();
  await login("manager");
  const { body: categories } = await api<Rec[]>(page.request, "get", "/api/categories?_end=100&_sort=id");
  const used = categories[0];
  const { total: productCount } = await api<Rec[]>(page.request, "get", `/api/products?categoryId=${used.id}&_end=1`);

  // Said on the confirm, before anything is sent: Delete cannot be pressed.
  await page.goto(`/categories/show/${used.id}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(".ant-popconfirm")).toContainText(`${productCount} products point at this category`);
  await expect(page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" })).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: String(used.name) })).toBeVisible();
  await page.getByRole("tab", { name: "Products" }).click();
  await expect(page.getByText(`${productCount} in all`)).toBeVisible();

  const prefix = unique("Bulk");
  for (const n of [1, 2]) await api(page.request, "post", "/api/categories", { name: `${prefix} ${n}` });
  await page.goto("/categories?pageSize=100");
  for (const name of [`${prefix} 1`, `${prefix} 2`, String(used.name)]) await row(page, name).getByRole("checkbox").check();
  await expect(page.getByText("3 selected", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Delete selected" }).click();
  await expect(page.locator(".ant-popconfirm")).toContainText("1 of the selected has records pointing at it and will be kept.");
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();

  const summary = page.getByRole("dialog", { name: "Bulk delete" });
  await expect(summary).toContainText("2 deleted, 1 refused", AFTER_UNDO);
  await expect(summary.getByRole("region", { name: "Deleted" })).toContainText(`${prefix} 1`);
  await expect(summary.getByRole("region", { name: "Deleted" })).toContainText(`${prefix} 2`);
  const refused = summary.getByRole("region", { name: "Refused" });
  await expect(refused).toContainText(String(used.name));
  await expect(refused).toContainText(`${productCount} products point at it`);
  await summary.getByRole("button", { name: "Done" }).click();
  await expect(row(page, prefix)).toHaveCount(0);
  await expect(row(page, String(used.name))).toHaveCount(1);
});

test("a product: duplicate sku on its field; the status offers only the moves its lifecycle allows", async ({ page, login }) => {
  await login("manager");
  const {
    body: [existing],
  } = await api<Rec[]>(page.request, "get", "/api/products?_end=1");
  await page.goto("/products/create");
  const name = unique("Made Product");
  await page.getByLabel("SKU").fill(String(existing.sku));
  await page.getByLabel("Name", { exact: true }).fill(name);
  const category = page.getByRole("combobox", { name: /Category$/ });
  await page.locator(".ant-select").filter({ has: category }).click();
  await category.pressSequentially("Audi");
  await page.locator(".ant-select-dropdown:visible").getByTitle("Audio", { exact: true }).click();
  await page.getByLabel("Price").fill("19.99");
  await page.getByLabel("Cost").fill("7.5");
  await page.getByLabel("Stock").fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(fieldError(page, "SKU")).toHaveText("This sku is already taken");

  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  await page.getByLabel("SKU").fill(sku);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/products\/show\/\d+$/);
  await expect(page.getByText("$19.99")).toBeVisible();
  await expect(page.getByText("$7.50")).toBeVisible();

  // The edit form offers only the moves the product lifecycle allows from draft (the server refuses the rest).
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/products\/edit\/\d+$/);
  const status = page.getByRole("combobox", { name: /Status$/ });
  await page.locator(".ant-select").filter({ has: status }).click();
  const offered = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(offered).toHaveText(["Draft", "Active"]);
  await offered.filter({ hasText: "Active" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/products\/show\/\d+$/);
  await expect(page.locator(".ant-descriptions").getByText("Active", { exact: true })).toBeVisible();
});

test("export: every row of the current filter and sort, money in dollars, dates in ISO", async ({ page, login }) => {
  await login("manager");
  // Products of this test's own, found by a search no other record matches: other tests add
  // active products while this one runs.
  const prefix = unique("Export");
  const stamp = Date.now().toString(36).toUpperCase();
  const { body: categories } = await api<Rec[]>(page.request, "get", "/api/categories?_sort=id&_end=1");
  for (let n = 1; n <= 13; n++) {
    const status = n === 13 ? "draft" : "active";
    await api(page.request, "post", "/api/products", {
      sku: `EX-${stamp}-${n}`,
      name: `${prefix} ${n}`,
      categoryId: categories[0].id,
      price: 1000 + n * 137,
      cost: 250 + n,
      stock: n,
      status,
    });
  }
  const q = encodeURIComponent(prefix);
  await page.goto(
    `/products?pageSize=10&sorters[0][field]=price&sorters[0][order]=desc&filters[0][field]=status&filters[0][operator]=in&filters[0][value][0]=active&filters[1][field]=q&filters[1][operator]=eq&filters[1][value]=${q}`,
  );
  await expect(rows(page)).toHaveCount(10);
  const { body: all } = await api<Rec[]>(page.request, "get", `/api/products?status=active&q=${q}&_sort=price&_order=desc&_start=0&_end=100`);
  expect(all).toHaveLength(12);

  const { filename, header, rows: lines } = await exportCsv(page);
  expect(filename).toMatch(/^products-.*\.csv$/);
  expect(header).toEqual(expect.arrayContaining(["ID", "SKU", "Name", "Category ID", "Category", "Price", "Cost", "Stock", "Status", "Created"]));
  // More rows than the page shows: the export pages through the API itself.
  expect(lines.length).toBe(all.length);
  expect(lines.length).toBeGreaterThan(10);
  const col = (name: string) => header.indexOf(name);
  expect(lines.map((l) => Number(l[col("ID")]))).toEqual(all.map((p) => p.id));
  expect(lines[0][col("Price")]).toBe(((all[0].price as number) / 100).toFixed(2));
  expect(lines[0][col("Cost")]).toBe(((all[0].cost as number) / 100).toFixed(2));
  for (const l of lines) {
    expect(l[col("Status")]).toBe("active");
    expect(l[col("Created")]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(l[col("Category")]).not.toBe("");
  }
});

/**
 * A customer with one order on a product of its own, made for this test: other tests add orders
 * to seeded records meanwhile, so counts on those would race.
 */
async function customerWithOneOrder(request: APIRequestContext) {
  const { body: me } = await api<{ user: Rec }>(request, "get", "/api/auth/me");
  const name = unique("Referenced");
  const stamp = Date.now().toString(36).toUpperCase();
  const { body: category } = await api<Rec[]>(request, "get", "/api/categories?_sort=id&_end=1");
  const { body: product } = await api(request, "post", "/api/products", {
    sku: `RP-${stamp}`,
    name: `${name} product`,
    categoryId: category[0].id,
    price: 700,
    cost: 100,
    stock: 3,
    status: "active",
  });
  const { body: customer } = await api(request, "post", "/api/customers", {
    name: `${name} customer`,
    email: `rc-${stamp.toLowerCase()}@shop.example`,
    ownerId: me.user.id,
  });
  await api(request, "post", "/api/orders", { customerId: customer.id, assigneeId: me.user.id, items: [{ productId: product.id, quantity: 1 }] });
  return { customer: String(customer.name), product: String(product.name) };
}

/** For each resource: a record others point at, and what the refusal must say. */
const REFERENCED = [
  {
    resource: "customers",
    find: async (request: APIRequestContext) => ({ name: (await customerWithOneOrder(request)).customer, says: "1 order points at it" }),
  },
  {
    resource: "products",
    find: async (request: APIRequestContext) => ({ name: (await customerWithOneOrder(request)).product, says: "1 order points at it" }),
  },
  {
    resource: "categories",
    // A category of this test's own: other tests add products to the seeded ones meanwhile.
    find: async (request: APIRequestContext) => {
      const name = unique("Referenced Category");
      const { body: category } = await api(request, "post", "/api/categories", { name });
      for (const n of [1, 2]) {
        const sku = `RC-${Date.now().toString(36).toUpperCase()}-${n}`;
        await api(request, "post", "/api/products", { sku, name: `${name} item ${n}`, categoryId: category.id, price: 500, cost: 100, stock: 1 });
      }
      return { name, says: "2 products point at it" };
    },
  },
] as const;

const singularOf: Record<string, string> = { customers: "customer", products: "product", categories: "category" };
for (const { resource, find } of REFERENCED) {
  test(`${resource}: found by search, its delete confirm says what points at it, and nothing is deleted`, async ({ page, login }) => {
    await login("manager");
    const { name, says } = await find(page.request);
    await page.goto(`/${resource}`);
    await searchFor(page, resource, name);
    await row(page, name).first().getByRole("button", { name: "delete" }).click();
    // Said before anything is sent, in the confirm itself: "1 order points at this customer".
    await expect(page.locator(".ant-popconfirm")).toContainText(says.replace(/at it$/, `at this ${singularOf[resource]}`));
    await expect(page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" })).toBeDisabled();
    await page.reload();
    await expect(row(page, name).first()).toBeVisible();
  });
}

test("a category made in the form, then a conflicting product edit overwritten with mine keeps their price", async ({ page, login }) => {
  await login("manager");
  const name = unique("Form Category");
  await page.goto("/categories/create");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Description").fill("Made in the form");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/categories\/show\/\d+$/);
  const categoryId = Number(page.url().split("/").pop());

  const sku = `CF-${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
  const { body: product } = await api(page.request, "post", "/api/products", { sku, name: `${name} item`, categoryId, price: 1000, cost: 400, stock: 5 });
  await page.goto(`/products/edit/${product.id}`);
  await expect(page.getByLabel("SKU")).toHaveValue(sku);
  await api(page.request, "patch", `/api/products/${product.id}`, { price: 1250, version: product.version });
  await page.getByLabel("Stock").fill("9");
  await page.getByRole("button", { name: "Save" }).click();
  const dialog = await conflictShown(page);
  await expect(dialog.getByRole("row", { name: /^Price/ })).toContainText("$12.50");
  await expect(dialog.getByRole("row", { name: /^Stock/ })).toContainText("9");
  await dialog.getByRole("button", { name: "Overwrite with mine" }).click();
  await expect(page).toHaveURL(new RegExp(`/products/show/${product.id}$`));
  await expect(page.getByText("$12.50")).toBeVisible();
  await expect(page.locator(".ant-descriptions tr").filter({ has: page.locator("th", { hasText: /^Stock$/ }) })).toContainText("9");

  // The category's Products tab lists it, by name.
  await page.goto(`/categories/show/${categoryId}`);
  await page.getByRole("tab", { name: "Products" }).click();
  await expect(page.getByRole("tabpanel").getByText(`${name} item`)).toBeVisible();
});

test("show pages list related records: a customer's orders, the customers a staff member owns", async ({ page, login }) => {
  await login("manager");
  const {
    body: [order],
  } = await api<Rec[]>(page.request, "get", "/api/orders?_end=1");
  const { total: orders } = await api<Rec[]>(page.request, "get", `/api/orders?customerId=${String(order.customerId)}&_end=1`);
  await page.goto(`/customers/show/${String(order.customerId)}`);
  await page.getByRole("tab", { name: "Orders" }).click();
  await expect(page.getByRole("tabpanel").getByText(`${orders} in all`)).toBeVisible();
  await expect(page.getByRole("tabpanel").getByText(String(order.number))).toBeVisible();

  const { body: agent } = await api<Rec[]>(page.request, "get", "/api/staff?email=agent@example.com");
  const { total: owned } = await api<Rec[]>(page.request, "get", `/api/customers?ownerId=${agent[0].id}&_end=1`);
  await page.goto(`/staff/show/${agent[0].id}`);
  await page.getByRole("tab", { name: "Customers owned" }).click();
  await expect(page.getByRole("tabpanel").getByText(`${owned} in all`)).toBeVisible();
  // The owner column is this very staff member on every row: it is left out.
  await expect(page.getByRole("tabpanel").getByRole("columnheader", { name: "Owner" })).toHaveCount(0);
});

test("a list page names its references with one request per referenced resource, not one per row", async ({ page, login }) => {
  await login("manager");
  const lookups: string[] = [];
  page.on("request", (r) => {
    const list = listRequest(r);
    if (list && (list.resource === "staff" || list.resource === "categories") && list.query.has("id")) lookups.push(list.resource);
  });
  // A reference shows "#id" until its label arrives, then the name.
  await page.goto("/customers?pageSize=50");
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).locator('a[href^="/staff/show/"]').first()).toHaveText(/^[^#]/);
  await page.goto("/products?pageSize=50");
  await expect(rows(page)).toHaveCount(50);
  await expect(rows(page).locator('a[href^="/categories/show/"]').first()).toHaveText(/^[^#]/);
  await page.waitForLoadState("networkidle");
  expect(lookups.filter((r) => r === "staff").length).toBe(1);
  expect(lookups.filter((r) => r === "categories").length).toBe(1);
});
