/**
 * A small data file in the shape of src/server/db-shape.ts, for when the committed db.json is
 * not there (yet). The tests read what they need from the data file, so they run on either.
 */
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { builtInRoleRows } from "../../src/domain/roles/built-in";
import { formatOrderNumber } from "../../src/domain/format";
import type { DbShape, Row } from "../../src/server/db-shape";
import { hashPassword } from "../../src/server/passwords";

const T0 = Date.parse("2025-01-15T09:00:00.000Z");
const at = (days: number) => new Date(T0 + days * 86_400_000).toISOString();
const row = (id: number, day: number, fields: Record<string, unknown>): Row => ({ id, ...fields, createdAt: at(day), updatedAt: at(day), version: 1 });

export async function buildFixture(): Promise<DbShape> {
  const staff = [
    row(1, 0, { name: "Ada Admin", email: "admin@example.com", role: "admin", active: true, lastLoginAt: at(30) }),
    row(2, 0, { name: "Max Manager", email: "manager@example.com", role: "manager", active: true }),
    row(3, 1, { name: "Alex Agent", email: "agent@example.com", role: "agent", active: true }),
    row(4, 1, { name: "Bea Agent", email: "agent2@example.com", role: "agent", active: true }),
    row(5, 2, { name: "Aud Itor", email: "auditor@example.com", role: "auditor", active: true }),
    row(6, 2, { name: "Fred Former", email: "former@example.com", role: "agent", active: false }),
    row(7, 3, { name: "Otto Admin", email: "otto@example.com", role: "admin", active: true }),
  ];
  const owners = [3, 3, 3, 3, 4, 4, 4, 2, 2, 2];
  const customers = owners.map((ownerId, i) =>
    row(i + 1, 5 + i, {
      name: `Customer ${String.fromCharCode(65 + i)} ${["Ltd", "Inc", "GmbH"][i % 3]}`,
      email: `customer${i + 1}@shop.example`,
      company: `Company ${i + 1}`,
      tier: ["standard", "silver", "gold"][i % 3],
      creditLimit: 100_000 * (i + 1),
      ownerId,
      ...(i % 2 ? { phone: "+1 555 0100" } : {}),
    }),
  );
  const categories = ["Hardware", "Software", "Services"].map((name, i) => row(i + 1, 1, { name, description: `All ${name.toLowerCase()}` }));
  const products = [
    ["HW-001", "Keyboard (US)", 1, 4_999, 2_000, 50, "active"],
    ["HW-002", "Mouse", 1, 1_999, 700, 5, "active"],
    ["SW-001", "Office Suite", 2, 19_900, 5_000, 1000, "active"],
    ["SW-002", "Old Suite", 2, 9_900, 5_000, 0, "archived"],
    ["SV-001", "Installation", 3, 15_000, 9_000, 100, "draft"],
    ["SV-002", "Support plan", 3, 30_000, 10_000, 100, "active"],
  ].map(([sku, name, categoryId, price, cost, stock, status], i) =>
    row(i + 1, 2, { sku, name, categoryId, price, cost, stock, status, description: `${name} description` }),
  );
  const order = (id: number, customerId: number, assigneeId: number, status: string, items: { productId: number; quantity: number }[]) => {
    const priced = items.map((it) => ({ ...it, unitPrice: products[it.productId - 1].price as number }));
    return row(id, 10 + id, {
      number: formatOrderNumber(id),
      customerId,
      assigneeId,
      items: priced,
      total: priced.reduce((s, it) => s + it.quantity * it.unitPrice, 0),
      status,
      ...(status !== "draft" ? { placedAt: at(10 + id) } : {}),
      notes: `Order ${id}`,
    });
  };
  const orders = [
    order(1, 1, 3, "draft", [{ productId: 1, quantity: 2 }]),
    order(2, 1, 3, "placed", [{ productId: 3, quantity: 1 }]),
    order(3, 2, 3, "paid", [{ productId: 2, quantity: 3 }]),
    order(4, 5, 4, "draft", [{ productId: 1, quantity: 1 }]),
    order(5, 8, 2, "delivered", [{ productId: 6, quantity: 1 }]),
  ];
  const hashes = await Promise.all(staff.map(() => hashPassword(DEMO_PASSWORD)));
  return {
    staff,
    customers,
    categories,
    products,
    orders,
    roles: builtInRoleRows(at(0)),
    views: [],
    "audit-events": [],
    credentials: staff.map((s, i) => ({ staffId: s.id, hash: hashes[i], changedAt: at(0) })),
    sessions: [],
    loginFailures: [],
    twoFactor: [],
    tokens: [],
    preferences: [],
    counters: { orderNumber: orders.length + 1 },
  };
}
