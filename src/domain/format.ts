import { CURRENCY, LOCALE } from "./constants";

/**
 * Numbers, money and dates for people, with Intl in the locale asked for (the operator's
 * language; en-US where there is none, as in the server's messages). Formatters are cached per
 * locale: building one costs more than using it.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<F extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => F): F {
  let f = cache.get(key) as F | undefined;
  if (!f) cache.set(key, (f = make()));
  return f;
}

const moneyFormat = (locale: string) => cached(`money:${locale}`, () => new Intl.NumberFormat(locale, { style: "currency", currency: CURRENCY }));

/** Cents to a display string: 123456 → "$1,234.56" (en-US), "1234,56 US$" (es-ES). */
export const formatMoney = (cents: number | null | undefined, locale: string = LOCALE) =>
  typeof cents === "number" ? moneyFormat(locale).format(cents / 100) : "";

export const formatNumber = (n: number, locale: string = LOCALE) => cached(`number:${locale}`, () => new Intl.NumberFormat(locale)).format(n);

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

/** "Mar 5, 2026, 14:07" / "5 mar 2026, 14:07": a timestamp in a list or on a record. */
export const formatDateTime = (value: string | number | Date, locale: string = LOCALE) =>
  cached(`datetime:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" })).format(toDate(value));

/** The whole date and time, for a tooltip: "Thursday, March 5, 2026 at 14:07:09". */
export const formatDateTimeLong = (value: string | number | Date, locale: string = LOCALE) =>
  cached(`datetime-long:${locale}`, () => new Intl.DateTimeFormat(locale, { dateStyle: "full", timeStyle: "medium", hourCycle: "h23" })).format(toDate(value));

/** A day: "Mar 5, 2026" / "5 mar 2026". */
export const formatDate = (value: string | number | Date, locale: string = LOCALE, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }) =>
  cached(`date:${locale}:${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options)).format(toDate(value));

/** Dollars (as typed in a form) to integer cents, without float drift: 12.34 → 1234. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => cents / 100;

export const formatOrderNumber = (n: number, prefix = "SO-", digits = 6) => `${prefix}${String(n).padStart(digits, "0")}`;
