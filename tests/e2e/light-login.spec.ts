import { ACCOUNTS, expect, submitLogin, test } from "./fixtures";

// A hard load of /login is the light sign-in page (src/app/login); these are its own answers.

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
  await login("manager");
  await page.goto("/login?to=%2Fcustomers");
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
});

test("a return path that leaves the app is not followed", async ({ page }) => {
  await page.goto("/login?to=%2F%2Fevil.example%2F");
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page.getByTestId("session")).toBeVisible();
  expect(new URL(page.url()).pathname).toBe("/");
});
