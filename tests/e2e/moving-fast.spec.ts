/** Issue 12, "Moving fast": a row opens its record, keyboard and focus, lists that keep their rows, undo, the order form's stock. */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test, unique } from "./fixtures";

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

/** The customers list searched for one name (the URL a shared link would carry). */
const searchedList = (q: string) => `/customers?filters[0][field]=q&filters[0][operator]=eq&filters[0][value]=${encodeURIComponent(q)}`;
const rowOf = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });

test.describe("a row opens its record", () => {
  test("a click outside the row's controls opens it; the label is a real link; the checkbox only selects", async ({ page, login }) => {
    await login("manager");
    const customer = await newCustomer(page.request);
    await page.goto(searchedList(customer.name));
    const row = rowOf(page, customer.name);
    await expect(row).toHaveCount(1);

    // The label column is an <a href> to the record (middle-click, open in a new tab).
    await expect(row.getByRole("link", { name: customer.name })).toHaveAttribute("href", `/customers/show/${customer.id}`);

    // Ticking the row selects it and stays on the list.
    await row.getByRole("checkbox").check();
    await expect(page.getByText("1 selected")).toBeVisible();
    await expect(page).toHaveURL(/\/customers\?/);

    // A plain cell (the tier) opens the record.
    await row.getByText("Silver", { exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
    await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
  });

  test("rows are reachable by keyboard and Enter opens one", async ({ page, login }) => {
    await login("manager");
    const customer = await newCustomer(page.request);
    await page.goto(searchedList(customer.name));
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
  });

  test("a row of the audit log opens its event too", async ({ page, login }) => {
    await login("auditor");
    await page.goto("/audit-events");
    const first = page.locator(".ant-table-row").first();
    const href = await first.getByRole("link").first().getAttribute("href");
    expect(href).toMatch(/^\/audit-events\/show\/\d+$/);
    await first.locator("td").nth(3).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });
});
