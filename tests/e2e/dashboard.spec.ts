import type { Page } from "@playwright/test";
import { formatMoney } from "../../src/domain/format";
import type { DashboardStats } from "../../src/domain/stats";
import { ACCOUNTS, apiAs, dashboardAnswer, expect, managerApi, orderOfOwn, submitLogin, test } from "./fixtures";

/** The figures exactly as the page received them (other tests may write meanwhile), from either provider. */
const statsResponse = (page: Page) => dashboardAnswer(page) as Promise<DashboardStats>;

const figure = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

test("manager: figures, both charts, low stock linking to the product, top customers linking to them", async ({ page, login, playwright, baseURL }) => {
  // This year has a top customer, whatever day the suite runs on (the seed's dates end where it was made).
  const api = await managerApi(playwright, baseURL);
  await orderOfOwn(api, ["placed", "paid"]);
  await api.dispose();
  const answer = statsResponse(page);
  // Signing in lands on the dashboard.
  await login("manager");
  const stats = await answer;
  expect(stats.scope).toBe("all");

  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(figure(page, "Revenue this month")).toContainText(formatMoney(stats.revenue.thisMonth));
  await expect(figure(page, "Revenue last month")).toContainText(formatMoney(stats.revenue.lastMonth));
  await expect(figure(page, "Open orders")).toContainText(String(stats.openOrders));
  await expect(figure(page, "Customers")).toContainText(String(stats.customers));
  // The per-day chart says in words how many orders its days hold (a plural, never its key).
  await expect(page.getByText(/^Last 30 days · [\d,]+ placed$/)).toBeVisible();
  // The open-orders card opens the orders list on exactly those orders.
  await figure(page, "Open orders").getByRole("link").click();
  await expect(page).toHaveURL(/\/orders\?/);
  const orderRows = page.locator(".ant-table-row");
  await expect(orderRows.first()).toBeVisible();
  for (const text of await orderRows.allInnerTexts()) expect(text).toMatch(/\b(Draft|Placed|Paid|Shipped)\b/);
  for (const text of await orderRows.allInnerTexts()) expect(text).not.toMatch(/\b(Delivered|Cancelled|Refunded)\b/);
  await page.goBack();

  // A bar per day and per status, each saying what it counts.
  const perDay = page.getByRole("figure", { name: /^Orders per day/ });
  await expect(perDay.locator("rect.visx-bar")).toHaveCount(stats.ordersPerDay.length);
  const last = stats.ordersPerDay.at(-1)!;
  await expect(perDay.locator("rect.visx-bar").last().locator("title")).toHaveText(new RegExp(`: ${last.count} orders?$`));
  const byStatus = page.getByRole("figure", { name: /^Orders by status/ });
  await expect(byStatus).toHaveAttribute("aria-label", new RegExp(`Delivered ${stats.ordersByStatus.delivered}\\b`));
  await expect(byStatus.locator("rect.visx-bar")).toHaveCount(Object.keys(stats.ordersByStatus).length);
  await expect(byStatus.locator("title", { hasText: /^Delivered: / })).toHaveText(new RegExp(`^Delivered: ${stats.ordersByStatus.delivered} orders?$`));

  // Top customers, in the server's order, each a link to the customer.
  const top = figure(page, "Top customers this year");
  const rows = top.getByRole("listitem");
  await expect(rows).toHaveCount(stats.topCustomers.length);
  await expect(rows.first()).toContainText(formatMoney(stats.topCustomers[0].revenue));
  await top.getByRole("link", { name: stats.topCustomers[0].name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${stats.topCustomers[0].id}$`));
  await expect(page.getByText(stats.topCustomers[0].name).first()).toBeVisible();

  // Low stock: every item listed, the first one opens its product.
  await page.goto("/");
  const low = figure(page, "Low stock");
  await expect(low.getByRole("listitem")).toHaveCount(stats.lowStock.items.length);
  const first = stats.lowStock.items[0];
  await low.getByRole("link", { name: first.name }).click();
  await expect(page).toHaveURL(new RegExp(`/products/show/${first.id}$`));
  await expect(page.getByText(first.sku).first()).toBeVisible();
});

test("agent: their own work — my figures, my open orders by status, my customers", async ({ page, login }) => {
  const answer = statsResponse(page);
  // Signing in lands on the dashboard.
  await login("agent");
  const stats = await answer;
  expect(stats.scope).toBe("own");

  await expect(page.getByRole("heading", { name: "My work" })).toBeVisible();
  await expect(figure(page, "My revenue this month")).toContainText(formatMoney(stats.revenue.thisMonth));
  await expect(figure(page, "My open orders")).toContainText(String(stats.openOrders));
  await expect(figure(page, "My customers")).toContainText(String(stats.customers));
  await expect(figure(page, "Revenue this month")).toHaveCount(0);

  // Open statuses only: nothing finished is in the agent's chart.
  const byStatus = page.getByRole("figure", { name: /^Orders by status/ });
  await expect(byStatus).toHaveAttribute("aria-label", new RegExp(`Shipped ${stats.ordersByStatus.shipped}\\b`));
  await expect(byStatus).not.toHaveAttribute("aria-label", /Delivered|Cancelled|Refunded/);
  await expect(figure(page, "My open orders by status")).toBeVisible();

  // Their top customer is theirs: it opens, with no 404.
  const top = figure(page, "My top customers this year");
  expect(stats.topCustomers.length).toBeGreaterThan(0);
  await top.getByRole("link", { name: stats.topCustomers[0].name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${stats.topCustomers[0].id}$`));
  await expect(page.getByText(stats.topCustomers[0].name).first()).toBeVisible();
  await expect(page.getByText("Not found")).toHaveCount(0);
});

