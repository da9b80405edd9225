import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  LOW_STOCK_THRESHOLD,
  ORDER_MAX_QUANTITY,
  ORDER_MIN_ITEMS,
  ORDER_MIN_QUANTITY,
  PRICE_MAX,
  PRICE_MIN,
  REASON_MAX,
  REASON_MIN,
  REFUND_WINDOW_DAYS,
  SKU_PATTERN,
  STOCK_MAX,
} from "../src/domain/constants";
import { categories, customers, getEntity, orders, products, staff, type ResourceName } from "../src/domain/entities";
import type { EntityDef } from "../src/domain/fields";
import { ORDER_STATUSES, STATUS_TIMESTAMP, type OrderStatus } from "../src/domain/order-lifecycle";
import { validateWrite } from "../src/domain/schema";
import { ROUTED_COLLECTIONS, type DbShape, type Row } from "../src/server/db-shape";
import { verifyPassword } from "../src/server/passwords";
import { DEFAULT_SEED_OPTIONS, DEMO_ACCOUNTS, generateDb, serializeDb, serializeDbChunks, writeFileAtomic } from "./seed-lib";

const ROOT = path.resolve(import.meta.dirname, "..");
const DAY = 86_400_000;
const NOW = Date.parse(DEFAULT_SEED_OPTIONS.now);
const ms = (v: unknown) => Date.parse(v as string);

let db: DbShape;
beforeAll(async () => {
  db = await generateDb();
});

const byId = (rows: Row[]) => new Map(rows.map((r) => [r.id, r]));
const staffByEmail = (email: string) => db.staff.find((s) => s.email === email)!;
/** The part of a record a client writes, as it would send it (password added for staff). */
function clientBody(def: EntityDef, row: Row): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.fields)) if (f.write !== "never" && f.type !== "password" && name in row) body[name] = row[name];
  return body;
}

describe("determinism", () => {
  it("gives the same data for the same options", async () => {
    expect(await generateDb({ ...DEFAULT_SEED_OPTIONS })).toEqual(db);
  });

  it("the committed db.json is exactly what the seed makes (never edited by hand)", () => {
    const committed = fs.readFileSync(path.join(ROOT, "db.json"), "utf8");
    const expected = serializeDb(db);
    if (committed !== expected) {
      // Name the first record that differs rather than diffing 2 MB.
      const theirs = JSON.parse(committed) as Record<string, unknown>;
      const ours = JSON.parse(expected) as Record<string, unknown>;
      for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
        const [a, b] = [theirs[key], ours[key]];
        if (Array.isArray(a) && Array.isArray(b)) {
          for (let i = 0; i < Math.max(a.length, b.length); i++)
            expect(a[i], `db.json ${key}[${i}] (npm run db:seed makes it; never edit it by hand)`).toEqual(b[i]);
        } else expect(a, `db.json ${key}`).toEqual(b);
      }
    }
    expect(committed === expected, "db.json is byte-identical to what npm run db:seed writes").toBe(true);
  });

  it("the streaming writer writes the same bytes as serializeDb, atomically", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "seed-test-"));
    try {
      const file = path.join(dir, "nested", "db.json");
      const bytes = writeFileAtomic(file, serializeDbChunks(db));
      const text = fs.readFileSync(file, "utf8");
      expect(text).toBe(serializeDb(db));
      expect(bytes).toBe(Buffer.byteLength(text));
      expect(fs.readdirSync(path.dirname(file))).toEqual(["db.json"]); // no temporary file left
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("another seed or anchor gives other data, still ending before the anchor", async () => {
    const other = await generateDb({ seed: 7, orders: 60, customers: 20, products: 12, now: "2025-03-01T00:00:00.000Z" });
    expect(other.customers.map((c) => c.email)).not.toEqual(db.customers.slice(0, 20).map((c) => c.email));
    expect(other.orders).toHaveLength(60);
    expect(new Set(other.orders.map((o) => o.status)).size).toBe(ORDER_STATUSES.length);
    for (const name of ROUTED_COLLECTIONS) for (const r of other[name]) expect(ms(r.updatedAt)).toBeLessThan(Date.parse("2025-03-01T00:00:00.000Z"));
  });

  it("refuses nonsense options", async () => {
    await expect(generateDb({ orders: -1 })).rejects.toThrow(/orders/);
    await expect(generateDb({ products: 0 })).rejects.toThrow(/products/);
    await expect(generateDb({ now: "yesterday" })).rejects.toThrow(/now/);
  });
});

