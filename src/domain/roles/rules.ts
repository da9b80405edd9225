/**
 * A role's rules, as data (roles are records a team edits, not code). A rule grants (or, with
 * `deny`, takes away) one action on one resource, optionally only for some fields and only on
 * rows whose fields match `where`. The schema below is what the server validates a role with;
 * the compiler from rules to the CASL ability the server and the app check with is in
 * ../policy.ts, together with the guards no rule can lift.
 */
import { z } from "zod";
import { allFields, ENTITIES, getEntity, readableFieldNames } from "../entities";
import { ROLE_KEY_PATTERN } from "../entities/roles";
import type { EntityDef, FieldDef } from "../fields";
import { message } from "../messages";
import { ORDER_STATUSES } from "../order-lifecycle";

export const RULE_ACTIONS = ["read", "create", "update", "delete", "transition"] as const;
export type Action = (typeof RULE_ACTIONS)[number];
export const WRITE_ACTIONS: readonly Action[] = ["create", "update", "delete"];

/** In a `where`, the signed-in staff member's id. */
export const ME = "$me";
export const MAX_RULES = 200;
/** The one role that manages staff and roles; it cannot be edited or deleted. */
export const ADMIN_ROLE = "admin";
/** Resources only the built-in admin role writes. */
export const ADMIN_WRITES_ONLY: readonly string[] = ["staff", "roles"];
/**
 * Resources every person keeps their own of, whatever their role (saved views): a role's rules
 * only add to that (sharing a view is an update of its `shared` field), so reading and deleting
 * are not a role's to grant.
 */
export const PERSONAL_RESOURCES: readonly string[] = ["views"];
/** The resource whose `transition` rules name target statuses as their fields. */
export const LIFECYCLE_RESOURCE = "orders";

export type WhereScalar = string | number | boolean;
export type WhereValue = WhereScalar | { $in: WhereScalar[] } | { $ne: WhereScalar };

export interface RoleRule {
  resource: string;
  action: Action;
  /** Absent: every field (for `transition`: every target status). */
  fields?: string[];
  /** Absent: every row. Each entry must hold (AND). */
  where?: Record<string, WhereValue>;
  deny?: boolean;
}

export interface RoleData {
  key: string;
  name: string;
  description?: string;
  requireTwoFactor: boolean;
  rules: RoleRule[];
}

export const isRoleKey = (v: unknown): v is string => typeof v === "string" && ROLE_KEY_PATTERN.test(v);

/** Field types a row condition can compare: one scalar per row, the same in both stores. */
export const CONDITION_TYPES: ReadonlySet<FieldDef["type"]> = new Set<FieldDef["type"]>(["text", "email", "enum", "boolean", "integer", "money", "reference"]);

const scalar = z.union([z.string().max(200), z.number(), z.boolean()]);
const whereValue = z.union([scalar, z.strictObject({ $in: z.array(scalar).min(1).max(100) }), z.strictObject({ $ne: scalar })], {
  error: () => message("ruleWhereValue"),
});

const ruleShape = z.strictObject(
  {
    resource: z.string({ error: message("ruleResource") }),
    action: z.enum(RULE_ACTIONS, { error: message("oneOf", { options: RULE_ACTIONS.join(", ") }) }),
    fields: z
      .array(z.string(), { error: message("ruleFieldList") })
      .min(1, { error: message("ruleFieldList") })
      .max(100)
      .optional(),
    where: z.record(z.string(), whereValue, { error: message("ruleWhereValue") }).optional(),
    deny: z.boolean({ error: message("notBoolean") }).optional(),
  },
  { error: (iss) => (iss.code === "unrecognized_keys" ? message("notAllowedHere", { fields: iss.keys.join(", ") }) : message("ruleShape")) },
);

/** What a value in a `where` must be for this field; null when it fits. */
function conditionProblem(f: FieldDef, v: WhereScalar, isStaffId: boolean): string | null {
  if (v === ME) return (f.type === "reference" && f.reference === "staff") || isStaffId ? null : message("ruleMeOnStaff");
  switch (f.type) {
    case "boolean":
      return typeof v === "boolean" ? null : message("notBoolean");
    case "integer":
    case "money":
    case "reference":
      return typeof v === "number" && Number.isSafeInteger(v) ? null : message("notWhole");
    case "enum":
      return f.options?.includes(v as string) || (f.optionsFrom && isRoleKey(v)) ? null : message("oneOf", { options: (f.options ?? []).join(", ") });
    default:
      return typeof v === "string" ? null : message("notText");
  }
}

