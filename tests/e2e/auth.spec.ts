import { ACCOUNTS, DEMO_PASSWORD, expect, submitLogin, test, unique } from "./fixtures";

// Roles are read by admins, managers and auditors; agents do not see them.
const FULL_MENU = ["Orders", "Customers", "Products", "Categories", "Staff", "Roles", "Audit log"];
// The trash is in the menu of those who may restore something: who may create.
const MENUS = {
  admin: ["Dashboard", ...FULL_MENU, "Trash"],
  manager: ["Dashboard", ...FULL_MENU, "Trash"],
  agent: ["Dashboard", "Orders", "Customers", "Products", "Categories", "Staff", "Trash"],
  auditor: ["Dashboard", ...FULL_MENU],
} as const;

test.describe("each role sees the menu its role allows", () => {
  for (const [role, menu] of Object.entries(MENUS) as [keyof typeof MENUS, readonly string[]][]) {
    test(`${role}`, async ({ page }) => {
      await page.goto("/login");
      await submitLogin(page, ACCOUNTS[role]);
      await expect(page.getByTestId("session")).toContainText(role, { ignoreCase: true });
      // Signed in, they land on their dashboard: an agent's is their own work.
      await expect(page.getByRole("heading", { name: role === "agent" ? "My work" : "Dashboard" })).toBeVisible();
      await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([...menu]);
    });
  }
});

test("an auditor sees every list and no create button anywhere", async ({ page, login }) => {
  await login("auditor");
  for (const label of FULL_MENU) {
    await page.getByRole("menu").getByRole("menuitem", { name: label }).click();
    await expect(page.getByRole("table")).toBeVisible();
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /create/i })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /edit|delete/i })).toHaveCount(0);
  }
});

test("the inactive account gets the disabled-account message", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, ACCOUNTS.former);
  await expect(page.getByRole("alert")).toContainText("This account is disabled");
  await expect(page).toHaveURL(/\/login/);
});

test("a wrong password is answered on the form", async ({ page }) => {
  await page.goto("/login");
  await submitLogin(page, ACCOUNTS.manager, "not-the-password");
  await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
});

test("repeated failed sign-ins are rate-limited with the wait", async ({ page }) => {
  // A made-up address, so no demo account is locked for the other tests.
  const email = `${unique("nobody").replace(/\W+/g, ".")}@example.com`;
  await page.goto("/login");
  for (let i = 0; i < 5; i++) {
    await submitLogin(page, email, "wrong-password-123");
    await expect(page.getByRole("alert")).toHaveText("Wrong email or password.");
  }
  await submitLogin(page, email, "wrong-password-123");
  await expect(page.getByRole("alert")).toHaveText(/^Too many attempts, try again in \d+ (minutes?|seconds?)\.$/);
});

test("a signed-out visit to /staff goes to the login and back to /staff after signing in", async ({ page }) => {
  await page.goto("/staff?pageSize=10");
  await expect(page).toHaveURL(/\/login\?to=%2Fstaff/);
  await submitLogin(page, ACCOUNTS.admin);
  await expect(page).toHaveURL(/\/staff\?.*pageSize=10/);
  await expect(page.getByRole("heading", { name: "Staff" })).toBeVisible();
});

test("signing out ends the session", async ({ page, login }) => {
  await login("manager");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/customers");
  await expect(page).toHaveURL(/\/login\?to=%2Fcustomers/);
});

test("another tab signs in as someone else: this tab, without a click, shows who is signed in now and their menu", async ({ page, login }) => {
  await login("manager", "/orders");
  await expect(page.getByTestId("session")).toContainText("manager", { ignoreCase: true });
  // The same browser's cookie, as another tab would change it: every request of this tab is the agent's from now on.
  expect((await page.request.post("/api/auth/login", { data: { email: ACCOUNTS.agent, password: DEMO_PASSWORD } })).status()).toBe(200);
  // Nothing on this page is clicked: the operator comes back to this tab (the live stream opening
  // again meanwhile tells it as well).
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page.getByTestId("session")).toContainText("agent", { ignoreCase: true });
  await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText([...MENUS.agent]);
});
