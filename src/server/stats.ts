/**
 * GET /api/stats/dashboard: the figures of src/domain/stats.ts over exactly what the caller may
 * read — the policy's rows (an agent's own orders and customers) and, of those, only the fields
 * the role may see, so a hidden field (cost, creditLimit) cannot reach a figure.
 */
import type { Request, Response } from "express";
import type { ResourceName } from "../domain/entities";
import { canDo, readableFields, type AppAbility } from "../domain/policy";
import { computeDashboard } from "../domain/stats";
import { readableRows } from "./resources";
import type { Store } from "./store";

/** The fields each figure is computed from; nothing else is handed to the computation. */
const USED: Record<"orders" | "customers" | "products", readonly string[]> = {
  orders: ["status", "total", "placedAt", "paidAt", "customerId"],
  customers: ["name"],
  products: ["sku", "name", "stock", "status"],
};

function visible(store: Store, ability: AppAbility, resource: keyof typeof USED) {
  if (!canDo(ability, "read", resource as ResourceName)) return [];
  const rows = readableRows(ability, resource as ResourceName, store.rows(resource as ResourceName));
  const readable = readableFields(ability, resource as ResourceName);
  const fields = USED[resource].filter((f) => readable.includes(f));
  // Today every reader may see every field used: then the rows go as they are (a copy of 100k
  // orders costs ~20 ms for nothing); a field a role may not read never reaches the computation.
  if (fields.length === USED[resource].length) return rows;
  return rows.map((row) => {
    const out: Record<string, unknown> & { id: number } = { id: row.id };
    for (const f of fields) out[f] = row[f];
    return out;
  });
}

export function statsRoutes(store: Store) {
  function dashboard(req: Request, res: Response) {
    const { ability } = req.ctx;
    // Own scope when the role reads orders only under a condition (an agent: assigneeId = self).
    const scope = ability.rulesFor("read", "orders").some((r) => !r.conditions && !r.inverted) ? "all" : "own";
    const stats = computeDashboard(
      { orders: visible(store, ability, "orders"), customers: visible(store, ability, "customers"), products: visible(store, ability, "products"), scope },
      new Date(),
    );
    res.json(stats);
  }
  return { dashboard };
}
