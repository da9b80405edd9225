import { describe, expect, it } from "vitest";
import { IMPORT_MAX_BYTES } from "../../domain/constants";
import { categories, customers, orders, products } from "../../domain/entities";
import { defineAbilityFor } from "../../domain/policy";
import { columnChoices, fileKind, importParams, mayImport, refusal, rowsToWrite, templateCsv, templateFields } from "./import";

const as = (role: "admin" | "manager" | "agent" | "auditor", id = 7) => defineAbilityFor({ id, role });
const names = (fields: [string, unknown][]) => fields.map(([n]) => n);

describe("importing a spreadsheet into a list", () => {
  it("is offered on the importable lists to roles that may create there", () => {
    expect([customers, products, categories].every((def) => mayImport(def, as("manager")))).toBe(true);
    expect(mayImport(customers, as("agent"))).toBe(true);
    expect(mayImport(products, as("agent"))).toBe(false);
    expect(mayImport(customers, as("auditor"))).toBe(false);
    expect(mayImport(orders, as("admin"))).toBe(false);
  });

  it("templates the fields the role may fill in on a new record, less what the policy pins", () => {
    expect(names(templateFields(customers, as("manager")))).toEqual(["name", "email", "phone", "company", "tier", "creditLimit", "ownerId", "notes"]);
    // An agent's customers are their own and their credit limit is not theirs to set.
    expect(names(templateFields(customers, as("agent")))).toEqual(["name", "email", "phone", "company", "tier", "notes"]);
    expect(names(templateFields(products, as("manager")))).toEqual(["sku", "name", "categoryId", "price", "cost", "stock", "status", "description"]);
  });

  it("lets a column go to any field the role may write on create or update", () => {
    expect(names(columnChoices(customers, as("agent")))).toContain("ownerId");
    expect(names(columnChoices(customers, as("agent")))).not.toContain("creditLimit");
  });

  it("writes the template as a header line alone", () => {
    expect(templateCsv(["Name", "Email", "Credit, limit"])).toBe('Name,Email,"Credit, limit"\r\n');
  });

  it("takes .csv and .xlsx files up to the size limit, whatever their case", () => {
    expect(fileKind("People.CSV")).toBe("csv");
    expect(fileKind("book.xlsx")).toBe("xlsx");
    expect(fileKind("book.xls")).toBeNull();
    expect(fileKind("csv")).toBeNull();
    expect(refusal({ name: "a.csv", size: IMPORT_MAX_BYTES })).toBeNull();
    expect(refusal({ name: "a.csv", size: IMPORT_MAX_BYTES + 1 })).toBe("size");
    expect(refusal({ name: "a.pdf", size: 10 })).toBe("type");
  });

  it("asks with the contract's query: ignored columns as empty names", () => {
    expect(importParams({ dryRun: true })).toEqual({ dryRun: "true" });
    expect(importParams({ dryRun: false, skipInvalid: true, columns: ["name", null, "email"] })).toEqual({
      dryRun: "false",
      skipInvalid: "true",
      columns: "name,,email",
    });
  });

  it("counts as written only the rows that create or change something", () => {
    expect(rowsToWrite({ create: 3, update: 2, unchanged: 4, error: 1 })).toBe(5);
  });
});
