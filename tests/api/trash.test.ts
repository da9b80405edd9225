/**
 * Nothing is lost, over HTTP on both stores: the trash (the reader's rows and fields, newest
 * first, counted, filtered), restore (its id and values back, hidden fields too; refused when a
 * unique value or a reference changed meanwhile; never twice), purge, and revert to a revision.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import type { RunningServer } from "../../src/server/start";
import { Client, demoEmail, expectError, makeDataDir, startServerOn, type Body, type DemoRole } from "./helpers";
import { Stream } from "./sse";

let server: RunningServer;
let dir: string;
const as: Partial<Record<DemoRole, Client>> = {};
beforeAll(async () => {
  const data = await makeDataDir();
  dir = data.dir;
  server = await startServerOn(data.dbFile);
  for (const role of ["admin", "manager", "agent", "agent2", "auditor"] as const) {
    const c = new Client(server.url);
    const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
    if (res.status !== 200) throw new Error(`login ${role}: ${res.status}`);
    as[role] = c;
  }
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
const c = (role: DemoRole) => as[role]!;
const meId = async (role: DemoRole) => (await c(role).get("/api/auth/me")).body.user.id as number;

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

async function newCustomer(by: DemoRole, extra: Record<string, unknown> = {}) {
  const n = unique();
  const res = await c(by).post("/api/customers", {
    name: `Trash ${n}`,
    email: `trash-${n}@example.com`,
    tier: "gold",
    creditLimit: 250_000,
    ownerId: await meId("agent"),
    notes: "Original",
    ...extra,
  });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return res.body;
}

const trash = async (role: DemoRole, query = "") => c(role).get(`/api/trash${query ? `?${query}` : ""}`);
const inTrash = async (role: DemoRole, resource: string, id: number) =>
  (await trash(role, `resource=${resource}&_end=100`)).body.find((t: Body) => t.recordId === id);

describe("the trash", () => {
  it("lists a deleted record newest first, with who and when, its values as the reader may see them", async () => {
    const customer = await newCustomer("manager");
    expect((await c("manager").del(`/api/customers/${customer.id}`)).status).toBe(200);
    const res = await trash("manager");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(1);
    const manager = (await c("manager").get("/api/auth/me")).body.user;
    expect(res.body[0]).toMatchObject({
      resource: "customers",
      recordId: customer.id,
      label: customer.name,
      deletedBy: manager.name,
      deletedById: manager.id,
      deletedAt: expect.any(String),
      canRestore: true,
    });
    expect(res.body[0].record.creditLimit).toBe(250_000);
    // An auditor reads it but may not bring it back; an agent, whose customer it was, sees it without the credit limit.
    expect((await inTrash("auditor", "customers", customer.id)).canRestore).toBe(false);
    const agentView = await inTrash("agent", "customers", customer.id);
    expect(agentView.record).not.toHaveProperty("creditLimit");
    expect(await inTrash("agent2", "customers", customer.id)).toBeUndefined();
  });

  it("filters by resource and by who deleted; pages with a count; refuses an unknown parameter", async () => {
    const a = await newCustomer("manager");
    const b = await newCustomer("admin");
    await c("manager").del(`/api/customers/${a.id}`);
    await c("admin").del(`/api/customers/${b.id}`);
    const byAdmin = await trash("manager", `resource=customers&deletedBy=${await meId("admin")}&_end=100`);
    expect(byAdmin.body.every((t: Body) => t.deletedBy === "Ada Admin")).toBe(true);
    expect(byAdmin.body.some((t: Body) => t.recordId === b.id)).toBe(true);
    expect(byAdmin.body.some((t: Body) => t.recordId === a.id)).toBe(false);
    const page = await trash("manager", "_start=0&_end=1");
    expect(page.body).toHaveLength(1);
    expect(Number(page.headers.get("x-total-count"))).toBeGreaterThanOrEqual(2);
    expectError(await trash("manager", "resource=audit-events"), 400, "BAD_QUERY");
    expectError(await trash("manager", "colour=red"), 400, "BAD_QUERY");
    expectError(await trash("manager", "_end=500"), 400, "BAD_QUERY");
    expectError(await new Client(server.url).get("/api/trash"), 401, "UNAUTHENTICATED");
  });

  it("an agent's trash holds their own deleted drafts, never another agent's", async () => {
    const agentId = await meId("agent");
    const mine = (await c("agent").get("/api/customers?_end=1")).body[0];
    const products = (await c("agent").get("/api/products?status=active&_end=1")).body;
    const draft = await c("agent").post("/api/orders", { customerId: mine.id, assigneeId: agentId, items: [{ productId: products[0].id, quantity: 1 }] });
    expect(draft.status).toBe(201);
    expect((await c("agent").del(`/api/orders/${draft.body.id}`)).status).toBe(200);
    expect((await inTrash("agent", "orders", draft.body.id)).label).toBe(draft.body.number);
    expect(await inTrash("agent2", "orders", draft.body.id)).toBeUndefined();
    expectError(await c("agent2").post(`/api/orders/${draft.body.id}/restore`), 404, "NOT_FOUND");
  });
});

describe("restore", () => {
  it("brings the record back under its id with its values at deletion (hidden ones too) and a new version, once", async () => {
    const customer = await newCustomer("manager");
    const edited = await c("manager").patch(`/api/customers/${customer.id}`, { notes: "Edited once", version: customer.version });
    await c("manager").del(`/api/customers/${customer.id}`);
    // The agent who owns it may create customers, so may restore it; its credit limit comes back from the server's copy.
    const res = await c("agent").post(`/api/customers/${customer.id}/restore`);
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty("creditLimit");
    const back = (await c("manager").get(`/api/customers/${customer.id}`)).body;
    expect(back).toMatchObject({
      id: customer.id,
      name: customer.name,
      email: customer.email,
      creditLimit: 250_000,
      notes: "Edited once",
      createdAt: customer.createdAt,
    });
    expect(back.version).toBeGreaterThan(edited.body.version);
    expect(await inTrash("manager", "customers", customer.id)).toBeUndefined();
    expectError(await c("manager").post(`/api/customers/${customer.id}/restore`), 404, "NOT_FOUND");
    const events = (await c("admin").get(`/api/audit-events?resource=customers&recordId=${customer.id}&action=restore`)).body;
    expect(events).toHaveLength(1);
    expect(events[0].changes.creditLimit).toEqual({ from: null, to: 250_000 });
  });

  it("is told live to the readers of the record, as a record created", async () => {
    const customer = await newCustomer("manager");
    await c("manager").del(`/api/customers/${customer.id}`);
    const stream = await Stream.open(c("agent"));
    const restored = await c("manager").post(`/api/customers/${customer.id}/restore`);
    expect(restored.status).toBe(201);
    const [told] = (await stream.until((d) => d.resource === "customers" && d.id === customer.id, "the restore")).slice(-1);
    expect(told).toMatchObject({ action: "create", id: customer.id });
    // The answer names the event, so the tab that restored it can tell it from someone else's.
    expect(restored.headers.get("x-event-ids")).toBe(String(told.seq));
    stream.close();
  });

  it("a draft order comes back as the draft it was; the stock is untouched", async () => {
    const managerId = await meId("manager");
    const customer = (await c("manager").get("/api/customers?_end=1")).body[0];
    const product = (await c("manager").get("/api/products?status=active&_sort=stock&_order=desc&_end=1")).body[0];
    const draft = (await c("manager").post("/api/orders", { customerId: customer.id, assigneeId: managerId, items: [{ productId: product.id, quantity: 3 }] }))
      .body;
    await c("manager").del(`/api/orders/${draft.id}`);
    const back = await c("manager").post(`/api/orders/${draft.id}/restore`);
    expect(back.status).toBe(201);
    expect(back.body).toMatchObject({ id: draft.id, number: draft.number, status: "draft", items: draft.items, total: draft.total });
    expect((await c("manager").get(`/api/products/${product.id}`)).body.stock).toBe(product.stock);
  });

  it("is refused with DUPLICATE, naming the field and who holds it, when a unique value was taken meanwhile", async () => {
    const customer = await newCustomer("manager");
    await c("manager").del(`/api/customers/${customer.id}`);
    const twin = await newCustomer("manager", { email: customer.email, name: `Twin ${unique()}` });
    const before = await server.storage.snapshot();
    const res = await c("manager").post(`/api/customers/${customer.id}/restore`);
    expectError(res, 409, "DUPLICATE");
    expect(res.body.errors.email).toEqual([`This email is taken by ${twin.name} now`]);
    expect(res.body.holders.email).toEqual({ id: twin.id, label: twin.name });
    expect((await server.storage.snapshot()).customers).toEqual(before.customers);
  });

  it("is refused with VALIDATION_FAILED on the field when what it pointed at is gone", async () => {
    const category = (await c("manager").post("/api/categories", { name: `Doomed ${unique()}` })).body;
    const product = (
      await c("manager").post("/api/products", {
        sku: `TR-${unique().toUpperCase().slice(-8)}`,
        name: "Doomed product",
        categoryId: category.id,
        price: 100,
        cost: 50,
        stock: 1,
        status: "draft",
        description: "x",
      })
    ).body;
    expect(product.id).toEqual(expect.any(Number));
    await c("manager").del(`/api/products/${product.id}`);
    expect((await c("manager").del(`/api/categories/${category.id}`)).status).toBe(200);
    const res = await c("manager").post(`/api/products/${product.id}/restore`);
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toHaveProperty("categoryId");
    // Bring the category back first, and the product follows.
    expect((await c("manager").post(`/api/categories/${category.id}/restore`)).status).toBe(201);
    expect((await c("manager").post(`/api/products/${product.id}/restore`)).status).toBe(201);
  });

  it("of a record that exists, was never deleted, or never was: 404; by a role that may not create it: 403", async () => {
    const live = (await c("manager").get("/api/customers?_end=1")).body[0];
    expectError(await c("manager").post(`/api/customers/${live.id}/restore`), 404, "NOT_FOUND");
    expectError(await c("manager").post("/api/customers/999999/restore"), 404, "NOT_FOUND");
    const customer = await newCustomer("manager");
    await c("manager").del(`/api/customers/${customer.id}`);
    expectError(await c("auditor").post(`/api/customers/${customer.id}/restore`), 403, "FORBIDDEN");
    expectError(await c("manager").post(`/api/audit-events/1/restore`), 404, "NOT_FOUND");
  });

  it("a record deleted longer ago than the retention is no longer offered", async () => {
    const customer = await newCustomer("manager");
    await c("manager").del(`/api/customers/${customer.id}`);
    // The same deletion, as if it had happened 91 days ago: the log is append-only, so a second,
    // older delete event is written beside a restore that takes the first one out.
    expect((await c("manager").post(`/api/customers/${customer.id}/restore`)).status).toBe(201);
    const old = new Date(Date.now() - 91 * 86_400_000).toISOString();
    const row = (await server.storage.get("customers", customer.id))!;
    await server.storage.transaction(async (tx) => {
      await tx.remove("customers", customer.id);
      await tx.audit({
        at: old,
        actorId: 2,
        actorName: "Maria Manager",
        action: "delete",
        resource: "customers",
        recordId: customer.id,
        changes: { name: { from: row.name, to: null } },
        ip: "127.0.0.1",
      });
    });
    expect(await inTrash("manager", "customers", customer.id)).toBeUndefined();
    expectError(await c("manager").post(`/api/customers/${customer.id}/restore`), 404, "NOT_FOUND");
  });
});

describe("purge", () => {
  it("an admin purges a trashed record: no longer offered, its events stay; nobody else may", async () => {
    const customer = await newCustomer("manager");
    await c("manager").del(`/api/customers/${customer.id}`);
    expectError(await c("manager").post(`/api/customers/${customer.id}/purge`), 403, "FORBIDDEN");
    expect((await c("admin").post(`/api/customers/${customer.id}/purge`)).status).toBe(200);
    expect(await inTrash("admin", "customers", customer.id)).toBeUndefined();
    expectError(await c("admin").post(`/api/customers/${customer.id}/restore`), 404, "NOT_FOUND");
    expectError(await c("admin").post(`/api/customers/${customer.id}/purge`), 404, "NOT_FOUND");
    const events = (await c("admin").get(`/api/audit-events?resource=customers&recordId=${customer.id}&_sort=id`)).body.map((e: Body) => e.action);
    expect(events).toEqual(["create", "delete", "purge"]);
  });
});

describe("revert to a revision", () => {
  it("sets the fields back to their values just after the event, through the version check, naming the event", async () => {
    const customer = await newCustomer("manager", { notes: "First" });
    const second = (await c("manager").patch(`/api/customers/${customer.id}`, { notes: "Second", tier: "silver", version: customer.version })).body;
    const third = (await c("manager").patch(`/api/customers/${customer.id}`, { notes: "Third", version: second.version })).body;
    const events = (await c("manager").get(`/api/audit-events?resource=customers&recordId=${customer.id}&action=update&_sort=id`)).body;
    expectError(await c("manager").post(`/api/customers/${customer.id}/revert`, { eventId: events[0].id, version: second.version }), 409, "VERSION_CONFLICT");
    const res = await c("manager").post(`/api/customers/${customer.id}/revert`, { eventId: events[0].id, version: third.version });
    expect(res.status).toBe(200);
    expect(res.body.record).toMatchObject({ notes: "Second", tier: "silver", version: third.version + 1 });
    expect(res.body.changed).toEqual(["notes"]);
    const revert = (await c("manager").get(`/api/audit-events?resource=customers&recordId=${customer.id}&action=update`)).body[0];
    expect(revert).toMatchObject({ revertOf: events[0].id, changes: { notes: { from: "Third", to: "Second" } } });
    expect(res.headers.get("x-event-ids")).toBe(String(revert.id));
    // Back to how it was created.
    const created = (await c("manager").get(`/api/audit-events?resource=customers&recordId=${customer.id}&action=create`)).body[0];
    const first = await c("manager").post(`/api/customers/${customer.id}/revert`, { eventId: created.id, version: third.version + 1 });
    expect(first.body.record).toMatchObject({ notes: "First", tier: "gold" });
  });

  it("a field the reader may not see is left as it is and not even named; a dry run only says what it would do", async () => {
    const customer = await newCustomer("manager", { notes: "Before" });
    const changed = (await c("manager").patch(`/api/customers/${customer.id}`, { notes: "After", creditLimit: 1, version: customer.version })).body;
    const created = (await c("manager").get(`/api/audit-events?resource=customers&recordId=${customer.id}&action=create`)).body[0];
    const dry = await c("agent").post(`/api/customers/${customer.id}/revert`, { eventId: created.id, version: changed.version, dryRun: true });
    expect(dry.body).toMatchObject({ dryRun: true, changed: ["notes"], skipped: [], record: { notes: "Before" } });
    expect(dry.body.record).not.toHaveProperty("creditLimit");
    expect((await c("manager").get(`/api/customers/${customer.id}`)).body.version).toBe(changed.version);
    const res = await c("agent").post(`/api/customers/${customer.id}/revert`, { eventId: created.id, version: changed.version });
    expect(res.status).toBe(200);
    expect(res.body.changed).toEqual(["notes"]);
    expect(res.body.skipped).toEqual([]);
    expect((await c("manager").get(`/api/customers/${customer.id}`)).body).toMatchObject({ notes: "Before", creditLimit: 1 });
  });

  it("refuses another record's event, a sign-in event, a missing event, a deleted record, a bad body", async () => {
    const a = await newCustomer("manager");
    const b = await newCustomer("manager");
    const bCreated = (await c("manager").get(`/api/audit-events?resource=customers&recordId=${b.id}&action=create`)).body[0];
    const login = (await c("admin").get("/api/audit-events?action=login&_end=1")).body[0];
    for (const eventId of [bCreated.id, login.id, 99_999_999]) {
      const res = await c("manager").post(`/api/customers/${a.id}/revert`, { eventId, version: a.version });
      expectError(res, 422, "VALIDATION_FAILED");
      expect(res.body.errors).toHaveProperty("eventId");
    }
    expectError(await c("manager").post(`/api/customers/${a.id}/revert`, { eventId: "1", version: a.version }), 422, "VALIDATION_FAILED");
    expectError(await c("manager").post(`/api/customers/${a.id}/revert`, { eventId: bCreated.id }), 422, "VALIDATION_FAILED");
    await c("manager").del(`/api/customers/${b.id}`);
    expectError(await c("manager").post(`/api/customers/${b.id}/revert`, { eventId: bCreated.id, version: b.version }), 404, "NOT_FOUND");
    expectError(await c("auditor").post(`/api/customers/${a.id}/revert`, { eventId: bCreated.id, version: a.version }), 403, "FORBIDDEN");
  });

  it("an order's lines follow the order rules: not once it is placed", async () => {
    const managerId = await meId("manager");
    const customer = (await c("manager").get("/api/customers?_end=1")).body[0];
    const [p1, p2] = (await c("manager").get("/api/products?status=active&_sort=stock&_order=desc&_end=2")).body;
    const draft = (await c("manager").post("/api/orders", { customerId: customer.id, assigneeId: managerId, items: [{ productId: p1.id, quantity: 1 }] })).body;
    const changed = (await c("manager").patch(`/api/orders/${draft.id}`, { items: [{ productId: p2.id, quantity: 2 }], version: draft.version })).body;
    const placed = (await c("manager").post(`/api/orders/${draft.id}/transitions`, { to: "placed", version: changed.version })).body;
    const created = (await c("manager").get(`/api/audit-events?resource=orders&recordId=${draft.id}&action=create`)).body[0];
    const res = await c("manager").post(`/api/orders/${draft.id}/revert`, { eventId: created.id, version: placed.version });
    expect(res.status).toBe(200);
    expect(res.body.skipped).toContain("items");
    expect(res.body.record.items).toEqual(placed.items);
  });
});
