import type { Locator } from "@playwright/test";
import { expect, expectNoSidewaysScroll, test } from "./fixtures";

// Issue 12, on a phone (390 × 844): no page scrolls sideways, the menu is a drawer behind a "Menu"
// button, the filters wrap, the header's parts never overlap, the row actions never cover data.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const box = async (l: Locator) => {
  const b = await l.boundingBox();
  if (!b) throw new Error("not on screen");
  return b;
};
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("a list on a phone: menu in a drawer, header parts apart, filters wrapped, no sideways scroll, actions beside the data", async ({ page, login }) => {
  await login("manager", "/customers");
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The header: Menu, language, dark mode, profile and sign-out, each on screen and apart.
  const header = page.locator("header");
  const parts = [
    header.getByRole("button", { name: "Menu" }),
    header.getByRole("combobox", { name: "Language" }),
    header.getByRole("switch", { name: "Dark mode" }),
    header.getByRole("link", { name: "Your profile" }),
    header.getByRole("button", { name: "Sign out" }),
  ];
  const boxes = [];
  for (const part of parts) {
    await expect(part).toBeInViewport({ ratio: 1 });
    boxes.push(await box(part));
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i], boxes[j]), `header parts ${i} and ${j} overlap`).toBe(false);

  // The filters wrap onto lines inside the screen.
  const filters = page.getByRole("search", { name: "Filters" });
  for (const control of [
    filters.getByRole("searchbox", { name: "Search" }),
    filters.getByRole("combobox", { name: "Tier" }),
    filters.getByRole("combobox", { name: "Owner" }),
  ]) {
    const b = await box(control);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }

  // The row's actions scroll with it: scrolled to the row's end, they sit after its last cell.
  const first = rows.first();
  await first.getByRole("button", { name: "edit" }).scrollIntoViewIfNeeded();
  const actions = await box(first.locator("td").last());
  const lastData = await box(first.locator("td").nth(-2));
  expect(actions.x).toBeGreaterThanOrEqual(lastData.x + lastData.width - 1);

  // The menu: a drawer behind the Menu button, which goes where it says and closes.
  await expect(page.getByRole("menuitem", { name: "Products" })).toBeHidden();
  await header.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("menuitem", { name: "Products" }).click();
  await expect(page).toHaveURL(/\/products(\?|$)/);
  await expect(page.getByRole("heading", { name: "Products" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Products" })).toBeHidden();
  await expect(rows.first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("the dashboard and a record page on a phone never scroll sideways", async ({ page, login }) => {
  await login("manager");
  await expect(page.getByText("Revenue this month")).toBeVisible();
  await expectNoSidewaysScroll(page);
  const { body: orders } = await (async () => ({ body: (await (await page.request.get("/api/orders?_end=1")).json()) as { id: number; number: string }[] }))();
  await page.goto(`/orders/show/${orders[0].id}`);
  await expect(page.getByRole("heading", { name: `Order ${orders[0].number}` })).toBeVisible();
  await expectNoSidewaysScroll(page);
});