describe("shape (src/server/db-shape.ts)", () => {
  it("has every collection, in the data file's order, and the order counter", () => {
    expect(Object.keys(db)).toEqual([
      "staff",
      "customers",
      "categories",
      "products",
      "orders",
      "roles",
      "views",
      "audit-events",
      "credentials",
      "sessions",
      "loginFailures",
      "twoFactor",
      "tokens",
      "preferences",
      "counters",
    ]);
    expect(db.sessions).toEqual([]);
    expect(db.loginFailures).toEqual([]);
    expect(db.counters).toEqual({ orderNumber: db.orders.length + 1 });
  });

  it("the demo data's sizes: 8–12 staff, 8 categories, 60 products …", () => {
    expect(db.staff.length).toBeGreaterThanOrEqual(8);
    expect(db.staff.length).toBeLessThanOrEqual(12);
    expect(db.categories).toHaveLength(8);
    expect(db.products).toHaveLength(60);
    expect(db.customers).toHaveLength(150);
    expect(db.orders).toHaveLength(600);
  });

  it.each(ROUTED_COLLECTIONS)("%s: ids 1…n, ISO timestamps, versions, no null or empty values", (name) => {
    const rows = db[name];
    rows.forEach((r, i) => {
      expect(r.id).toBe(i + 1);
      expect(new Date(r.createdAt).toISOString()).toBe(r.createdAt);
      expect(new Date(r.updatedAt).toISOString()).toBe(r.updatedAt);
      expect(ms(r.updatedAt)).toBeGreaterThanOrEqual(ms(r.createdAt));
      expect(ms(r.updatedAt)).toBeLessThan(NOW);
      expect(Number.isInteger(r.version) && r.version >= 1).toBe(true);
      for (const [k, v] of Object.entries(r)) expect(v === null || v === "" || v === undefined, `${name} ${r.id}.${k}`).toBe(false);
    });
    // Records were created in id order.
    for (let i = 1; i < rows.length; i++) expect(ms(rows[i].createdAt)).toBeGreaterThanOrEqual(ms(rows[i - 1].createdAt));
  });

  it("only fields the entity defines (plus the system ones) are stored", () => {
    for (const name of ROUTED_COLLECTIONS) {
      const known = new Set(["id", "createdAt", "updatedAt", "version", ...Object.keys(getEntity(name).fields)]);
      for (const r of db[name]) for (const k of Object.keys(r)) expect(known.has(k), `${name}.${k}`).toBe(true);
    }
  });
});

describe("validation: every record could have been created through the API", () => {
  it.each([
    ["customers", customers],
    ["categories", categories],
    ["products", products],
    ["orders", orders],
  ] as [ResourceName, EntityDef][])("%s", (name, def) => {
    for (const row of db[name]) {
      const body = clientBody(def, row);
      if (name === "orders") body.items = (row.items as { productId: number; quantity: number }[]).map(({ productId, quantity }) => ({ productId, quantity }));
      const { data, errors } = validateWrite(def, body, "create");
      expect(errors, `${name} ${row.id}`).toBeUndefined();
      expect(data, `${name} ${row.id} is stored as validation cleans it`).toEqual(body);
    }
  });

  it("staff (with the demo password)", () => {
    for (const row of db.staff) {
      const body = clientBody(staff, row);
      const { data, errors } = validateWrite(staff, { ...body, password: DEMO_PASSWORD }, "create");
      expect(errors, `staff ${row.id}`).toBeUndefined();
      expect(data).toEqual({ ...body, password: DEMO_PASSWORD });
    }
  });
});

