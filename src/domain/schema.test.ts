import { describe, expect, it } from "vitest";
import * as C from "./constants";
import { categories, customers, orders, products, staff } from "./entities";
import { checkFieldValue, validateWrite } from "./schema";
import type { FieldDef } from "./fields";

const ok = (f: FieldDef, v: unknown) => expect(checkFieldValue(f, v)).toBeNull();
const bad = (f: FieldDef, v: unknown, message?: RegExp) => {
  const m = checkFieldValue(f, v);
  expect(m).not.toBeNull();
  if (message) expect(m).toMatch(message);
};

describe("validation bounds, at and past each bound", () => {
  it("names: 2–120 characters, trimmed", () => {
    const f = customers.fields.name;
    ok(f, "ab");
    ok(f, "x".repeat(C.NAME_MAX));
    bad(f, "a", /at least 2/);
    bad(f, "  a  ", /at least 2/);
    bad(f, "x".repeat(C.NAME_MAX + 1), /at most 120/);
    bad(f, "", /Required/);
  });

  it("notes and description: at most 2,000", () => {
    for (const f of [customers.fields.notes, products.fields.description, categories.fields.description, orders.fields.notes]) {
      ok(f, "x".repeat(C.LONG_TEXT_MAX));
      bad(f, "x".repeat(C.LONG_TEXT_MAX + 1), /at most 2,000/);
      ok(f, ""); // optional: blank means absent
    }
  });

  it("email: valid, at most 254 characters", () => {
    const f = staff.fields.email;
    ok(f, "a@example.com");
    const local = "a".repeat(64);
    const domain = `${"d".repeat(60)}.${"e".repeat(60)}.${"f".repeat(60)}.com`;
    const long = `${local}@${domain}`;
    expect(long.length).toBeLessThanOrEqual(C.EMAIL_MAX);
    ok(f, long);
    const tooLong = `${local}@${"g".repeat(C.EMAIL_MAX + 1 - local.length - 1 - domain.length)}${domain}`;
    expect(tooLong.length).toBe(C.EMAIL_MAX + 1);
    bad(f, tooLong, /at most 254/);
    bad(f, "not-an-email", /valid email/);
    bad(f, "a@", /valid email/);
  });

  it("phone and sku patterns", () => {
    ok(customers.fields.phone, "+1 (555) 010-2030");
    ok(customers.fields.phone, "1234567");
    bad(customers.fields.phone, "123456");
    bad(customers.fields.phone, "1".repeat(21));
    bad(customers.fields.phone, "555-CALL-NOW");
    ok(products.fields.sku, "AB1");
    ok(products.fields.sku, "A".repeat(20));
    bad(products.fields.sku, "AB");
    bad(products.fields.sku, "A".repeat(21));
    bad(products.fields.sku, "-AB1");
    bad(products.fields.sku, "ab-1");
  });

  it.each([
    ["price", products.fields.price, C.PRICE_MIN, C.PRICE_MAX],
    ["cost", products.fields.cost, C.COST_MIN, C.COST_MAX],
    ["creditLimit", customers.fields.creditLimit, C.CREDIT_LIMIT_MIN, C.CREDIT_LIMIT_MAX],
    ["stock", products.fields.stock, C.STOCK_MIN, C.STOCK_MAX],
  ])("%s: %i … %i, whole numbers only", (_name, f, min, max) => {
    ok(f, min);
    ok(f, max);
    bad(f, min - 1, /at least/);
    bad(f, max + 1, /at most/);
    bad(f, min + 0.5, /whole number/);
    bad(f, "12", /number/);
  });

  it("passwords: 12–128 characters", () => {
    const f = staff.fields.password;
    ok(f, "x".repeat(C.PASSWORD_MIN_LENGTH));
    ok(f, "x".repeat(C.PASSWORD_MAX_LENGTH));
    bad(f, "x".repeat(C.PASSWORD_MIN_LENGTH - 1), /at least 12/);
    bad(f, "x".repeat(C.PASSWORD_MAX_LENGTH + 1), /at most 128/);
  });

  it("enums accept only their options", () => {
    ok(staff.fields.role, "auditor");
    // A role is any role's key: that one exists is the server's check, against the roles stored.
    ok(staff.fields.role, "warehouse");
    bad(staff.fields.role, "Not A Key");
    ok(customers.fields.tier, "gold");
    bad(customers.fields.tier, "platinum");
  });

  it("order items: 1–50 lines, quantity 1–999, no client unitPrice", () => {
    const base = { customerId: 1, assigneeId: 2 };
    const line = (quantity: number) => ({ productId: 1, quantity });
    expect(validateWrite(orders, base, "create").errors?.items).toEqual(["Required"]);
    expect(validateWrite(orders, { ...base, items: [] }, "create").errors?.items?.[0]).toMatch(/at least 1 item/);
    expect(validateWrite(orders, { items: [] }, "update").errors?.items?.[0]).toMatch(/at least 1 item/);
    expect(validateWrite(orders, { ...base, items: [line(1), line(C.ORDER_MAX_QUANTITY)] }, "create").errors).toBeUndefined();
    expect(validateWrite(orders, { ...base, items: [line(0)] }, "create").errors).toHaveProperty(["items.0.quantity"]);
    // The field itself names the line, as the form's rule does.
    expect(validateWrite(orders, { ...base, items: [line(1), line(0)] }, "create").errors?.items).toEqual(["Line 2: Must be at least 1"]);
    expect(checkFieldValue(orders.fields.items, [line(1), line(1000)])).toBe("Line 2: Must be at most 999");
    expect(validateWrite(orders, { ...base, items: [line(C.ORDER_MAX_QUANTITY + 1)] }, "create").errors).toHaveProperty(["items.0.quantity"]);
    const fifty = Array.from({ length: C.ORDER_MAX_ITEMS }, () => line(1));
    expect(validateWrite(orders, { ...base, items: fifty }, "create").errors).toBeUndefined();
    expect(validateWrite(orders, { ...base, items: [...fifty, line(1)] }, "create").errors?.items?.[0]).toMatch(/At most 50/);
    expect(validateWrite(orders, { ...base, items: [{ ...line(1), unitPrice: 1 }] }, "create").errors).toHaveProperty(["items.0"]);
  });
});

