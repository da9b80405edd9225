/**
 * Issue 16, roles as data: an admin makes a role on the grid, a member of it sees and
 * changes only what it allows, and when the admin narrows it the member's open page follows at
 * once (the live `permissions` event), without a reload.
 */
import type { Locator, Page } from "@playwright/test";
import { choose, expect, submitLogin, test } from "./fixtures";

/** The grid's cell for a resource and action: its All / None / Custom radio group. */
const cell = (page: Page, resource: string, action: string) => page.getByRole("radiogroup", { name: `${resource}: ${action}` });
/** A Custom cell's details, below the grid. */
const details = (page: Page, resource: string, action: string) => page.getByRole("region", { name: `${resource} · ${action}` });
const pick = (group: Locator, option: string) => group.getByText(option, { exact: true }).click();

test("an admin builds a warehouse role on the grid; its member may only read products and set stock, and loses that live", async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const tag = Date.now().toString(36);
  const key = `warehouse-${tag}`;
  const roleName = `Warehouse ${tag}`;
  await login("admin");

  // The role: products read without cost, products edit of stock only, nothing else.
  await page.goto("/roles/create");
  await expect(page.getByRole("heading", { name: "New role" })).toBeVisible();
  await page.getByLabel("Key", { exact: true }).fill(key);
  await page.getByLabel("Name", { exact: true }).fill(roleName);
  await pick(cell(page, "Products", "Read"), "Custom");
  const read = details(page, "Products", "Read");
  await expect(read.getByRole("checkbox", { name: "Cost" })).toBeChecked();
  await read.getByRole("checkbox", { name: "Cost" }).uncheck();
  await pick(cell(page, "Products", "Edit"), "Custom");
  const edit = details(page, "Products", "Edit");
  await edit.getByRole("button", { name: "Untick all" }).click();
  await edit.getByRole("checkbox", { name: "Stock" }).check();
  // Nothing else is granted: every other cell stays None.
  await expect(cell(page, "Orders", "Read").getByRole("radio", { name: "None" })).toBeChecked();
  await expect(cell(page, "Categories", "Read").getByRole("radio", { name: "None" })).toBeChecked();
  await page.getByRole("button", { name: "Save" }).click();

  // Its page says what it allows.
  await expect(page).toHaveURL(/\/roles\/show\/\d+/);
  const roleUrl = page.url();
  await expect(page.getByRole("heading", { name: roleName })).toBeVisible();
  await expect(details(page, "Products", "Edit")).toContainText("Fields: Stock");
  await expect(details(page, "Products", "Read")).not.toContainText("Cost");

  // A member of it (an initial password of at least 12 characters).
  const memberName = `Wendy Warehouse ${tag}`;
  const email = `wendy.${tag}@example.com`;
  const password = "warehouse-password-1";
  await page.goto("/staff/create");
  await page.getByLabel("Name", { exact: true }).fill(memberName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await choose(page, "Role", roleName);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/staff\/show\/\d+/);
  await expect(page.locator(".ant-descriptions-row", { hasText: "Role" })).toContainText(roleName);
  // What they may do, on their page.
  await page.getByRole("tab", { name: "What they may do" }).click();
  await expect(page.getByRole("tabpanel")).toContainText(roleName);

  // They sign in in a browser of their own: Products is all their menu holds.
  const theirs = await browser.newContext({ baseURL });
  const member = await theirs.newPage();
  await member.goto("/login");
  await submitLogin(member, email, password);
  await expect(member.getByTestId("session")).toBeVisible();
  const menu = member.getByRole("menu");
  await expect(menu.getByRole("menuitem", { name: "Products" })).toBeVisible();
  for (const other of ["Orders", "Customers", "Categories", "Staff", "Roles", "Audit log"])
    await expect(menu.getByRole("menuitem", { name: other })).toHaveCount(0);

  await menu.getByRole("menuitem", { name: "Products" }).click();
  await expect(member.locator(".ant-table-row").first()).toBeVisible();
  await expect(member.getByRole("columnheader", { name: "Cost" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Create" })).toHaveCount(0);
  const productLink = member.locator(".ant-table-row").first().getByRole("link").first();
  const productName = (await productLink.textContent())!;
  await productLink.click();
  await expect(member).toHaveURL(/\/products\/show\/\d+/);
  // The URL changes as the product's page starts to render: its heading says it is there.
  await expect(member.getByRole("heading", { name: productName })).toBeVisible();
  const productUrl = member.url();

  // The edit form offers Stock and nothing else.
  await member.getByRole("button", { name: "Edit" }).click();
  await expect(member).toHaveURL(/\/products\/edit\/\d+/);
  await expect(member.getByLabel("Stock", { exact: true })).toBeVisible();
  await expect(member.locator("form .ant-form-item")).toHaveCount(1);
  await member.goto(productUrl);
  await expect(member.getByRole("button", { name: "Edit" })).toBeVisible();

  // The admin narrows the role: no more edits of products.
  await page.goto(roleUrl);
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(/\/roles\/edit\/\d+/);
  await pick(cell(page, "Products", "Edit"), "None");
  await expect(details(page, "Products", "Edit")).toHaveCount(0);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/roles\/show\/\d+/);

  // The member's open page follows without a reload: the Edit button goes.
  await expect(member.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(member).toHaveURL(productUrl);
  await expect(member.getByRole("heading").first()).toBeVisible();
  await theirs.close();
});

test("a manager reads the roles and their grid, with no button to change them", async ({ page, login }) => {
  await login("manager");
  await page.getByRole("menu").getByRole("menuitem", { name: "Roles" }).click();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Create" })).toHaveCount(0);
  await expect(page.locator(".ant-table-row").getByRole("button", { name: /edit|delete/ })).toHaveCount(0);

  await page.locator(".ant-table-row", { hasText: "agent" }).getByRole("link", { name: "Agent" }).click();
  await expect(page).toHaveURL(/\/roles\/show\/\d+/);
  await expect(page.getByRole("heading", { name: "Agent" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete" })).toHaveCount(0);
  // The seeded agent's order edits are two rules in one cell, each said in words.
  const orderEdits = details(page, "Orders", "Edit");
  await expect(orderEdits.getByRole("region")).toHaveCount(2);
  await expect(orderEdits).toContainText("Only rows where Assignee is me and Status is Draft");
  // Read-only: no radio to change a cell.
  await expect(page.getByRole("radiogroup")).toHaveCount(0);
  // Who holds it.
  await page.getByRole("tab", { name: "Members" }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "Alan Agent" })).toBeVisible();

  // Nor may they open the edit form by its address.
  await page.goto("/roles/edit/3");
  await expect(page.getByText("Not allowed")).toBeVisible();
});

test("a rule's problems stand next to it: the shared schema's as the admin goes, the server's after a save", async ({ page, login }) => {
  await login("admin", "/roles/create");
  await page.getByLabel("Key", { exact: true }).fill(`bad-${Date.now().toString(36)}`);
  await page.getByLabel("Name", { exact: true }).fill("Bad conditions");
  // Order edits only on the member's own orders, while the role reads no orders at all.
  await pick(cell(page, "Orders", "Edit"), "Custom");
  const edit = details(page, "Orders", "Edit");
  await edit.getByRole("button", { name: "Add a condition" }).click();
  await expect(edit.getByRole("group", { name: "Condition on Assignee" })).toBeVisible();
  await expect(edit.getByRole("alert")).toContainText("assigneeId is not a field this role can read");
  await expect(page.getByRole("cell").filter({ has: cell(page, "Orders", "Edit") })).toContainText("1 problem");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Some rules need a look: see the marked cells.")).toBeVisible();
  await expect(page).toHaveURL(/\/roles\/create/);

  // Reading orders makes it right.
  await pick(cell(page, "Orders", "Read"), "All");
  await expect(edit.getByRole("alert")).toHaveCount(0);

  // What the server finds is placed the same way, by the rule's index in what was sent (here the
  // first rule: the order edits). The answer is made up: the shared schema lets nothing through
  // that the server would refuse.
  await page.route("**/api/roles", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({
            code: "VALIDATION_FAILED",
            message: "Check the highlighted fields",
            errors: { rules: ["Rule 1: Made up by the test"], "rules.0.where": ["Made up by the test"] },
          }),
        })
      : route.continue(),
  );
  await page.getByRole("button", { name: "Save" }).click();
  await expect(edit.getByRole("alert")).toHaveText("Made up by the test");
  await expect(details(page, "Orders", "Read")).toHaveCount(0);
  await expect(page.getByText("Some rules need a look: see the marked cells.")).toBeVisible();
  // Changing the rule takes its message away: it was about what the rule was.
  await edit.getByRole("button", { name: "Remove the condition on Assignee" }).click();
  await expect(edit.getByRole("alert")).toHaveCount(0);
});

test("the grid is worked from the keyboard: one Tab stop per cell, arrows choose", async ({ page, login }) => {
  await login("admin", "/roles/create");
  const ordersRead = cell(page, "Orders", "Read");
  await ordersRead.getByRole("radio", { name: "None" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(ordersRead.getByRole("radio", { name: "All" })).toBeChecked();
  await expect(ordersRead.getByRole("radio", { name: "All" })).toBeFocused();
  // Tab leaves the cell for the next one, not for the cell's other choices.
  await page.keyboard.press("Tab");
  await expect(cell(page, "Orders", "Create").getByRole("radio", { name: "None" })).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(cell(page, "Orders", "Create").getByRole("radio", { name: "Custom" })).toBeChecked();
  // The Custom cell's details are a Tab away, and open its rule.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "4 of 4 fields" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(details(page, "Orders", "Create")).toBeFocused();
});

test.describe("on a phone (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("the grid stacks by resource, the page never scrolls sideways, and a Custom cell opens below", async ({ page, login }) => {
    await login("admin", "/roles/create");
    await expect(page.getByRole("heading", { name: "New role" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Customers", level: 5 })).toBeVisible();
    await pick(cell(page, "Customers", "Read"), "Custom");
    const read = details(page, "Customers", "Read");
    await read.getByRole("button", { name: "Add a condition" }).click();
    await expect(read.getByRole("group", { name: "Condition on Owner" })).toContainText("is me");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
