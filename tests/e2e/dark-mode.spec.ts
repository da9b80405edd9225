import { readability, TinyColor } from "@ctrl/tinycolor";
import type { Locator, Page } from "@playwright/test";
import { expect, luminance, test } from "./fixtures";

/** WCAG contrast of a colour, translucent as antd's text tokens are, over the opaque one it shows on. */
const contrast = (fg: string, bg: string) => readability(new TinyColor(fg).onBackground(bg), bg);

/** The colour the page's main surface is painted with. */
const background = (locator: Locator) => locator.evaluate((el) => getComputedStyle(el).backgroundColor);
const pageSurface = (page: Page) => background(page.locator("main.ant-layout-content").locator("xpath=ancestor::div[contains(@class,'ant-layout')][1]"));
const isDark = async (page: Page) => luminance(await pageSurface(page)) < 0.1;

test.describe("with the system in light mode", () => {
  test.use({ colorScheme: "light" });

  test("the Dark mode switch turns the app dark, and the choice outlives a reload", async ({ page, login }) => {
    await login("manager");
    const dark = page.getByRole("switch", { name: "Dark mode" });
    await expect(dark).not.toBeChecked();
    expect(await isDark(page)).toBe(false);

    await dark.click();
    await expect(dark).toBeChecked();
    await expect.poll(() => isDark(page)).toBe(true);

    await page.reload();
    await expect(page.getByRole("switch", { name: "Dark mode" })).toBeChecked();
    await expect.poll(() => isDark(page)).toBe(true);

    // And back to light, kept too.
    await page.getByRole("switch", { name: "Dark mode" }).click();
    await page.reload();
    await expect(page.getByRole("switch", { name: "Dark mode" })).not.toBeChecked();
    await expect.poll(() => isDark(page)).toBe(false);
  });
});

test.describe("with the system in dark mode", () => {
  test.use({ colorScheme: "dark" });

  test("the app starts dark when the user has not chosen", async ({ page, login }) => {
    await login("manager");
    await expect(page.getByRole("switch", { name: "Dark mode" })).toBeChecked();
    await expect.poll(() => isDark(page)).toBe(true);
  });

  test("the dashboard charts' text stands out from their dark background", async ({ page, login }) => {
    await login("manager");
    const chart = page.getByRole("figure", { name: /^Orders per day/ });
    const tick = chart.locator(".visx-axis-left text").first();
    await expect(tick).toBeVisible();
    const panel = page.getByRole("region", { name: "Orders per day" });
    const surface = await background(panel);
    expect(luminance(surface), "the chart's panel is dark").toBeLessThan(0.1);
    const fill = await tick.evaluate((el) => getComputedStyle(el).fill);
    // WCAG AA for normal text.
    expect(contrast(fill, surface)).toBeGreaterThanOrEqual(4.5);
  });
});
