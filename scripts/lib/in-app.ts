import { chromium, type Page } from "@playwright/test";

/** Debian's Chromium (Playwright cannot download its own here), with what keeps it from doing anything of its own during a run. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    headless: true,
  });
}

/** A row of a list's table, in both ours and the stock scaffold. */
export const FIRST_ROW = "tbody tr.ant-table-row";

/** Something still loading in the page's main area. */
export const SETTLING = "main .ant-spin-spinning, main .ant-skeleton";

/** Goes to `path` inside the running app, as its links do. */
export async function go(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/** A list's rows are on screen with nothing loading. */
export async function listShown(page: Page) {
  await page.waitForFunction(([row, settling]) => !!document.querySelector(row) && !document.querySelector(settling), [FIRST_ROW, SETTLING] as const, {
    polling: "raf",
  });
}

/** Clicks the list's page 2 and waits until its first row is another than `before` (page 1's), with nothing loading. */
export async function toPageTwo(page: Page, before: string) {
  await page.locator(".ant-pagination-item-2").first().click();
  await page.waitForFunction(
    ([row, settling, first]) => {
      const el = document.querySelector<HTMLElement>(row);
      return !!el && el.innerText !== first && !document.querySelector(settling);
    },
    [FIRST_ROW, SETTLING, before] as const,
    { polling: "raf" },
  );
}
