/**
 * Issue 20, words and self-edit: a save's notification names the record; an admin editing
 * themselves reads why Role and Active are locked, and a server refusal in words on the form; no
 * title in the sider or on a card is cut with no way to read it (1366 px and a 390 px phone).
 */
import type { Page } from "@playwright/test";
import { AFTER_UNDO, expect, test, unique, refuseAsLastAdmin } from "./fixtures";

test("saving and deleting name the record: “Category … created”, “… saved”, “… deleted”", async ({ page, login }) => {
  await login("admin");
  const name = unique("Words");
  await page.goto("/categories/create");
  await page.getByLabel("Name").fill(name);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: `Category ${name} created` })).toBeVisible();
  await expect(page.getByText("Successfully created")).toHaveCount(0);

  await expect(page).toHaveURL(/\/categories\/show\/\d+$/);
  const id = /\/show\/(\d+)$/.exec(page.url())![1];
  await page.goto(`/categories/edit/${id}`);
  await page.getByLabel("Name").fill(`${name} 2`);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: `Category ${name} 2 saved` })).toBeVisible();

  // Deleted: said once its undo window has passed, by name too.
  await page.goto(`/categories/show/${id}`);
  await page.getByRole("button", { name: /Delete$/ }).click();
  await page.locator(".ant-popover:visible").getByRole("button", { name: "Delete" }).click();
  await expect(page.locator(".ant-notification-notice").filter({ hasText: `Category ${name} 2 deleted` })).toBeVisible(AFTER_UNDO);
  await expect(page.getByText("Successfully deleted")).toHaveCount(0);
});

test("an admin editing themselves reads why Role and Active are locked, and a refusal in words on the form", async ({ page, login }) => {
  await login("admin");
  const { user } = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: number; name: string } };
  await page.goto(`/staff/edit/${user.id}`);
  await expect(page.getByText("Role and Active are locked on your own account")).toBeVisible();
  // The server's refusal when the last admin would go (answered here for the form to show it).
  await refuseAsLastAdmin(page, user);
  await page.getByRole("button", { name: "Save" }).click();
  const refusal = page.locator("form").getByRole("alert");
  await expect(refusal).toContainText("The server refused this save");
  await expect(refusal).toContainText(`${user.name} is the last active admin. Make someone else an admin first.`);

  // Someone else's record has no such note.
  await page.goto(`/staff/edit/${user.id === 1 ? 2 : 1}`);
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(page.getByText("Role and Active are locked on your own account")).toHaveCount(0);
});

/** Elements whose text is cut: wider than their box, with no title to read it whole. */
async function cutTitles(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>(".ant-menu-title-content, .ant-card-head-title, .sb-nowrap")]
      .filter((el) => el.checkVisibility() && el.scrollWidth > el.clientWidth + 1 && !el.title && !el.closest("[title]"))
      .map((el) => el.textContent ?? ""),
  );
}

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`no cut titles in the sider or on cards, in Spanish too, at ${width} px`, async ({ page, login }) => {
    await page.setViewportSize({ width, height });
    await login("manager");
    await expect(page.locator(".ant-card-head-title").first()).toBeVisible();
    if (width < 768) await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator(".ant-menu-title-content").first()).toBeVisible();
    expect(await cutTitles(page)).toEqual([]);
    // Spanish names are longer.
    await page.evaluate(() => localStorage.setItem("switchboard.language", "es"));
    await page.reload();
    await expect(page.locator(".ant-card-head-title").first()).toBeVisible();
    if (width < 768) await page.getByRole("button", { name: "Menú" }).click();
    await expect(page.locator(".ant-menu-title-content").first()).toBeVisible();
    expect(await cutTitles(page)).toEqual([]);
    // A SKU and a rank stay whole: one line each.
    for (const code of await page.locator(".ant-card .sb-nowrap").all()) {
      const box = await code.boundingBox();
      const line = await code.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 22);
      expect(box!.height).toBeLessThanOrEqual(line * 1.5);
    }
  });
}
