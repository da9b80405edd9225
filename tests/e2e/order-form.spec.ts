import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, managerApi, tabTo, test, unique } from "./fixtures";

// Issue 20, the daily path: start from where you are, the order form by keyboard, the credit limit
// said before Place, number pads and phone keyboards on phones, record pages without bookkeeping.

interface Product {
  id: number;
  name: string;
}

async function newProduct(api: APIRequestContext, name: string, price: number): Promise<Product> {
  const categoryId = ((await (await api.get("/api/categories?_end=1")).json()) as { id: number }[])[0].id;
  const sku = `OF-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const res = await api.post("/api/products", { data: { sku, name, categoryId, price, cost: 1, stock: 50, status: "active" } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Product;
}

async function newCustomer(api: APIRequestContext, creditLimit: number) {
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { id: number } }).user;
  const name = unique("Credit customer");
  const email = `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`;
  const res = await api.post("/api/customers", { data: { name, email, tier: "standard", creditLimit, ownerId: me.id } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

const quantities = (page: Page) => page.getByRole("spinbutton", { name: /^Quantity of / });
const picker = (page: Page) => page.getByRole("combobox", { name: "Add a product" });

/** Type into the focused product search and wait until the options of this search are listed. */
async function search(page: Page, text: string, first: string) {
  await page.keyboard.type(text);
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option").first()).toHaveAttribute("title", new RegExp(`^${first} `));
}

test("by keyboard: Tab leaves the product search without adding, Enter adds, removing a line moves on to the next quantity", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const api = await managerApi(playwright, baseURL);
  const prefix = unique("Keyboard");
  const [a, b] = [await newProduct(api, `${prefix} anvil`, 1_000), await newProduct(api, `${prefix} bellows`, 2_000)];
  await login("manager", "/orders/create");
  await expect(page.getByRole("heading", { name: "New order" })).toBeVisible();

  // Tab through the search with the first match highlighted: nothing is added.
  await tabTo(page, picker(page));
  await search(page, prefix, a.name);
  await page.keyboard.press("Tab");
  await expect(picker(page)).not.toBeFocused();
  await expect(page.getByText("No lines yet")).toBeVisible();

  // Enter adds the highlighted one; the search stays focused for the next.
  await page.keyboard.press("Shift+Tab");
  await expect(picker(page)).toBeFocused();
  await search(page, `${prefix} b`, b.name);
  await page.keyboard.press("Enter");
  await expect(quantities(page)).toHaveCount(1);
  await expect(page.getByLabel(`Quantity of ${b.name}`)).toBeVisible();
  await expect(picker(page)).toBeFocused();
  await search(page, `${prefix} a`, a.name);
  await page.keyboard.press("Enter");
  await expect(quantities(page)).toHaveCount(2);
  // Only what was chosen: the Tab earlier added nothing.
  await expect(page.getByLabel(`Quantity of ${a.name}`)).toHaveValue("1");
  await expect(page.getByLabel(`Quantity of ${b.name}`)).toHaveValue("1");

  // Removing the first line: the keyboard lands on the next line's quantity, not its remove button.
  await tabTo(page, page.getByRole("button", { name: `Remove ${b.name}` }), "Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel(`Quantity of ${b.name}`)).toHaveCount(0);
  await expect(page.getByLabel(`Quantity of ${a.name}`)).toBeFocused();

  // Removing the last line: back to the product search.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Remove ${a.name}` })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(quantities(page)).toHaveCount(0);
  await expect(picker(page)).toBeFocused();
  await api.dispose();
});

