import { describe, expect, it } from "vitest";
import { getEntity, readableFieldNames, type ResourceName } from "./entities";
import type { Role } from "./entities/staff";
import { canDo, defineAbilityFor, permittedFields, stripRecord, type Action } from "./policy";

const SELF = 7;
const OTHER = 8;

/** The row a rule is tried on: "own" is the actor's, "other" somebody else's (by ownerId or assigneeId; for staff, the record itself). */
function row(resource: ResourceName, whose: "own" | "other", extra: Record<string, unknown> = {}) {
  const owner = whose === "own" ? SELF : OTHER;
  switch (resource) {
    case "customers":
      return { id: 1, ownerId: owner, ...extra };
    case "orders":
      return { id: 1, assigneeId: owner, status: "draft", ...extra };
    case "staff":
      return { id: whose === "own" ? SELF : OTHER, ...extra };
    case "views":
      return { id: 1, ownerId: owner, shared: "me", ...extra };
    default:
      return { id: 1, ...extra };
  }
}

type Expect = Record<Action, [own: boolean, other: boolean]>;
const none: Expect = { read: [false, false], create: [false, false], update: [false, false], delete: [false, false], transition: [false, false] };
const readOnly: Expect = { ...none, read: [true, true] };
const all: Expect = { read: [true, true], create: [true, true], update: [true, true], delete: [true, true], transition: [false, false] };
const ownOnly: Expect = { read: [true, false], create: [true, false], update: [true, false], delete: [false, false], transition: [false, false] };
/** Everyone keeps their own saved views, whatever their role; another's private view is not theirs to see. */
const personal: Expect = { ...ownOnly, delete: [true, false] };

/** Who may do what, role by resource, as a table. For staff, "own" is the actor's own record. Orders rows are drafts. */
const TABLE: Record<Role, Record<ResourceName, Expect>> = {
  admin: {
    // An admin may not delete their own account.
    staff: { ...all, delete: [false, true] },
    customers: all,
    categories: all,
    products: all,
    orders: { ...all, transition: [true, true] },
    "audit-events": readOnly,
    roles: all,
    views: personal,
  },
  manager: {
    staff: readOnly,
    customers: all,
    categories: all,
    products: all,
    orders: { ...all, transition: [true, true] },
    "audit-events": readOnly,
    roles: readOnly,
    views: personal,
  },
  agent: {
    staff: readOnly,
    customers: ownOnly,
    categories: readOnly,
    products: readOnly,
    orders: { ...ownOnly, delete: [true, false], transition: [true, false] },
    "audit-events": none,
    roles: none,
    views: personal,
  },
  auditor: {
    staff: readOnly,
    customers: readOnly,
    categories: readOnly,
    products: readOnly,
    orders: readOnly,
    "audit-events": readOnly,
    roles: readOnly,
    views: personal,
  },
};

const ACTIONS: Action[] = ["read", "create", "update", "delete", "transition"];

describe("policy table: role × resource × action × own/other", () => {
  for (const [role, resources] of Object.entries(TABLE) as [Role, Record<ResourceName, Expect>][]) {
    const ability = defineAbilityFor({ id: SELF, role });
    for (const [resource, expected] of Object.entries(resources) as [ResourceName, Expect][]) {
      for (const action of ACTIONS) {
        const [own, other] = expected[action];
        it(`${role} ${action} ${resource}: own ${own}, other ${other}`, () => {
          expect(canDo(ability, action, resource, row(resource, "own"))).toBe(own);
          expect(canDo(ability, action, resource, row(resource, "other"))).toBe(other);
        });
      }
    }
  }

  it("nobody signed in may do anything", () => {
    const ability = defineAbilityFor(null);
    for (const resource of Object.keys(TABLE.admin) as ResourceName[]) expect(canDo(ability, "read", resource)).toBe(false);
  });
});

