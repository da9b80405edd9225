import type { Page, Request } from "@playwright/test";
import { allowNoAnswer, expect, test } from "./fixtures";

// Issue 12, calm under faults: the network or the server gone, said in words with a Retry; a chunk
// that failed to load fetched again by itself; the dashboard keeping the figures it has.

const UNREACHABLE = "Can't reach the server — check your connection";
/** Nothing on screen may show the browser's or axios' words for a failed request. */
async function expectNoRawErrors(page: Page) {
  await expect(page.getByText(/status code|Failed to fetch|dynamically imported|Network Error/i)).toHaveCount(0);
}

test("a list whose server does not answer says so in words with a Retry, and Retry brings its rows", async ({ page, login, consoleErrors }) => {
  await login("manager", "/customers");
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  // The connection drops while the operator works: no request reaches the server any more (one
  // that did would rightly clear the message), and the next list asks for its rows.
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  await page.getByRole("menuitem", { name: "Products" }).click();
  const alert = page
    .getByRole("alert")
    .filter({ hasText: UNREACHABLE })
    .filter({ has: page.getByRole("button", { name: "Retry" }) });
  await expect(alert).toBeVisible();
  // The table does not claim there are none.
  await expect(page.getByText("The products could not be loaded.")).toBeVisible();
  await expect(page.getByText("No products yet.")).toHaveCount(0);
  // Said once: the banner, not a notification of the failed load as well.
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);
  await expectNoRawErrors(page);

  // Back, but for the banner's own health check (it would clear the banner before Retry is pressed).
  await page.route("**/api/health", (route) => route.abort("internetdisconnected"));
  await page.unroute("**/api/**");
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expect(alert).toHaveCount(0);
  allowNoAnswer(consoleErrors);
});

test("the dashboard keeps the figures it has when a refresh fails, and says they may be out of date", async ({ page, login, consoleErrors }) => {
  // The figures' requests under way: one still on its way when the connection drops would answer
  // the next visit's refresh too (react-query shares it), and that refresh would not fail.
  let figuresUnderWay = 0;
  const isFigures = (r: Request) => r.url().includes("/api/stats/dashboard");
  page.on("request", (r) => {
    if (isFigures(r)) figuresUnderWay++;
  });
  const ended = (r: Request) => {
    if (isFigures(r)) figuresUnderWay--;
  };
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  await login("manager");
  const revenue = page.getByText("Revenue this month");
  await expect(revenue).toBeVisible();
  await expect.poll(() => figuresUnderWay).toBe(0);

  // The connection drops (as above: nothing reaches the server, so nothing clears the fault).
  await page.route("**/api/**", (route) => route.abort("internetdisconnected"));
  // Away and back inside the app: the figures come from what it has, and it asks the server again.
  await page.getByRole("menuitem", { name: "Customers" }).click();
  await expect(page).toHaveURL(/\/customers(\?|$)/);
  // The list on screen, not only in the address bar: until then the dashboard stays mounted, and
  // going back to it would refresh nothing.
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  const stale = page.getByRole("alert").filter({ hasText: /^These figures are from .* and may be out of date\./ });
  await expect(stale).toBeVisible();
  await expect(revenue).toBeVisible();
  await expectNoRawErrors(page);

  // Back, but for the banner's own health check, which would refresh the figures before Retry is pressed.
  await page.route("**/api/health", (route) => route.abort("internetdisconnected"));
  await page.unroute("**/api/**");
  await stale.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByText(/may be out of date/)).toHaveCount(0);
  await expect(revenue).toBeVisible();
  allowNoAnswer(consoleErrors);
});

/** Opens the first customer's record from the list (a list's own code comes with the app's). */
async function openFirstCustomer(page: Page) {
  await page.getByRole("menuitem", { name: "Customers" }).click();
  const link = page.locator("main .ant-table-row").first().locator("a[href^='/customers/show/']").first();
  const name = (await link.innerText()).trim();
  await link.click();
  return name;
}

test("a page's code that fails to arrive once is fetched again by itself", async ({ page, login, consoleErrors }) => {
  // From the first page on: the app fetches the other pages' code at idle, and that first fetch fails.
  let asked = 0;
  await page.route(/\/assets\/show-page-[^/]*\.js$/, (route) => (++asked === 1 ? route.abort("internetdisconnected") : route.continue()));
  await login("manager");
  const name = await openFirstCustomer(page);
  // The record page itself, from its second fetch: its details are there.
  await expect(page.locator("main .ant-descriptions")).toContainText(name);
  expect(asked).toBe(2);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
  allowNoAnswer(consoleErrors);
});

test("a record page with an edit button has the edit form's code by then: Edit opens the form though the connection drops", async ({ page, login }) => {
  // The browser never idles here, so the prefetch of every page's code at idle never comes.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const editCode = page.waitForResponse(/\/assets\/edit-page-[^/]*\.js$/);
  await login("manager");
  const name = await openFirstCustomer(page);
  await expect(page.locator("main .ant-descriptions")).toContainText(name);
  await editCode;
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort("internetdisconnected"));
  await page.locator("main").getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("textbox", { name: "Name" })).toHaveValue(name);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
});

test("a page's code that never arrives is said in words with a Retry, not the browser's message", async ({ page, login, consoleErrors }) => {
  await page.route(/\/assets\/show-page-[^/]*\.js$/, (route) => route.abort("internetdisconnected"));
  await login("manager");
  await openFirstCustomer(page);
  const alert = page
    .getByRole("alert")
    .filter({ hasText: UNREACHABLE })
    .filter({ has: page.getByRole("button", { name: "Retry" }) });
  await expect(alert).toBeVisible();
  await expectNoRawErrors(page);
  allowNoAnswer(consoleErrors);
});
