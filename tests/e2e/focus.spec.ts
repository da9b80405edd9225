import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, managerApi, tabTo, test, unique } from "./fixtures";

// Issue 20, focus: each control one Tab stop; after a save the new page's first useful action has
// the focus, after a refused one the first field in error; a dialog starts in its first field.
// Keyboard only, once signed in.

async function newCustomer(api: APIRequestContext) {
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { id: number } }).user;
  const name = unique("Focus");
  const res = await api.post("/api/customers", {
    data: { name, email: `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`, tier: "gold", creditLimit: 0, ownerId: me.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; email: string };
}

/** A placed order of this test's own. */
async function newPlaced(api: APIRequestContext) {
  const draft = await newDraft(api);
  const res = await api.post(`/api/orders/${draft.id}/transitions`, { data: { to: "placed", version: draft.version } });
  expect(res.status(), await res.text()).toBe(200);
  return draft;
}

/** A draft of one line of an active product in stock, for a customer of this test's own. */
async function newDraft(api: APIRequestContext) {
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { id: number } }).user;
  const customer = await newCustomer(api);
  const product = ((await (await api.get("/api/products?status=active&stock_gte=5&_end=1")).json()) as { id: number }[])[0];
  const res = await api.post("/api/orders", { data: { customerId: customer.id, assigneeId: me.id, items: [{ productId: product.id, quantity: 1 }] } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; number: string; version: number };
}

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement).catch(() => false);

/** What has the focus: its role and accessible name, as a screen reader would say it. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return "";
    const role = el.getAttribute("role") ?? el.tagName.toLowerCase();
    const name = el.getAttribute("aria-label") ?? el.innerText ?? "";
    return `${role}: ${name.trim().replace(/\s+/g, " ")}`;
  });

test("every control of the menu and a record page's header is one Tab stop", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const customer = await newCustomer(api);
  await api.dispose();
  await login("manager", `/customers/show/${customer.id}`);
  await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
  const refresh = page.getByRole("button", { name: "Refresh" });
  await expect(refresh).toBeVisible();
  const stops: string[] = [];
  for (let i = 0; i < 60 && !(await isFocused(refresh)); i++) {
    await page.keyboard.press("Tab");
    stops.push(await focused(page));
  }
  // The menu itself is no stop of its own before its links, and a button inside a link is one stop, not two.
  const run = (names: string[]) => stops.join("\n").includes(names.join("\n"));
  expect(
    stops.filter((s) => s.startsWith("menu:")),
    stops.join("\n"),
  ).toEqual([]);
  expect(run(["a: Switchboard", "a: Dashboard", "a: Orders", "a: Customers"]), stops.join("\n")).toBe(true);
  expect(run(["button: Customers", "button: Edit", "button: Delete"]), stops.join("\n")).toBe(true);
  // The one stop is the control: Enter on it does what it says.
  const edit = page.getByRole("button", { name: "Edit" });
  await tabTo(page, edit);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/edit/${customer.id}$`));
});

test("after a save the record page's first action has the focus; after a refused one the first field in error", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const api = await managerApi(playwright, baseURL);
  const customer = await newCustomer(api);
  const other = await newCustomer(api);
  await api.dispose();
  await login("manager", `/customers/edit/${customer.id}`);
  const name = page.getByRole("textbox", { name: "Name" });
  const email = page.getByRole("textbox", { name: "Email" });
  const save = page.getByRole("button", { name: "Save" });
  await expect(name).toBeFocused();

  // Refused in the browser: the name left empty.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expect(name).toBeFocused();

  // Refused by the server: another customer's email.
  await page.keyboard.type(`${customer.name} renamed`);
  await tabTo(page, email);
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(other.email);
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expect(page.locator(".ant-form-item").filter({ has: email }).locator(".ant-form-item-explain-error")).toBeVisible();
  await expect(email).toBeFocused();

  // Saved: on the record's page, its first action.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(customer.email);
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
  await expect(page.getByRole("heading", { name: `${customer.name} renamed` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toBeFocused();
});

test("after saving a draft order its page offers Place order with the focus", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const draft = await newDraft(api);
  await api.dispose();
  await login("manager", `/orders/edit/${draft.id}`);
  const notes = page.getByRole("textbox", { name: "Notes" });
  await tabTo(page, notes);
  await page.keyboard.type("Leave at the door");
  await tabTo(page, page.getByRole("button", { name: "Save" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/orders/show/${draft.id}$`));
  await expect(page.getByRole("group", { name: "Transitions" }).getByRole("button", { name: "Place order" })).toBeFocused();
});

test("the cancel dialog starts in its reason, and gives the focus back when closed", async ({ page, login, playwright, baseURL }) => {
  const api = await managerApi(playwright, baseURL);
  const order = await newPlaced(api);
  await api.dispose();
  await login("manager", `/orders/show/${order.id}`);
  const cancel = page.getByRole("group", { name: "Transitions" }).getByRole("button", { name: "Cancel order" });
  await expect(cancel).toBeVisible();
  await tabTo(page, cancel);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: new RegExp(`Cancel order: ${order.number}`) });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Reason" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
});
