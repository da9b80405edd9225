/**
 * The dashboard's figures aggregated in SQL (docs/decisions/051), under the reader's scopes:
 * order figures from order_tallies when the order scope is on tally keys (decision 056), else
 * from the orders. Cuts and orderings are left to assembleDashboard, shared with the JSON store,
 * so both stores answer the same figures.
 */
import { LOW_STOCK_THRESHOLD } from "../../../domain/constants";
import { assembleDashboard, computeDashboard, dashboardPeriods, REVENUE_STATUSES, type DashboardStats } from "../../../domain/stats";
import { DASHBOARD_FIELDS } from "../json-store";
import type { DashboardQuery } from "../types";
import { Params, quote as q, scopeSql, toRecord, type Query } from "./sql";
import { scopeOnTallyKeys } from "./tallies";

export async function dashboardOf(db: Query, query: DashboardQuery): Promise<DashboardStats> {
  const readsAll = (["orders", "customers", "products"] as const).every((r) => !query[r] || DASHBOARD_FIELDS[r].every((f) => query[r]!.fields.includes(f)));
  // A role that may not see a field a figure counts gets the JSON store's way: only the fields it
  // may read reach the computation. No role is like that today, so this path stays cold.
  if (!readsAll) return dashboardFromRows(db, query);

  const periods = dashboardPeriods(query.now);
  // Each statement numbers its own parameters.
  const run = (build: (v: (x: unknown) => string) => string) => {
    const p = new Params();
    const text = build((x) => p.add(x));
    return db(text, p.values);
  };
  const scoped = (v: (x: unknown) => string, r: DashboardQuery["orders"], alias: string) => {
    if (!r) return "FALSE";
    const p = { add: v } as Params;
    return scopeSql(r.rows, p, alias);
  };
  const paid = (v: (x: unknown) => string) => `o.status IN (${REVENUE_STATUSES.map((s) => v(s)).join(", ")})`;
  // Order figures from order_tallies (migration 004) when the reader's order scope filters on
  // what they are grouped by, as every role's does today; else from the orders themselves.
  const tallied = scopeOnTallyKeys(query.orders?.rows ?? null);
  const month = (iso: string) => iso.slice(0, 7);
  const figures = tallied
    ? [
        run((v) => `SELECT status, sum(n) AS n FROM order_tallies o WHERE ${scoped(v, query.orders, "o.")} GROUP BY status HAVING sum(n) > 0`),
        run(
          (v) => `SELECT coalesce(sum(o.total) FILTER (WHERE o."paidMonth" = ${v(month(periods.thisMonth))}), 0) AS this_month,
                    coalesce(sum(o.total) FILTER (WHERE o."paidMonth" = ${v(month(periods.lastMonth))}), 0) AS last_month
             FROM order_tallies o WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidMonth" IN (${v(month(periods.thisMonth))}, ${v(month(periods.lastMonth))})`,
        ),
        run(
          (v) => `SELECT o."customerId" AS id, c.name, sum(o.total) AS revenue, sum(o.n) AS orders FROM order_tallies o
             JOIN customers c ON c.id = o."customerId" AND ${scoped(v, query.customers, "c.")}
             WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidMonth" >= ${v(month(periods.thisYear))} AND o."paidMonth" < ${v(month(periods.nextYear))}
             GROUP BY o."customerId", c.name HAVING sum(o.n) > 0 ORDER BY revenue DESC, id LIMIT 5`,
        ),
      ]
    : [
        run((v) => `SELECT status, count(*) AS n FROM orders o WHERE ${scoped(v, query.orders, "o.")} GROUP BY status`),
        run(
          (v) => `SELECT coalesce(sum(o.total) FILTER (WHERE o."paidAt" >= ${v(periods.thisMonth)}), 0) AS this_month,
                    coalesce(sum(o.total) FILTER (WHERE o."paidAt" < ${v(periods.thisMonth)}), 0) AS last_month
             FROM orders o WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidAt" >= ${v(periods.lastMonth)} AND o."paidAt" < ${v(periods.nextMonth)}`,
        ),
        run(
          (v) => `SELECT o."customerId" AS id, c.name, sum(o.total) AS revenue, count(*) AS orders FROM orders o
             JOIN customers c ON c.id = o."customerId" AND ${scoped(v, query.customers, "c.")}
             WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidAt" >= ${v(periods.thisYear)} AND o."paidAt" < ${v(periods.nextYear)}
             GROUP BY o."customerId", c.name ORDER BY revenue DESC, id LIMIT 5`,
        ),
      ];
  const [[byStatus, revenue, top], perDay, low, count] = await Promise.all([
    Promise.all(figures),
    run(
      (v) => `SELECT to_char(o."placedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM orders o
         WHERE ${scoped(v, query.orders, "o.")} AND o."placedAt" >= ${v(periods.firstDay)} AND o."placedAt" < ${v(periods.tomorrow)} GROUP BY day`,
    ),
    run(
      (v) =>
        `SELECT id, sku, name, stock, status FROM products WHERE ${scoped(v, query.products, "")} AND status = 'active' AND stock <= ${v(LOW_STOCK_THRESHOLD)}`,
    ),
    run((v) => `SELECT count(*) AS n FROM customers c WHERE ${scoped(v, query.customers, "c.")}`),
  ]);
  return assembleDashboard(
    {
      ordersByStatus: Object.fromEntries(byStatus.rows.map((r) => [r.status, Number(r.n)])),
      perDay: new Map(perDay.rows.map((r) => [r.day as string, Number(r.n)])),
      revenue: { thisMonth: Number(revenue.rows[0].this_month), lastMonth: Number(revenue.rows[0].last_month) },
      customerRevenue: top.rows.map((r) => ({ id: Number(r.id), name: String(r.name), revenue: Number(r.revenue), orders: Number(r.orders) })),
      lowStock: low.rows.map(toRecord),
      customers: Number(count.rows[0].n),
    },
    periods,
    query.scope,
  );
}

async function dashboardFromRows(db: Query, query: DashboardQuery) {
  const load = async (resource: "orders" | "customers" | "products") => {
    const r = query[resource];
    if (!r) return [];
    const p = new Params();
    const fields = ["id", ...DASHBOARD_FIELDS[resource].filter((f) => r.fields.includes(f))];
    return (await db(`SELECT ${fields.map(q).join(", ")} FROM ${q(resource)} WHERE ${scopeSql(r.rows, p)}`, p.values)).rows.map(toRecord);
  };
  const [orders, customers, products] = await Promise.all([load("orders"), load("customers"), load("products")]);
  return computeDashboard({ orders, customers, products, scope: query.scope }, query.now);
}
