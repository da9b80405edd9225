import { describe, expect, it } from "vitest";
import { categories, orders, staff } from "../../domain/entities";
import { toPayload } from "./payload";
import type { NamedField } from "./entity-view";

const staffFields = Object.entries(staff.fields) as NamedField[];
const categoryFields = Object.entries(categories.fields) as NamedField[];
const orderFields = (Object.entries(orders.fields) as NamedField[]).filter(([, f]) => f.write !== "never");

describe("the body a form sends", () => {
  it("on create, sends what was filled in", () => {
    expect(toPayload(staffFields, { name: "Ann", email: "ann@example.com", role: "agent", active: true, password: "long-enough-password" }, "create")).toEqual({
      name: "Ann",
      email: "ann@example.com",
      role: "agent",
      active: true,
      password: "long-enough-password",
    });
    expect(toPayload(categoryFields, { name: "Cables", description: "" }, "create")).toEqual({ name: "Cables" });
  });

  it("on edit, sends only what changed, with the record's version", () => {
    const record = { id: 3, name: "Ann", email: "ann@example.com", role: "agent", active: true, version: 4 };
    expect(toPayload(staffFields, { ...record, role: "manager", password: "" }, "edit", record)).toEqual({ role: "manager", version: 4 });
    expect(toPayload(staffFields, { ...record }, "edit", record)).toEqual({ version: 4 });
  });

  it("clears an optional field with null, and treats absent and empty as the same", () => {
    const record = { id: 1, name: "Cables", description: "Old", version: 1 };
    expect(toPayload(categoryFields, { name: "Cables", description: "" }, "edit", record)).toEqual({ description: null, version: 1 });
    expect(toPayload(categoryFields, { name: "Cables", description: "" }, "edit", { id: 1, name: "Cables", version: 1 })).toEqual({ version: 1 });
  });

  it("sends a password on edit only when one was typed", () => {
    const record = { id: 3, name: "Ann", version: 2 };
    expect(toPayload(staffFields, { name: "Ann", password: "a-new-long-password" }, "edit", record)).toEqual({ password: "a-new-long-password", version: 2 });
  });

  it("sends order lines without the unitPrice the form shows, and only when they changed", () => {
    const items = [{ productId: 4, quantity: 2, unitPrice: 999 }];
    const record = { id: 9, customerId: 1, assigneeId: 2, items, version: 3 };
    expect(toPayload(orderFields, { ...record }, "edit", record)).toEqual({ version: 3 });
    expect(toPayload(orderFields, { ...record, items: [...items, { productId: 5, quantity: 1 }] }, "edit", record)).toEqual({
      items: [
        { productId: 4, quantity: 2 },
        { productId: 5, quantity: 1 },
      ],
      version: 3,
    });
    expect(toPayload(orderFields, { customerId: 1, assigneeId: 2, items: [{ productId: 4, quantity: 3 }] }, "create")).toEqual({
      customerId: 1,
      assigneeId: 2,
      items: [{ productId: 4, quantity: 3 }],
    });
  });
});
