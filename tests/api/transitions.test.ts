/** POST /api/orders/:id/transitions, its refusals, its stock and its audit trail. */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, REFUND_WINDOW_DAYS } from "../../src/domain/constants";
import { ORDER_STATUSES, ORDER_TRANSITIONS, STATUS_TIMESTAMP, type OrderStatus } from "../../src/domain/order-lifecycle";
import type { DbShape } from "../../src/server/db-shape";
import { startServer } from "../../src/server/start";
import { Client, expectError, makeDataDir, startTestServer, staffId, type Body, type TestServer } from "./helpers";
import { newDraft, newProduct, stockOf, transition, walk } from "./order-helpers";

let s: TestServer;
let manager: Client;
let admin: Client;
let agent: Client;
let agent2: Client;
let auditor: Client;

beforeAll(async () => {
  s = await startTestServer();
  [manager, admin, agent, agent2, auditor] = await Promise.all([s.login("manager"), s.login("admin"), s.login("agent"), s.login("agent2"), s.login("auditor")]);
});
afterAll(() => s.close());

/** The shortest way from draft to each status. */
const PATH_TO: Record<OrderStatus, OrderStatus[]> = {
  draft: [],
  placed: ["placed"],
  paid: ["placed", "paid"],
  shipped: ["placed", "paid", "shipped"],
  delivered: ["placed", "paid", "shipped", "delivered"],
  cancelled: ["placed", "cancelled"],
  refunded: ["placed", "paid", "shipped", "delivered", "refunded"],
};

const nameOf = async (role: "manager" | "agent") => {
  const db = await s.readDb();
  return db.staff.find((x) => x.id === staffId(db, role))!.name;
};
const auditOf = async (orderId: number) => (await s.readDb())["audit-events"].filter((e) => e.resource === "orders" && e.recordId === orderId);

describe("the lifecycle, step by step", () => {
  it("a manager takes an order from draft to refunded: each step sets its timestamp, bumps the version and is audited with from and to", async () => {
    const p = await newProduct(manager, 10, 2_500);
    let order = await newDraft(manager, [{ productId: p.id, quantity: 2 }]);
    const steps: [OrderStatus, string | undefined][] = [
      ["placed", undefined],
      ["paid", undefined],
      ["shipped", undefined],
      ["delivered", undefined],
      ["refunded", "Arrived damaged"],
    ];
    for (const [to, reason] of steps) {
      const from = order.status;
      const res = await transition(manager, order, to, reason);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(to);
      expect(res.body.version).toBe(order.version + 1);
      const stamp = STATUS_TIMESTAMP[to as Exclude<OrderStatus, "draft">];
      expect(Date.parse(res.body[stamp])).not.toBeNaN();
      const event = (await auditOf(order.id)).at(-1)!;
      expect(event).toMatchObject({ action: "transition", actorName: await nameOf("manager"), changes: { status: { from, to } } });
      expect(event.changes).toHaveProperty([stamp, "to"], res.body[stamp]);
      order = res.body;
    }
    expect(order.reason).toBe("Arrived damaged");
    expect((await auditOf(order.id)).at(-1)!.changes).toMatchObject({ reason: { from: null, to: "Arrived damaged" } });
    // A refund does not give the stock back.
    expect(await stockOf(manager, p.id)).toBe(8);
  });

  it("GET …/transitions answers the steps with who and when, for whoever may read the order", async () => {
    const p = await newProduct(manager, 5);
    const order = await walk(agent, await newDraft(agent, [{ productId: p.id, quantity: 1 }]), ["placed", "paid"]);
    const res = await agent.get(`/api/orders/${order.id}/transitions`);
    expect(res.status).toBe(200);
    const who = await nameOf("agent");
    expect(res.body.map((e: Body) => [e.action, e.from, e.to, e.actorName])).toEqual([
      ["create", null, "draft", who],
      ["transition", "draft", "placed", who],
      ["transition", "placed", "paid", who],
    ]);
    expectError(await agent2.get(`/api/orders/${order.id}/transitions`), 404, "NOT_FOUND");
    expect((await auditor.get(`/api/orders/${order.id}/transitions`)).status).toBe(200);
    // A bare "?" (what simple-rest's custom() sends) carries no query; a real one is refused.
    expect((await agent.get(`/api/orders/${order.id}/transitions?`)).status).toBe(200);
    expectError(await agent.get(`/api/orders/${order.id}/transitions?callback=x`), 400, "BAD_QUERY");
  });

  it("every pair the lifecycle does not allow is INVALID_TRANSITION, and changes nothing", async () => {
    const p = await newProduct(manager, 100);
    for (const from of ORDER_STATUSES) {
      const order = await walk(manager, await newDraft(manager, [{ productId: p.id, quantity: 1 }]), PATH_TO[from]);
      const stock = await stockOf(manager, p.id);
      for (const to of ORDER_STATUSES) {
        if (ORDER_TRANSITIONS[from].includes(to)) continue;
        const res = await transition(manager, order, to, to === "cancelled" || to === "refunded" ? "Trying anyway" : undefined);
        expectError(res, 422, "INVALID_TRANSITION");
        expect(res.body.message).toContain(`from ${from} to ${to}`);
      }
      expect((await manager.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: from, version: order.version });
      expect(await stockOf(manager, p.id)).toBe(stock);
    }
  }, 90_000);
});

