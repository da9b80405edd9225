import { describe, expect, it } from "vitest";
import { BUILT_IN_ROLES } from "../../domain/roles/built-in";
import { ME, RULE_ACTIONS, RULE_RESOURCES, type RoleRule } from "../../domain/roles/rules";
import {
  actionApplies,
  addRule,
  cellRules,
  cellState,
  conditionFields,
  conditionsOf,
  customStart,
  grantable,
  meFits,
  placeRuleErrors,
  replaceRule,
  setCellState,
  tidyRule,
  whereOf,
} from "./role-rules";

const rulesOf = (key: string) => BUILT_IN_ROLES.find((r) => r.key === key)!.rules;
const stateOf = (rules: readonly RoleRule[], resource: string, action: (typeof RULE_ACTIONS)[number]) => cellState(cellRules(rules, resource, action));

describe("a role's rules as a grid", () => {
  it("reads the seeded roles' cells as All, None or Custom", () => {
    const agent = rulesOf(BUILT_IN_ROLES[2].key);
    expect(stateOf(agent, "categories", "read")).toBe("all");
    expect(stateOf(agent, "products", "read")).toBe("custom");
    expect(stateOf(agent, "products", "update")).toBe("none");
    // Two rules in one cell: drafts' lines and notes, and notes later on.
    expect(cellRules(agent, "orders", "update")).toHaveLength(2);
    expect(stateOf(agent, "orders", "update")).toBe("custom");
    expect(stateOf(agent, "orders", "transition")).toBe("custom");
    const admin = rulesOf(BUILT_IN_ROLES[0].key);
    for (const resource of RULE_RESOURCES.filter((r) => actionApplies(r, "read"))) expect(stateOf(admin, resource, "read")).toBe("all");
    // Everyone keeps their own saved views; sharing them is the admin's and the manager's.
    expect(actionApplies("views", "read")).toBe(false);
    expect(stateOf(admin, "views", "update")).toBe("custom");
  });

  it("says which cells exist and which a role may grant", () => {
    expect(actionApplies("orders", "transition")).toBe(true);
    expect(actionApplies("products", "transition")).toBe(false);
    expect(grantable("products", "update")).toBe(true);
    expect(grantable("audit-events", "read")).toBe(true);
    expect(grantable("audit-events", "delete")).toBe(false);
    expect(grantable("staff", "read")).toBe(true);
    expect(grantable("staff", "create")).toBe(false);
    expect(grantable("roles", "update")).toBe(false);
  });

  it("turns a cell All, None or Custom, keeping the other rules in their order", () => {
    const start: RoleRule[] = [
      { resource: "orders", action: "read" },
      { resource: "products", action: "read", fields: ["name"] },
      { resource: "products", action: "read", deny: true, where: { status: "draft" } },
      { resource: "customers", action: "read" },
    ];
    const all = setCellState(start, "products", "read", "all");
    expect(all).toEqual([
      { resource: "orders", action: "read" },
      { resource: "products", action: "read" },
      { resource: "customers", action: "read" },
    ]);
    expect(setCellState(all, "products", "read", "none")).toEqual([
      { resource: "orders", action: "read" },
      { resource: "customers", action: "read" },
    ]);
    const custom = setCellState(all, "products", "update", "custom");
    expect(custom.at(-1)).toEqual(customStart("products", "update"));
    expect(custom.at(-1)?.fields).toContain("stock");
    expect(custom.at(-1)?.fields).not.toContain("id");
    // Custom on a custom cell keeps what it has.
    expect(setCellState(start, "products", "read", "custom")).toEqual(start);
    // A delete has no fields: Custom starts as the plain rule, narrowed by a condition.
    expect(customStart("orders", "delete")).toEqual({ resource: "orders", action: "delete" });
  });

  it("adds a rule to its cell and replaces or removes one by index", () => {
    const start: RoleRule[] = [
      { resource: "orders", action: "update", fields: ["notes"] },
      { resource: "customers", action: "read" },
    ];
    const added = addRule(start, { resource: "orders", action: "update", deny: true, where: { status: "placed" } });
    expect(added.map((r) => r.resource)).toEqual(["orders", "orders", "customers"]);
    expect(addRule(start, { resource: "products", action: "read" }).at(-1)).toEqual({ resource: "products", action: "read" });
    expect(replaceRule(added, 1, null)).toEqual(start);
    expect(replaceRule(start, 0, { resource: "orders", action: "update" })[0]).toEqual({ resource: "orders", action: "update" });
  });
});

describe("row conditions", () => {
  it("offers 'is me' only where it fits, staff-pointing fields first", () => {
    expect(meFits("customers", "ownerId")).toBe(true);
    expect(meFits("orders", "assigneeId")).toBe(true);
    expect(meFits("orders", "customerId")).toBe(false);
    expect(meFits("staff", "id")).toBe(true);
    expect(conditionFields("customers")[0]).toBe("ownerId");
    expect(conditionFields("orders")).toEqual(expect.arrayContaining(["status", "customerId", "total"]));
    expect(conditionFields("orders")).not.toContain("items");
    expect(conditionFields("orders")).not.toContain("placedAt");
  });

  it("goes from where to conditions and back", () => {
    const where = { assigneeId: ME, status: { $in: ["draft", "placed"] }, total: { $ne: 0 }, notes: "rush" };
    const conditions = conditionsOf(where);
    expect(conditions).toEqual([
      { field: "assigneeId", op: "me" },
      { field: "status", op: "in", value: ["draft", "placed"] },
      { field: "total", op: "ne", value: 0 },
      { field: "notes", op: "eq", value: "rush" },
    ]);
    expect(whereOf(conditions)).toEqual(where);
    // An unfinished condition is not sent; nothing left is no condition at all.
    expect(whereOf([{ field: "status", op: "in", value: [] }])).toBeUndefined();
    expect(
      whereOf([
        { field: "status", op: "eq" },
        { field: "assigneeId", op: "me" },
      ]),
    ).toEqual({ assigneeId: ME });
  });

  it("tidies a rule to what the server wants", () => {
    expect(tidyRule({ resource: "orders", action: "read", where: {}, deny: false })).toEqual({ resource: "orders", action: "read" });
  });
});

describe("the server's errors on the rules", () => {
  const sent: RoleRule[] = [
    { resource: "orders", action: "read" },
    { resource: "products", action: "transition" },
    { resource: "customers", action: "read", fields: ["nope"] },
  ];
  const errors = {
    rules: ["Rule 2: products has no transitions", "Rule 3: No field nope in customers"],
    "rules.1.action": ["products has no transitions"],
    "rules.2.fields": ["No field nope in customers"],
  };

  it("land on the rule they are about, by index", () => {
    const placed = placeRuleErrors(errors, sent, sent);
    expect(placed.byIndex.get(1)).toEqual(["products has no transitions"]);
    expect(placed.byIndex.get(2)).toEqual(["No field nope in customers"]);
    expect(placed.general).toEqual([]);
  });

  it("follow a rule that moved, and leave one that changed", () => {
    const now = [{ resource: "staff", action: "read" } as RoleRule, ...sent.slice(0, 2), { ...sent[2], fields: ["name"] }];
    const placed = placeRuleErrors(errors, sent, now);
    expect(placed.byIndex.get(2)).toEqual(["products has no transitions"]);
    expect([...placed.byIndex.keys()]).toEqual([2]);
  });

  it("keep a message about the list as a whole", () => {
    expect(placeRuleErrors({ rules: ["At most 200 rules"] }, sent, sent).general).toEqual(["At most 200 rules"]);
  });
});