describe("staff and demo accounts", () => {
  it("has the demo accounts with their roles and active flags", () => {
    for (const [i, a] of DEMO_ACCOUNTS.entries()) expect(db.staff[i]).toMatchObject(a);
    expect(staffByEmail("admin@example.com")).toMatchObject({ name: "Ada Admin", role: "admin", active: true });
    expect(staffByEmail("former@example.com")).toMatchObject({ role: "agent", active: false });
    expect(db.staff.filter((s) => s.role === "manager" && s.active).length).toBeGreaterThanOrEqual(2);
    expect(db.staff.filter((s) => s.role === "agent" && s.active).length).toBeGreaterThanOrEqual(4);
    for (const s of db.staff) {
      expect(s.email).toBe((s.email as string).toLowerCase());
      expect(s.email).toMatch(/@example\.com$/);
      expect(s).not.toHaveProperty("password");
      expect(s).not.toHaveProperty("hash");
    }
    expect(db.staff.some((s) => s.lastLoginAt)).toBe(true);
    expect(db.staff.some((s) => !s.lastLoginAt)).toBe(true);
  });

  it("every account has one credential, its own salt, and the demo password verifies", async () => {
    expect(db.credentials.map((c) => c.staffId)).toEqual(db.staff.map((s) => s.id));
    const salts = db.credentials.map((c) => c.hash.split("$")[4]);
    expect(new Set(salts).size).toBe(salts.length);
    for (const c of db.credentials) expect(c.changedAt).toBe(byId(db.staff).get(c.staffId)!.createdAt);
    const demo = DEMO_ACCOUNTS.map((a) => db.credentials.find((c) => c.staffId === staffByEmail(a.email).id)!);
    expect(await Promise.all(demo.map((c) => verifyPassword(DEMO_PASSWORD, c.hash)))).toEqual(demo.map(() => true));
    expect(await verifyPassword("switchboard-demo!", demo[0].hash)).toBe(false);
  });
});

describe("catalogue", () => {
  it("categories: unique names, each described, each with products", () => {
    const names = db.categories.map((c) => (c.name as string).toLowerCase());
    expect(new Set(names).size).toBe(8);
    for (const c of db.categories) {
      expect(c.description).toBeTruthy();
      expect(db.products.some((p) => p.categoryId === c.id)).toBe(true);
    }
  });

  it("products: unique SKUs, prices and costs in range, statuses mostly active", () => {
    expect(new Set(db.products.map((p) => p.sku)).size).toBe(db.products.length);
    const categoryIds = new Set(db.categories.map((c) => c.id));
    for (const p of db.products) {
      expect(p.sku).toMatch(SKU_PATTERN);
      expect(categoryIds.has(p.categoryId as number)).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(PRICE_MIN);
      expect(p.price).toBeLessThanOrEqual(PRICE_MAX);
      expect(p.cost).toBeLessThan(p.price as number);
      expect(Number.isInteger(p.stock) && (p.stock as number) >= 0 && (p.stock as number) <= STOCK_MAX).toBe(true);
    }
    const count = (s: string) => db.products.filter((p) => p.status === s).length;
    expect(count("active")).toBeGreaterThan(db.products.length * 0.7);
    expect(count("draft")).toBeGreaterThan(0);
    expect(count("archived")).toBeGreaterThan(0);
  });

  it("several active products are at or under the low-stock mark, a few at zero", () => {
    const active = db.products.filter((p) => p.status === "active");
    expect(active.filter((p) => (p.stock as number) <= LOW_STOCK_THRESHOLD).length).toBeGreaterThanOrEqual(4);
    expect(active.filter((p) => p.stock === 0).length).toBeGreaterThanOrEqual(2);
  });

  it("stock is what the product was created with, less what placed orders took and cancels gave back", () => {
    const created = new Map(
      db["audit-events"]
        .filter((e) => e.resource === "products" && e.action === "create")
        .map((e) => [e.recordId, (e.changes as Record<string, { to: number }>).stock.to]),
    );
    const net = new Map<number, number>();
    for (const o of db.orders) {
      if (!o.placedAt) continue;
      const sign = o.status === "cancelled" ? 0 : 1;
      for (const it of o.items as { productId: number; quantity: number }[]) net.set(it.productId, (net.get(it.productId) ?? 0) + sign * it.quantity);
    }
    for (const p of db.products) expect(created.get(p.id)! - (net.get(p.id) ?? 0), p.sku as string).toBe(p.stock);
  });
});