/** The fields of a resource a set of rules lets its holder read (what a condition may name). */
export function readableByRules(rules: readonly RoleRule[], def: EntityDef): Set<string> {
  const all = readableFieldNames(def);
  const out = new Set<string>();
  for (const r of rules) if (r.resource === def.name && r.action === "read" && !r.deny) for (const f of r.fields ?? all) out.add(f);
  for (const r of rules) if (r.resource === def.name && r.action === "read" && r.deny && !r.where) for (const f of r.fields ?? all) out.delete(f);
  return out;
}

/**
 * Every rule of a role, checked: resource, action, fields and operators that exist, values that
 * fit their field, conditions only on fields the role itself may read, and no grant of what only
 * the admin role does. Issues are reported at the rule's index (`rules.3.fields`).
 */
export const rulesSchema = z
  .array(ruleShape, { error: message("ruleList") })
  .max(MAX_RULES, { error: message("maxRules", { max: MAX_RULES }) })
  .superRefine((rules, ctx) => {
    const issue = (i: number, part: string | null, text: string) => ctx.addIssue({ code: "custom", path: part ? [i, part] : [i], message: text });
    rules.forEach((rule, i) => {
      const def = ENTITIES.find((d) => d.name === rule.resource);
      if (!def) return issue(i, "resource", message("ruleResource"));
      const fields = allFields(def);
      if (rule.action === "transition" && def.name !== LIFECYCLE_RESOURCE) return issue(i, "action", message("ruleNoLifecycle", { resource: def.name }));
      if (def.readOnly && rule.action !== "read" && !rule.deny) return issue(i, "action", message("ruleReadOnly", { resource: def.name }));
      if (ADMIN_WRITES_ONLY.includes(def.name) && WRITE_ACTIONS.includes(rule.action) && !rule.deny)
        return issue(i, "action", message("ruleAdminOnly", { resource: def.name }));
      for (const name of rule.fields ?? []) {
        if (rule.action === "transition") {
          if (!(ORDER_STATUSES as readonly string[]).includes(name)) issue(i, "fields", message("ruleStatus", { name }));
          continue;
        }
        const f = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
        if (!f) issue(i, "fields", message("ruleUnknownField", { name, resource: def.name }));
        else if (rule.action === "read" && f.readable === false) issue(i, "fields", message("ruleHiddenField", { name }));
        else if ((rule.action === "create" || rule.action === "update") && f.write === "never") issue(i, "fields", message("ruleServerField", { name }));
        else if (rule.action === "delete") issue(i, "fields", message("ruleNoFields"));
      }
      if (!rule.where) return;
      const readable = readableByRules(rules, def);
      for (const [name, value] of Object.entries(rule.where)) {
        const f = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
        if (!f) {
          issue(i, "where", message("ruleUnknownField", { name, resource: def.name }));
          continue;
        }
        if (!CONDITION_TYPES.has(f.type)) {
          issue(i, "where", message("ruleCondition", { name }));
          continue;
        }
        if (f.readable === false || !readable.has(name)) {
          issue(i, "where", message("ruleHiddenField", { name }));
          continue;
        }
        const values = typeof value === "object" ? ("$in" in value ? value.$in : [value.$ne]) : [value];
        for (const v of values) {
          const problem = conditionProblem(f, v, def.name === "staff" && name === "id");
          if (problem) issue(i, "where", `${name}: ${problem}`);
        }
      }
    });
  });

/** The resources a rule may name, in menu order. */
export const RULE_RESOURCES = ENTITIES.map((d) => d.name);

/** Fields a rule of this action may name on this resource (the grid's checkboxes). */
export function ruleFieldChoices(resource: string, action: Action): string[] {
  if (action === "transition") return resource === LIFECYCLE_RESOURCE ? [...ORDER_STATUSES] : [];
  if (action === "delete") return [];
  const def = getEntity(resource);
  if (action === "read") return readableFieldNames(def);
  return Object.entries(def.fields)
    .filter(([, f]) => f.write !== "never")
    .map(([n]) => n);
}

export { ROLE_KEY_PATTERN };
