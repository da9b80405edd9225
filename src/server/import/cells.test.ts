import { describe, expect, it } from "vitest";
import { categories, customers, orders, products, staff } from "../../domain/entities";
import { cellValue, REFERENCE_LOOKUP, UNIQUE_KEY } from "./cells";

const customer = (field: string, text: string, separator?: ";" | ",") => cellValue(customers, field, text, separator);
const product = (field: string, text: string, separator?: ";" | ",") => cellValue(products, field, text, separator);

describe("cellValue", () => {
  it("reads an empty or blank cell as empty, whatever the field", () => {
    for (const field of ["id", "name", "email", "tier", "creditLimit", "ownerId", "notes"]) {
      expect(customer(field, "")).toEqual({ empty: true });
      expect(customer(field, "  \t ")).toEqual({ empty: true });
    }
  });

  it("trims text, keeps it as written, and never runs a formula", () => {
    expect(customer("name", "  Ada Lovelace ")).toEqual({ value: "Ada Lovelace" });
    expect(customer("notes", "line one\nline two")).toEqual({ value: "line one\nline two" });
    expect(customer("notes", '=HYPERLINK("http://x","y")')).toEqual({ value: '=HYPERLINK("http://x","y")' });
  });

  it("drops the ' our export puts before = + - @, and only there", () => {
    expect(customer("notes", "'=1+1")).toEqual({ value: "=1+1" });
    expect(customer("notes", "'+33 call")).toEqual({ value: "+33 call" });
    expect(customer("notes", "'-x")).toEqual({ value: "-x" });
    expect(customer("notes", "'@sum(A1)")).toEqual({ value: "@sum(A1)" });
    expect(customer("notes", "'quoted'")).toEqual({ value: "'quoted'" });
    expect(customer("notes", "''=1")).toEqual({ value: "''=1" });
  });

  it("lower-cases an email the field stores lower-case", () => {
    expect(customer("email", " Ada@Example.COM ")).toEqual({ value: "ada@example.com" });
  });

  it("reads money as dollars into integer cents", () => {
    const cases: [string, number][] = [
      ["12.50", 1250],
      ["12.5", 1250],
      ["12", 1200],
      ["0.07", 7],
      [".5", 50],
      ["1,234.50", 123450],
      ["1,234,567", 123456700],
      ["$12.50", 1250],
      ["$ 1,234.56", 123456],
      ["-12.50", -1250],
      ["-$12.50", -1250],
      ["$-3", -300],
      ["12.50 US$", 1250],
      ["19.99", 1999],
      ["0.29", 29],
    ];
    for (const [text, cents] of cases) expect(customer("creditLimit", text), text).toEqual({ value: cents });
  });

  it("reads a decimal comma in a ; file, not in a , file", () => {
    expect(customer("creditLimit", "12,50", ";")).toEqual({ value: 1250 });
    expect(customer("creditLimit", "1.234,50", ";")).toEqual({ value: 123450 });
    expect(customer("creditLimit", "12.50", ";")).toEqual({ value: 1250 });
    expect(customer("creditLimit", "12,50", ",")).toEqual({ error: "Not a number of dollars with at most 2 decimals" });
    expect(customer("creditLimit", "12,50")).toEqual({ error: "Not a number of dollars with at most 2 decimals" });
  });

  it("refuses money with more than 2 decimals, or that is not a number", () => {
    for (const text of [
      "12.345",
      "1,234",
      "1,2345",
      "12,5",
      "abc",
      "12.50.1",
      "1.2.3",
      "--5",
      "-$-5",
      "12 50",
      "$",
      ".",
      "1e3",
      "Infinity",
      "99999999999999999999",
    ]) {
      const separator = text === "1,234" ? ";" : undefined;
      expect(customer("creditLimit", text, separator), text).toEqual({ error: "Not a number of dollars with at most 2 decimals" });
    }
  });

  it("reads whole numbers only as integers", () => {
    expect(product("stock", "42")).toEqual({ value: 42 });
    expect(product("stock", "-3")).toEqual({ value: -3 });
    expect(product("stock", "+7")).toEqual({ value: 7 });
    for (const text of ["4.5", "1,000", "ten", "1e3", "9007199254740993"]) expect(product("stock", text), text).toEqual({ error: "Not a whole number" });
  });

  it("reads booleans in English and Spanish, any case", () => {
    for (const text of ["true", "TRUE", "yes", "Yes", "sí", "SÍ", "si", "1", "verdadero"])
      expect(cellValue(staff, "active", text), text).toEqual({ value: true });
    for (const text of ["false", "No", "0", "FALSO"]) expect(cellValue(staff, "active", text), text).toEqual({ value: false });
    expect(cellValue(staff, "active", "maybe")).toEqual({ error: "Not one of: true, false, yes, no" });
  });

  it("reads an enum by value, English label or Spanish label, any case or accent", () => {
    for (const text of ["gold", "GOLD", " Gold ", "Oro", "oro"]) expect(customer("tier", text), text).toEqual({ value: "gold" });
    expect(customer("tier", "Estándar")).toEqual({ value: "standard" });
    expect(customer("tier", "estandar")).toEqual({ value: "standard" });
    expect(customer("tier", "Plata")).toEqual({ value: "silver" });
    expect(product("status", "Archivado")).toEqual({ value: "archived" });
    expect(customer("tier", "platinum")).toEqual({ error: "Not one of: standard, silver, gold" });
  });

  it("reads an enum whose options are records (a staff member's role) as the value, lower-cased", () => {
    expect(cellValue(staff, "role", " Agent ")).toEqual({ value: "agent" });
    expect(cellValue(staff, "role", "Night-Shift")).toEqual({ value: "night-shift" });
  });

  it("reads an id as a positive whole number", () => {
    expect(customer("id", "14")).toEqual({ value: 14 });
    for (const text of ["0", "-1", "1.5", "x"]) expect(customer("id", text), text).toEqual({ error: "Not an id (a positive whole number)" });
  });

  it("reads a reference as an id when it is one, else as a label for the service to look up", () => {
    expect(customer("ownerId", "3")).toEqual({ value: 3 });
    expect(customer("ownerId", " agent@example.com ")).toEqual({ reference: "agent@example.com" });
    expect(product("categoryId", "Office chairs")).toEqual({ reference: "Office chairs" });
    expect(customer("ownerId", "0")).toEqual({ error: "Not an id (a positive whole number)" });
  });

  it("refuses what the server sets and what does not fit a cell", () => {
    expect(cellValue(orders, "placedAt", "2026-03-05")).toEqual({ error: "Set by the server" });
    expect(cellValue(orders, "total", "12.50")).toEqual({ error: "Set by the server" });
    expect(cellValue(staff, "lastLoginAt", "2026-03-05")).toEqual({ error: "Set by the server" });
    expect(cellValue(orders, "items", "[]")).toEqual({ error: "Cannot be imported" });
    expect(cellValue(staff, "password", "correct horse battery")).toEqual({ error: "Cannot be imported" });
  });

  it("throws on a field the resource does not have: a caller's mistake, not the file's", () => {
    expect(() => customer("colour", "red")).toThrow(/no field colour/);
  });
});

describe("import keys", () => {
  it("name existing fields of each resource", () => {
    expect(UNIQUE_KEY).toEqual({ customers: "email", products: "sku", categories: "name" });
    const defs = { customers, products, categories, staff };
    for (const [resource, field] of Object.entries(UNIQUE_KEY)) expect(defs[resource as keyof typeof defs].fields[field!]?.unique, resource).toBe(true);
    for (const [resource, field] of Object.entries(REFERENCE_LOOKUP)) expect(defs[resource as keyof typeof defs].fields[field]?.unique, resource).toBe(true);
  });
});
