import { CURRENCY } from "../../domain/constants";

/**
 * The first Intl formatter a page builds costs 30–85 ms on this project's 2-core machine (the
 * browser sets up ICU, its locale data); every one after it, any locale, under 2 ms. The first
 * list or record paints money and dates, so that cost fell between the app's code arriving and its
 * first row. Built here instead, from the entry, while the main thread waits for that code to be
 * fetched and parsed (decision 113). Only a constant is imported: the entry stays as small.
 */
export function warmIntl() {
  setTimeout(() => {
    try {
      new Intl.NumberFormat(undefined, { style: "currency", currency: CURRENCY }).format(0);
      new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }).format(0);
    } catch {
      // A browser without Intl's full data: the app's own formatters say so where it matters.
    }
  }, 0);
}
