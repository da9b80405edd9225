/**
 * Issue 17, sign-in you can trust, as a member meets it: two-factor set up on the
 * profile and then asked for at sign-in (a code from the app, or a recovery code), their sessions
 * seen and ended, API tokens made, used by a script and revoked, a role that requires two-factor
 * sending its member to enrolment first, and an admin's reset. Every member who changes two-factor
 * or sessions is made here, never a demo account.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { TOTP_PERIOD_S } from "../../src/domain/constants";
import { codeFor } from "../../src/server/two-factor";
import { ACCOUNTS, apiAs, createStaff, expect, expectNoSidewaysScroll, seriousViolations, submitLogin, test } from "./fixtures";

const STEP_MS = TOTP_PERIOD_S * 1000;
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

/** No serious or critical axe finding in what the page shows (or in `within`). */
async function expectAccessible(page: Page, within?: string) {
  expect(await seriousViolations(page, ...(within ? [within] : []))).toEqual([]);
}

const twoFactorSection = (page: Page) => page.getByRole("region", { name: "Two-factor sign-in" });

/** Set up on the profile: returns the secret read off the screen and the recovery codes shown once. */
async function enrolOnProfile(page: Page) {
  const section = twoFactorSection(page);
  await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(section.getByRole("img", { name: "QR code to add Switchboard to your authenticator app" })).toBeVisible();
  const secret = (await section.getByRole("textbox", { name: "Setup key" }).inputValue()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const at = Date.now();
  await section.getByLabel("Code from the app").fill(codeFor(secret, at));
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.getByText("Two-factor sign-in is on")).toBeVisible();
  const codes = (await section.getByRole("list", { name: "Your recovery codes" }).getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  return { secret, codes, at };
}

test("two-factor: set up on the profile, then signing in asks for a code (the app's, or a recovery code)", async ({ page, context, playwright, baseURL }) => {
  // Three sign-ins, each loading the whole app, and an enrolment: over a minute on a busy 2-core machine.
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const member = await createStaff(admin);
  await admin.dispose();

  await page.goto("/login");
  await submitLogin(page, member.email, member.password);
  await page.getByRole("link", { name: /Your profile/ }).click();
  const section = twoFactorSection(page);
  await expect(section.getByText("Off", { exact: true })).toBeVisible();

  // Set up: the QR code and the key as text, the code from the app, then the recovery codes once.
  await section.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(section.getByRole("textbox", { name: "Setup key" })).toBeVisible();
  await expectAccessible(page, "#two-factor");
  // A wrong code is said on its field; nothing is turned on.
  await section.getByLabel("Code from the app").fill("12345");
  await section.getByRole("button", { name: "Turn on" }).click();
  await expect(section.locator(".ant-form-item-explain-error")).toHaveText("Wrong or used code");
  await section.getByRole("button", { name: "Cancel" }).click();
  const { secret, codes, at } = await enrolOnProfile(page);
  await expectAccessible(page, "#two-factor");

  // Kept: downloaded as text, and copied.
  const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "Download as a text file" }).click()]);
  const file = readFileSync(await download.path(), "utf8");
  expect(file).toContain(`Switchboard recovery codes for ${member.email}`);
  for (const code of codes) expect(file).toContain(code);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await section.getByRole("button", { name: "Copy the codes" }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join("\n"));
  await section.getByRole("button", { name: "I have saved them" }).click();
  await expect(section.getByText("On", { exact: true })).toBeVisible();
  await expect(section.getByRole("button", { name: "Turn off two-factor sign-in" })).toBeVisible();

  // Signing in again (the app's own sign-in page): the password, then the code step.
  await page.locator("header").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await submitLogin(page, member.email, member.password);
  const code = page.getByLabel("Code from your app");
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toBeFocused();
  // The code of the step that confirmed enrolment was used: a code is good once.
  await code.fill(codeFor(secret, at));
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("That code is wrong or was used already. Try the next one your app shows.");
  await expect(code).toHaveValue("");
  // By keyboard: the code, then Enter.
  await code.fill(codeFor(secret, Date.now() + STEP_MS));
  await code.press("Enter");
  await expect(page.getByTestId("session")).toContainText(member.name);

  // And on the light page a hard load of /login gets: a recovery code instead, good once.
  await page.locator("header").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.goto("/login");
  await submitLogin(page, member.email, member.password);
  await expect(page.getByLabel("Code from your app")).toBeFocused();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Use a recovery code instead" }).click();
  const recovery = page.getByLabel("Recovery code");
  await expect(recovery).toHaveAttribute("autocomplete", "off");
  await recovery.fill(codes[0]);
  await page.getByRole("button", { name: "Verify and sign in" }).click();
  await expect(page.getByTestId("session")).toContainText(member.name);

  // A used recovery code is refused, in words, on the light page too.
  const again = await playwright.request.newContext({ baseURL });
  const used = await again.post("/api/auth/login", { data: { email: member.email, password: member.password, code: codes[0] } });
  expect(used.status()).toBe(401);
  await again.dispose();
});

