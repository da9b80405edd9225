/**
 * GET /api/stats/dashboard: the figures of src/domain/stats.ts over exactly what the caller may
 * read — the policy's rows (an agent's own orders and customers) and, of those, only the fields
 * the role may see, so a hidden field (cost, creditLimit) cannot reach a figure. The store
 * computes them (the JSON store in memory, PostgreSQL in SQL); tests/api/stats.test.ts holds
 * both to the same figures.
 */
import type { Request, Response } from "express";
import { canDo, readableFields, type AppAbility } from "../domain/policy";
import { rowScope } from "./scope";
import type { DashboardStats } from "../domain/stats";
import type { DashboardQuery, Storage } from "./storage/types";

const reach = (ability: AppAbility, resource: "orders" | "customers" | "products") =>
  canDo(ability, "read", resource) ? { rows: rowScope(ability, resource), fields: readableFields(ability, resource) } : null;

export function statsRoutes(storage: Storage) {
  async function dashboard(req: Request, res: Response) {
    res.json(await dashboardFor(storage, req.ctx.ability));
  }
  return { dashboard };
}

/** The dashboard's figures over what this reader may read (the REST route and GraphQL call this). */
export async function dashboardFor(storage: Storage, ability: AppAbility): Promise<Partial<DashboardStats>> {
  // Own scope when the role reads orders only under a condition (an agent: assigneeId = self).
  const scope = ability.rulesFor("read", "orders").some((r) => !r.conditions && !r.inverted) ? "all" : "own";
  const query: DashboardQuery = {
    scope,
    orders: reach(ability, "orders"),
    customers: reach(ability, "customers"),
    products: reach(ability, "products"),
    now: new Date(),
  };
  return leaveOutUnread(await storage.dashboard(query), query);
}

/** Each figure and what it is counted from: a reader who may not read all of that gets no figure, not a zero. */
const NEEDS: Partial<Record<keyof DashboardStats, Partial<Record<"orders" | "customers" | "products", readonly string[]>>>> = {
  revenue: { orders: ["status", "total", "paidAt"] },
  ordersByStatus: { orders: ["status"] },
  openOrders: { orders: ["status"] },
  ordersPerDay: { orders: ["placedAt"] },
  topCustomers: { orders: ["status", "total", "paidAt", "customerId"], customers: ["name"] },
  lowStock: { products: ["sku", "name", "stock", "status"] },
  customers: { customers: ["id"] },
};

function leaveOutUnread(stats: DashboardStats, query: DashboardQuery): Partial<DashboardStats> {
  const out: Partial<DashboardStats> = { ...stats };
  for (const [figure, needs] of Object.entries(NEEDS) as [keyof DashboardStats, NonNullable<(typeof NEEDS)[keyof DashboardStats]>][]) {
    const readable = Object.entries(needs).every(([resource, fields]) => {
      const reach = query[resource as "orders" | "customers" | "products"];
      return reach !== null && fields.every((f) => reach.fields.includes(f));
    });
    if (!readable) delete out[figure];
  }
  return out;
}
