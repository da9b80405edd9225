/**
 * A role's rules, as data (roles are records a team edits, not code). A rule grants (or, with
 * `deny`, takes away) one action on one resource, optionally only for some fields and only on
 * rows whose fields match `where`. What the server validates a role with is ./rules-schema.ts
 * (zod, kept apart so the policy and every page that checks it load without it); the compiler
 * from rules to the CASL ability the server and the app check with is in ../policy.ts, together
 * with the guards no rule can lift.
 */
import { ENTITIES, getEntity, readableFieldNames } from "../entities";
import { ROLE_KEY_PATTERN } from "../entities/roles";
import type { EntityDef, FieldDef } from "../fields";
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

/** The fields of a resource a set of rules lets its holder read (what a condition may name). */
export function readableByRules(rules: readonly RoleRule[], def: EntityDef): Set<string> {
  const all = readableFieldNames(def);
  const out = new Set<string>();
  for (const r of rules) if (r.resource === def.name && r.action === "read" && !r.deny) for (const f of r.fields ?? all) out.add(f);
  for (const r of rules) if (r.resource === def.name && r.action === "read" && r.deny && !r.where) for (const f of r.fields ?? all) out.delete(f);
  return out;
}

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
