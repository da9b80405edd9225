import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "./format";

// Intl writes some separators as no-break spaces; compare what a reader sees.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, " ");

describe("numbers, money and dates in the operator's locale", () => {
  it("money", () => {
    expect(formatMoney(123456)).toBe("$1,234.56");
    expect(formatMoney(123456, "en-US")).toBe("$1,234.56");
    expect(plain(formatMoney(123456, "es-ES"))).toBe("1234,56 US$");
    expect(plain(formatMoney(12345678, "es-ES"))).toBe("123.456,78 US$");
    expect(formatMoney(undefined, "es-ES")).toBe("");
  });

  it("numbers", () => {
    expect(formatNumber(1234567, "en-US")).toBe("1,234,567");
    expect(formatNumber(1234567, "es-ES")).toBe("1.234.567");
  });

  it("dates", () => {
    const at = new Date(2026, 2, 5, 14, 7); // local time, as the browser shows it
    expect(plain(formatDateTime(at, "en-US"))).toBe("Mar 5, 2026, 14:07");
    expect(plain(formatDateTime(at, "es-ES"))).toBe("5 mar 2026, 14:07");
    expect(formatDate(at, "es-ES", { month: "long", year: "numeric" })).toBe("marzo de 2026");
  });
});