test("a customer's page starts a new order for them, says when it passes their credit limit, and comes back after saving", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const api = await managerApi(playwright, baseURL);
  const customer = await newCustomer(api, 1_000);
  const product = await newProduct(api, unique("Credit kettle"), 2_500);
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { name: string } }).user;
  await login("manager", `/customers/show/${customer.id}`);
  await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();

  await page.getByRole("button", { name: "New order" }).click();
  await expect(page.getByRole("heading", { name: "New order" })).toBeVisible();
  // The customer is the one it was started from, the assignee whoever creates it.
  const field = (label: string) => page.locator(".ant-form-item").filter({ has: page.getByRole("combobox", { name: new RegExp(`^(\\* )?${label}$`) }) });
  await expect(field("Customer")).toContainText(customer.name);
  await expect(field("Assignee")).toContainText(me.name);

  await picker(page).click();
  await picker(page).fill(product.name);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: product.name }).click();
  // $25.00 against a $10.00 limit: said with both figures, and not refused.
  const flag = page.getByTestId("credit-flag");
  await expect(flag).toHaveText(`The total $25.00 is over ${customer.name}'s credit limit of $10.00.`);
  await page.getByRole("button", { name: "Save" }).click();

  await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}(\\?|$)`));
  await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
  const orders = (await (await api.get(`/api/orders?customerId=${customer.id}`)).json()) as { id: number; total: number }[];
  expect(orders.map((o) => o.total)).toEqual([2_500]);

  // The draft's page says it too, before Place.
  await page.goto(`/orders/show/${orders[0].id}`);
  await expect(page.getByTestId("credit-flag")).toContainText("$10.00");
  await expect(page.getByRole("group", { name: "Transitions" }).getByRole("button", { name: "Place order" })).toBeEnabled();
  await api.dispose();
});

test("a category's page starts a new product in it; number fields bring up the number pad, contact fields their keyboards", async ({ page, login }) => {
  await login("manager");
  const category = ((await (await page.request.get("/api/categories?_end=1")).json()) as { id: number; name: string }[])[0];
  await page.goto(`/categories/show/${category.id}`);
  await expect(page.getByRole("heading", { name: category.name })).toBeVisible();
  await page.getByRole("button", { name: "New product" }).click();
  await expect(page.getByRole("heading", { name: "New product" })).toBeVisible();
  await expect(page.locator(".ant-form-item").filter({ has: page.getByRole("combobox", { name: /Category$/ }) })).toContainText(category.name);
  await expect(page.getByLabel("Price", { exact: true })).toHaveAttribute("inputmode", "decimal");
  await expect(page.getByLabel("Cost", { exact: true })).toHaveAttribute("inputmode", "decimal");
  await expect(page.getByLabel("Stock", { exact: true })).toHaveAttribute("inputmode", "numeric");

  const name = unique("Started here");
  await page.getByLabel("SKU", { exact: true }).fill(`SH-${Date.now().toString(36).toUpperCase()}`.slice(0, 20));
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Price", { exact: true }).fill("12.5");
  await page.getByLabel("Cost", { exact: true }).fill("3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/categories/show/${category.id}(\\?|$)`));
  const made = (await (await page.request.get(`/api/products?name=${encodeURIComponent(name)}`)).json()) as { categoryId: number }[];
  expect(made.map((p) => p.categoryId)).toEqual([category.id]);

  // A new customer: the manager is its owner to begin with; email, phone and money keyboards.
  const me = ((await (await page.request.get("/api/auth/me")).json()) as { user: { name: string } }).user;
  await page.goto("/customers/create");
  await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
  await expect(page.locator(".ant-form-item").filter({ has: page.getByRole("combobox", { name: /Owner$/ }) })).toContainText(me.name);
  await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
  await expect(page.getByLabel("Phone", { exact: true })).toHaveAttribute("type", "tel");
  await expect(page.getByLabel("Credit limit", { exact: true })).toHaveAttribute("inputmode", "decimal");

  // An order's quantities too.
  await page.goto("/orders/create");
  await picker(page).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").first().click();
  await expect(quantities(page).first()).toHaveAttribute("inputmode", "numeric");
});

test.describe("record pages", () => {
  for (const width of [1366, 390]) {
    test(`at ${width} px: no ID or Version as data, the title level with its back arrow and buttons`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 844 });
      await login("admin");
      const customer = ((await (await page.request.get("/api/customers?_end=1")).json()) as { id: number; name: string }[])[0];
      await page.goto(`/customers/show/${customer.id}`);
      const title = page.getByRole("heading", { name: customer.name });
      await expect(title).toBeVisible();
      const details = page.locator(".ant-descriptions");
      await expect(details).toContainText("Created");
      const labels = await details.locator(".ant-descriptions-item-label").allTextContents();
      expect(labels).not.toContain("ID");
      expect(labels).not.toContain("Version");

      const middle = async (l: Locator) => {
        const b = await l.boundingBox();
        if (!b) throw new Error("not on screen");
        return b.y + b.height / 2;
      };
      const line = await middle(title);
      expect(Math.abs((await middle(page.locator(".ant-page-header-back-button"))) - line)).toBeLessThanOrEqual(2);
      // On a wide screen the buttons share the title's line; on a phone they wrap below it.
      if (width > 600) expect(Math.abs((await middle(page.getByRole("button", { name: "Edit" }))) - line)).toBeLessThanOrEqual(2);
    });
  }
});
