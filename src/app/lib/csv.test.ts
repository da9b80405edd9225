import { describe, expect, it } from "vitest";
import { customers, products } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import { defineAbilityFor } from "../../domain/policy";
import { csvColumns, toCsv } from "./csv";
import { showFields, type NamedField } from "./entity-view";

const fieldsOf = (entries: Record<string, unknown>) => Object.entries(entries) as NamedField[];

describe("the CSV an export writes", () => {
  it("money in dollars with two decimals, dates as stored, references as id and label", () => {
    const columns = csvColumns(
      fieldsOf({
        name: products.fields.name,
        price: products.fields.price,
        categoryId: products.fields.categoryId,
        createdAt: { type: "datetime", label: "Created", write: "never" },
      }),
      {
        categoryId: new Map([[3, "Cables"]]),
      },
    );
    const csv = toCsv(columns, [
      { name: "Plug", price: 1234, categoryId: 3, createdAt: "2026-01-02T03:04:05.000Z" },
      { name: "Free", price: 5, categoryId: 9 },
    ]);
    expect(csv).toBe("Name,Price,Category ID,Category,Created\r\nPlug,12.34,3,Cables,2026-01-02T03:04:05.000Z\r\nFree,0.05,9,,\r\n");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    const csv = toCsv([{ header: "Notes", value: (r) => r.notes }], [{ notes: 'Said "hi", then\nleft' }]);
    expect(csv).toBe('Notes\r\n"Said ""hi"", then\nleft"\r\n');
  });

  it("neutralizes what a spreadsheet would run as a formula, but keeps phone numbers", () => {
    const csv = toCsv([{ header: "v", value: (r) => r.v }], [{ v: "=HYPERLINK(1)" }, { v: "@SUM(A1)" }, { v: "+1 (555) 010-0100" }, { v: "-cmd" }]);
    expect(csv.split("\r\n").slice(1, 5)).toEqual(["'=HYPERLINK(1)", "'@SUM(A1)", "+1 (555) 010-0100", "'-cmd"]);
  });

  it("has a header and nothing else for an empty list", () => {
    expect(toCsv([{ header: "Name", value: (r) => r.name }], [])).toBe("Name\r\n");
  });

  it("exports only what the role may read: no credit limit or cost for an agent", () => {
    const agent = defineAbilityFor({ id: 3, role: "agent" });
    const manager = defineAbilityFor({ id: 2, role: "manager" });
    const headers = (def: EntityDef, ability: typeof agent) => csvColumns(showFields(def, ability)).map((c) => c.header);
    expect(headers(customers, manager)).toContain("Credit limit");
    expect(headers(customers, agent)).not.toContain("Credit limit");
    expect(headers(customers, agent)).toEqual(expect.arrayContaining(["ID", "Name", "Email", "Owner ID", "Owner", "Created"]));
    expect(headers(products, agent)).not.toContain("Cost");
    expect(headers(products, manager)).toContain("Cost");
  });
});
