/** The write pipeline: versions, uniqueness, field errors, references, audit, product and draft-order rules. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Row } from "../../src/server/db-shape";
import { expectError, staffId, startTestServer, type Client, type TestServer } from "./helpers";

let s: TestServer;
let manager: Client;
let admin: Client;
beforeAll(async () => {
  s = await startTestServer();
  [manager, admin] = await Promise.all([s.login("manager"), s.login("admin")]);
});
afterAll(async () => {
  await s.close();
});

const uid = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const events = async (resource: string, recordId: number) =>
  (await s.readDb())["audit-events"].filter((e) => e.resource === resource && e.recordId === recordId);
const activeProduct = async () => (await s.readDb()).products.find((p) => p.status === "active")!;

async function newProduct(fields: Record<string, unknown> = {}) {
  const res = await manager.post("/api/products", {
    sku: `T-${uid()}`,
    name: "Test product",
    categoryId: (await s.readDb()).categories[0].id,
    price: 1234,
    cost: 500,
    ...fields,
  });
  expect(res.status).toBe(201);
  return res.body as Row;
}

describe("versions", () => {
  it("create sets version 1 and timestamps; each update +1 and a new updatedAt", async () => {
    const p = await newProduct();
    expect(p.version).toBe(1);
    expect(p.createdAt).toBe(p.updatedAt);
    await new Promise((r) => setTimeout(r, 5));
    const u = (await manager.patch(`/api/products/${p.id}`, { stock: 7, version: 1 })).body;
    expect(u).toMatchObject({ stock: 7, version: 2, createdAt: p.createdAt });
    expect(u.updatedAt > p.updatedAt).toBe(true);
  });

  it("a stale version is VERSION_CONFLICT with the current record, stripped for the reader, and nothing written", async () => {
    const c = (
      await manager.post("/api/customers", {
        name: "Versioned Co",
        email: `v-${uid()}@shop.example`,
        ownerId: staffId(await s.readDb(), "agent"),
        creditLimit: 500,
      })
    ).body;
    await manager.patch(`/api/customers/${c.id}`, { notes: "theirs", version: 1 });
    const before = await s.readRaw();
    const res = await manager.patch(`/api/customers/${c.id}`, { notes: "mine", version: 1 });
    expectError(res, 409, "VERSION_CONFLICT");
    expect(res.body.current).toMatchObject({ id: c.id, notes: "theirs", version: 2, creditLimit: 500 });
    expect((await s.readRaw()).equals(before)).toBe(true);
    // The agent who owns it sees the conflict without the hidden field.
    const agent = await s.login("agent");
    const theirs = await agent.patch(`/api/customers/${c.id}`, { notes: "agent", version: 1 });
    expectError(theirs, 409, "VERSION_CONFLICT");
    expect(theirs.body.current).not.toHaveProperty("creditLimit");
  });

  it("an update must state its version", async () => {
    const p = await newProduct();
    const res = await manager.patch(`/api/products/${p.id}`, { stock: 1 });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toHaveProperty("version");
    expectError(await manager.patch(`/api/products/${p.id}`, { stock: 1, version: "1" }), 422, "VALIDATION_FAILED");
    expectError(
      await manager.post("/api/products", { sku: `T-${uid()}`, name: "With version", categoryId: 1, price: 1, cost: 1, version: 1 }),
      403,
      "FORBIDDEN_FIELD",
    );
  });
});

describe("validation", () => {
  it("answers every field rule as a field error", async () => {
    const res = await manager.post("/api/products", { sku: "bad sku", name: "x", categoryId: 1, price: 0, cost: -1, stock: 1.5, status: "sold" });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(Object.keys(res.body.errors).sort()).toEqual(["cost", "name", "price", "sku", "status", "stock"]);
    const missing = await manager.post("/api/products", {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(["categoryId", "cost", "name", "price", "sku"]);
  });

  it("a field the definition does not have is VALIDATION_FAILED 'Unknown field'", async () => {
    const res = await manager.post("/api/categories", { name: "Has extra", colour: "red", __proto__x: 1 });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toEqual({ colour: ["Unknown field"], __proto__x: ["Unknown field"] });
  });

  it("a __proto__ key is an unknown field, not a prototype", async () => {
    const res = await manager.request("POST", "/api/categories", {
      body: '{"name":"Proto Cat","__proto__":{"role":"admin"},"constructor":{"prototype":{"x":1}}}',
      headers: { "content-type": "application/json" },
    });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(Object.keys(res.body.errors).sort()).toEqual(["__proto__", "constructor"]);
    expect(res.body.errors.constructor).toEqual(["Unknown field"]);
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it("trims text and stores a blank optional text as absent", async () => {
    const res = await manager.post("/api/categories", { name: `  Trimmed ${uid()}  `, description: "   " });
    expect(res.status).toBe(201);
    expect(res.body.name).toMatch(/^Trimmed \w+$/);
    expect(res.body).not.toHaveProperty("description");
  });

  it("unique fields are DUPLICATE case-insensitively (customer email)", async () => {
    const taken = (await s.readDb()).customers[0];
    const res = await manager.post("/api/customers", { name: "Copycat", email: String(taken.email).toUpperCase(), ownerId: taken.ownerId });
    expectError(res, 409, "DUPLICATE");
    expect(res.body.errors).toHaveProperty("email");
  });

  it("references must exist; a customer's owner must be an active agent or manager", async () => {
    const db = await s.readDb();
    const base = { name: "Owned Co", email: `owned-${uid()}@shop.example` };
    const bad = async (ownerId: number, message: RegExp) => {
      const res = await manager.post("/api/customers", { ...base, ownerId });
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors.ownerId[0]).toMatch(message);
    };
    await bad(999999, /No such/);
    await bad(staffId(db, "auditor"), /active agent or manager/);
    await bad(staffId(db, "former"), /active agent or manager/);
    await bad(staffId(db, "admin"), /active agent or manager/);
    expect((await manager.post("/api/customers", { ...base, ownerId: staffId(db, "manager") })).status).toBe(201);
    const p = await manager.post("/api/products", { sku: `T-${uid()}`, name: "Orphan", categoryId: 999999, price: 1, cost: 1 });
    expect(p.body.errors).toHaveProperty("categoryId");
  });
});

describe("audit events", () => {
  it("create, update and delete each append one event with from/to of the changed fields only", async () => {
    const name = `Audited ${uid()}`;
    const c = (await manager.post("/api/categories", { name })).body;
    await manager.patch(`/api/categories/${c.id}`, { description: "Now described", name, version: 1 });
    await manager.del(`/api/categories/${c.id}`);
    const evs = await events("categories", c.id);
    expect(evs.map((e) => e.action)).toEqual(["create", "update", "delete"]);
    const managerId = staffId(await s.readDb(), "manager");
    for (const e of evs) {
      expect(e).toMatchObject({ actorId: managerId, resource: "categories", recordId: c.id, version: 1 });
      expect(typeof e.actorName).toBe("string");
      expect(e.ip).toBeTruthy();
      expect(e.at).toBe(e.createdAt);
    }
    expect(evs[0].changes).toEqual({ name: { from: null, to: name } });
    expect(evs[1].changes).toEqual({ description: { from: null, to: "Now described" } });
    expect(evs[2].changes).toEqual({ name: { from: name, to: null }, description: { from: "Now described", to: null } });
  });

  it("the audit log is readable by managers, filterable, and never writable", async () => {
    const list = await manager.get("/api/audit-events?resource=categories&action=create&_end=5");
    expect(list.status).toBe(200);
    expect(list.body.every((e: Row) => e.resource === "categories" && e.action === "create")).toBe(true);
    const one = list.body[0];
    expect((await manager.get(`/api/audit-events/${one.id}`)).body).toEqual(one);
    expectError(await admin.patch(`/api/audit-events/${one.id}`, { action: "logout", version: 1 }), 405, "METHOD_NOT_ALLOWED");
    expectError(await admin.del(`/api/audit-events/${one.id}`), 405, "METHOD_NOT_ALLOWED");
  });

  it("an update that changes nothing writes nothing", async () => {
    const c = (await manager.post("/api/categories", { name: `Same ${uid()}` })).body;
    const before = await s.readRaw();
    const res = await manager.patch(`/api/categories/${c.id}`, { name: c.name, version: 1 });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(1);
    expect((await s.readRaw()).equals(before)).toBe(true);
  });
});

describe("product status", () => {
  it("moves only along draft → active → archived → active", async () => {
    const p = await newProduct();
    expect(p.status).toBe("draft");
    const jump = await manager.patch(`/api/products/${p.id}`, { status: "archived", version: 1 });
    expectError(jump, 422, "INVALID_TRANSITION");
    expect(jump.body.errors).toHaveProperty("status");
    let v = 1;
    for (const to of ["active", "archived", "active"]) {
      const res = await manager.patch(`/api/products/${p.id}`, { status: to, version: v });
      expect(res.status).toBe(200);
      v = res.body.version;
    }
    expectError(await manager.patch(`/api/products/${p.id}`, { status: "draft", version: v }), 422, "INVALID_TRANSITION");
  });
});

describe("draft orders", () => {
  it("the server numbers, prices, totals and sets status draft; numbers are never reused", async () => {
    const db = await s.readDb();
    const product = await activeProduct();
    const customer = db.customers[0];
    const body = { customerId: customer.id, assigneeId: staffId(db, "manager"), items: [{ productId: product.id, quantity: 3 }], notes: "Rush" };
    const first = await manager.post("/api/orders", body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      number: `SO-${String(db.counters.orderNumber).padStart(6, "0")}`,
      status: "draft",
      items: [{ productId: product.id, quantity: 3, unitPrice: product.price }],
      total: 3 * (product.price as number),
    });
    expect((await s.readDb()).counters.orderNumber).toBe(db.counters.orderNumber + 1);
    expect((await manager.del(`/api/orders/${first.body.id}`)).status).toBe(200);
    const second = await manager.post("/api/orders", body);
    expect(second.body.number).toBe(`SO-${String(db.counters.orderNumber + 1).padStart(6, "0")}`);
    expect(second.body.id).toBeGreaterThan(first.body.id);
  });

  it("refuses server-managed fields: status, number, total, an item's unitPrice", async () => {
    const db = await s.readDb();
    const product = await activeProduct();
    const base = { customerId: db.customers[0].id, assigneeId: staffId(db, "manager") };
    for (const extra of [{ status: "paid" }, { number: "SO-999999" }, { total: 1 }]) {
      const res = await manager.post("/api/orders", { ...base, ...extra });
      expectError(res, 403, "FORBIDDEN_FIELD");
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(extra));
    }
    const priced = await manager.post("/api/orders", { ...base, items: [{ productId: product.id, quantity: 1, unitPrice: 1 }] });
    expectError(priced, 403, "FORBIDDEN_FIELD");
    expect(priced.body.errors).toHaveProperty(["items.0.unitPrice"]);
  });

  it("only active products go on an order", async () => {
    const db = await s.readDb();
    const draft = await newProduct();
    const res = await manager.post("/api/orders", {
      customerId: db.customers[0].id,
      assigneeId: staffId(db, "manager"),
      items: [{ productId: draft.id, quantity: 1 }],
    });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors["items.0.productId"][0]).toMatch(/not active/);
    const missing = await manager.post("/api/orders", {
      customerId: db.customers[0].id,
      assigneeId: staffId(db, "manager"),
      items: [{ productId: 999999, quantity: 1 }],
    });
    expect(missing.body.errors["items.0.productId"]).toEqual(["No such product"]);
  });

  it("a draft's items change and re-total; a placed order's items and customer do not, its notes do", async () => {
    const db = await s.readDb();
    const [p1, p2] = db.products.filter((p) => p.status === "active");
    const draft = (
      await manager.post("/api/orders", { customerId: db.customers[0].id, assigneeId: staffId(db, "manager"), items: [{ productId: p1.id, quantity: 1 }] })
    ).body;
    const edited = await manager.patch(`/api/orders/${draft.id}`, {
      items: [
        { productId: p1.id, quantity: 2 },
        { productId: p2.id, quantity: 1 },
      ],
      version: 1,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.total).toBe(2 * (p1.price as number) + (p2.price as number));

    const placed = db.orders.find((o) => o.status === "placed")!;
    const items = await manager.patch(`/api/orders/${placed.id}`, { items: [], version: placed.version });
    expectError(items, 403, "FORBIDDEN_FIELD");
    expect(items.body.errors).toHaveProperty("items");
    expectError(await manager.patch(`/api/orders/${placed.id}`, { customerId: db.customers[1].id, version: placed.version }), 403, "FORBIDDEN_FIELD");
    expect((await manager.patch(`/api/orders/${placed.id}`, { notes: "Customer called", version: placed.version })).status).toBe(200);
    expectError(await manager.del(`/api/orders/${placed.id}`), 403, "FORBIDDEN");
  });
});

describe("deletes never cascade", () => {
  it("REFERENCED for a product on an order, a customer with orders; nothing removed", async () => {
    const db = await s.readDb();
    const productId = (db.orders.find((o) => (o.items as unknown[]).length)!.items as { productId: number }[])[0].productId;
    const res = await manager.del(`/api/products/${productId}`);
    expectError(res, 409, "REFERENCED");
    expect(res.body.counts.orders).toBe(db.orders.filter((o) => (o.items as { productId: number }[]).some((i) => i.productId === productId)).length);
    const after = await s.readDb();
    expect(after.products.length).toBe(db.products.length);
    expect(after.orders.length).toBe(db.orders.length);
  });

  it("an unreferenced record is deleted, with its answer stripped for the reader", async () => {
    const p = await newProduct();
    const res = await manager.del(`/api/products/${p.id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(p.id);
    expectError(await manager.get(`/api/products/${p.id}`), 404, "NOT_FOUND");
  });
});
