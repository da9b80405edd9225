import { describe, expect, it } from "vitest";
import { copyLine, copyValue } from "./lib/pg-copy";

describe("COPY text encoding", () => {
  it("writes NULL as \\N, so an absent field is never the text 'null' or an empty string", () => {
    expect(copyValue(null)).toBe("\\N");
    expect(copyValue(undefined)).toBe("\\N");
    expect(copyValue("")).toBe("");
    // The two characters \N as text are escaped, so they are not read back as NULL.
    expect(copyValue("\\N")).toBe("\\\\N");
  });

  it("escapes the characters that would end a column or a row, and the backslash itself", () => {
    expect(copyValue("a\tb")).toBe("a\\tb");
    expect(copyValue("line 1\nline 2")).toBe("line 1\\nline 2");
    expect(copyValue("crlf\r\n")).toBe("crlf\\r\\n");
    expect(copyValue("C:\\path\\to")).toBe("C:\\\\path\\\\to");
    expect(copyValue("\\t is not a tab")).toBe("\\\\t is not a tab");
    // Everything else goes as it is: quotes, commas, Unicode.
    expect(copyValue(`O'Brien, "Ltd" — Zürich ✓`)).toBe(`O'Brien, "Ltd" — Zürich ✓`);
  });

  it("writes numbers, booleans and dates as PostgreSQL reads them", () => {
    expect(copyValue(0)).toBe("0");
    expect(copyValue(-12)).toBe("-12");
    expect(copyValue(100_000_000)).toBe("100000000");
    expect(copyValue(true)).toBe("t");
    expect(copyValue(false)).toBe("f");
    expect(copyValue(new Date("2026-11-23T12:00:00.000Z"))).toBe("2026-11-23T12:00:00.000Z");
    expect(() => copyValue(Number.NaN)).toThrow(/NaN/);
    expect(() => copyValue(Infinity)).toThrow(/Infinity/);
  });

  it("writes objects and arrays (jsonb) as their JSON, escaped like any text", () => {
    expect(copyValue([{ productId: 1, quantity: 2, unitPrice: 999 }])).toBe('[{"productId":1,"quantity":2,"unitPrice":999}]');
    // JSON escapes a newline as \n already; COPY must then see a literal backslash, doubled.
    expect(copyValue({ notes: { from: "a\nb", to: "tab\there" } })).toBe('{"notes":{"from":"a\\\\nb","to":"tab\\\\there"}}');
    expect(copyValue({ path: "C:\\x" })).toBe('{"path":"C:\\\\\\\\x"}');
    expect(copyValue({})).toBe("{}");
  });

  it("joins a row's values with tabs and ends it with a newline", () => {
    expect(copyLine([1, "Ada\tAdmin", null, true, { a: 1 }])).toBe('1\tAda\\tAdmin\t\\N\tt\t{"a":1}\n');
    expect(copyLine([])).toBe("\n");
  });
});
