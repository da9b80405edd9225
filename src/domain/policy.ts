/**
 * Who may do what, on which rows, with which fields (SPEC §6). One definition: the server
 * refuses with it, the app hides with it. Row level is a CASL condition, field level a CASL
 * field list; the order transitions an agent may make are the "fields" of `transition`.
 */
import { AbilityBuilder, createMongoAbility, subject as caslSubject, type ForcedSubject, type MongoAbility, type MongoQuery } from "@casl/ability";
import { permittedFieldsOf } from "@casl/ability/extra";
import { getEntity, isResourceName, readableFieldNames, type ResourceName } from "./entities";
import type { Role } from "./entities/staff";
import { ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "./order-lifecycle";

export type Action = "read" | "create" | "update" | "delete" | "transition";
type RecordSubject = ForcedSubject<ResourceName> & Record<string, unknown>;
export type AppAbility = MongoAbility<[Action, ResourceName | RecordSubject], MongoQuery>;

type Conditions = Record<string, string | number | boolean>;

export interface Actor {
  id: number;
  role: Role;
}

/** Fields that exist only for some roles. */
export const HIDDEN_FROM_AGENTS: Partial<Record<ResourceName, readonly string[]>> = {
  customers: ["creditLimit"],
  products: ["cost"],
};
const ADMIN_ONLY_READ: Partial<Record<ResourceName, readonly string[]>> = {
  staff: ["lastLoginAt"],
};

const without = (resource: ResourceName, hidden: readonly string[] = []) =>
  readableFieldNames(getEntity(resource)).filter((f) => !hidden.includes(f));

const writableFields = (resource: ResourceName, hidden: readonly string[] = []) =>
  Object.entries(getEntity(resource).fields)
    .filter(([name, f]) => f.write !== "never" && !hidden.includes(name))
    .map(([name]) => name);

const ALL_DATA: ResourceName[] = ["staff", "customers", "categories", "products", "orders"];
const AGENT_TRANSITIONS = ["placed", "paid", "shipped", "delivered"];

export function defineAbilityFor(actor: Actor | null): AppAbility {
  const builder = new AbilityBuilder<AppAbility>(createMongoAbility);
  // CASL infers conditions from typed subject classes; ours are plain resource names, so the
  // builder is given a loose signature (conditions are still checked at run time).
  type Define = (action: Action, resource: ResourceName, fieldsOrConditions?: string[] | Conditions, conditions?: Conditions) => void;
  const can = builder.can as unknown as Define;
  const cannot = builder.cannot as unknown as Define;
  const build = () => builder.build();
  if (!actor) return build();
  const self = actor.id;

  switch (actor.role) {
    case "admin":
    case "manager": {
      const isAdmin = actor.role === "admin";
      for (const r of ALL_DATA) can("read", r, r === "staff" && !isAdmin ? without("staff", ADMIN_ONLY_READ.staff) : undefined);
      can("read", "audit-events");
      for (const r of ["customers", "categories", "products"] as const) {
        can("create", r);
        can("update", r);
        can("delete", r);
      }
      can("create", "orders");
      can("update", "orders", { status: "draft" });
      can("update", "orders", ["notes", "assigneeId"]);
      can("delete", "orders", { status: "draft" });
      can("transition", "orders", [...ORDER_STATUSES]);
      if (isAdmin) {
        can("create", "staff");
        can("update", "staff");
        can("delete", "staff");
        // SPEC §4: no one deactivates, demotes or removes themselves.
        cannot("update", "staff", ["role", "active"], { id: self });
        cannot("delete", "staff", { id: self });
      }
      break;
    }
    case "agent": {
      can("read", "staff", without("staff", ADMIN_ONLY_READ.staff));
      can("read", "categories");
      can("read", "products", without("products", HIDDEN_FROM_AGENTS.products));
      const customerFields = without("customers", HIDDEN_FROM_AGENTS.customers);
      can("read", "customers", customerFields, { ownerId: self });
      // An agent's customers stay theirs: they may not hand one to someone else.
      const customerWrites = writableFields("customers", [...(HIDDEN_FROM_AGENTS.customers ?? []), "ownerId"]);
      can("create", "customers", [...customerWrites, "ownerId"], { ownerId: self });
      can("update", "customers", customerWrites, { ownerId: self });
      can("read", "orders", { assigneeId: self });
      can("create", "orders", ["customerId", "items", "notes", "assigneeId"], { assigneeId: self });
      can("update", "orders", ["customerId", "items", "notes"], { assigneeId: self, status: "draft" });
      can("update", "orders", ["notes"], { assigneeId: self });
      can("delete", "orders", { assigneeId: self, status: "draft" });
      can("transition", "orders", AGENT_TRANSITIONS, { assigneeId: self });
      break;
    }
    case "auditor": {
      for (const r of ALL_DATA) can("read", r, r === "staff" ? without("staff", ADMIN_ONLY_READ.staff) : undefined);
      can("read", "audit-events");
      break;
    }
  }
  return build();
}

/** Wrap a record so CASL checks its conditions against it. */
export const asSubject = (resource: ResourceName, record: Record<string, unknown>): RecordSubject => caslSubject(resource, { ...record });

const fieldsFrom = (resource: ResourceName) => (rule: { fields?: string | string[] }) =>
  rule.fields ? ([] as string[]).concat(rule.fields) : [...readableFieldNames(getEntity(resource)), ...writeOnly(resource)];

const writeOnly = (resource: ResourceName) =>
  Object.entries(getEntity(resource).fields)
    .filter(([, f]) => f.readable === false)
    .map(([n]) => n);

/** The fields this ability may `action` on the resource (or on one record of it). */
export function permittedFields(ability: AppAbility, action: Action, resource: ResourceName, record?: Record<string, unknown>): string[] {
  const target = record ? asSubject(resource, record) : resource;
  const fields = permittedFieldsOf(ability, action, target, { fieldsFrom: fieldsFrom(resource) });
  return action === "read" ? fields.filter((f) => !writeOnly(resource).includes(f)) : fields;
}

/** The fields of a resource a role may see at all: the only ones it may filter, sort or search. */
export const readableFields = (ability: AppAbility, resource: ResourceName) => permittedFields(ability, "read", resource);

export const canDo = (ability: AppAbility, action: Action, resource: ResourceName, record?: Record<string, unknown>, field?: string) =>
  record ? ability.can(action, asSubject(resource, record), field) : ability.can(action, resource, field);

/** Keep only the fields the ability may read on this record. */
export function stripRecord<T extends Record<string, unknown>>(ability: AppAbility, resource: ResourceName, record: T): Partial<T> {
  const allowed = permittedFields(ability, "read", resource, record);
  const out: Record<string, unknown> = {};
  for (const key of allowed) if (key in record) out[key] = record[key];
  if (resource === "audit-events" && "changes" in out) out.changes = stripChanges(ability, record.resource, out.changes);
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

/**
 * The transitions this ability may make on this order from its current state: the lifecycle
 * says where it can go, the policy who may take it there. The order page shows exactly these
 * buttons; the server refuses anything else.
 */
export function allowedTransitions(ability: AppAbility, order: Record<string, unknown>): OrderStatus[] {
  const from = order.status as OrderStatus;
  return (ORDER_TRANSITIONS[from] ?? []).filter((to) => canDo(ability, "transition", "orders", order, to));
}
