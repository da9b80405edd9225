import { describe, expect, it } from "vitest";
import { customers, orders, products } from "../../domain/entities";
import { defineAbilityFor } from "../../domain/policy";
import { fieldLabelKey } from "../i18n/definition-keys";
import { bulkEditableFields, sharedValue } from "./bulk-edit";

const as = (role: "manager" | "agent" | "auditor", id = 7) => defineAbilityFor({ id, role });
const names = (fields: [string, unknown][]) => fields.map(([n]) => n);

describe("the fields Edit selected offers", () => {
  it("offers only enum, reference, money, integer and boolean fields the role may write", () => {
    const mine = [
      { id: 1, ownerId: 2, tier: "gold" },
      { id: 2, ownerId: 2, tier: "standard" },
    ];
    expect(names(bulkEditableFields(customers, as("manager", 2), mine))).toEqual(["tier", "creditLimit", "ownerId"]);
    // An agent may not write the credit limit, nor hand a customer to someone else.
    expect(names(bulkEditableFields(customers, as("agent", 2), mine))).toEqual(["tier"]);
    expect(bulkEditableFields(customers, as("auditor"), mine)).toEqual([]);
  });

  it("offers only what the role may write on every selected record", () => {
    // The agent's own customer and someone else's: nothing is writable on both.
    expect(
      bulkEditableFields(customers, as("agent", 2), [
        { id: 1, ownerId: 2 },
        { id: 2, ownerId: 3 },
      ]),
    ).toEqual([]);
    // A draft order and a placed one: only the assignee is open on both (notes are text).
    expect(
      names(
        bulkEditableFields(orders, as("manager"), [
          { id: 1, status: "draft" },
          { id: 2, status: "placed" },
        ]),
      ),
    ).toEqual(["assigneeId"]);
    expect(bulkEditableFields(customers, as("manager"), [])).toEqual([]);
  });

  it("offers a lifecycle field only the values every record may go to, under the field's own label", () => {
    const status = (...from: string[]) =>
      bulkEditableFields(
        products,
        as("manager"),
        from.map((s, i) => ({ id: i + 1, status: s })),
      ).find(([n]) => n === "status")?.[1];
    expect(status("draft", "archived")?.options).toEqual(["active"]);
    expect(status("active", "active")?.options).toEqual(["active", "archived"]);
    expect(fieldLabelKey(status("draft", "archived")!)).toBe(fieldLabelKey(products.fields.status));
  });

  it("starts an input from the value all the records share", () => {
    expect(sharedValue([{ tier: "gold" }, { tier: "gold" }], "tier")).toBe("gold");
    expect(sharedValue([{ tier: "gold" }, { tier: "silver" }], "tier")).toBeUndefined();
    expect(sharedValue([], "tier")).toBeUndefined();
  });
});