test("sessions: another browser is listed in words, and signed out from here", async ({ page, browser, playwright, baseURL }) => {
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const member = await createStaff(admin);
  await admin.dispose();

  // A second browser (Firefox on Linux, as its user agent says) signs in first.
  const laptop = await browser.newContext({ userAgent: FIREFOX });
  const other = await laptop.newPage();
  await other.goto("/login");
  await submitLogin(other, member.email, member.password);
  await expect(other.getByTestId("session")).toBeVisible();

  await page.goto("/login");
  await submitLogin(page, member.email, member.password);
  await expect(page.getByTestId("session")).toBeVisible();
  await page.goto("/profile");
  const sessions = page.getByRole("list", { name: "Sessions" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  const mine = sessions.getByRole("listitem").filter({ hasText: "This browser" });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText("127.0.0.1");
  const firefox = sessions.getByRole("listitem").filter({ hasText: "Firefox 128 on Linux" });
  await expect(firefox).toContainText("Last active");
  await expect(mine.getByRole("button")).toHaveCount(0);
  // The password rule is said beside the new password.
  await expect(page.getByText(/Not one of the most common passwords, and not containing the name of your email address/)).toBeVisible();

  await firefox.getByRole("button", { name: "Sign out Firefox 128 on Linux" }).click();
  await expect(page.getByText("Session signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(page.getByText("No other sessions.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign out all other sessions" })).toBeDisabled();
  // That browser's next request finds its session ended.
  await other.reload();
  await expect(other).toHaveURL(/\/login/);

  // Signed in there again; then all the others at once.
  await submitLogin(other, member.email, member.password);
  await expect(other.getByTestId("session")).toBeVisible();
  await page.reload();
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Sign out all other sessions" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Sign out all other sessions" }).click();
  await expect(page.getByText("1 other session signed out")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await laptop.close();
  // This one goes on.
  await page.reload();
  await expect(page.getByTestId("session")).toContainText(member.name);
});

test("API tokens: made on the profile, shown once, used by a script as its owner, seen by an admin, revoked", async ({
  page,
  context,
  browser,
  playwright,
  baseURL,
}) => {
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const member = await createStaff(admin, "manager");
  const name = `Nightly export ${Date.now().toString(36)}`;

  await page.goto("/login");
  await submitLogin(page, member.email, member.password);
  await expect(page.getByTestId("session")).toBeVisible();
  await page.goto("/profile");
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens.getByText("No API tokens yet.")).toBeVisible();
  await tokens.getByLabel("Name").fill(name);
  await tokens.getByLabel("Expires in").fill("7");
  await tokens.getByRole("button", { name: "Create token" }).click();
  await expect(tokens.getByText(`Token ${name} created`)).toBeVisible();
  const token = await tokens.getByLabel("The new token").inputValue();
  expect(token).toMatch(/^sbt_[A-Za-z0-9_-]{43}$/);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await tokens.getByRole("button", { name: "Copy the token" }).click();
  await expect(page.getByText("Copied", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expectAccessible(page, "main");
  const row = page.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: name });
  await expect(row).toContainText("Read and write");
  await expect(row).toContainText("Never");

  // A script with it acts as the member, and what it changes is audited naming the token.
  const script = await playwright.request.newContext({ baseURL });
  const bearer = { headers: { Authorization: `Bearer ${token}` } };
  expect((await script.get("/api/categories?_end=1", bearer)).status()).toBe(200);
  const made = await script.post("/api/categories", { ...bearer, data: { name: `Scripted ${Date.now().toString(36)}` } });
  expect(made.status(), await made.text()).toBe(201);
  const [event] = (await (await admin.get(`/api/audit-events?resource=categories&recordId=${((await made.json()) as { id: number }).id}`)).json()) as {
    id: number;
  }[];
  await admin.dispose();

  // Shown once: gone after Done, and after a reload the list says when it was last used.
  await tokens.getByRole("button", { name: "Done" }).click();
  await expect(tokens.getByLabel("The new token")).toHaveCount(0);
  await page.reload();
  await expect(row).toBeVisible();
  await expect(row).not.toContainText("Never");

  // An admin sees everyone's tokens, with whose each is.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await adminPage.goto("/login");
  await submitLogin(adminPage, ACCOUNTS.admin);
  await expect(adminPage.getByTestId("session")).toBeVisible();
  await adminPage.goto("/profile");
  const theirs = adminPage.getByRole("list", { name: "API tokens" }).getByRole("listitem").filter({ hasText: name });
  await expect(theirs).toContainText(`Owner${member.name}`);
  await adminPage.goto(`/audit-events/show/${event.id}`);
  await expect(adminPage.locator(".ant-descriptions-row", { hasText: "Token name" })).toContainText(name);
  await expect(adminPage.locator(".ant-descriptions-row", { hasText: "Who" })).toContainText(member.name);
  await adminContext.close();

  // Revoked, after a confirmation: the script is refused at once.
  await row.getByRole("button", { name: `Revoke the token ${name}` }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText(`Token ${name} revoked`)).toBeVisible();
  await expect(tokens.getByText("No API tokens yet.")).toBeVisible();
  expect((await script.get("/api/categories?_end=1", bearer)).status()).toBe(401);
  await script.dispose();
});

test("a role that requires two-factor: its member is sent to enrolment, sees nothing else, then works without a reload", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const key = `secure-${Date.now().toString(36)}`;
  const role = await admin.post("/api/roles", {
    data: { key, name: `Secure desk ${key}`, requireTwoFactor: true, rules: [{ resource: "categories", action: "read" }] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const member = await createStaff(admin, key);
  await admin.dispose();

  await page.goto("/login?to=%2Fcategories");
  await submitLogin(page, member.email, member.password);
  // Wherever they were going, the profile, saying why; no menu, and no other page.
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("alert").filter({ hasText: "Set up two-factor sign-in to go on" })).toContainText("Your role requires two-factor sign-in");
  await expect(page.getByRole("menuitem")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Sessions" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "API tokens" })).toHaveCount(0);
  await page.goto("/categories");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(twoFactorSection(page)).toBeVisible();

  await enrolOnProfile(page);
  // Enrolled: the menu and the rest of the profile are there, without a reload.
  await expect(page.getByRole("alert").filter({ hasText: "Set up two-factor sign-in to go on" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Sessions" })).toBeVisible();
  // The recovery codes stay on screen until they are put away.
  await expect(twoFactorSection(page).getByRole("list", { name: "Your recovery codes" })).toBeVisible();
  await twoFactorSection(page).getByRole("button", { name: "I have saved them" }).click();
  await page.getByRole("menuitem", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/categories/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
});

test("a role that comes to require two-factor mid-session: its member's next step goes to enrolment", async ({ page, playwright, baseURL }) => {
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const key = `later-${Date.now().toString(36)}`;
  const role = await admin.post("/api/roles", {
    data: { key, name: `Later desk ${key}`, requireTwoFactor: false, rules: [{ resource: "categories", action: "read" }] },
  });
  expect(role.status(), await role.text()).toBe(201);
  const { id, version } = (await role.json()) as { id: number; version: number };
  const member = await createStaff(admin, key);

  await page.goto("/login?to=%2Fcategories");
  await submitLogin(page, member.email, member.password);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  const changed = await admin.patch(`/api/roles/${id}`, { data: { requireTwoFactor: true, version } });
  expect(changed.status(), await changed.text()).toBe(200);
  await admin.dispose();

  // The next page they open is refused by the server; the app takes them to enrolment, no menu.
  // Opened as its menu link does, but not by clicking the menu: the role's change may reach the app
  // first (its live stream), and the app then takes them to enrolment on its own, menu and all.
  await page.evaluate(() => {
    window.history.pushState(null, "", "/");
    window.dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("alert").filter({ hasText: "Set up two-factor sign-in to go on" })).toBeVisible();
  await expect(page.getByRole("menuitem")).toHaveCount(0);
  await expect(twoFactorSection(page).getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
});

test("an admin sees a member's two-factor on their page and resets it; their sessions end", async ({ page, login, playwright, baseURL }) => {
  test.slow();
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const member = await createStaff(admin);
  await admin.dispose();
  // The member turns two-factor on (through the API, as their app would).
  const own = await apiAs(playwright, baseURL, member.email, member.password);
  const setup = (await (await own.post("/api/auth/2fa/setup")).json()) as { secret: string };
  expect((await own.post("/api/auth/2fa/enable", { data: { code: codeFor(setup.secret, Date.now()) } })).status()).toBe(200);

  await login("admin");
  // A new staff member's password is said by its rule.
  await page.goto("/staff/create");
  await expect(page.getByText(/Not one of the most common passwords, and not containing the name of the account's email address/)).toBeVisible();

  await page.goto(`/staff/show/${member.id}`);
  const section = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(section).toContainText("On since");
  await expectAccessible(page, "main");
  await section.getByRole("button", { name: "Reset two-factor" }).click();
  await expect(page.locator(".ant-popconfirm")).toContainText(`Reset ${member.name}'s two-factor sign-in?`);
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Reset two-factor" }).click();
  await expect(page.getByText("Two-factor sign-in reset")).toBeVisible();
  await expect(section).toContainText("Off");
  await expect(section.getByRole("button", { name: "Reset two-factor" })).toHaveCount(0);
  expect((await own.get("/api/auth/me")).status()).toBe(401);
  await own.dispose();
});

test.describe("on a phone, in dark mode", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: "dark" });

  test("the code step and the profile's sections fit the screen and pass axe", async ({ page, playwright, baseURL }) => {
    test.slow();
    const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
    const member = await createStaff(admin);
    await admin.dispose();
    const own = await apiAs(playwright, baseURL, member.email, member.password);
    const setup = (await (await own.post("/api/auth/2fa/setup")).json()) as { secret: string };
    const at = Date.now();
    expect((await own.post("/api/auth/2fa/enable", { data: { code: codeFor(setup.secret, at) } })).status()).toBe(200);
    expect((await own.post("/api/tokens", { data: { name: "Phone report", expiresInDays: 30, readOnly: true } })).status()).toBe(201);

    await page.goto("/login");
    await submitLogin(page, member.email, member.password);
    await expect(page.getByLabel("Code from your app")).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await page.getByLabel("Code from your app").fill(codeFor(setup.secret, Date.now() + STEP_MS));
    await page.getByRole("button", { name: "Verify and sign in" }).click();
    await expect(page.getByTestId("session")).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("list", { name: "Sessions" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("list", { name: "API tokens" })).toContainText("Read-only");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "main");
    await twoFactorSection(page).getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await twoFactorSection(page).getByLabel("Your password").fill("not my password at all");
    await twoFactorSection(page).getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(twoFactorSection(page).locator(".ant-form-item-explain-error")).toHaveText("Incorrect password");
    await twoFactorSection(page).getByLabel("Your password").fill(member.password);
    await twoFactorSection(page).getByRole("button", { name: "Turn off two-factor sign-in" }).click();
    await expect(twoFactorSection(page).getByText("Off", { exact: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await own.dispose();
  });
});
