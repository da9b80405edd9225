import { describe, expect, it } from "vitest";
import { liveEventFor } from "./live";
import { defineAbilityFor } from "./policy";

const AGENT = 7;
const agent = defineAbilityFor({ id: AGENT, role: "agent" });
const manager = defineAbilityFor({ id: 2, role: "manager" });
const ev = (resource: string, action: string, changes: Record<string, { from?: unknown; to?: unknown }> = {}) => ({
  id: 100,
  resource,
  action,
  recordId: 5,
  actorId: 2,
  actorName: "Max Manager",
  changes,
});

describe("liveEventFor: what a reader is told of", () => {
  it("tells who moved which record how, and nothing of its fields", () => {
    expect(liveEventFor(manager, ev("orders", "transition", { status: { from: "draft", to: "placed" } }), { id: 5, assigneeId: 9 })).toEqual({
      seq: 100,
      resource: "orders",
      action: "transition",
      id: 5,
      actorId: 2,
      actorName: "Max Manager",
    });
  });

  it.each([
    ["an own order's change", "orders", "update", { notes: { from: "a", to: "b" } }, { id: 5, assigneeId: AGENT }, true],
    ["another agent's order's change", "orders", "update", { notes: { from: "a", to: "b" } }, { id: 5, assigneeId: 9 }, false],
    ["an order handed to them", "orders", "update", { assigneeId: { from: 9, to: AGENT } }, { id: 5, assigneeId: AGENT }, true],
    ["an order handed away from them", "orders", "update", { assigneeId: { from: AGENT, to: 9 } }, { id: 5, assigneeId: 9 }, true],
    ["an own order deleted (gone: the rule is tried on what it was)", "orders", "delete", { assigneeId: { from: AGENT, to: null } }, undefined, true],
    ["another's order deleted", "orders", "delete", { assigneeId: { from: 9, to: null } }, undefined, false],
    ["a creditLimit change alone", "customers", "update", { creditLimit: { from: 1, to: 2 } }, { id: 5, ownerId: AGENT }, false],
    ["a cost change alone", "products", "update", { cost: { from: 1, to: 2 } }, { id: 5 }, false],
    ["a cost and stock change", "products", "update", { cost: { from: 1, to: 2 }, stock: { from: 1, to: 0 } }, { id: 5 }, true],
    ["a staff member's new password", "staff", "update", { password: { to: "[changed]" } }, { id: 5 }, true],
    ["an audit event", "audit-events", "create", {}, { id: 5 }, false],
    ["a sign-in", "auth", "login", {}, undefined, false],
  ])("an agent and %s", (_what, resource, action, changes, current, told) => {
    expect(liveEventFor(agent, ev(resource, action, changes), current) !== null).toBe(told);
  });

  it("a reader who may not read the resource is told nothing", () => {
    const nobody = defineAbilityFor(null);
    expect(liveEventFor(nobody, ev("products", "create", {}), { id: 5 })).toBeNull();
  });
});
