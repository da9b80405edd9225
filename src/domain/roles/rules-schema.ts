/**
 * The schema a role's rules are validated with (zod): the server's check of every role it stores,
 * and the roles screen's check before it sends one. Apart from ./rules.ts, whose words the policy
 * and every page use, so that those load without zod.
 */
import { z } from "zod";
import { allFields, ENTITIES } from "../entities";
import type { FieldDef } from "../fields";
import { message } from "../messages";
import { ORDER_STATUSES } from "../order-lifecycle";
import {
  ADMIN_WRITES_ONLY,
  CONDITION_TYPES,
  isRoleKey,
  LIFECYCLE_RESOURCE,
  MAX_RULES,
  ME,
  readableByRules,
  RULE_ACTIONS,
  WRITE_ACTIONS,
  type WhereScalar,
} from "./rules";

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
