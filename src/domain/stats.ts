/**
 * The dashboard's figures (SPEC §7 GET /api/stats/dashboard) as one pure function of the rows
 * the caller may read and an instant. The server passes rows already cut down by the policy;
 * tests pass any `now`. Periods are UTC calendar periods of `now` (docs/decisions/030).
 */
import { LOW_STOCK_THRESHOLD } from "./constants";
import { ORDER_STATUSES, type OrderStatus } from "./order-lifecycle";

/** Orders whose money is in: paid and not given back (a refund or cancel takes it out again). */
export const REVENUE_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered"];
/** Orders someone still has to work on. */
export const OPEN_STATUSES: readonly OrderStatus[] = ["draft", "placed", "paid", "shipped"];
export const ORDERS_PER_DAY_DAYS = 30;
export const TOP_CUSTOMERS = 5;

export interface DashboardStats {
  /** The instant every period below is measured from (the server's clock, UTC). */
  asOf: string;
  /** "all": every order and customer; "own": only those the caller is assigned / owns. */
  scope: "all" | "own";
  /** Which timestamp each figure counts by, in words a client may show. */
  basis: { revenue: string; ordersPerDay: string; topCustomers: string };
  revenue: { thisMonth: number; lastMonth: number; thisMonthStart: string; lastMonthStart: string };
  ordersByStatus: Record<OrderStatus, number>;
  openOrders: number;
  /** One entry per UTC day, oldest first, the last being `asOf`'s day. */
  ordersPerDay: { date: string; count: number }[];
  /** Active products at or under LOW_STOCK_THRESHOLD, fewest first. */
  lowStock: { threshold: number; items: { id: number; sku: string; name: string; stock: number }[] };
  /** By revenue (as above) paid this UTC year, highest first. */
  topCustomers: { id: number; name: string; revenue: number; orders: number }[];
  customers: number;
}

type Rec = Record<string, unknown> & { id: number };

export interface StatsInput {
  orders: readonly Rec[];
  customers: readonly Rec[];
  products: readonly Rec[];
  scope: DashboardStats["scope"];
}

export const STATS_BASIS: DashboardStats["basis"] = {
  revenue: "Sum of order totals with status paid, shipped or delivered, by paidAt",
  ordersPerDay: "Orders by placedAt (drafts are not counted until placed)",
  topCustomers: "Revenue as above, paidAt in this year",
};

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Timestamps are server-set with toISOString() (fixed width, UTC, "Z"), so comparing the strings
 * compares the instants, and the first ten characters are the UTC day: no Date.parse per row
 * (which made up most of ~160 ms at 100k orders).
 */
const at = (v: unknown) => (typeof v === "string" ? v : "");

export function computeDashboard(input: StatsInput, now: Date): DashboardStats {
  const nowMs = now.getTime();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const thisMonth = iso(Date.UTC(y, m, 1));
  const lastMonth = iso(Date.UTC(y, m - 1, 1));
  const nextMonth = iso(Date.UTC(y, m + 1, 1));
  const thisYear = iso(Date.UTC(y, 0, 1));
  const nextYear = iso(Date.UTC(y + 1, 0, 1));
  const today = Date.UTC(y, m, now.getUTCDate());
  const firstDay = iso(today - (ORDERS_PER_DAY_DAYS - 1) * DAY_MS);
  const tomorrow = iso(today + DAY_MS);

  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
  const perDay = new Map<string, number>();
  for (let i = ORDERS_PER_DAY_DAYS - 1; i >= 0; i--) perDay.set(iso(today - i * DAY_MS).slice(0, 10), 0);
  const revenue = { thisMonth: 0, lastMonth: 0 };
  const byCustomer = new Map<number, { revenue: number; orders: number }>();

  for (const o of input.orders) {
    const status = o.status as OrderStatus;
    if (status in ordersByStatus) ordersByStatus[status]++;
    const placed = at(o.placedAt);
    if (placed >= firstDay && placed < tomorrow) {
      const k = placed.slice(0, 10);
      perDay.set(k, (perDay.get(k) ?? 0) + 1);
    }
    if (!REVENUE_STATUSES.includes(status)) continue;
    const paid = at(o.paidAt);
    const total = typeof o.total === "number" ? o.total : 0;
    if (paid >= thisMonth && paid < nextMonth) revenue.thisMonth += total;
    else if (paid >= lastMonth && paid < thisMonth) revenue.lastMonth += total;
    if (paid >= thisYear && paid < nextYear && typeof o.customerId === "number") {
      const c = byCustomer.get(o.customerId) ?? { revenue: 0, orders: 0 };
      c.revenue += total;
      c.orders++;
      byCustomer.set(o.customerId, c);
    }
  }

  const customerById = new Map(input.customers.map((c) => [c.id, c]));
  const topCustomers = [...byCustomer]
    // A customer the caller may not read is not named, even if one of their orders is visible.
    .filter(([id]) => customerById.has(id))
    .map(([id, c]) => ({ id, name: String(customerById.get(id)?.name ?? ""), ...c }))
    .sort((a, b) => b.revenue - a.revenue || a.id - b.id)
    .slice(0, TOP_CUSTOMERS);

  const lowStock = input.products
    .filter((p) => p.status === "active" && typeof p.stock === "number" && p.stock <= LOW_STOCK_THRESHOLD)
    .map((p) => ({ id: p.id, sku: String(p.sku), name: String(p.name), stock: p.stock as number }))
    .sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name) || a.id - b.id);

  return {
    asOf: iso(nowMs),
    scope: input.scope,
    basis: STATS_BASIS,
    revenue: { ...revenue, thisMonthStart: thisMonth, lastMonthStart: lastMonth },
    ordersByStatus,
    openOrders: OPEN_STATUSES.reduce((n, s) => n + ordersByStatus[s], 0),
    ordersPerDay: [...perDay].map(([date, count]) => ({ date, count })),
    lowStock: { threshold: LOW_STOCK_THRESHOLD, items: lowStock },
    topCustomers,
    customers: input.customers.length,
  };
}
