/**
 * The four roles every Switchboard starts with, as data: the seed writes them into the store
 * (db.json, PostgreSQL, an older data file upgraded on start) and from then on they are rows an
 * admin may edit like any other role (all but `admin`). Field lists are spelled out, not
 * "everything but": a field added to an entity later is not handed to a role that never had it.
 */
import { getEntity, readableFieldNames } from "../entities";
import { ADMIN_ROLE, ME, type RoleData, type RoleRule } from "./rules";

const DATA = ["staff", "customers", "categories", "products", "orders"] as const;
/** The catalogue and customers: the resources managers and admins write freely. */
const KEPT = ["customers", "categories", "products"] as const;

const readableWithout = (resource: string, hidden: readonly string[]) => readableFieldNames(getEntity(resource)).filter((f) => !hidden.includes(f));
const writableWithout = (resource: string, hidden: readonly string[]) =>
  Object.entries(getEntity(resource).fields)
    .filter(([name, f]) => f.write !== "never" && !hidden.includes(name))
    .map(([name]) => name);

/** `lastLoginAt` is for admins only. */
const staffRead: RoleRule = { resource: "staff", action: "read", fields: readableWithout("staff", ["lastLoginAt"]) };

/** Sharing a saved view with everyone (keeping one's own needs no rule: every role may). */
export const SHARING_ROLES: readonly string[] = [ADMIN_ROLE, "manager"];
export const VIEW_SHARING_RULES: readonly RoleRule[] = [
  { resource: "views", action: "create", fields: ["shared"] },
  // Only on their own views: no rule writes another's (a guard of src/domain/policy.ts).
  { resource: "views", action: "update", fields: ["shared"] },
];

const operations: RoleRule[] = [
  ...KEPT.flatMap((resource) => (["create", "update", "delete"] as const).map((action): RoleRule => ({ resource, action }))),
  { resource: "orders", action: "create" },
  { resource: "orders", action: "update", where: { status: "draft" } },
  { resource: "orders", action: "update", fields: ["notes", "assigneeId"] },
  { resource: "orders", action: "delete", where: { status: "draft" } },
  { resource: "orders", action: "transition" },
];

const admin: RoleRule[] = [
  ...DATA.map((resource): RoleRule => ({ resource, action: "read" })),
  { resource: "audit-events", action: "read" },
  { resource: "roles", action: "read" },
  ...operations,
  ...VIEW_SHARING_RULES,
  ...(["staff", "roles"] as const).flatMap((resource) => (["create", "update", "delete"] as const).map((action): RoleRule => ({ resource, action }))),
];

const manager: RoleRule[] = [
  staffRead,
  ...DATA.filter((r) => r !== "staff").map((resource): RoleRule => ({ resource, action: "read" })),
  { resource: "audit-events", action: "read" },
  { resource: "roles", action: "read" },
  ...operations,
  ...VIEW_SHARING_RULES,
];

// An agent's customers stay theirs: they may not hand one to someone else (ownerId only on create).
const agentCustomerWrites = writableWithout("customers", ["creditLimit", "ownerId"]);
const agent: RoleRule[] = [
  staffRead,
  { resource: "categories", action: "read" },
  { resource: "products", action: "read", fields: readableWithout("products", ["cost"]) },
  { resource: "customers", action: "read", fields: readableWithout("customers", ["creditLimit"]), where: { ownerId: ME } },
  { resource: "customers", action: "create", fields: [...agentCustomerWrites, "ownerId"], where: { ownerId: ME } },
  { resource: "customers", action: "update", fields: agentCustomerWrites, where: { ownerId: ME } },
  { resource: "orders", action: "read", where: { assigneeId: ME } },
  { resource: "orders", action: "create", fields: ["customerId", "items", "notes", "assigneeId"], where: { assigneeId: ME } },
  { resource: "orders", action: "update", fields: ["customerId", "items", "notes"], where: { assigneeId: ME, status: "draft" } },
  { resource: "orders", action: "update", fields: ["notes"], where: { assigneeId: ME } },
  { resource: "orders", action: "delete", where: { assigneeId: ME, status: "draft" } },
  { resource: "orders", action: "transition", fields: ["placed", "paid", "shipped", "delivered"], where: { assigneeId: ME } },
];

const auditor: RoleRule[] = [
  staffRead,
  ...DATA.filter((r) => r !== "staff").map((resource): RoleRule => ({ resource, action: "read" })),
  { resource: "audit-events", action: "read" },
  { resource: "roles", action: "read" },
];

export const BUILT_IN_ROLES: readonly RoleData[] = [
  { key: ADMIN_ROLE, name: "Admin", description: "Runs the system: staff accounts, roles, and everything managers do.", requireTwoFactor: false, rules: admin },
  {
    key: "manager",
    name: "Manager",
    description: "Keeps the catalogue, customers and orders; moves orders through every step.",
    requireTwoFactor: false,
    rules: manager,
  },
  { key: "agent", name: "Agent", description: "Works their own customers and orders.", requireTwoFactor: false, rules: agent },
  {
    key: "auditor",
    name: "Auditor",
    description: "Reads everything they may, changes nothing, follows the audit log.",
    requireTwoFactor: false,
    rules: auditor,
  },
];

export const BUILT_IN_ROLE_KEYS = BUILT_IN_ROLES.map((r) => r.key);

export const builtInRules = (key: string): readonly RoleRule[] => BUILT_IN_ROLES.find((r) => r.key === key)?.rules ?? [];

/** The built-in roles as records of the `roles` collection (ids 1…4), created at `at`. */
export const builtInRoleRows = (at: string) =>
  BUILT_IN_ROLES.map((r, i) => ({
    id: i + 1,
    key: r.key,
    name: r.name,
    ...(r.description ? { description: r.description } : {}),
    requireTwoFactor: r.requireTwoFactor,
    rules: structuredClone(r.rules) as RoleRule[],
    builtIn: true,
    createdAt: at,
    updatedAt: at,
    version: 1,
  }));
