import { describe, expect, it } from "vitest";
import { canDo, defineAbilityFor, permittedFields, readableFields, resolveRules } from "../policy";
import { BUILT_IN_ROLES } from "./built-in";
import type { RoleRule } from "./rules";
import { rulesSchema } from "./rules-schema";

const SELF = 7;
const ability = (rules: RoleRule[], role = "custom") => defineAbilityFor({ id: SELF, role }, rules);

describe("every operator of a row condition", () => {
  const customer = (extra: Record<string, unknown>) => ({ id: 1, ownerId: 8, tier: "standard", ...extra });

  it("equality", () => {
    const a = ability([{ resource: "customers", action: "read", where: { tier: "gold" } }]);
    expect(canDo(a, "read", "customers", customer({ tier: "gold" }))).toBe(true);
    expect(canDo(a, "read", "customers", customer({ tier: "silver" }))).toBe(false);
  });

  it("$in: any of", () => {
    const a = ability([{ resource: "customers", action: "read", where: { tier: { $in: ["gold", "silver"] } } }]);
    expect(canDo(a, "read", "customers", customer({ tier: "silver" }))).toBe(true);
    expect(canDo(a, "read", "customers", customer({ tier: "standard" }))).toBe(false);
  });

  it("$ne: anything but, a missing value included", () => {
    const a = ability([{ resource: "orders", action: "read", where: { status: { $ne: "draft" } } }]);
    expect(canDo(a, "read", "orders", { id: 1, status: "paid" })).toBe(true);
    expect(canDo(a, "read", "orders", { id: 1, status: "draft" })).toBe(false);
    expect(canDo(a, "read", "orders", { id: 1 })).toBe(true);
  });

  it("$me: the signed-in member, also inside $in and $ne; resolved in what the app is sent", () => {
    const rules: RoleRule[] = [
      { resource: "customers", action: "read", where: { ownerId: "$me" } },
      { resource: "orders", action: "read", where: { assigneeId: { $in: ["$me", 9] } } },
      { resource: "orders", action: "update", where: { assigneeId: { $ne: "$me" } } },
    ];
    const a = ability(rules);
    expect(canDo(a, "read", "customers", customer({ ownerId: SELF }))).toBe(true);
    expect(canDo(a, "read", "customers", customer({ ownerId: 8 }))).toBe(false);
    expect(canDo(a, "read", "orders", { id: 1, assigneeId: 9 })).toBe(true);
    expect(canDo(a, "update", "orders", { id: 1, assigneeId: SELF })).toBe(false);
    expect(JSON.stringify(resolveRules(rules, SELF))).not.toContain("$me");
    expect(resolveRules(rules, SELF)[1].where).toEqual({ assigneeId: { $in: [SELF, 9] } });
  });

  it("several fields in one condition must all hold", () => {
    const a = ability([{ resource: "orders", action: "delete", where: { assigneeId: "$me", status: "draft" } }]);
    expect(canDo(a, "delete", "orders", { id: 1, assigneeId: SELF, status: "draft" })).toBe(true);
    expect(canDo(a, "delete", "orders", { id: 1, assigneeId: SELF, status: "placed" })).toBe(false);
  });
});

describe("deny rules take away what other rules give", () => {
  it("a deny with a condition hides those rows", () => {
    const a = ability([
      { resource: "customers", action: "read" },
      { resource: "customers", action: "read", deny: true, where: { tier: "gold" } },
    ]);
    expect(canDo(a, "read", "customers", { id: 1, tier: "silver" })).toBe(true);
    expect(canDo(a, "read", "customers", { id: 1, tier: "gold" })).toBe(false);
  });

  it("a deny with fields hides those fields everywhere; on some rows only, it is no filter or sort at all", () => {
    const a = ability([
      { resource: "products", action: "read" },
      { resource: "products", action: "read", deny: true, fields: ["cost"] },
      { resource: "products", action: "read", deny: true, fields: ["price"], where: { status: "draft" } },
    ]);
    expect(permittedFields(a, "read", "products")).not.toContain("cost");
    expect(permittedFields(a, "read", "products", { id: 1, status: "active" })).toContain("price");
    expect(permittedFields(a, "read", "products", { id: 1, status: "draft" })).not.toContain("price");
    expect(readableFields(a, "products")).not.toContain("price");
    expect(canDo(a, "read", "products", { id: 1, status: "draft" })).toBe(true);
  });

  it("a deny wins whichever order the rules come in", () => {
    const a = ability([
      { resource: "categories", action: "delete", deny: true },
      { resource: "categories", action: "delete" },
    ]);
    expect(canDo(a, "delete", "categories", { id: 1 })).toBe(false);
  });
});

