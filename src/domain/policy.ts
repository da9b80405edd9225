/**
 * Who may do what, on which rows, with which fields. One definition: the server refuses with it,
 * the app hides with it. A role's rules are data (./roles/rules.ts) compiled here into a CASL
 * ability: a rule's `where` is a CASL condition (row level), its `fields` a CASL field list
 * (field level; for `transition`, the target statuses), `deny` an inverted rule. Above the rules
 * sit the guards no rule can lift (GUARDS below), in this one place.
 */
import { createMongoAbility, subject as caslSubject, type ForcedSubject, type MongoAbility, type MongoQuery, type RawRuleOf } from "@casl/ability";
import { permittedFieldsOf } from "@casl/ability/extra";
import { ENTITIES, getEntity, isResourceName, readableFieldNames, type ResourceName } from "./entities";
import { ORDER_TRANSITIONS, type OrderStatus } from "./order-lifecycle";
import { builtInRules } from "./roles/built-in";
import { queryFor } from "./views";
import { ADMIN_ROLE, ADMIN_WRITES_ONLY, LIFECYCLE_RESOURCE, ME, WRITE_ACTIONS, type Action, type RoleRule, type WhereValue } from "./roles/rules";

export type { Action } from "./roles/rules";
type RecordSubject = ForcedSubject<ResourceName> & Record<string, unknown>;
export type AppAbility = MongoAbility<[Action, ResourceName | RecordSubject], MongoQuery>;
type RawRule = RawRuleOf<AppAbility>;

export interface Actor {
  id: number;
  /** The key of the actor's role. */
  role: string;
}

const interpolate = (v: WhereValue, self: number): unknown => {
  const one = (x: unknown) => (x === ME ? self : x);
  if (v !== null && typeof v === "object") return "$in" in v ? { $in: v.$in.map(one) } : { $ne: one(v.$ne) };
  return one(v);
};

/** A role's rules with `$me` replaced by the actor's id: what the app is sent and builds its ability from. */
export function resolveRules(rules: readonly RoleRule[], self: number): RoleRule[] {
  return rules.map((r) =>
    r.where ? { ...r, where: Object.fromEntries(Object.entries(r.where).map(([k, v]) => [k, interpolate(v, self)])) as RoleRule["where"] } : r,
  );
}

const toRaw = (r: RoleRule): RawRule => ({
  action: r.action,
  subject: r.resource as ResourceName,
  ...(r.fields ? { fields: r.fields } : {}),
  ...(r.where ? { conditions: r.where as MongoQuery } : {}),
  ...(r.deny ? { inverted: true } : {}),
});

/**
 * What holds for every role, whatever its rules say (CASL: later rules win, so these come last).
 * Only the admin role writes staff and roles, and it cannot itself be edited or deleted, nor can
 * a built-in role be deleted; the audit log is never written; only orders have a lifecycle; no
 * one demotes, deactivates or deletes themselves.
 */
function guards(actor: Actor): RawRule[] {
  const others = ENTITIES.map((d) => d.name as ResourceName).filter((n) => n !== LIFECYCLE_RESOURCE);
  return [
    ...(actor.role === ADMIN_ROLE ? [] : [{ action: [...WRITE_ACTIONS], subject: ADMIN_WRITES_ONLY as ResourceName[], inverted: true }]),
    { action: ["update", "delete"], subject: "roles", conditions: { key: ADMIN_ROLE }, inverted: true },
    { action: "delete", subject: "roles", conditions: { builtIn: true }, inverted: true },
    { action: [...WRITE_ACTIONS], subject: ENTITIES.filter((d) => d.readOnly).map((d) => d.name as ResourceName), inverted: true },
    { action: "transition", subject: others, inverted: true },
    { action: "update", subject: "staff", fields: ["role", "active"], conditions: { id: actor.id }, inverted: true },
    { action: "delete", subject: "staff", conditions: { id: actor.id }, inverted: true },
  ] as RawRule[];
}

/**
 * What every signed-in person may do with saved views, whatever their role: keep their own
 * (create, change, delete) and read their own and those shared with everyone. Sharing one is a
 * role's to grant, as a rule on the `shared` field (the built-in admin and manager have it).
 */
function personalViews(actor: Actor): RawRule[] {
  const own = { ownerId: actor.id };
  const kept = ["name", "resource", "query"];
  return [
    { action: "read", subject: "views", conditions: own },
    { action: "read", subject: "views", conditions: { shared: "everyone" } },
    { action: "create", subject: "views", fields: kept },
    { action: "update", subject: "views", fields: kept, conditions: own },
    { action: "delete", subject: "views", conditions: own },
  ];
}

/** A person's views stay theirs: no rule shows another's private view or writes another's view. */
const viewGuards = (actor: Actor): RawRule[] => [
  { action: "read", subject: "views", conditions: { ownerId: { $ne: actor.id }, shared: { $ne: "everyone" } }, inverted: true },
  { action: [...WRITE_ACTIONS], subject: "views", conditions: { ownerId: { $ne: actor.id } }, inverted: true },
];

/**
 * The ability of a signed-in staff member: their role's rules (as stored; without them, the
 * built-in role of that key, as seeded) and everyone's own saved views, then deny rules, then
 * the guards.
 */