describe("customers", () => {
  it("unique lower-case emails, owners are active agents or managers", () => {
    const emails = db.customers.map((c) => c.email as string);
    expect(new Set(emails).size).toBe(emails.length);
    const staffIds = byId(db.staff);
    for (const c of db.customers) {
      expect(c.email).toBe((c.email as string).toLowerCase());
      const owner = staffIds.get(c.ownerId as number)!;
      expect(owner.active).toBe(true);
      expect(["agent", "manager"]).toContain(owner.role);
    }
    expect(db.customers.filter((c) => c.phone).length).toBeGreaterThan(db.customers.length / 2);
    expect(db.customers.filter((c) => c.company).length).toBeGreaterThan(db.customers.length / 3);
    expect(new Set(db.customers.map((c) => c.tier))).toEqual(new Set(["standard", "silver", "gold"]));
  });

  it("each demo agent owns a healthy share", () => {
    for (const email of ["agent@example.com", "agent2@example.com"]) {
      const n = db.customers.filter((c) => c.ownerId === staffByEmail(email).id).length;
      expect(n, email).toBeGreaterThanOrEqual(20);
      expect(n, email).toBeLessThanOrEqual(30);
    }
  });
});

describe("orders", () => {
  it("numbers in creation order, the counter after the last", () => {
    db.orders.forEach((o, i) => expect(o.number).toBe(`SO-${String(i + 1).padStart(6, "0")}`));
    expect(db.counters.orderNumber).toBe(db.orders.length + 1);
  });

  it("every status is present, most are delivered", () => {
    const count = (s: OrderStatus) => db.orders.filter((o) => o.status === s).length;
    for (const s of ORDER_STATUSES) expect(count(s), s).toBeGreaterThan(0);
    expect(count("delivered")).toBeGreaterThan(db.orders.length / 2);
  });

  it("references resolve: customer existed before the order, assignee works orders, products were active", () => {
    const customerIds = byId(db.customers);
    const staffIds = byId(db.staff);
    const productIds = byId(db.products);
    for (const o of db.orders) {
      const customer = customerIds.get(o.customerId as number)!;
      expect(customer, o.number as string).toBeDefined();
      expect(ms(customer.createdAt)).toBeLessThan(ms(o.createdAt));
      const assignee = staffIds.get(o.assigneeId as number)!;
      expect(assignee.active).toBe(true);
      expect(["admin", "manager", "agent"]).toContain(assignee.role);
      for (const it of o.items as { productId: number }[]) expect(productIds.get(it.productId)?.status).toBe("active");
    }
    // Usually the customer's owner works the order.
    const own = db.orders.filter((o) => customerIds.get(o.customerId as number)!.ownerId === o.assigneeId).length;
    expect(own).toBeGreaterThan(db.orders.length * 0.8);
  });

  it("items and totals: unitPrice is the product's price, total is the sum", () => {
    const productIds = byId(db.products);
    for (const o of db.orders) {
      const items = o.items as { productId: number; quantity: number; unitPrice: number }[];
      expect(items.length).toBeLessThanOrEqual(5);
      expect(items.length, o.number as string).toBeGreaterThanOrEqual(ORDER_MIN_ITEMS);
      expect(new Set(items.map((it) => it.productId)).size).toBe(items.length);
      for (const it of items) {
        expect(Object.keys(it)).toEqual(["productId", "quantity", "unitPrice"]);
        expect(it.quantity).toBeGreaterThanOrEqual(ORDER_MIN_QUANTITY);
        expect(it.quantity).toBeLessThanOrEqual(ORDER_MAX_QUANTITY);
        expect(it.unitPrice).toBe(productIds.get(it.productId)!.price);
      }
      expect(o.total).toBe(items.reduce((sum, it) => sum + it.quantity * it.unitPrice, 0));
    }
  });

  it("timestamps: exactly the steps reached, each later than the one before, all before now", () => {
    const chains: Record<OrderStatus, OrderStatus[][]> = {
      draft: [[]],
      placed: [["placed"]],
      paid: [["placed", "paid"]],
      shipped: [["placed", "paid", "shipped"]],
      delivered: [["placed", "paid", "shipped", "delivered"]],
      cancelled: [
        ["placed", "cancelled"],
        ["placed", "paid", "cancelled"],
      ],
      refunded: [["placed", "paid", "shipped", "delivered", "refunded"]],
    };
    const window = NOW - 366 * DAY;
    for (const o of db.orders) {
      const reached = (Object.keys(STATUS_TIMESTAMP) as Exclude<OrderStatus, "draft">[]).filter((s) => o[STATUS_TIMESTAMP[s]] !== undefined);
      const sorted = [...reached].sort((a, b) => ms(o[STATUS_TIMESTAMP[a]]) - ms(o[STATUS_TIMESTAMP[b]]));
      expect(chains[o.status as OrderStatus], o.number as string).toContainEqual(sorted);
      let last = ms(o.createdAt);
      expect(last).toBeGreaterThan(window);
      for (const s of sorted) {
        const t = ms(o[STATUS_TIMESTAMP[s]]);
        expect(new Date(t).toISOString()).toBe(o[STATUS_TIMESTAMP[s]]);
        expect(t, `${o.number} ${s}`).toBeGreaterThan(last);
        last = t;
      }
      expect(last).toBeLessThan(NOW);
      expect(o.updatedAt).toBe(new Date(last).toISOString());
      expect(o.version).toBe(1 + sorted.length);
    }
  });

  it("cancelled and refunded orders carry a reason; others do not", () => {
    for (const o of db.orders) {
      if (o.status === "cancelled" || o.status === "refunded") {
        expect((o.reason as string).length).toBeGreaterThanOrEqual(REASON_MIN);
        expect((o.reason as string).length).toBeLessThanOrEqual(REASON_MAX);
      } else expect(o).not.toHaveProperty("reason");
    }
  });

  it("refunds fall within the refund window; some delivered orders can still be refunded, some no longer", () => {
    for (const o of db.orders.filter((x) => x.status === "refunded"))
      expect(ms(o.refundedAt) - ms(o.deliveredAt)).toBeLessThanOrEqual(REFUND_WINDOW_DAYS * DAY);
    const delivered = db.orders.filter((o) => o.status === "delivered");
    expect(delivered.filter((o) => NOW - ms(o.deliveredAt) < REFUND_WINDOW_DAYS * DAY).length).toBeGreaterThanOrEqual(5);
    expect(delivered.filter((o) => NOW - ms(o.deliveredAt) > REFUND_WINDOW_DAYS * DAY).length).toBeGreaterThanOrEqual(5);
  });

  it("drafts are recent, each with at least one line (docs/decisions/020), a few the demo agent's", () => {
    const drafts = db.orders.filter((o) => o.status === "draft");
    for (const d of drafts) expect(NOW - ms(d.createdAt)).toBeLessThan(15 * DAY);
    for (const d of drafts) expect((d.items as unknown[]).length, d.number as string).toBeGreaterThanOrEqual(ORDER_MIN_ITEMS);
    expect(drafts.filter((d) => d.assigneeId === staffByEmail("agent@example.com").id).length).toBeGreaterThanOrEqual(3);
  });

  it("the demo agent works a few dozen orders in several statuses", () => {
    const mine = db.orders.filter((o) => o.assigneeId === staffByEmail("agent@example.com").id);
    expect(mine.length).toBeGreaterThanOrEqual(24);
    for (const s of ["draft", "placed", "paid", "shipped", "delivered"])
      expect(
        mine.some((o) => o.status === s),
        s,
      ).toBe(true);
  });

  it("spread over at least 11 months of the last 12", () => {
    expect(new Set(db.orders.map((o) => (o.createdAt as string).slice(0, 7))).size).toBeGreaterThanOrEqual(11);
  });
});

