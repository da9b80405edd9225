/**
 * The dashboard's figures (`GET /api/stats/dashboard`) as one pure function of the rows
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

/** The instants the figures are counted between, all UTC, as ISO strings. */
export interface DashboardPeriods {
  now: string;
  thisMonth: string;
  lastMonth: string;
  nextMonth: string;
  thisYear: string;
  nextYear: string;
  /** The first of the ORDERS_PER_DAY_DAYS days, and the day after the last (today). */
  firstDay: string;
  tomorrow: string;
  /** YYYY-MM-DD of each day counted, oldest first. */
  days: string[];
}

export function dashboardPeriods(now: Date): DashboardPeriods {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const today = Date.UTC(y, m, now.getUTCDate());
  const days: string[] = [];
  for (let i = ORDERS_PER_DAY_DAYS - 1; i >= 0; i--) days.push(iso(today - i * DAY_MS).slice(0, 10));
  return {
    now: iso(now.getTime()),
    thisMonth: iso(Date.UTC(y, m, 1)),
    lastMonth: iso(Date.UTC(y, m - 1, 1)),
    nextMonth: iso(Date.UTC(y, m + 1, 1)),
    thisYear: iso(Date.UTC(y, 0, 1)),
    nextYear: iso(Date.UTC(y + 1, 0, 1)),
    firstDay: iso(today - (ORDERS_PER_DAY_DAYS - 1) * DAY_MS),
    tomorrow: iso(today + DAY_MS),
    days,
  };
}

/**
 * The figures before they are put in order: what a store that aggregates by itself (PostgreSQL,
 * in SQL) hands over, and what computeDashboard counts from rows. Both end in assembleDashboard,
 * so ordering and cuts are decided once.
 */
export interface DashboardFigures {
  ordersByStatus: Partial<Record<string, number>>;
  /** Orders placed per YYYY-MM-DD, within the periods' days. */
  perDay: ReadonlyMap<string, number>;
  revenue: { thisMonth: number; lastMonth: number };
  /** Customers the caller may read with revenue this year (any order, any number). */
  customerRevenue: { id: number; name: string; revenue: number; orders: number }[];
  /** Active products at or under the threshold (any order). */
  lowStock: readonly Rec[];
  customers: number;
}

export function assembleDashboard(f: DashboardFigures, periods: DashboardPeriods, scope: DashboardStats["scope"]): DashboardStats {
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((s) => [s, f.ordersByStatus[s] ?? 0])) as Record<OrderStatus, number>;
  const lowStock = f.lowStock
    .map((p) => ({ id: p.id, sku: String(p.sku), name: String(p.name), stock: p.stock as number }))
    .sort((a, b) => a.stock - b.stock || a.name.localeCompare(b.name) || a.id - b.id);
  return {
    asOf: periods.now,
    scope,
    basis: STATS_BASIS,
    revenue: { ...f.revenue, thisMonthStart: periods.thisMonth, lastMonthStart: periods.lastMonth },
    ordersByStatus,
    openOrders: OPEN_STATUSES.reduce((n, s) => n + ordersByStatus[s], 0),
    ordersPerDay: periods.days.map((date) => ({ date, count: f.perDay.get(date) ?? 0 })),
    lowStock: { threshold: LOW_STOCK_THRESHOLD, items: lowStock },
    topCustomers: [...f.customerRevenue].sort((a, b) => b.revenue - a.revenue || a.id - b.id).slice(0, TOP_CUSTOMERS),
    customers: f.customers,
  };
}

export const isLowStock = (p: Rec) => p.status === "active" && typeof p.stock === "number" && p.stock <= LOW_STOCK_THRESHOLD;

export function computeDashboard(input: StatsInput, now: Date): DashboardStats {
  const p = dashboardPeriods(now);
  const ordersByStatus: Partial<Record<string, number>> = {};
  const perDay = new Map<string, number>();
  const revenue = { thisMonth: 0, lastMonth: 0 };
  const byCustomer = new Map<number, { revenue: number; orders: number }>();

  for (const o of input.orders) {
    const status = o.status as OrderStatus;
    if (ORDER_STATUSES.includes(status)) ordersByStatus[status] = (ordersByStatus[status] ?? 0) + 1;
    const placed = at(o.placedAt);
    if (placed >= p.firstDay && placed < p.tomorrow) {
      const k = placed.slice(0, 10);
      perDay.set(k, (perDay.get(k) ?? 0) + 1);
    }
    if (!REVENUE_STATUSES.includes(status)) continue;
    const paid = at(o.paidAt);
    const total = typeof o.total === "number" ? o.total : 0;
    if (paid >= p.thisMonth && paid < p.nextMonth) revenue.thisMonth += total;
    else if (paid >= p.lastMonth && paid < p.thisMonth) revenue.lastMonth += total;
    if (paid >= p.thisYear && paid < p.nextYear && typeof o.customerId === "number") {
      const c = byCustomer.get(o.customerId) ?? { revenue: 0, orders: 0 };
      c.revenue += total;
      c.orders++;
      byCustomer.set(o.customerId, c);
    }
  }

  const customerById = new Map(input.customers.map((c) => [c.id, c]));
  const customerRevenue = [...byCustomer]
    // A customer the caller may not read is not named, even if one of their orders is visible.
    .filter(([id]) => customerById.has(id))
    .map(([id, c]) => ({ id, name: String(customerById.get(id)?.name ?? ""), ...c }));

  return assembleDashboard(
    { ordersByStatus, perDay, revenue, customerRevenue, lowStock: input.products.filter(isLowStock), customers: input.customers.length },
    p,
    input.scope,
  );
}
