import { ACCOUNTS, DEMO_PASSWORD, expect, submitLogin, test, unique } from "./fixtures";

test("a staff member changes their own password on their profile", async ({ page, playwright, baseURL }) => {
  // Four sign-ins and two password hashes (scrypt, slow by design) in one journey, each sign-in
  // loading the whole app: on a 2-core CI machine it ran past the default 60 s once.
  test.slow();
  // A fresh account, made through the API as the admin, so no demo password changes.
  const name = unique("Profile Person");
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`;
  const first = "first-password-1234";
  const second = "second-password-5678";
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/api/auth/login", { data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD } })).ok()).toBe(true);
  const created = await api.post("/api/staff", { data: { name, email, role: "auditor", active: true, password: first } });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();

  await page.goto("/login");
  await submitLogin(page, email, first);
  await page.getByRole("link", { name: "Your profile" }).click();
  await expect(page.getByText(email)).toBeVisible();

  const field = (label: string) => page.locator(".ant-form-item").filter({ has: page.getByLabel(label, { exact: true }) });
  await page.getByLabel("Current password", { exact: true }).fill("not-my-password-at-all");
  await page.getByLabel("New password", { exact: true }).fill(second);
  await page.getByLabel("Repeat the new password", { exact: true }).fill(second);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(field("Current password").locator(".ant-form-item-explain-error")).toBeVisible();

  await page.getByLabel("Current password", { exact: true }).fill(first);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();

  // The header's: the profile also signs out other sessions.
  await page.locator("header").getByRole("button", { name: "Sign out" }).click();
  await submitLogin(page, email, first);
  // The sign-in page's own alert: "Password changed" may still be up in its notification corner.
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Wrong email or password.");
  await submitLogin(page, email, second);
  await expect(page.getByTestId("session")).toContainText(name);
});