describe("audit events", () => {
  const KEYS = ["id", "at", "actorId", "actorName", "action", "resource", "recordId", "changes", "ip", "createdAt", "updatedAt", "version"];

  it("shape, and ids ascending in time", () => {
    const staffIds = byId(db.staff);
    let last = 0;
    for (const e of db["audit-events"]) {
      expect(Object.keys(e)).toEqual(KEYS);
      expect(e.createdAt).toBe(e.at);
      expect(e.updatedAt).toBe(e.at);
      expect(e.version).toBe(1);
      expect(e.ip).toBe("127.0.0.1");
      expect(e.actorName).toBe(staffIds.get(e.actorId as number)!.name);
      expect(ms(e.at)).toBeGreaterThanOrEqual(last);
      last = ms(e.at);
      expect(JSON.stringify(e.changes)).not.toMatch(/password|hash|scrypt/i);
    }
  });

  it("every record it names exists, and every record has its create event", () => {
    const events = db["audit-events"];
    for (const e of events) expect(byId(db[e.resource as ResourceName]).has(e.recordId as number), `${e.resource} ${e.recordId}`).toBe(true);
    for (const name of ["customers", "categories", "products", "orders"] as const) {
      const createdIds = new Set(events.filter((e) => e.resource === name && e.action === "create").map((e) => e.recordId));
      for (const r of db[name]) expect(createdIds.has(r.id), `${name} ${r.id}`).toBe(true);
    }
    for (const e of events.filter((x) => x.action === "create")) expect(e.at).toBe(byId(db[e.resource as ResourceName]).get(e.recordId as number)!.createdAt);
  });

  it("customers and products are created by managers", () => {
    const staffIds = byId(db.staff);
    for (const e of db["audit-events"].filter((x) => (x.resource === "customers" || x.resource === "products") && x.action === "create"))
      expect(staffIds.get(e.actorId as number)!.role).toBe("manager");
  });

  it("each order: a create event, then one transition per step with its timestamp; cancel and refund by a manager or admin", () => {
    const staffIds = byId(db.staff);
    const perOrder = new Map<number, Row[]>();
    for (const e of db["audit-events"]) if (e.resource === "orders") perOrder.set(e.recordId as number, [...(perOrder.get(e.recordId as number) ?? []), e]);
    for (const o of db.orders) {
      const [create, ...transitions] = perOrder.get(o.id)!;
      expect(create).toMatchObject({ action: "create", at: o.createdAt, actorId: o.assigneeId });
      expect(transitions.length).toBe(o.version - 1);
      let from = "draft";
      for (const t of transitions) {
        const changes = t.changes as Record<string, { from: unknown; to: unknown }>;
        const to = changes.status.to as Exclude<OrderStatus, "draft">;
        expect(t.action).toBe("transition");
        expect(changes.status.from).toBe(from);
        expect(changes[STATUS_TIMESTAMP[to]].to).toBe(t.at);
        expect(o[STATUS_TIMESTAMP[to]]).toBe(t.at);
        if (to === "cancelled" || to === "refunded") {
          expect(["manager", "admin"]).toContain(staffIds.get(t.actorId as number)!.role);
          expect(changes.reason.to).toBe(o.reason);
        } else expect(t.actorId).toBe(o.assigneeId);
        from = to;
      }
      expect(from).toBe(o.status);
    }
  });
});
