/** Issue 21, "Any backend": the REST API's reference page renders its OpenAPI document in a browser, under the app's CSP. */
import { expect, expectNoSidewaysScroll, seriousViolations, test } from "./fixtures";

test("the API reference lists the calls, and one opens to its parameters and answers", async ({ page }) => {
  await page.goto("/api/docs");
  await expect(page.getByRole("heading", { name: /Switchboard API/ })).toBeVisible();
  const list = page.locator(".opblock-summary").filter({ hasText: "/customers" }).filter({ hasText: "List customers" }).first();
  await expect(list).toBeVisible();
  await list.click();
  await expect(page.getByText("X-Total-Count").first()).toBeVisible();
  await expect(page.locator(".parameters").getByText("_sort", { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test.describe("on a phone, in the dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: "dark" });

  test("the API reference fits the screen and reads", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: /Switchboard API/ })).toBeVisible();
    const call = page.locator(".opblock-summary").filter({ hasText: "/orders/{id}/transitions" }).filter({ hasText: "Move an order" });
    await call.click();
    await expect(page.getByText("INVALID_TRANSITION").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
