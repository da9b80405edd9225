/**
 * The layout follows the window's width as it changes, not only as the page opened: antd's
 * breakpoints are read once at the first render in the build (vite.config.ts, decision 109) and
 * must still be followed afterwards.
 */
import { expect, test } from "./fixtures";

test("a list narrowed to a phone's width and widened again changes its layout each time", async ({ page, login }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await login("manager", "/customers");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first()).toBeVisible();
  const menu = page.locator("header").getByRole("button", { name: "Menu" });
  const pinnedActions = rows.first().locator("td.ant-table-cell-fix-right");
  const simplePages = page.locator("main .ant-pagination-simple");

  const wide = async () => {
    await expect(menu).toBeHidden();
    await expect(page.locator(".ant-layout-sider").getByRole("link", { name: "Orders" })).toBeVisible();
    await expect(pinnedActions).toHaveCount(1);
    await expect(simplePages).toHaveCount(0);
  };
  const phone = async () => {
    await expect(menu).toBeVisible();
    await expect(pinnedActions).toHaveCount(0);
    await expect(simplePages).toHaveCount(1);
  };

  await wide();
  await page.setViewportSize({ width: 390, height: 844 });
  await phone();
  await page.setViewportSize({ width: 1280, height: 900 });
  await wide();
});