describe("who may move an order", () => {
  it("an agent moves their own order draft → placed → paid → shipped → delivered, but may not cancel or refund it", async () => {
    const p = await newProduct(manager, 10);
    const draft = await newDraft(agent, [{ productId: p.id, quantity: 1 }]);
    const placed = await walk(agent, draft, ["placed"]);
    expectError(await transition(agent, placed, "cancelled", "Customer changed their mind"), 403, "FORBIDDEN");
    const delivered = await walk(agent, placed, ["paid", "shipped", "delivered"]);
    expectError(await transition(agent, delivered, "refunded", "Customer changed their mind"), 403, "FORBIDDEN");
    expect((await manager.get(`/api/orders/${delivered.id}`)).body.status).toBe("delivered");
  });

  it("another agent's order is NOT_FOUND, whatever the transition", async () => {
    const p = await newProduct(manager, 10);
    const theirs = await newDraft(agent2, [{ productId: p.id, quantity: 1 }]);
    expectError(await transition(agent, theirs, "placed"), 404, "NOT_FOUND");
    expect(await stockOf(manager, p.id)).toBe(10);
  });

  it("an admin and a manager may make every transition, cancel included", async () => {
    const p = await newProduct(manager, 10);
    const byAdmin = await walk(admin, await newDraft(manager, [{ productId: p.id, quantity: 3 }]), ["placed", "paid", "cancelled"]);
    expect(byAdmin.status).toBe("cancelled");
    expect(await stockOf(manager, p.id)).toBe(10);
  });

  it("an auditor sees everything and can press nothing", async () => {
    const p = await newProduct(manager, 10);
    const order = await newDraft(manager, [{ productId: p.id, quantity: 1 }]);
    for (const to of ORDER_STATUSES) expectError(await transition(auditor, order, to, "Auditing"), 403, "FORBIDDEN");
    expectError(
      await auditor.post("/api/orders", { customerId: order.customerId, assigneeId: order.assigneeId, items: [{ productId: p.id, quantity: 1 }] }),
      403,
      "FORBIDDEN",
    );
    expectError(await auditor.patch(`/api/orders/${order.id}`, { notes: "x", version: order.version }), 403, "FORBIDDEN");
    expectError(await auditor.del(`/api/orders/${order.id}`), 403, "FORBIDDEN");
    expect((await auditor.get(`/api/orders/${order.id}`)).body).toMatchObject({ status: "draft", version: 1 });
  });
});