describe("field level", () => {
  const agent = defineAbilityFor({ id: SELF, role: "agent" });
  const manager = defineAbilityFor({ id: SELF, role: "manager" });
  const admin = defineAbilityFor({ id: SELF, role: "admin" });

  it("creditLimit and cost do not exist for agents", () => {
    expect(permittedFields(agent, "read", "customers")).not.toContain("creditLimit");
    expect(permittedFields(agent, "read", "products")).not.toContain("cost");
    expect(permittedFields(agent, "update", "customers", row("customers", "own"))).not.toContain("creditLimit");
    expect(permittedFields(manager, "read", "customers")).toContain("creditLimit");
    expect(permittedFields(manager, "read", "products")).toContain("cost");
  });

  it("lastLoginAt is for admins only", () => {
    expect(permittedFields(admin, "read", "staff")).toContain("lastLoginAt");
    for (const role of ["manager", "agent", "auditor"] as const) {
      expect(permittedFields(defineAbilityFor({ id: SELF, role }), "read", "staff")).not.toContain("lastLoginAt");
    }
  });

  it("a password is never readable, by anyone", () => {
    for (const role of ["admin", "manager", "agent", "auditor"] as const) {
      expect(permittedFields(defineAbilityFor({ id: SELF, role }), "read", "staff")).not.toContain("password");
    }
  });

  it("stripRecord removes what the role may not see", () => {
    expect(stripRecord(agent, "products", { id: 1, sku: "AB-1", price: 500, cost: 200 })).toEqual({ id: 1, sku: "AB-1", price: 500 });
    expect(stripRecord(manager, "products", { id: 1, sku: "AB-1", price: 500, cost: 200 })).toEqual({ id: 1, sku: "AB-1", price: 500, cost: 200 });
  });

  describe("an audit event's changes obey the field rules of the record they are about", () => {
    const event = (resource: string, changes: Record<string, unknown>) => ({ id: 9, action: "delete", resource, recordId: 4, changes });
    const change = { from: 1, to: null };

    it("a deleted staff account's lastLoginAt is for admins only, in the log as on the record", () => {
      const changes = { name: { from: "Bea", to: null }, lastLoginAt: { from: "2026-01-01T00:00:00.000Z", to: null } };
      expect(stripRecord(admin, "audit-events", event("staff", changes)).changes).toEqual(changes);
      for (const role of ["manager", "auditor"] as const) {
        expect(stripRecord(defineAbilityFor({ id: SELF, role }), "audit-events", event("staff", changes)).changes).toEqual({ name: changes.name });
      }
    });

    it("a password change stays recorded by name for every reader of the log", () => {
      const changes = { password: { to: "[changed]" } };
      for (const ability of [admin, manager, defineAbilityFor({ id: SELF, role: "auditor" })])
        expect(stripRecord(ability, "audit-events", event("staff", changes)).changes).toEqual(changes);
    });

    it("sign-in events (resource auth) keep what they carry", () => {
      expect(stripRecord(manager, "audit-events", event("auth", { password: { to: "[changed]" } })).changes).toEqual({ password: { to: "[changed]" } });
    });

    // Every field a role may not read, on every resource, for every role that reads the log.
    const rows = (["admin", "manager", "agent", "auditor"] as const).flatMap((role) =>
      (["staff", "customers", "categories", "products", "orders"] as const).flatMap((resource) => {
        const ability = defineAbilityFor({ id: SELF, role });
        const readable = permittedFields(ability, "read", resource);
        return readableFieldNames(getEntity(resource))
          .filter((f) => !readable.includes(f))
          .map((field) => [role, resource, field] as const);
      }),
    );
    it("there are hidden fields to test", () =>
      expect(rows.map(([role, resource, field]) => `${role}:${resource}.${field}`)).toEqual(
        expect.arrayContaining(["manager:staff.lastLoginAt", "auditor:staff.lastLoginAt", "agent:customers.creditLimit", "agent:products.cost"]),
      ));
    it.each(rows)("%s never sees %s.%s in an event's changes", (role, resource, field) => {
      const ability = defineAbilityFor({ id: SELF, role });
      const stripped = stripRecord(ability, "audit-events", event(resource, { [field]: change, id: change }));
      // A role that may not read the log gets no changes at all; one that may, gets them without the field.
      if (!canDo(ability, "read", "audit-events")) expect(stripped).toEqual({});
      else expect(stripped.changes).toEqual({ id: change });
    });
  });

  it("no admin demotes or deactivates themselves, but may another admin", () => {
    expect(canDo(admin, "update", "staff", row("staff", "own"), "role")).toBe(false);
    expect(canDo(admin, "update", "staff", row("staff", "own"), "active")).toBe(false);
    expect(canDo(admin, "update", "staff", row("staff", "own"), "name")).toBe(true);
    expect(canDo(admin, "update", "staff", row("staff", "other"), "role")).toBe(true);
    expect(canDo(admin, "update", "staff", row("staff", "other"), "active")).toBe(true);
  });

  it("an agent may not hand a customer to someone else", () => {
    expect(canDo(agent, "update", "customers", row("customers", "own"), "ownerId")).toBe(false);
    expect(canDo(agent, "update", "customers", row("customers", "own"), "name")).toBe(true);
  });

  it("after draft an order changes only notes, and assignee for managers", () => {
    const placedOwn = row("orders", "own", { status: "placed" });
    expect(canDo(manager, "update", "orders", placedOwn, "notes")).toBe(true);
    expect(canDo(manager, "update", "orders", placedOwn, "assigneeId")).toBe(true);
    expect(canDo(manager, "update", "orders", placedOwn, "items")).toBe(false);
    expect(canDo(manager, "update", "orders", placedOwn, "customerId")).toBe(false);
    expect(canDo(agent, "update", "orders", placedOwn, "notes")).toBe(true);
    expect(canDo(agent, "update", "orders", placedOwn, "assigneeId")).toBe(false);
    expect(canDo(agent, "update", "orders", placedOwn, "items")).toBe(false);
    expect(canDo(agent, "update", "orders", row("orders", "own"), "items")).toBe(true);
  });

  it("only draft orders are deleted", () => {
    expect(canDo(manager, "delete", "orders", row("orders", "other", { status: "placed" }))).toBe(false);
    expect(canDo(agent, "delete", "orders", row("orders", "own", { status: "placed" }))).toBe(false);
  });

  it("agents move their own orders forward but never cancel or refund", () => {
    const own = row("orders", "own", { status: "placed" });
    for (const to of ["placed", "paid", "shipped", "delivered"]) expect(canDo(agent, "transition", "orders", own, to)).toBe(true);
    for (const to of ["cancelled", "refunded"]) {
      expect(canDo(agent, "transition", "orders", own, to)).toBe(false);
      expect(canDo(manager, "transition", "orders", own, to)).toBe(true);
      expect(canDo(admin, "transition", "orders", own, to)).toBe(true);
    }
  });
});
