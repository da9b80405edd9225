/**
 * GET /api/stats/dashboard against the data file: every figure is recomputed here, from the file
 * and the instant the server says it used (`asOf`), without the server's code — so the test holds
 * on any day the suite runs, not just the seed's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbShape, Row } from "../../src/server/db-shape";
import { expectError, staffId, startTestServer, type Client, type DemoRole, type TestServer } from "./helpers";
import { newDraft, newProduct, walk } from "./order-helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

interface Expected {
  revenue: { thisMonth: number; lastMonth: number };
  ordersByStatus: Record<string, number>;
  ordersPerDay: { date: string; count: number }[];
  lowStock: { id: number; stock: number }[];
  topCustomers: { id: number; revenue: number }[];
  customers: number;
}

/** What the dashboard should say for these orders and customers, written out longhand. */
function expected(db: DbShape, orders: Row[], customers: Row[], asOf: string): Expected {
  const iso = asOf.slice(0, 10); // YYYY-MM-DD of the server's instant, UTC
  const month = iso.slice(0, 7);
  const [y, m] = month.split("-").map(Number);
  const lastMonth = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
  const paidIn = (o: Row, prefix: string) => ["paid", "shipped", "delivered"].includes(o.status as string) && String(o.paidAt ?? "").startsWith(prefix);
  const sum = (rows: Row[]) => rows.reduce((n, o) => n + (o.total as number), 0);

  const days: string[] = [];
  for (let i = 29; i >= 0; i--) days.push(new Date(Date.parse(`${iso}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10));

  const ordersByStatus: Record<string, number> = {};
  for (const st of ["draft", "placed", "paid", "shipped", "delivered", "cancelled", "refunded"])
    ordersByStatus[st] = orders.filter((o) => o.status === st).length;

  const mine = new Set(customers.map((c) => c.id));
  const perCustomer = new Map<number, number>();
  for (const o of orders)
    if (paidIn(o, String(y)) && mine.has(o.customerId as number))
      perCustomer.set(o.customerId as number, (perCustomer.get(o.customerId as number) ?? 0) + (o.total as number));
  const top = [...perCustomer]
    .map(([id, revenue]) => ({ id, revenue }))
    .sort((a, b) => b.revenue - a.revenue || a.id - b.id)
    .slice(0, 5);

  return {
    revenue: { thisMonth: sum(orders.filter((o) => paidIn(o, month))), lastMonth: sum(orders.filter((o) => paidIn(o, lastMonth))) },
    ordersByStatus,
    ordersPerDay: days.map((date) => ({ date, count: orders.filter((o) => String(o.placedAt ?? "").startsWith(date)).length })),
    lowStock: db.products
      .filter((p) => p.status === "active" && (p.stock as number) <= 10)
      .map((p) => ({ id: p.id, stock: p.stock as number }))
      .sort((a, b) => a.stock - b.stock),
    topCustomers: top,
    customers: customers.length,
  };
}

async function dashboard(c: Client) {
  const res = await c.get("/api/stats/dashboard");
  expect(res.status).toBe(200);
  return res;
}

function check(body: Record<string, unknown> & { lowStock: { items: { id: number; stock: number }[] } }, want: Expected) {
  expect(body).toMatchObject({
    revenue: want.revenue,
    ordersByStatus: want.ordersByStatus,
    ordersPerDay: want.ordersPerDay,
    topCustomers: want.topCustomers.map((t) => expect.objectContaining(t)),
    customers: want.customers,
  });
  expect(body.lowStock.items.map((p) => p.stock)).toEqual(want.lowStock.map((p) => p.stock));
  expect(new Set(body.lowStock.items.map((p) => p.id))).toEqual(new Set(want.lowStock.map((p) => p.id)));
}

describe.each(["manager", "auditor", "admin"] as DemoRole[])("%s: every order and customer", (role) => {
  it("the figures match an independent computation over the whole data file", async () => {
    // The figures of the server's day (this month, this year, the last 30 days) count an order paid
    // today, whatever day the suite runs on: the seed's own dates end where it was made.
    const manager = await s.login("manager");
    await walk(manager, await newDraft(manager, [{ productId: (await newProduct(manager, 5, 2_500)).id, quantity: 2 }]), ["placed", "paid"]);
    const res = await dashboard(await s.login(role));
    const db = await s.readDb();
    expect(res.body.scope).toBe("all");
    check(res.body, expected(db, db.orders, db.customers, res.body.asOf));
    // Something in each figure, or these checks would prove little.
    expect(res.body.revenue.thisMonth).toBeGreaterThanOrEqual(5_000);
    expect(res.body.topCustomers.length).toBeGreaterThan(0);
    expect(res.body.lowStock.items.length).toBeGreaterThan(0);
    expect(res.body.ordersPerDay.at(-1).count).toBeGreaterThan(0);
  });
});

describe.each(["agent", "agent2"] as DemoRole[])("%s: their own work only", (role) => {
  it("the figures are computed over the orders assigned to them and the customers they own", async () => {
    const c = await s.login(role);
    const res = await dashboard(c);
    const db = await s.readDb();
    const self = staffId(db, role);
    const orders = db.orders.filter((o) => o.assigneeId === self);
    const customers = db.customers.filter((x) => x.ownerId === self);
    expect(res.body.scope).toBe("own");
    check(res.body, expected(db, orders, customers, res.body.asOf));
    expect(res.body.openOrders).toBe(orders.filter((o) => ["draft", "placed", "paid", "shipped"].includes(o.status as string)).length);
    for (const t of res.body.topCustomers) expect(customers.some((x) => x.id === t.id && x.name === t.name)).toBe(true);
  });

  it("differ from the whole team's", async () => {
    const [mine, all] = await Promise.all([dashboard(await s.login(role)), dashboard(await s.login("manager"))]);
    const total = (b: { ordersByStatus: Record<string, number> }) => Object.values(b.ordersByStatus).reduce((n, v) => n + v, 0);
    expect(total(mine.body)).toBeGreaterThan(0);
    expect(total(mine.body)).toBeLessThan(total(all.body));
    expect(mine.body.customers).toBeLessThan(all.body.customers);
  });
});

describe("what the dashboard never tells", () => {
  it("no hidden field: an agent's answer names no cost or credit limit, nobody's names a password or hash", async () => {
    for (const role of ["agent", "manager", "auditor"] as DemoRole[]) {
      const res = await dashboard(await s.login(role));
      if (role === "agent") expect(res.text).not.toMatch(/cost|creditLimit/i);
      expect(res.text).not.toMatch(/scrypt|password/i);
    }
  });

  it("needs a session; takes no query string; only GET", async () => {
    expectError(await s.client().get("/api/stats/dashboard"), 401, "UNAUTHENTICATED");
    const manager = await s.login("manager");
    expectError(await manager.get("/api/stats/dashboard?from=2020-01-01"), 400, "BAD_QUERY");
    expectError(await manager.get("/api/stats/dashboard?callback=x"), 400, "BAD_QUERY");
    // What @refinedev/simple-rest's custom() sends: a bare "?" is no query.
    expect((await manager.get("/api/stats/dashboard?")).status).toBe(200);
    expectError(await manager.post("/api/stats/dashboard", {}), 405, "METHOD_NOT_ALLOWED");
    expectError(await manager.del("/api/stats/dashboard"), 405, "METHOD_NOT_ALLOWED");
    expectError(await manager.get("/api/stats"), 404, "NOT_FOUND");
    expectError(await manager.get("/api/stats/other"), 404, "NOT_FOUND");
  });
});