describe("refusals with their codes", () => {
  it("a stale version is VERSION_CONFLICT with the current order", async () => {
    const p = await newProduct(manager, 10);
    const draft = await newDraft(manager, [{ productId: p.id, quantity: 1 }]);
    await walk(admin, draft, ["placed"]);
    // The manager still has the draft: paying or placing it again is a conflict, not a second placing.
    for (const to of ["placed", "paid"] as const) {
      const res = await transition(manager, draft, to);
      expectError(res, 409, "VERSION_CONFLICT");
      expect(res.body.current).toMatchObject({ id: draft.id, status: "placed", version: 2 });
    }
    expect(await stockOf(manager, p.id)).toBe(9);
  });

  it("cancel and refund need a reason of 3–500 characters; the others take none", async () => {
    const p = await newProduct(manager, 10);
    const placed = await walk(manager, await newDraft(manager, [{ productId: p.id, quantity: 1 }]), ["placed"]);
    for (const reason of [undefined, "", "  ", "no"]) {
      const res = await transition(manager, placed, "cancelled", reason);
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors).toHaveProperty("reason");
    }
    expectError(await transition(manager, placed, "cancelled", "x".repeat(501)), 422, "VALIDATION_FAILED");
    const paid = await transition(manager, placed, "paid", "Because");
    expectError(paid, 422, "VALIDATION_FAILED");
    expect(paid.body.errors.reason[0]).toMatch(/Only cancelled and refunded/);
    expect((await manager.get(`/api/orders/${placed.id}`)).body.status).toBe("placed");
  });

  it("a body that is not a transition is refused with field errors, never a 500", async () => {
    const order = await newDraft(manager, [{ productId: (await newProduct(manager, 1)).id, quantity: 1 }]);
    const url = `/api/orders/${order.id}/transitions`;
    const cases: [unknown, string][] = [
      [{ to: "shipped-ish", version: 1 }, "to"],
      [{ version: 1 }, "to"],
      [{ to: "placed" }, "version"],
      [{ to: "placed", version: "1" }, "version"],
      [{ to: "placed", version: 1, status: "paid" }, "status"],
      [{ to: 3, version: 1 }, "to"],
    ];
    for (const [body, field] of cases) {
      const res = await manager.post(url, body);
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors).toHaveProperty(field);
    }
    expectError(await manager.post(url, [1, 2]), 400, "BAD_REQUEST");
    expectError(
      await manager.request("POST", url, { body: "to=placed", headers: { "content-type": "application/x-www-form-urlencoded" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expectError(await manager.post(`${url}?to=placed`, { to: "placed", version: 1 }), 400, "BAD_QUERY");
    expectError(await manager.request("PATCH", url, { json: { to: "placed", version: 1 } }), 405, "METHOD_NOT_ALLOWED");
    expectError(await manager.post("/api/orders/999999/transitions", { to: "placed", version: 1 }), 404, "NOT_FOUND");
    expectError(await s.client().post(url, { to: "placed", version: 1 }), 401, "UNAUTHENTICATED");
    expect((await manager.get(`/api/orders/${order.id}`)).body.status).toBe("draft");
  });

  it("refund only inside the window: an order delivered long ago is REFUND_WINDOW_CLOSED", async () => {
    const now = Date.now();
    const old = (await s.readDb()).orders.find(
      (o) => o.status === "delivered" && now - Date.parse(o.deliveredAt as string) > (REFUND_WINDOW_DAYS + 1) * 86_400_000,
    )!;
    const res = await transition(manager, old as Body, "refunded", "Too late, surely");
    expectError(res, 422, "REFUND_WINDOW_CLOSED");
    expect(res.body.message).toContain(`${REFUND_WINDOW_DAYS} days`);
    expect((await manager.get(`/api/orders/${old.id}`)).body.status).toBe("delivered");
    const recent = await walk(manager, await newDraft(manager, [{ productId: (await newProduct(manager, 1)).id, quantity: 1 }]), PATH_TO.refunded);
    expect(recent.status).toBe("refunded");
  });

  it("placing needs at least one line and every product active", async () => {
    // A draft without lines cannot be written through the API any more; one in older data cannot be placed.
    const { dir, dbFile } = await makeDataDir();
    const data = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    const empty = data.orders.find((o) => o.status === "draft")!;
    empty.items = [];
    fs.writeFileSync(dbFile, JSON.stringify(data));
    const old = await startServer({ port: 0, app: "none", dbFile });
    try {
      const c = new Client(old.url);
      await c.post("/api/auth/login", { email: "manager@example.com", password: DEMO_PASSWORD });
      const res = await transition(c, empty as Body, "placed");
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors.items).toEqual(["Add at least 1 item"]);
    } finally {
      await old.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const p = await newProduct(manager, 10, 1_000, "Soon archived lamp");
    const draft = await newDraft(manager, [{ productId: p.id, quantity: 1 }]);
    expect((await manager.patch(`/api/products/${p.id}`, { status: "archived", version: p.version })).status).toBe(200);
    const res = await transition(manager, draft, "placed");
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.message).toContain("Soon archived lamp is not active");
    expect(res.body.errors["items.0.productId"]).toEqual(["Soon archived lamp is not active"]);
    expect(res.body.errors.items).toEqual(["Line 1: Soon archived lamp is not active"]);
    expect(await stockOf(manager, p.id)).toBe(10);
  });
});

describe("stock", () => {
  it("placing takes stock for every line or none: INSUFFICIENT_STOCK names each product short and by how much", async () => {
    const a = await newProduct(manager, 2, 1_000, "Scarce anvil");
    const b = await newProduct(manager, 5, 1_000, "Scarce bell");
    const c = await newProduct(manager, 50, 1_000, "Plenty candle");
    const draft = await newDraft(manager, [
      { productId: c.id, quantity: 10 },
      { productId: a.id, quantity: 3 },
      { productId: b.id, quantity: 4 },
      { productId: b.id, quantity: 4 },
    ]);
    const res = await transition(manager, draft, "placed");
    expectError(res, 422, "INSUFFICIENT_STOCK");
    expect(res.body.message).toContain("Scarce anvil is short by 1 (2 in stock, 3 ordered)");
    expect(res.body.message).toContain("Scarce bell is short by 3 (5 in stock, 8 ordered)");
    expect(res.body.message).not.toContain("Plenty candle");
    expect(res.body.shortages).toEqual([
      { productId: a.id, name: "Scarce anvil", requested: 3, available: 2, short: 1 },
      { productId: b.id, name: "Scarce bell", requested: 8, available: 5, short: 3 },
    ]);
    // Nothing was taken, not even the line that had enough, and nothing was written.
    expect([await stockOf(manager, a.id), await stockOf(manager, b.id), await stockOf(manager, c.id)]).toEqual([2, 5, 50]);
    expect((await manager.get(`/api/orders/${draft.id}`)).body).toMatchObject({ status: "draft", version: 1 });
  });

  it("placing takes exactly the ordered quantities; cancelling from placed or paid gives them back", async () => {
    const a = await newProduct(manager, 20);
    const b = await newProduct(manager, 7);
    const items = [
      { productId: a.id, quantity: 5 },
      { productId: b.id, quantity: 7 },
      { productId: a.id, quantity: 1 },
    ];
    const placed = await walk(manager, await newDraft(manager, items), ["placed"]);
    expect([await stockOf(manager, a.id), await stockOf(manager, b.id)]).toEqual([14, 0]);
    await walk(manager, placed, ["cancelled"]);
    expect([await stockOf(manager, a.id), await stockOf(manager, b.id)]).toEqual([20, 7]);
    await walk(manager, await newDraft(manager, items), ["placed", "paid", "cancelled"]);
    expect([await stockOf(manager, a.id), await stockOf(manager, b.id)]).toEqual([20, 7]);
  });

  it("each stock change is a product audit event in the same write, and bumps the product's version", async () => {
    const p = await newProduct(manager, 9);
    const placed = await walk(manager, await newDraft(manager, [{ productId: p.id, quantity: 4 }]), ["placed"]);
    const product = (await manager.get(`/api/products/${p.id}`)).body;
    expect(product).toMatchObject({ stock: 5, version: 2 });
    const events = (await s.readDb())["audit-events"].filter((e) => e.resource === "products" && e.recordId === p.id);
    // It names the order that took the stock, so the log can link the two.
    expect(events.at(-1)).toMatchObject({ action: "update", changes: { stock: { from: 9, to: 5 } }, orderId: placed.id });
    const orderEvent = (await auditOf(placed.id)).at(-1)!;
    expect(orderEvent.at).toBe(events.at(-1)!.at);
    // A product form opened before the placing cannot write its stale stock back.
    expectError(await manager.patch(`/api/products/${p.id}`, { stock: 9, version: 1 }), 409, "VERSION_CONFLICT");
  });
});

describe("orders outside transitions", () => {
  it("status, number, total and a line's unitPrice are the server's, on create and on update", async () => {
    const p = await newProduct(manager, 5, 1_234);
    const draft = await newDraft(manager, [{ productId: p.id, quantity: 2 }]);
    expect(draft).toMatchObject({ status: "draft", total: 2_468, items: [{ productId: p.id, quantity: 2, unitPrice: 1_234 }] });
    expect(draft.number).toMatch(/^SO-\d{6}$/);
    for (const extra of [{ status: "placed" }, { number: "SO-000001" }, { total: 1 }, { items: [{ productId: p.id, quantity: 1, unitPrice: 1 }] }]) {
      expectError(await manager.patch(`/api/orders/${draft.id}`, { ...extra, version: draft.version }), 403, "FORBIDDEN_FIELD");
    }
    expect((await manager.get(`/api/orders/${draft.id}`)).body).toMatchObject({ status: "draft", version: 1, total: 2_468 });
  });

  it("1–50 lines and quantity 1–999 on create and update", async () => {
    const p = await newProduct(manager, 5);
    const draft = await newDraft(manager, [{ productId: p.id, quantity: 1 }]);
    const line = (quantity: number) => ({ productId: p.id, quantity });
    const cases: [unknown[], string][] = [
      [[], "items"],
      [Array.from({ length: 51 }, () => line(1)), "items"],
      [[line(0)], "items.0.quantity"],
      [[line(1000)], "items.0.quantity"],
      [[line(1.5)], "items.0.quantity"],
    ];
    for (const [items, field] of cases) {
      const res = await manager.patch(`/api/orders/${draft.id}`, { items, version: draft.version });
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors).toHaveProperty([field]);
      const created = await manager.post("/api/orders", { customerId: draft.customerId, assigneeId: draft.assigneeId, items });
      expectError(created, 422, "VALIDATION_FAILED");
    }
    const fifty = await manager.patch(`/api/orders/${draft.id}`, { items: Array.from({ length: 50 }, () => line(999)), version: draft.version });
    expect(fifty.status).toBe(200);
  });

  it("after draft only notes change, and the assignee for managers and admins; only drafts are deleted", async () => {
    const p = await newProduct(manager, 5);
    const placed = await walk(agent, await newDraft(agent, [{ productId: p.id, quantity: 1 }]), ["placed"]);
    const db = await s.readDb();
    for (const body of [{ items: [{ productId: p.id, quantity: 2 }] }, { customerId: placed.customerId }]) {
      expectError(await agent.patch(`/api/orders/${placed.id}`, { ...body, version: placed.version }), 403, "FORBIDDEN_FIELD");
      expectError(await manager.patch(`/api/orders/${placed.id}`, { ...body, version: placed.version }), 403, "FORBIDDEN_FIELD");
    }
    expectError(await agent.patch(`/api/orders/${placed.id}`, { assigneeId: staffId(db, "agent2"), version: placed.version }), 403, "FORBIDDEN_FIELD");
    const noted = await agent.patch(`/api/orders/${placed.id}`, { notes: "Leave at the back door", version: placed.version });
    expect(noted.status).toBe(200);
    const reassigned = await manager.patch(`/api/orders/${placed.id}`, { assigneeId: staffId(db, "agent2"), version: noted.body.version });
    expect(reassigned.body).toMatchObject({ assigneeId: staffId(db, "agent2"), notes: "Leave at the back door" });
    expectError(await manager.del(`/api/orders/${placed.id}`), 403, "FORBIDDEN");
    expectError(await admin.del(`/api/orders/${placed.id}`), 403, "FORBIDDEN");
    const draft = await newDraft(agent, [{ productId: p.id, quantity: 1 }]);
    expect((await agent.del(`/api/orders/${draft.id}`)).status).toBe(200);
  });
});