test("where the browser asks to save data, the chart library is downloaded on the dashboard only", async ({ page }) => {
  // Elsewhere every page's code, the dashboard's among it, is fetched at idle after the first page.
  await page.addInitScript(() => Object.defineProperty(navigator, "connection", { value: { saveData: true } }));
  const scripts: { url: string; body: Promise<string> }[] = [];
  page.on("response", (r) => {
    if (r.request().resourceType() === "script") scripts.push({ url: r.url(), body: r.text().catch(() => "") });
  });
  const hasCharts = async () => (await Promise.all(scripts.map((s) => s.body))).some((b) => b.includes("visx-bar"));

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  expect(await hasCharts()).toBe(false);

  // Signed in straight to a list (the return path skips the dashboard): still no charts.
  await page.goto("/login?to=%2Fcustomers");
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page).toHaveURL(/\/customers(\?|$)/);
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  expect(await hasCharts()).toBe(false);

  await page.getByRole("menu").getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page.getByRole("figure", { name: /^Orders per day/ })).toBeVisible();
  expect(await hasCharts()).toBe(true);
});

test("each bar opens the orders it counts: a status's orders, a day's orders; a top customer's count opens their orders", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  // Today has an order, whatever day the suite runs on (the seed's dates end where it was made).
  const api = await managerApi(playwright, baseURL);
  await orderOfOwn(api);
  await api.dispose();
  const answer = statsResponse(page);
  await login("manager");
  const stats = await answer;
  const orderRows = page.locator(".ant-table-row");

  // The status bar: exactly that status's orders, as many as the bar says.
  const byStatus = page.getByRole("figure", { name: /^Orders by status/ });
  await byStatus.getByRole("link", { name: /^Shipped: / }).click();
  await expect(page).toHaveURL(/\/orders\?.*status/);
  await expect(orderRows.first()).toBeVisible();
  for (const text of await orderRows.allInnerTexts()) expect(text).toMatch(/\bShipped\b/);
  await page.goBack();

  // The last day's bar (today, UTC): that day's orders only, placed that day.
  const day = stats.ordersPerDay.filter((d) => d.count > 0).at(-1)!;
  const perDay = page.getByRole("figure", { name: /^Orders per day/ });
  const bars = perDay.getByRole("link");
  await expect(bars).toHaveCount(stats.ordersPerDay.length);
  await bars.nth(stats.ordersPerDay.indexOf(day)).click();
  await expect(page).toHaveURL(/\/orders\?.*placedAt/);
  const url = new URL(page.url());
  const params = [...url.searchParams.values()];
  expect(params).toContain(`${day.date}T00:00:00.000Z`);
  expect(params).toContain(`${day.date}T23:59:59.999Z`);
  await expect(orderRows.first()).toBeVisible();
  await page.goBack();

  // A top customer's order count: their orders, nobody else's.
  const top = stats.topCustomers[0];
  await page.getByRole("link", { name: `${top.name}'s orders` }).click();
  await expect(page).toHaveURL(/\/orders\?.*customerId/);
  await expect(orderRows.first()).toBeVisible();
  // Each row names its customer once the names have come (a row shows #id until then).
  await expect(orderRows.filter({ hasNotText: top.name })).toHaveCount(0);
});

test("the charts count in whole numbers: no axis says 0.5 orders", async ({ page, login, playwright, baseURL }) => {
  // An agent's own figures are small (a few orders a day), where a scale would step by halves; one
  // placed today, so the last 30 days count something whatever day the suite runs on.
  const api = await apiAs(playwright, baseURL, ACCOUNTS.agent);
  await orderOfOwn(api);
  await api.dispose();
  const answer = statsResponse(page);
  await login("agent");
  const stats = await answer;
  expect(Math.max(...stats.ordersPerDay.map((d) => d.count))).toBeLessThan(10);
  for (const name of [/^Orders per day/, /^Orders by status/]) {
    const chart = page.getByRole("figure", { name });
    await expect(chart.locator(".visx-axis-tick").first()).toBeVisible();
    const numbers = (await chart.locator(".visx-axis-tick text").allTextContents()).filter((text) => /^[\d.,]+$/.test(text));
    expect(numbers.length, `${String(name)} has a count axis`).toBeGreaterThan(1);
    // Whole counts in the locale's digits ("1,000"), never "0.5" or "1.0".
    for (const text of numbers) expect(text, `${String(name)} tick`).toMatch(/^\d{1,3}(,\d{3})*$/);
  }
});