export function defineAbilityFor(actor: Actor | null, rules?: readonly RoleRule[]): AppAbility {
  if (!actor) return createMongoAbility<AppAbility>([]);
  const resolved = resolveRules(rules ?? builtInRules(actor.role), actor.id);
  const raw = [
    ...resolved.filter((r) => !r.deny).map(toRaw),
    ...personalViews(actor),
    ...resolved.filter((r) => r.deny).map(toRaw),
    ...guards(actor),
    ...viewGuards(actor),
  ];
  return createMongoAbility<AppAbility>(raw);
}

/** Wrap a record so CASL checks its conditions against it. */
export const asSubject = (resource: ResourceName, record: Record<string, unknown>): RecordSubject => caslSubject(resource, { ...record });

/**
 * Per resource, fixed by its definition: every field name (what a rule without `fields` covers)
 * and the write-only ones. Worked out once: stripping a page of rows asks for them per row and
 * rule, and rebuilding them was nine tenths of a list's policy cost (bench:policy).
 */
const fieldSets = new Map<ResourceName, { all: string[]; writeOnly: Set<string> }>();
function fieldSetsOf(resource: ResourceName) {
  let sets = fieldSets.get(resource);
  if (!sets) {
    const def = getEntity(resource);
    const writeOnly = Object.entries(def.fields)
      .filter(([, f]) => f.readable === false)
      .map(([n]) => n);
    sets = { all: [...readableFieldNames(def), ...writeOnly], writeOnly: new Set(writeOnly) };
    fieldSets.set(resource, sets);
  }
  return sets;
}

const fieldsFrom = (resource: ResourceName) => {
  const { all } = fieldSetsOf(resource);
  return (rule: { fields?: string | string[] }) => (rule.fields ? ([] as string[]).concat(rule.fields) : all);
};

/** The fields this ability may `action` on the resource (or on one record of it). */
export function permittedFields(ability: AppAbility, action: Action, resource: ResourceName, record?: Record<string, unknown>): string[] {
  const target = record ? asSubject(resource, record) : resource;
  const fields = permittedFieldsOf(ability, action, target, { fieldsFrom: fieldsFrom(resource) });
  const { writeOnly } = fieldSetsOf(resource);
  return action === "read" ? fields.filter((f) => !writeOnly.has(f)) : fields;
}

/**
 * The fields of a resource a role may see at all: the only ones it may filter, sort or search.
 * A field a deny rule hides on some rows only counts as hidden: filtering on it would tell its
 * value on exactly those rows.
 */
export function readableFields(ability: AppAbility, resource: ResourceName): string[] {
  const partlyHidden = new Set(ability.possibleRulesFor("read", resource).flatMap((r) => (r.inverted && r.fields ? ([] as string[]).concat(r.fields) : [])));
  return permittedFields(ability, "read", resource).filter((f) => !partlyHidden.has(f));
}

export const canDo = (ability: AppAbility, action: Action, resource: ResourceName, record?: Record<string, unknown>, field?: string) =>
  record ? ability.can(action, asSubject(resource, record), field) : ability.can(action, resource, field);

/** Keep only the fields the ability may read on this record. */
export function stripRecord<T extends Record<string, unknown>>(ability: AppAbility, resource: ResourceName, record: T): Partial<T> {
  const allowed = permittedFields(ability, "read", resource, record);
  const out: Record<string, unknown> = {};
  for (const key of allowed) if (key in record) out[key] = record[key];
  if (resource === "audit-events" && "changes" in out) out.changes = stripChanges(ability, record.resource, out.changes);
  if (resource === "views" && "query" in out) out.query = viewQueryFor(ability, record.resource, out.query);
  return out as Partial<T>;
}

/**
 * An audit event's `changes` name fields of the record it is about: a reader sees only those of
 * them they may read on that resource, or the log would leak what the record itself hides (a
 * deleted staff account's lastLoginAt to a manager). Fields no role reads (a password) are
 * recorded by name only ("[changed]") and stay: that a secret changed is the auditor's business.
 * The rule is the resource's, not the record's: the record may be gone.
 */
function stripChanges(ability: AppAbility, target: unknown, changes: unknown): unknown {
  if (typeof target !== "string" || !isResourceName(target) || !changes || typeof changes !== "object" || Array.isArray(changes)) return changes;
  const readable = new Set(readableFields(ability, target));
  const hidden = new Set(readableFieldNames(getEntity(target)).filter((f) => !readable.has(f)));
  return Object.fromEntries(Object.entries(changes).filter(([field]) => !hidden.has(field)));
}

/** A saved view as this reader applies it: nothing on a field they may not read (or of a list they may not read). */
function viewQueryFor(ability: AppAbility, target: unknown, query: unknown): unknown {
  const readable = typeof target === "string" && isResourceName(target) && canDo(ability, "read", target) ? readableFields(ability, target) : [];
  return queryFor(query, readable);
}

/**
 * The transitions this ability may make on this order from its current state: the lifecycle
 * says where it can go, the policy who may take it there. The order page shows exactly these
 * buttons; the server refuses anything else.
 */
export function allowedTransitions(ability: AppAbility, order: Record<string, unknown>): OrderStatus[] {
  const from = order.status as OrderStatus;
  return (ORDER_TRANSITIONS[from] ?? []).filter((to) => canDo(ability, "transition", "orders", order, to));
}
