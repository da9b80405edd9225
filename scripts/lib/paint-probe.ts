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

/**
 * In the page, before a click: from the next click to the first animation frame after an element
 * matching `selector` appears, in ms of the page's clock (read with `clickToPaint`). The driver's
 * own wait for the element also waits for whatever the page does right after painting it.
 */
export function clickToPaintProbe(selector: string) {
  const probe = window as unknown as { __clickedAt?: number; __clickToPaint?: number };
  probe.__clickedAt = undefined;
  probe.__clickToPaint = undefined;
  document.addEventListener("click", () => (probe.__clickedAt = performance.now()), { capture: true, once: true });
  const observer = new MutationObserver(() => {
    if (probe.__clickedAt === undefined || !document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => (probe.__clickToPaint = performance.now() - probe.__clickedAt!));
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** What clickToPaintProbe found, once it has. */
export const clickToPaint = (page: Page) =>
  page.waitForFunction(() => (window as unknown as { __clickToPaint?: number }).__clickToPaint).then((h) => h.jsonValue() as Promise<number>);
