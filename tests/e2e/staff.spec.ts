import { choose, expect, fieldError, submitLogin, test, unique } from "./fixtures";

const NEW_PASSWORD = "a-long-initial-password";

test("an admin creates, edits and deactivates a staff member, who then cannot sign in", async ({ page, login, browser, baseURL }) => {
  const name = unique("Test Agent");
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  await login("admin");

  await page.getByRole("menu").getByRole("menuitem", { name: "Staff" }).click();
  await page.getByRole("button", { name: "Create" }).click();
  await expect(page.getByRole("heading", { name: "New staff member" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await choose(page, "Role", "Agent");
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save" }).click();

  // The new record's page.
  await expect(page).toHaveURL(/\/staff\/show\/\d+/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("row", { name: /Role/ }).or(page.locator(".ant-descriptions-row", { hasText: "Role" }))).toContainText("Agent");

  // They can sign in with the initial password.
  const theirs = await browser.newContext({ baseURL });
  const theirPage = await theirs.newPage();
  await theirPage.goto("/login");
  await submitLogin(theirPage, email, NEW_PASSWORD);
  await expect(theirPage.getByTestId("session")).toContainText(name);

  // Promote them to manager.
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  await choose(page, "Role", "Manager");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/staff\/show\/\d+/);
  await expect(page.locator(".ant-descriptions-row", { hasText: "Role" })).toContainText("Manager");

  // Deactivate them: their session ends and they can no longer sign in.
  await page.getByRole("button", { name: "Edit" }).click();
  await page.getByLabel("Active", { exact: true }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/staff\/show\/\d+/);
  await expect(page.locator(".ant-descriptions-row", { hasText: "Active" })).toContainText("No");

  // The history tab shows who changed what.
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Update");
  await expect(page.getByRole("tabpanel")).toContainText("Manager");

  await theirPage.goto("/staff");
  await expect(theirPage).toHaveURL(/\/login\?to=%2Fstaff/);
  await submitLogin(theirPage, email, NEW_PASSWORD);
  await expect(theirPage.getByRole("alert")).toContainText("This account is disabled");
  await theirs.close();
});

test("a server-side field error appears on its form field", async ({ page, login }) => {
  await login("admin", "/staff/create");
  await page.getByLabel("Name", { exact: true }).fill(unique("Duplicate Person"));
  // admin@example.com exists; the client cannot know, only the server can say so.
  await page.getByLabel("Email", { exact: true }).fill("Admin@Example.COM");
  await choose(page, "Role", "Auditor");
  await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: "Save" }).click();
  // The server's DUPLICATE answer names the field; its message lands under that input.
  await expect(fieldError(page, "Email")).toHaveText(/taken|already|exists|in use/i);
  await expect(page).toHaveURL(/\/staff\/create/);
});

test("the form says what the definition's rules say before anything is sent", async ({ page, login }) => {
  await login("admin", "/staff/create");
  await page.getByLabel("Name", { exact: true }).fill("X");
  await page.getByLabel("Email", { exact: true }).fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(fieldError(page, "Name")).toHaveText("Must be at least 2 characters");
  await expect(fieldError(page, "Email")).toHaveText("Must be a valid email address");
  await expect(fieldError(page, "Role")).toHaveText("Required");
  await expect(fieldError(page, "Password")).toHaveText("Must be at least 12 characters");
});

test("the staff list keeps search, filters, sort and page size in the URL", async ({ page, login }) => {
  await login("admin", "/staff");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  await choose(page, "Role", "Agent");
  await expect(page).toHaveURL(/filters/);
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  // The list keeps its old rows under a spinner until the filtered page is in.
  await expect(rows.filter({ hasNotText: "Agent" })).toHaveCount(0);

  await page.getByRole("columnheader", { name: "Email" }).click();
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=email/);

  await page.locator(".ant-pagination-options .ant-select").click();
  await page.locator(".ant-select-dropdown:visible").getByTitle("10 / page").click();
  await expect(page).toHaveURL(/pageSize=10/);

  await page.getByRole("searchbox", { name: "Search" }).fill("agent2");
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("agent2@example.com");

  // A copied URL reopens the same list.
  const url = page.url();
  await page.goto("about:blank");
  await page.goto(url);
  await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue("agent2");
  await expect(page.getByRole("combobox", { name: "Role" })).toBeAttached();
  await expect(page.locator(".ant-select-selection-item", { hasText: "Agent" })).toBeVisible();
  await expect(page.locator(".ant-pagination-options")).toContainText("10 / page");
  await expect(page.getByRole("columnheader", { name: "Email" })).toHaveAttribute("aria-sort", "ascending");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("agent2@example.com");
});

test("a manager sees staff read-only", async ({ page, login }) => {
  await login("manager", "/staff");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /edit|delete/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Last sign-in" })).toHaveCount(0);
  await page.locator(".ant-table-row").first().getByRole("button").first().click();
  await expect(page).toHaveURL(/\/staff\/show\/\d+/);
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
});
