import type { Page } from "@playwright/test";
import { expect, luminance, test } from "./fixtures";

// antd's styles come from a stylesheet per theme written at build (scripts/antd-css.tsx), not
// generated in the browser on each component's first use. These tests see the pages styled in each
// theme, nothing of those components generated at run time, the styles still made at run time
// (pro-layout's page header) taking precedence over the file as they always did, and a page
// fetching only its own theme's file until the user switches; and a click drawing no ripple (decision 129).

/** Rules the browser generated at run time (style elements) that style `selector`. */
const generatedRulesFor = (page: Page, selector: string) =>
  page.evaluate((sel) => Array.from(document.querySelectorAll("style")).filter((s) => s.textContent?.includes(sel)).length, selector);

for (const mode of ["light", "dark"] as const) {
  test.describe(`in ${mode} mode`, () => {
    test.use({ colorScheme: mode });

    test("the orders list and a record's page are styled from the built stylesheet, with a visible back arrow", async ({ page, login }) => {
      await login("manager", "/orders");
      const header = page.locator(".ant-table-thead th").first();
      await expect(header).toBeVisible();
      // The table header has antd's header background for this theme: near white in light, near black in dark.
      const headerBg = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(mode === "light" ? luminance(headerBg) > 0.9 : luminance(headerBg) < 0.05, `header background ${headerBg}`).toBe(true);
      // The primary button ("Create") wears the product's primary blue (the dark algorithm darkens it a little).
      const primary = await page
        .getByRole("button", { name: "Create" })
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(primary).toBe(mode === "light" ? "rgb(29, 78, 216)" : "rgb(28, 69, 187)");
      expect(await generatedRulesFor(page, ".ant-table-thead")).toBe(0);
      expect(await generatedRulesFor(page, ".ant-btn-primary")).toBe(0);

      await page.locator("tbody tr.ant-table-row a").first().click();
      const back = page.getByRole("button", { name: "back" });
      await expect(back).toBeVisible();
      // The page header's back arrow, styled at run time, is the theme's text colour: dark on light,
      // light on dark (once it came out white on white, beaten by the file's rules for the other theme).
      const arrow = await back.evaluate((el) => getComputedStyle(el).color);
      const alpha = Number(arrow.match(/[\d.]+/g)?.[3] ?? 1);
      expect(alpha).toBeGreaterThan(0.5);
      expect(mode === "light" ? luminance(arrow) < 0.1 : luminance(arrow) > 0.5, `back arrow ${arrow}`).toBe(true);
      await expect(page.locator("main .ant-descriptions").first()).toBeVisible();
      expect(await generatedRulesFor(page, ".ant-descriptions")).toBe(0);
    });
  });
}

test("a page fetches only its theme's stylesheet, and a switch to the other theme styles the page from the other's", async ({ page, login }) => {
  const fetched: string[] = [];
  page.on("request", (request) => {
    const file = request.url().match(/\/assets\/antd-(light|dark)-/);
    if (file) fetched.push(file[1]);
  });
  await login("manager", "/orders");
  const header = page.locator(".ant-table-thead th").first();
  await expect(header).toBeVisible();
  expect(luminance(await header.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeGreaterThan(0.9);
  expect(fetched).not.toContain("dark");

  await page.getByRole("switch", { name: "Dark mode" }).click();
  await expect.poll(async () => luminance(await header.evaluate((el) => getComputedStyle(el).backgroundColor))).toBeLessThan(0.05);
  expect(fetched).toContain("dark");
  expect(await generatedRulesFor(page, ".ant-table-thead")).toBe(0);
  expect(await generatedRulesFor(page, ".ant-btn-primary")).toBe(0);
});

test("a click on a button and on a checkbox draws no ripple over them: the click does only its own work", async ({ page, login }) => {
  await login("manager", "/orders");
  await expect(page.locator("tbody tr.ant-table-row").first()).toBeVisible();
  // antd's ripple is an element of class ant-wave, added inside the control in the frame after a click.
  await page.evaluate(() => {
    const seen = window as unknown as { __ripples: number };
    seen.__ripples = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof Element && (node.matches(".ant-wave") || node.querySelector(".ant-wave"))) seen.__ripples++;
    }).observe(document.body, { childList: true, subtree: true });
  });
  const afterTwoFrames = () => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await page.getByRole("button", { name: "Columns" }).click();
  const chooser = page.getByRole("group", { name: "Columns" });
  await expect(chooser).toBeVisible();
  await afterTwoFrames();
  // A row's checkbox: picking a row changes nothing stored, as the chooser's checkboxes would (the user's columns).
  await page.keyboard.press("Escape");
  const pick = page.locator("tbody tr.ant-table-row").first().getByRole("checkbox");
  await pick.click();
  await expect(pick).toBeChecked();
  await afterTwoFrames();
  expect(await page.evaluate(() => (window as unknown as { __ripples: number }).__ripples)).toBe(0);
});
