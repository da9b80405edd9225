import { describe, expect, it } from "vitest";
import { customers, orders, products, staff } from "../../domain/entities";
import type { FieldDef } from "../../domain/fields";
import { defineAbilityFor } from "../../domain/policy";
import { columnFields, createDefaults, filterKind, fixedCreateValues, formFields, showFields } from "./entity-view";

const as = (role: "admin" | "manager" | "agent" | "auditor", id = 7) => defineAbilityFor({ id, role });
const names = (fields: [string, unknown][]) => fields.map(([n]) => n);

describe("what a generic view shows of an entity, per role", () => {
  it("lists only readable columns: no credit limit or cost for agents, last sign-in for admins only", () => {
    expect(names(columnFields(customers, as("manager")))).toContain("creditLimit");
    expect(names(columnFields(customers, as("agent")))).not.toContain("creditLimit");
    expect(names(columnFields(products, as("agent")))).not.toContain("cost");
    expect(names(columnFields(staff, as("admin")))).toContain("lastLoginAt");
    expect(names(columnFields(staff, as("manager")))).not.toContain("lastLoginAt");
  });

  it("adds the system columns a definition asks for: orders by creation date, with a date filter", () => {
    const columns = columnFields(orders, as("agent"));
    expect(names(columns)).toEqual(["number", "customerId", "assigneeId", "total", "status", "placedAt", "createdAt"]);
    expect(filterKind(columns.at(-1)![1])).toBe("dates");
  });

  it("never shows a write-only secret", () => {
    expect(names(showFields(staff, as("admin"), { id: 1 }))).not.toContain("password");
  });

  it("offers an input per writable field the role may write", () => {
    expect(names(formFields(staff, as("admin"), "create"))).toEqual(["name", "email", "role", "active", "password"]);
    expect(formFields(staff, as("manager"), "create")).toEqual([]);
    // An admin may not change their own role or deactivate themselves.
    expect(names(formFields(staff, as("admin", 7), "edit", { id: 7 }))).toEqual(["name", "email", "password"]);
    expect(names(formFields(customers, as("agent"), "edit", { id: 1, ownerId: 7 }))).not.toContain("ownerId");
    expect(names(formFields(customers, as("agent"), "create"))).not.toContain("creditLimit");
    // A placed order keeps only its notes and assignee open.
    expect(names(formFields(orders, as("manager"), "edit", { id: 1, status: "placed" }))).toEqual(["assigneeId", "notes"]);
  });

  it("offers a lifecycle field only the moves its record may make", () => {
    const status = (record?: Record<string, unknown>) =>
      (formFields(products, as("manager"), record ? "edit" : "create", record).find(([n]) => n === "status")?.[1] as FieldDef).options;
    expect(status()).toEqual(["draft", "active", "archived"]);
    expect(status({ id: 1, status: "draft" })).toEqual(["draft", "active"]);
    expect(status({ id: 1, status: "active" })).toEqual(["active", "archived"]);
    expect(status({ id: 1, status: "archived" })).toEqual(["archived", "active"]);
  });

  it("pins what the role's create rule requires: an agent's customer and order are their own", () => {
    expect(fixedCreateValues(customers, as("agent", 7))).toEqual({ ownerId: 7 });
    expect(fixedCreateValues(orders, as("agent", 7))).toEqual({ assigneeId: 7 });
    expect(fixedCreateValues(customers, as("manager"))).toEqual({});
  });

  it("starts a create form from the definition's defaults", () => {
    expect(createDefaults(customers)).toEqual({ tier: "standard", creditLimit: 0 });
    expect(createDefaults(staff)).toEqual({ active: true });
  });

  it("filters enums, booleans, references, numbers and dates; not free text", () => {
    expect(filterKind(staff.fields.role)).toBe("enum");
    expect(filterKind(staff.fields.active)).toBe("boolean");
    expect(filterKind(customers.fields.ownerId)).toBe("reference");
    expect(filterKind(customers.fields.creditLimit)).toBe("range");
    expect(filterKind(staff.fields.lastLoginAt)).toBe("dates");
    expect(filterKind(staff.fields.name)).toBeNull();
  });
});