describe("validateWrite", () => {
  it("trims text, lower-cases emails and drops blank optional text", () => {
    const { data, errors } = validateWrite(
      customers,
      { name: "  Grace Hopper ", email: " Grace@Example.COM ", company: "   ", tier: "gold", creditLimit: 100, ownerId: 3 },
      "create",
    );
    expect(errors).toBeUndefined();
    expect(data).toMatchObject({ name: "Grace Hopper", email: "grace@example.com", tier: "gold" });
    expect(data).not.toHaveProperty("company");
  });

  it("names every missing required field on create and fills defaults", () => {
    const { data, errors } = validateWrite(products, {}, "create");
    expect(Object.keys(errors ?? {}).sort()).toEqual(["categoryId", "cost", "name", "price", "sku"]);
    expect(data).toMatchObject({ stock: 0, status: "draft" });
  });

  it("on update only touches what was sent; null clears an optional field and cannot clear a required one", () => {
    expect(validateWrite(customers, { notes: null }, "update")).toEqual({ data: { notes: null } });
    expect(validateWrite(customers, { name: null }, "update").errors).toEqual({ name: ["Required"] });
    // Nor one with a default (a staff member is active or not, never neither: the database agrees).
    expect(validateWrite(staff, { active: null }, "update").errors).toEqual({ active: ["Required"] });
    expect(validateWrite(customers, {}, "update")).toEqual({ data: {} });
  });

  it("never takes server-managed fields", () => {
    const { data } = validateWrite(orders, { customerId: 1, assigneeId: 1, total: 5, status: "paid", number: "SO-1" }, "create");
    expect(data).not.toHaveProperty("total");
    expect(data).not.toHaveProperty("status");
    expect(data).not.toHaveProperty("number");
  });
});
