import { ACCOUNTS, expect, submitLogin, test } from "./fixtures";

// A hard load of /login is the light sign-in page (src/app/login); these are its own answers.

test("a hard load of /login is the light page: the app's own code is not loaded", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("main.sb-login-page")).toBeVisible();
  // The bundle of Refine + antd (src/app/full-app.tsx) comes only after signing in.
  expect(scripts.filter((s) => s.includes("/full-app-"))).toEqual([]);
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page.getByTestId("session")).toBeVisible();
  expect(scripts.some((s) => s.includes("/full-app-"))).toBe(true);
});

test("an empty sign-in names what is missing, and sends nothing", async ({ page }) => {
  await page.goto("/login");
  let posted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/auth/login")) posted = true;
  });
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Enter your email")).toBeVisible();
  await expect(page.getByText("Enter your password")).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(false);
});

test("a hard load of /login when signed in goes on to the page asked for", async ({ page, login }) => {
  await login("manager", "/login?to=%2Fcustomers");
  await expect(page).toHaveURL(/\/customers(\?|$)/);
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
});

test("a return path that leaves the app is not followed", async ({ page }) => {
  await page.goto("/login?to=%2F%2Fevil.example%2F");
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page.getByTestId("session")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
});
