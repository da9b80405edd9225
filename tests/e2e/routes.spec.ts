import { expect, test } from "./fixtures";

test("an unknown route shows the 404 page", async ({ page, login }) => {
  await login("admin", "/no-such-page");
  await expect(page.getByText("Not found", { exact: true })).toBeVisible();
  await expect(page.getByText("This page does not exist, or you cannot see it.")).toBeVisible();
});

test("a record that does not exist shows the 404 result", async ({ page, login }) => {
  await login("admin", "/staff/show/999999");
  await expect(page.getByText("This staff member does not exist, or you cannot see it.")).toBeVisible();
});

test("a route the role may not use shows the 403 page", async ({ page, login }) => {
  await login("agent", "/audit-events");
  await expect(page.getByText("Not allowed", { exact: true })).toBeVisible();
  await expect(page.getByText("Your role does not give you access to this page.")).toBeVisible();
  await page.goto("/staff/create");
  await expect(page.getByText("Not allowed", { exact: true })).toBeVisible();
});
