import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, motionDone, test } from "./fixtures";

// Issue 20: nothing scrolls sideways on a phone (390 × 844), and axe finds nothing serious or
// critical there — every page and every form, light and dark, English and Spanish. All pages in light English; the forms again in dark Spanish, where
// longer words and another theme's paddings are most likely to push something out.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const RESOURCES = ["customers", "orders", "products", "categories", "staff", "roles"] as const;

/** Every page an admin can open: each resource's list, a record, its create and edit forms, and the pages of their own. */
async function allPages(page: Page): Promise<{ pages: string[]; forms: string[] }> {
  const pages = ["/", "/audit-events", "/profile", "/trash", "/customers/import"];
  const forms: string[] = [];
  for (const resource of RESOURCES) {
    // Not the admin role, which nobody may edit (its page says so, and has no form).
    const [first] = ((await (await page.request.get(`/api/${resource}?_end=10`)).json()) as { id: number | string; key?: string }[]).filter(
      (r) => r.key !== "admin",
    );
    pages.push(`/${resource}`, `/${resource}/show/${first.id}`);
    forms.push(`/${resource}/create`, `/${resource}/edit/${first.id}`);
  }
  const [event] = (await (await page.request.get("/api/audit-events?_end=1")).json()) as { id: number }[];
  pages.push(`/audit-events/show/${event.id}`);
  return { pages, forms };
}

/** The page has its content in: a heading, no spinner or skeleton left, no select still loading its options. */
async function settled(page: Page, path: string) {
  await expect(page.locator(".ant-page-header-heading-title, main h1, main h2, main h3").first(), `${path} shows its heading`).toBeVisible();
  await expect(page.locator(".ant-spin-spinning, .ant-skeleton-active, [data-testid='loading-skeleton']")).toHaveCount(0);
  await expect(page.locator("main .ant-table-placeholder .ant-spin, main .ant-select-arrow-loading")).toHaveCount(0);
}

/** The document is never wider than the screen: only a table's own box may scroll. */
async function expectFits(page: Page, path: string, language = "en") {
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await settled(page, path);
  // What a user would read or tap further down is laid out too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect.soft(scroll, `${path} is ${scroll} px wide in a ${client} px screen`).toBeLessThanOrEqual(client);
  await motionDone(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect
    .soft(
      serious.map((v) => `${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      `axe on ${path}`,
    )
    .toEqual([]);
}

test("every page and form fits a phone's width, light and in English", async ({ page, login }) => {
  test.setTimeout(240_000);
  await login("admin");
  await page.evaluate(() => {
    localStorage.setItem("switchboard.colorMode", "light");
    localStorage.setItem("switchboard.language", "en");
  });
  const { pages, forms } = await allPages(page);
  for (const path of [...pages, ...forms]) await expectFits(page, path);
});

test("every form fits a phone's width, dark and in Spanish", async ({ page, login }) => {
  test.setTimeout(180_000);
  await login("admin");
  // Chosen the way the header's controls keep them; every page below loads with them.
  await page.evaluate(() => {
    localStorage.setItem("switchboard.colorMode", "dark");
    localStorage.setItem("switchboard.language", "es");
  });
  const { forms } = await allPages(page);
  const [order] = (await (await page.request.get("/api/orders?_end=1")).json()) as { id: number }[];
  for (const path of [...forms, `/orders/show/${order.id}`, "/"]) await expectFits(page, path, "es");
});

test("an order's lines on a phone: each line whole on screen, its total and remove button in reach", async ({ page, login }) => {
  await login("manager", "/orders/create");
  const picker = page.getByRole("combobox", { name: "Add a product" });
  for (const nth of [0, 1, 2]) {
    await picker.click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option").nth(nth).click();
    await expect(page.getByRole("spinbutton", { name: /^Quantity of / })).toHaveCount(nth + 1);
  }
  await page
    .getByRole("spinbutton", { name: /^Quantity of / })
    .first()
    .fill("999");
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
  for (const control of [
    ...(await page.getByTestId("line-total").all()),
    ...(await page.getByRole("button", { name: /^Remove / }).all()),
    page.getByTestId("order-total"),
  ]) {
    const b = await control.boundingBox();
    expect(b && b.x >= 0 && b.x + b.width <= client, (await control.textContent()) ?? "").toBe(true);
  }
});
