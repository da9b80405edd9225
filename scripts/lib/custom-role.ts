/**
 * The custom role the benchmarks measure (issue 16): "gold-desk", a desk that works its own
 * orders and the gold-tier customers. Modelled on the seeded agent (src/domain/roles/built-in.ts),
 * but scoped by a plain value (`tier: "gold"`) as well as by `$me`, so both kinds of row condition
 * go through the row-scope machinery on every list.
 *
 * Set up through the real HTTP API as an admin: POST /api/roles, then a member. The member is a
 * seeded agent moved onto the role (PATCH /api/staff/:id): a member made by POST /api/staff would
 * have no orders at all (an order's assignee must hold the admin, manager or agent role, so no
 * order can be assigned to a custom role's member), and an empty page measures nothing. Run
 * again on a kept database, the role and its member are found and reused.
 */
import { getEntity, readableFieldNames } from "../../src/domain/entities";
import type { RoleRule } from "../../src/domain/roles/rules";
import { DEMO_ACCOUNTS } from "../seed-lib";
import { signIn } from "./child-server";

export const GOLD_DESK_KEY = "gold-desk";

const readableWithout = (resource: string, hidden: readonly string[]) => readableFieldNames(getEntity(resource)).filter((f) => !hidden.includes(f));

/** The gold desk's rules, as an admin would save them. */
export const GOLD_DESK_RULES: RoleRule[] = [
  { resource: "staff", action: "read", fields: readableWithout("staff", ["lastLoginAt"]) },
  { resource: "categories", action: "read" },
  { resource: "products", action: "read", fields: readableWithout("products", ["cost"]) },
  { resource: "customers", action: "read", where: { tier: "gold" } },
  { resource: "customers", action: "update", fields: ["phone", "company", "notes"], where: { tier: "gold" } },
  { resource: "orders", action: "read", where: { assigneeId: "$me" } },
  { resource: "orders", action: "update", fields: ["notes"], where: { assigneeId: "$me" } },
  { resource: "orders", action: "transition", fields: ["placed", "paid", "shipped", "delivered"], where: { assigneeId: "$me" } },
];

export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** One JSON call to the API with a session cookie. */
export async function call<T = unknown>(url: string, cookie: string, method: string, path: string, body?: unknown): Promise<ApiAnswer<T>> {
  const res = await fetch(url + path, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
}

/** The same, refusing any answer but `want`. */
export async function expectCall<T = unknown>(want: number, url: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const r = await call<T>(url, cookie, method, path, body);
  if (r.status !== want) throw new Error(`${method} ${path}: ${r.status}, not ${want}: ${JSON.stringify(r.body)}`);
  return r.body;
}

interface RoleRow {
  id: number;
  key: string;
  rules: RoleRule[];
  version: number;
}
interface StaffRow {
  id: number;
  email: string;
  role: string;
  version: number;
}

/**
 * The role `key` with these rules, made or brought up to date by the admin whose cookie this is.
 * @returns the role as stored
 */
export async function ensureRole(url: string, adminCookie: string, key: string, name: string, rules: RoleRule[]): Promise<RoleRow> {
  const [found] = await expectCall<RoleRow[]>(200, url, adminCookie, "GET", `/api/roles?key=${encodeURIComponent(key)}`);
  if (!found) return expectCall<RoleRow>(201, url, adminCookie, "POST", "/api/roles", { key, name, rules });
  if (JSON.stringify(found.rules) === JSON.stringify(rules)) return found;
  return expectCall<RoleRow>(200, url, adminCookie, "PATCH", `/api/roles/${found.id}`, { rules, version: found.version });
}

export interface DeskMember {
  id: number;
  email: string;
  /** The member's session cookie. */
  cookie: string;
  /** How many orders and customers the member's role lets them see (X-Total-Count). */
  orders: number;
  customers: number;
  /** Made by this call (false: found from an earlier run). */
  made: boolean;
}

const DEMO_EMAILS = new Set(DEMO_ACCOUNTS.map((a) => a.email));

/**
 * The gold desk and one member of it, signed in. The member is the role's first member if it has
 * one; else the seeded agent (not a demo account, which the other scenarios and tests sign in as)
 * with the most orders, moved onto the role by the admin.
 */
export async function ensureGoldDesk(url: string, adminCookie: string): Promise<DeskMember> {
  await ensureRole(url, adminCookie, GOLD_DESK_KEY, "Gold desk", GOLD_DESK_RULES);
  let made = false;
  let [member] = await expectCall<StaffRow[]>(200, url, adminCookie, "GET", `/api/staff?role=${GOLD_DESK_KEY}&active=true&_sort=id&_order=asc&_start=0&_end=1`);
  if (!member) {
    const agents = (
      await expectCall<StaffRow[]>(200, url, adminCookie, "GET", "/api/staff?role=agent&active=true&_sort=id&_order=asc&_start=0&_end=100")
    ).filter((s) => !DEMO_EMAILS.has(s.email));
    if (!agents.length) throw new Error("no seeded agent (other than the demo accounts) to move onto the gold desk");
    let busiest = agents[0];
    let most = -1;
    for (const a of agents) {
      const r = await call(url, adminCookie, "GET", `/api/orders?assigneeId=${a.id}&_start=0&_end=1`);
      const n = Number(r.headers.get("x-total-count"));
      if (n > most) [busiest, most] = [a, n];
    }
    member = await expectCall<StaffRow>(200, url, adminCookie, "PATCH", `/api/staff/${busiest.id}`, { role: GOLD_DESK_KEY, version: busiest.version });
    made = true;
  }
  const cookie = await signIn(url, member.email);
  const total = async (path: string) => Number((await call(url, cookie, "GET", path)).headers.get("x-total-count"));
  return {
    id: member.id,
    email: member.email,
    cookie,
    orders: await total("/api/orders?_start=0&_end=1"),
    customers: await total("/api/customers?_start=0&_end=1"),
    made,
  };
}
