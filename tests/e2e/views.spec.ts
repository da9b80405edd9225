/**
 * Saved views and the column chooser: a list as the person left it, in any browser, and views
 * shared by managers. Each test's manager is its own: their columns and default view would change
 * what other tests see on the demo manager's lists.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { ACCOUNTS, choose, expect, motionDone, newStaff, seriousViolations, submitLogin, test, unique } from "./fixtures";

const PREFERENCES = "/api/auth/preferences";

/** Waits for the (debounced) save of the orders list's columns, with or without the assignee. */
const columnsSaved = (page: Page, assignee: boolean) =>
  page.waitForResponse((r) => {
    if (!r.url().endsWith(PREFERENCES) || r.request().method() !== "PATCH" || !r.ok()) return false;
    const columns = (r.request().postDataJSON() as { lists?: { orders?: { columns?: string[] } } }).lists?.orders?.columns;
    return columns !== undefined && columns.includes("assigneeId") === assignee;
  });

const viewsMenu = (page: Page) => page.getByRole("button", { name: /^(Views|View: .*)$/ });
const menu = (page: Page) => page.locator(".ant-dropdown:visible .ant-dropdown-menu");
const columnsButton = (page: Page) => page.getByRole("button", { name: "Columns" });
const chooser = (page: Page) => page.getByRole("group", { name: "Columns" });
const statusFilter = (page: Page) => page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "Status" }) });

async function deleteViews(request: APIRequestContext, name: string) {
  const views = (await (await request.get("/api/views?resource=orders")).json()) as { id: number; name: string }[];
  for (const v of views.filter((x) => x.name === name)) await request.delete(`/api/views/${v.id}`);
}

async function saveView(page: Page, name: string, share = false) {
  await viewsMenu(page).click();
  await menu(page).getByText("Save view…").click();
  const dialog = page.getByRole("dialog", { name: "Save this view" });
  // Filled and saved once it is shown, as a person does: in CI a Save pressed while the dialog was
  // still zooming in once did nothing.
  await expect(dialog).toBeVisible();
  await motionDone(page);
  await dialog.getByLabel("Name").fill(name);
  if (share) await dialog.getByRole("switch", { name: "Share with everyone" }).click();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(viewsMenu(page)).toHaveText(`View: ${name}`);
  // Its notification lies over the list's top-right buttons, and a pointer resting on it keeps it
  // there (a test's click at the Views button waited out its timeout so): closed, as a person would.
  const saved = page.locator(".ant-notification-notice").filter({ hasText: `Saved the view “${name}”` });
  await saved.locator(".ant-notification-notice-close").click();
  await expect(saved).toHaveCount(0);
}

test("a manager saves a view of paid orders, newest first, and opens it again; hidden columns follow them to another browser", async ({
  page,
  login,
  browser,
  baseURL,
  playwright,
}) => {
  // Two browsers and two sign-ins: longer than one journey.
  test.slow();
  const name = unique("Paid, newest");
  const me = await newStaff(playwright, baseURL, "manager");
  await login(me, "/orders");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  await choose(page, "Status", "Paid");
  await expect.poll(() => page.url()).toContain("paid");
  // Newest first: Placed, descending (a click sorts up, the next down).
  const placed = page.getByRole("columnheader", { name: "Placed" });
  await placed.click();
  await expect(placed).toHaveAttribute("aria-sort", "ascending");
  await placed.click();
  await expect(placed).toHaveAttribute("aria-sort", "descending");
  await saveView(page, name);

  // A plain list again, as a new session opens it (this one would open it as it was left): nothing filtered, no view applied.
  await page.evaluate(() => sessionStorage.clear());
  await page.goto("/orders");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await expect(statusFilter(page)).not.toContainText("Paid");
  await expect(viewsMenu(page)).toHaveText("Views");

  await viewsMenu(page).click();
  await expect(menu(page).getByText("My views")).toBeVisible();
  await menu(page).getByText(name, { exact: true }).click();
  await expect(statusFilter(page)).toContainText("Paid");
  await expect.poll(() => decodeURIComponent(page.url())).toMatch(/filters\[0\]\[field\]=status.*paid/);
  await expect.poll(() => decodeURIComponent(page.url())).toMatch(/sorters\[0\]\[field\]=placedAt&sorters\[0\]\[order\]=desc/);
  await expect(page.getByRole("columnheader", { name: "Placed" })).toHaveAttribute("aria-sort", "descending");

  // Hide the assignee: gone at once, and after a reload (kept by the server, not this browser).
  await columnsButton(page).click();
  const saved = columnsSaved(page, false);
  await chooser(page).getByRole("checkbox", { name: "Assignee" }).uncheck();
  await expect(page.getByRole("columnheader", { name: "Assignee" })).toHaveCount(0);
  // The order's number labels the record: it cannot be hidden.
  await expect(chooser(page).getByRole("checkbox", { name: "Number" })).toBeDisabled();
  await saved;
  expect(await seriousViolations(page, ".sb-column-chooser")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(chooser(page)).toBeHidden();

  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Number" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Assignee" })).toHaveCount(0);

  // Another browser, signed in afresh, nothing stored: still hidden.
  const other = await browser.newContext({ baseURL });
  const second = await other.newPage();
  await second.goto("/login");
  await submitLogin(second, me.email, me.password);
  await expect(second.getByTestId("session")).toBeVisible();
  await second.goto("/orders");
  await expect(second.getByRole("columnheader", { name: "Number" })).toBeVisible();
  await expect(second.getByRole("columnheader", { name: "Customer" })).toBeVisible();
  await expect(second.getByRole("columnheader", { name: "Assignee" })).toHaveCount(0);
  await other.close();

  // Shown again, as it was.
  await columnsButton(page).click();
  const restored = columnsSaved(page, true);
  await chooser(page).getByRole("checkbox", { name: "Assignee" }).check();
  await expect(page.getByRole("columnheader", { name: "Assignee" })).toBeVisible();
  await restored;
  await deleteViews(page.request, name);
});