describe("the order list", () => {
  it("q matches the order number and the customer's name, among the orders the reader may see", async () => {
    const db = await s.readDb();
    const self = staffId(db, "agent");
    const ownCustomer = db.customers.find((c) => c.ownerId === self && db.orders.some((o) => o.customerId === c.id && o.assigneeId === self))!;
    const name = String(ownCustomer.name);
    const expected = (assignee?: number) =>
      db.orders.filter(
        (o) =>
          (assignee === undefined || o.assigneeId === assignee) &&
          (o.customerId === ownCustomer.id ||
            String(o.notes ?? "")
              .toLowerCase()
              .includes(name.toLowerCase()) ||
            String(o.number).toLowerCase().includes(name.toLowerCase())),
      );
    const q = `/api/orders?q=${encodeURIComponent(name.toUpperCase())}&_end=100`;
    const byManager = await manager.get(q);
    expect(Number(byManager.headers.get("x-total-count"))).toBe(expected().length);
    expect(byManager.body.some((o: Body) => o.customerId === ownCustomer.id)).toBe(true);
    const byAgent = await agent.get(q);
    expect(Number(byAgent.headers.get("x-total-count"))).toBe(expected(self).length);
    expect(byAgent.body.every((o: Body) => o.assigneeId === self)).toBe(true);
    // Another agent cannot find orders through a customer they may not see.
    expect(Number((await agent2.get(q)).headers.get("x-total-count"))).toBe(0);
    const number = String(db.orders.find((o) => o.assigneeId === self)!.number);
    expect((await agent.get(`/api/orders?q=${number.toLowerCase()}`)).body.map((o: Body) => o.number)).toEqual([number]);
  });

  it("filters: several statuses at once, customer, assignee, date ranges and a total range", async () => {
    const db = await s.readDb();
    const count = async (query: string) => Number((await manager.get(`/api/orders?${query}`)).headers.get("x-total-count"));
    const statuses = (o: Record<string, unknown>) => o.status === "placed" || o.status === "paid";
    expect(await count("status=placed&status=paid")).toBe((await s.readDb()).orders.filter(statuses).length);
    const c = db.orders[0].customerId as number;
    expect(await count(`customerId=${c}`)).toBe(db.orders.filter((o) => o.customerId === c).length);
    const a = staffId(db, "agent");
    expect(await count(`assigneeId=${a}&status=delivered`)).toBe(db.orders.filter((o) => o.assigneeId === a && o.status === "delivered").length);
    const from = "2026-03-01T00:00:00.000Z";
    const to = "2026-05-31T23:59:59.999Z";
    const inRange = (v: unknown) => typeof v === "string" && v >= from && v <= to;
    expect(await count(`placedAt_gte=${from}&placedAt_lte=${to}`)).toBe(db.orders.filter((o) => inRange(o.placedAt)).length);
    expect(await count(`createdAt_gte=${from}&createdAt_lte=${to}`)).toBe(db.orders.filter((o) => inRange(o.createdAt)).length);
    expect(await count("total_gte=10000&total_lte=50000")).toBe(db.orders.filter((o) => (o.total as number) >= 10_000 && (o.total as number) <= 50_000).length);
  });
});
