import { describe, expect, it } from "vitest";
import { customers } from "../../domain/entities/customers";
import { orders } from "../../domain/entities/orders";
import type { NamedField } from "./entity-view";
import { presetCreateValues } from "./create-presets";

const fieldsOf = (fields: Record<string, unknown>) => Object.entries(fields) as NamedField[];

describe("presetCreateValues", () => {
  it("takes a reference named in the link, as a number when it is one", () => {
    expect(presetCreateValues(fieldsOf(orders.fields), new URLSearchParams("customerId=12&to=/customers/show/12"))).toEqual({ customerId: 12 });
  });

  it("ignores what is not a reference field of the form", () => {
    expect(presetCreateValues(fieldsOf(orders.fields), new URLSearchParams("status=paid&total=1&notes=x"))).toEqual({});
  });

  it.each([
    ["an agent", "agent", { ownerId: 7 }],
    ["a manager", "manager", { ownerId: 7 }],
    ["an admin (who may not own customers)", "admin", {}],
  ])("makes %s the owner of a new customer only when they may own one", (_who, role, expected) => {
    expect(presetCreateValues(fieldsOf(customers.fields), new URLSearchParams(), { id: 7, role })).toEqual(expected);
  });

  it("makes the creator a new order's assignee, the link's customer kept", () => {
    expect(presetCreateValues(fieldsOf(orders.fields), new URLSearchParams("customerId=3"), { id: 2, role: "admin" })).toEqual({
      customerId: 3,
      assigneeId: 2,
    });
    expect(presetCreateValues(fieldsOf(orders.fields), new URLSearchParams(), { id: 2, role: "auditor" })).toEqual({});
  });

  it("lets the link name someone else than the creator", () => {
    expect(presetCreateValues(fieldsOf(customers.fields), new URLSearchParams("ownerId=9"), { id: 7, role: "manager" })).toEqual({ ownerId: 9 });
  });
});
