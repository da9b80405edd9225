/** Making products and orders over the API, for the lifecycle and stock tests. */
import type { OrderStatus } from "../../src/domain/order-lifecycle";
import type { Body, Client } from "./helpers";

let serial = 0;

/** An active product with exactly this stock, its SKU unique within the run. */
export async function newProduct(manager: Client, stock: number, price = 1_000, name?: string): Promise<Body> {
  const n = `${process.pid % 1000}-${++serial}`;
  const categoryId = (await manager.get("/api/categories?_end=1")).body[0].id;
  const res = await manager.post("/api/products", { sku: `ST-${n}`, name: name ?? `Stock test ${n}`, categoryId, price, cost: 1, stock, status: "active" });
  if (res.status !== 201) throw new Error(`product: ${res.status} ${res.text}`);
  return res.body;
}

export interface Line {
  productId: number;
  quantity: number;
}

/** A draft for the client's first customer it may see (its own, for an agent). */
export async function newDraft(client: Client, items: Line[], extra: Record<string, unknown> = {}): Promise<Body> {
  const customerId = extra.customerId ?? (await client.get("/api/customers?_end=1")).body[0].id;
  const me = (await client.get("/api/auth/me")).body.user;
  const res = await client.post("/api/orders", { customerId, assigneeId: me.id, items, ...extra });
  if (res.status !== 201) throw new Error(`order: ${res.status} ${res.text}`);
  return res.body;
}

export const transition = (client: Client, order: { id: number; version: number }, to: OrderStatus, reason?: string) =>
  client.post(`/api/orders/${order.id}/transitions`, { to, version: order.version, ...(reason !== undefined ? { reason } : {}) });

/** Move an order along `path`, failing loudly on any refusal; answers the order at the end. */
export async function walk(client: Client, order: Body, path: OrderStatus[], reason = "Customer asked for it"): Promise<Body> {
  let current = order;
  for (const to of path) {
    const res = await transition(client, current, to, to === "cancelled" || to === "refunded" ? reason : undefined);
    if (res.status !== 200) throw new Error(`${current.status} → ${to}: ${res.status} ${res.text}`);
    current = res.body;
  }
  return current;
}

export const stockOf = async (client: Client, productId: number): Promise<number> => (await client.get(`/api/products/${productId}`)).body.stock;

/** Statuses whose order holds stock: placed and not cancelled (a refund does not give it back). */
export const HOLDS_STOCK: readonly string[] = ["placed", "paid", "shipped", "delivered", "refunded"];

/** A small deterministic PRNG (mulberry32), so a failing random sequence can be replayed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