test("a view a manager shares with everyone is among an agent's shared views", async ({ page, login, browser, baseURL, playwright }) => {
  test.slow();
  const name = unique("Shared paid orders");
  await login(await newStaff(playwright, baseURL, "manager"), "/orders");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  await choose(page, "Status", "Paid");
  await saveView(page, name, true);

  // Made the default, it is what the plain list opens with.
  const defaultSaved = (set: boolean) =>
    page.waitForResponse((r) => {
      if (!r.url().endsWith(PREFERENCES) || r.request().method() !== "PATCH" || !r.ok()) return false;
      const sent = (r.request().postDataJSON() as { lists?: { orders?: { defaultView?: number | null } } }).lists?.orders;
      return sent !== undefined && "defaultView" in sent && (sent.defaultView !== null) === set;
    });
  await viewsMenu(page).click();
  const made = defaultSaved(true);
  await menu(page).getByText(`Make “${name}” the default`).click();
  await made;
  // In a new tab: this one opens the list as it last left it, which wins over the default view.
  const tab = await page.context().newPage();
  await tab.goto("/orders");
  await expect(tab.locator(".ant-table-row").first()).toBeVisible();
  await expect(viewsMenu(tab)).toHaveText(`View: ${name}`);
  await expect(statusFilter(tab)).toContainText("Paid");
  await tab.close();
  await viewsMenu(page).click();
  const cleared = defaultSaved(false);
  await menu(page).getByText("Clear default view").click();
  await cleared;

  const other = await browser.newContext({ baseURL });
  const agent = await other.newPage();
  await agent.goto("/login");
  await submitLogin(agent, ACCOUNTS.agent);
  await expect(agent.getByTestId("session")).toBeVisible();
  await agent.goto("/orders");
  await expect(agent.locator(".ant-table-row").first()).toBeVisible();
  await viewsMenu(agent).click();
  const shared = menu(agent).locator(".ant-dropdown-menu-item-group").filter({ hasText: "Shared views" });
  await expect(shared.getByText(name, { exact: true })).toBeVisible();
  // Not theirs: no update or delete offered for it once applied.
  await shared.getByText(name, { exact: true }).click();
  await expect(statusFilter(agent)).toContainText("Paid");
  await viewsMenu(agent).click();
  await expect(menu(agent).getByText("Save view…")).toBeVisible();
  await expect(menu(agent).getByText(`Update “${name}”`)).toHaveCount(0);
  await expect(menu(agent).getByText(`Delete “${name}”`)).toHaveCount(0);
  await other.close();

  await deleteViews(page.request, name);
});

test.describe("on a phone, in the dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: "dark" });

  test("the views menu and the column chooser fit, work by keyboard and pass axe", async ({ page, login, playwright, baseURL }) => {
    await login(await newStaff(playwright, baseURL, "manager"), "/customers");
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

    // The chooser by keyboard: open it (the focus goes in), move a column down and back, close it with Escape.
    await columnsButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(chooser(page)).toBeVisible();
    await expect(chooser(page).getByRole("checkbox", { name: "Email" })).toBeFocused();
    await chooser(page).getByRole("button", { name: "Move Email down" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("columnheader").nth(2)).toHaveText("Company");
    await chooser(page).getByRole("button", { name: "Move Email up" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("columnheader").nth(2)).toHaveText("Email");
    expect(await fits()).toBe(true);
    expect(await seriousViolations(page, ".sb-column-chooser")).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(chooser(page)).toBeHidden();
    await expect(columnsButton(page)).toBeFocused();

    await viewsMenu(page).focus();
    await page.keyboard.press("Enter");
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByText("Save view…")).toBeVisible();
    expect(await fits()).toBe(true);
    expect(await seriousViolations(page, ".sb-views-menu")).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(menu(page)).toBeHidden();
  });
});
