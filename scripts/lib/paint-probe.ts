import type { Page } from "@playwright/test";

/** In the page before its scripts (`addInitScript`): the time of the first animation frame after an element matching `selector` appears. */
export function paintProbe(selector: string) {
  const probe = window as unknown as { __firstRowPaintedAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => (probe.__firstRowPaintedAt = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** What paintProbe found, once it has: ms from the page's navigation start. */
export const paintedAt = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __firstRowPaintedAt?: number }).__firstRowPaintedAt).then((h) => h.jsonValue() as Promise<number>);
