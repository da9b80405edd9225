/** Issue 3 as an agent: their own customers only, and no credit limit or cost anywhere — on screen or in a file. */
import type { Page } from "@playwright/test";
import { expect, exportCsv, test, unique } from "./fixtures";

type Rec = Record<string, unknown> & { id: number };

async function me(page: Page) {
  const res = await page.request.get("/api/auth/me");
  return ((await res.json()) as { user: { id: number; name: string } }).user;
}

test("an agent's customer list, its count, search and export hold their own customers only, without credit limits", async ({ page, login }) => {
  await login("agent");
  const self = await me(page);
  const own = await page.request.get("/api/customers?_end=1");
  const total = Number(own.headers()["x-total-count"]);

  await page.goto("/customers");
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  await expect(page.locator(".ant-pagination")).toContainText(`of ${total}`);
  // Each row names its owner once the page's staff look-up is in (a bare "#3" until then).
  await expect(rows.filter({ hasNotText: self.name })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Credit limit" })).toHaveCount(0);
  await expect(page.getByLabel("Credit limit from")).toHaveCount(0);
  await expect(page.getByText("Credit limit")).toHaveCount(0);

  // Someone else's customer is not found, even by its exact name.
  const manager = await page.context().browser()!.newContext({ baseURL: page.url() });
  const login2 = await manager.request.post("/api/auth/login", { data: { email: "manager@example.com", password: "switchboard-demo" } });
  expect(login2.ok()).toBe(true);
  const others = (await (await manager.request.get(`/api/customers?ownerId_ne=${self.id}&_end=1`)).json()) as Rec[];
  await manager.close();
  await page.getByRole("searchbox", { name: "Search" }).fill(String(others[0].name));
  await expect(page.getByText("No customers match these filters.")).toBeVisible();
  await page.getByRole("searchbox", { name: "Search" }).fill("");
  // The export takes the list's filters as they are: wait until the search is gone from them.
  await expect.poll(() => new URL(page.url()).searchParams.get("filters[0][value]")).toBeNull();
  await expect(rows.first()).toBeVisible();

  const { header, rows: lines } = await exportCsv(page);
  expect(header).not.toContain("Credit limit");
  expect(header).toEqual(expect.arrayContaining(["ID", "Name", "Email", "Company", "Tier", "Owner ID", "Owner"]));
  expect(lines.length).toBe(total);
  for (const l of lines) {
    expect(l[header.indexOf("Owner ID")]).toBe(String(self.id));
    expect(l[header.indexOf("Owner")]).toBe(self.name);
  }

  await rows.first().getByRole("button", { name: "Show this customer", exact: true }).click();
  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.locator(".ant-descriptions")).toBeVisible();
  await expect(page.getByText("Credit limit")).toHaveCount(0);
  await page.goto(`/customers/show/${others[0].id}`);
  await expect(page.getByText(/could not be found|does not exist|not found/i).first()).toBeVisible();
});

test("an agent creates a customer, which is theirs, with no credit limit on the form", async ({ page, login }) => {
  await login("agent");
  const self = await me(page);
  const name = unique("Agent Customer");
  await page.goto("/customers/create");
  await expect(page.getByLabel("Credit limit")).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(`${name.split(" ").pop()}@agent.example`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.getByRole("link", { name: self.name })).toBeVisible();
  await expect(page.getByText("Credit limit")).toHaveCount(0);
});

test("an agent's products show and export no cost", async ({ page, login }) => {
  await login("agent", "/products");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByText("Cost", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Cost from")).toHaveCount(0);
  const { header, rows } = await exportCsv(page);
  expect(header).toContain("Price");
  expect(header).not.toContain("Cost");
  expect(rows.length).toBe(Number((await page.request.get("/api/products?_end=1")).headers()["x-total-count"]));
  await page.locator(".ant-table-row").first().getByRole("button", { name: "Show this" }).click();
  await expect(page.locator(".ant-descriptions")).toContainText("Price");
  await expect(page.getByText("Cost", { exact: true })).toHaveCount(0);
});

test("an agent's customer picker offers only their own customers", async ({ page, login }) => {
  await login("agent");
  const own = ((await (await page.request.get("/api/customers?_end=1")).json()) as Rec[])[0];
  await page.goto("/orders/create");
  const picker = page.getByRole("combobox", { name: /Customer$/ });
  await page.locator(".ant-select").filter({ has: picker }).click();
  await picker.pressSequentially(String(own.name).slice(0, 5));
  await expect(page.locator(".ant-select-dropdown:visible").getByTitle(String(own.name), { exact: true })).toBeVisible();
  const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  const offered = await options.allInnerTexts();
  const ownNames = ((await (await page.request.get("/api/customers?_end=100")).json()) as Rec[]).map((c) => String(c.name));
  for (const name of offered) expect(ownNames).toContain(name);
});
