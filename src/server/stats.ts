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
import type { Storage } from "./storage/types";

const reach = (ability: AppAbility, resource: "orders" | "customers" | "products") =>
  canDo(ability, "read", resource) ? { rows: rowScope(ability, resource), fields: readableFields(ability, resource) } : null;

export function statsRoutes(storage: Storage) {
  async function dashboard(req: Request, res: Response) {
    const { ability } = req.ctx;
    // Own scope when the role reads orders only under a condition (an agent: assigneeId = self).
    const scope = ability.rulesFor("read", "orders").some((r) => !r.conditions && !r.inverted) ? "all" : "own";
    const stats = await storage.dashboard({
      scope,
      orders: reach(ability, "orders"),
      customers: reach(ability, "customers"),
      products: reach(ability, "products"),
      now: new Date(),
    });
    res.json(stats);
  }
  return { dashboard };
}
