import { describe, expect, it } from "vitest";
import { LOW_STOCK_THRESHOLD } from "./constants";
import { computeDashboard } from "./stats";

const order = (id: number, status: string, total: number, fields: Record<string, unknown> = {}) => ({ id, status, total, customerId: 1, ...fields });
const input = (orders: Record<string, unknown>[], extra: Partial<Parameters<typeof computeDashboard>[0]> = {}) => ({
  orders: orders as never,
  customers: [
    { id: 1, name: "One" },
    { id: 2, name: "Two" },
  ],
  products: [],
  scope: "all" as const,
  ...extra,
});

describe("computeDashboard", () => {
  it("revenue: paid, shipped and delivered by paidAt, in UTC calendar months (January's last month is December)", () => {
    const now = new Date("2027-01-01T00:30:00Z");
    const r = computeDashboard(
      input([
        order(1, "paid", 100, { paidAt: "2027-01-01T00:00:00.000Z" }),
        order(2, "shipped", 20, { paidAt: "2026-12-31T23:59:59.999Z" }),
        order(3, "delivered", 3, { paidAt: "2026-12-01T00:00:00.000Z" }),
        order(4, "refunded", 1000, { paidAt: "2027-01-01T00:10:00.000Z" }),
        order(5, "cancelled", 1000, { paidAt: "2026-12-10T00:00:00.000Z" }),
        order(6, "delivered", 7, { paidAt: "2026-11-30T23:59:59.999Z" }),
      ]),
      now,
    );
    expect(r.revenue).toMatchObject({ thisMonth: 100, lastMonth: 23, thisMonthStart: "2027-01-01T00:00:00.000Z", lastMonthStart: "2026-12-01T00:00:00.000Z" });
    expect(r.asOf).toBe(now.toISOString());
  });

  it("orders per day: 30 UTC days ending today, by placedAt; drafts without placedAt are not counted", () => {
    const r = computeDashboard(
      input([
        order(1, "placed", 1, { placedAt: "2026-11-23T23:59:00.000Z" }),
        order(2, "placed", 1, { placedAt: "2026-10-25T00:00:00.000Z" }),
        order(3, "placed", 1, { placedAt: "2026-10-24T23:59:59.999Z" }),
        order(4, "draft", 1),
      ]),
      new Date("2026-11-23T12:00:00Z"),
    );
    expect(r.ordersPerDay).toHaveLength(30);
    expect(r.ordersPerDay[0]).toEqual({ date: "2026-10-25", count: 1 });
    expect(r.ordersPerDay[29]).toEqual({ date: "2026-11-23", count: 1 });
    expect(r.ordersPerDay.reduce((n, d) => n + d.count, 0)).toBe(2);
    expect(r.ordersByStatus).toMatchObject({ draft: 1, placed: 3, paid: 0 });
    expect(r.openOrders).toBe(4);
  });

  it("top customers: this year's revenue, only customers the caller may read, at most five", () => {
    const orders = [
      ...[1, 2, 3, 4, 5, 6, 7].map((c) => order(c, "delivered", c * 10, { customerId: c, paidAt: "2026-02-01T00:00:00.000Z" })),
      order(8, "delivered", 1000, { customerId: 1, paidAt: "2025-12-31T23:59:59.000Z" }),
    ];
    const customers = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `C${id}` }));
    const r = computeDashboard(input(orders, { customers }), new Date("2026-11-23T12:00:00Z"));
    expect(r.topCustomers).toEqual([6, 5, 4, 3, 2].map((id) => ({ id, name: `C${id}`, revenue: id * 10, orders: 1 })));
    expect(r.customers).toBe(6);
  });

  it("low stock: active products at or under the threshold, fewest first", () => {
    const products = [
      { id: 1, sku: "A-1", name: "At mark", stock: LOW_STOCK_THRESHOLD, status: "active" },
      { id: 2, sku: "A-2", name: "Over", stock: LOW_STOCK_THRESHOLD + 1, status: "active" },
      { id: 3, sku: "A-3", name: "Empty", stock: 0, status: "active" },
      { id: 4, sku: "A-4", name: "Archived", stock: 0, status: "archived" },
      { id: 5, sku: "A-5", name: "Draft", stock: 0, status: "draft" },
    ];
    const r = computeDashboard(input([], { products }), new Date("2026-11-23T12:00:00Z"));
    expect(r.lowStock.items.map((p) => p.id)).toEqual([3, 1]);
    expect(r.lowStock.threshold).toBe(LOW_STOCK_THRESHOLD);
  });
});