describe("the guards no rule can lift", () => {
  // Rules no valid role holds (the schema refuses them), as a hand-edited store could: still refused.
  const everything: RoleRule[] = ["staff", "roles", "audit-events", "customers"].flatMap((resource) =>
    (["read", "create", "update", "delete", "transition"] as const).map((action) => ({ resource, action })),
  );

  it("only the admin role writes staff and roles", () => {
    const other = ability(everything, "superuser");
    for (const r of ["staff", "roles"] as const)
      for (const act of ["create", "update", "delete"] as const) expect(canDo(other, act, r, { id: 99 })).toBe(false);
    const admin = defineAbilityFor({ id: SELF, role: "admin" });
    expect(canDo(admin, "update", "staff", { id: 99 })).toBe(true);
    expect(canDo(admin, "create", "roles")).toBe(true);
  });

  it("the admin role is never edited or deleted, a built-in role never deleted, even by an admin", () => {
    const admin = defineAbilityFor({ id: SELF, role: "admin" });
    expect(canDo(admin, "update", "roles", { id: 1, key: "admin", builtIn: true })).toBe(false);
    expect(canDo(admin, "delete", "roles", { id: 1, key: "admin", builtIn: true })).toBe(false);
    expect(canDo(admin, "delete", "roles", { id: 2, key: "manager", builtIn: true })).toBe(false);
    expect(canDo(admin, "update", "roles", { id: 2, key: "manager", builtIn: true })).toBe(true);
    expect(canDo(admin, "delete", "roles", { id: 9, key: "desk", builtIn: false })).toBe(true);
  });

  it("the audit log is never written and only orders move through transitions", () => {
    const a = ability(everything, "admin");
    for (const act of ["create", "update", "delete"] as const) expect(canDo(a, act, "audit-events", { id: 1 })).toBe(false);
    expect(canDo(a, "transition", "customers", { id: 1 })).toBe(false);
  });

  it("no one demotes, deactivates or deletes themselves, whatever their rules", () => {
    const admin = defineAbilityFor({ id: SELF, role: "admin" });
    expect(canDo(admin, "update", "staff", { id: SELF }, "role")).toBe(false);
    expect(canDo(admin, "update", "staff", { id: SELF }, "active")).toBe(false);
    expect(canDo(admin, "delete", "staff", { id: SELF })).toBe(false);
    expect(canDo(admin, "update", "staff", { id: SELF }, "name")).toBe(true);
  });

  it("no rules, no session: nothing", () => {
    expect(canDo(ability([]), "read", "orders")).toBe(false);
    expect(canDo(defineAbilityFor(null), "read", "orders")).toBe(false);
  });
});

describe("the rule schema", () => {
  const problems = (rules: unknown) => {
    const r = rulesSchema.safeParse(rules);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes every built-in role as it is", () => {
    for (const role of BUILT_IN_ROLES.filter((r) => r.key !== "admin")) expect(problems(role.rules)).toEqual([]);
  });

  it("the admin role's own writes on staff and roles are what no other role may hold", () => {
    const admin = BUILT_IN_ROLES.find((r) => r.key === "admin")!;
    expect(problems(admin.rules).every((p) => /Only the admin role writes (staff|roles)/.test(p))).toBe(true);
  });

  it("names the rule and the part at fault", () => {
    expect(
      problems([
        { resource: "orders", action: "read" },
        { resource: "nope", action: "read" },
      ]),
    ).toEqual(["1.resource: Not a resource"]);
    expect(problems([{ resource: "customers", action: "read", fields: ["name"], where: { tier: "gold" } }])).toEqual([
      "0.where: tier is not a field this role can read",
    ]);
    expect(problems([{ resource: "orders", action: "read", where: { total: { $gte: 1 } } }])[0]).toMatch(/^0\.where\.total: /);
  });

  it("allows deny rules on what only the admin writes (taking away is always safe)", () => {
    expect(problems([{ resource: "staff", action: "update", deny: true }])).toEqual([]);
  });

  it("at most 200 rules", () => {
    expect(problems(Array.from({ length: 200 }, () => ({ resource: "orders", action: "read" })))).toEqual([]);
    expect(problems(Array.from({ length: 201 }, () => ({ resource: "orders", action: "read" })))).toEqual([": At most 200 rules"]);
  });
});
