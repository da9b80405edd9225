import { CURRENCY, LOCALE } from "./constants";

const money = new Intl.NumberFormat(LOCALE, { style: "currency", currency: CURRENCY });

/** Cents to a display string: 123456 → "$1,234.56". */
export const formatMoney = (cents: number | null | undefined) => (typeof cents === "number" ? money.format(cents / 100) : "");

/** Dollars (as typed in a form) to integer cents, without float drift: 12.34 → 1234. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => cents / 100;

export const formatOrderNumber = (n: number, prefix = "SO-", digits = 6) => `${prefix}${String(n).padStart(digits, "0")}`;
