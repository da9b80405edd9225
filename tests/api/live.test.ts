/**
 * GET /api/events: server-sent events of every create / update / delete / transition,
 * each only to readers who may see that record, under the row and field rules of a read.
 * Each test makes its own records and waits for a marker event it knows it may see, so what
 * a listener was not sent is proven by what arrived before the marker.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, type Body, type Client, type TestServer, startTestServer } from "./helpers";
import { Stream } from "./sse";
import { newDraft, newProduct, walk } from "./order-helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const is = (resource: string, action: string, id: number) => (d: Body) => d.resource === resource && d.action === action && d.id === id;
let serial = 0;
const unique = () => `${process.pid}-${Date.now()}-${++serial}`;

async function newCustomer(by: Client, ownerId: number, extra: Record<string, unknown> = {}) {
  const n = unique();
  const res = await by.post("/api/customers", { name: `Live ${n}`, email: `live-${n}@example.com`, tier: "standard", creditLimit: 1000, ownerId, ...extra });
  if (res.status !== 201) throw new Error(`customer: ${res.status} ${res.text}`);
  return res.body;
}

const idOf = async (c: Client) => (await c.get("/api/auth/me")).body.user.id as number;

describe("GET /api/events", () => {
  it("needs a session", async () => {
    const res = await s.client().get("/api/events");
    expectError(res, 401, "UNAUTHENTICATED");
  });

  it("streams text/event-stream and tells a manager of a customer an admin created: who, what, which", async () => {
    const manager = await s.login("manager");
    const stream = await Stream.open(manager);
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const admin = await s.login("admin");
    const customer = await newCustomer(admin, await idOf(manager));
    const [event] = (await stream.until(is("customers", "create", customer.id), "the create")).slice(-1);
    expect(event).toEqual({
      seq: expect.any(Number),
      resource: "customers",
      action: "create",
      id: customer.id,
      actorId: await idOf(admin),
      actorName: expect.any(String),
    });
    expect(event.actorName).toBe((await admin.get("/api/auth/me")).body.user.name);
    stream.close();
  });

  it("row rules: an agent hears of their own customers only, and of one handed to them or away from them", async () => {
    const agent = await s.login("agent");
    const agentId = await idOf(agent);
    const agent2Id = await idOf(await s.login("agent2"));
    const manager = await s.login("manager");
    const stream = await Stream.open(agent);
    const others = await newCustomer(manager, agent2Id);
    const mine = await newCustomer(manager, agentId);
    const seen = await stream.until(is("customers", "create", mine.id), "their own customer");
    expect(seen.map((e) => e.id)).not.toContain(others.id);

    // Handed from agent2 to this agent: news to this agent (it joins their list)…
    const handed = await manager.patch(`/api/customers/${others.id}`, { ownerId: agentId, version: others.version });
    expect(handed.status).toBe(200);
    await stream.until(is("customers", "update", others.id), "the customer handed to them");
    // …and handed away again: news too (it leaves their list).
    const away = await manager.patch(`/api/customers/${others.id}`, { ownerId: agent2Id, version: handed.body.version });
    expect(away.status).toBe(200);
    let updates = 0;
    await stream.until((d) => is("customers", "update", others.id)(d) && ++updates === 2, "the customer handed away");
    stream.close();
  });

  it("field rules: a change to creditLimit alone is not news to an agent; a change to the name is", async () => {
    const agent = await s.login("agent");
    const manager = await s.login("manager");
    const customer = await newCustomer(manager, await idOf(agent));
    const stream = await Stream.open(agent);
    const hidden = await manager.patch(`/api/customers/${customer.id}`, { creditLimit: 5000, version: customer.version });
    expect(hidden.status).toBe(200);
    const named = await manager.patch(`/api/customers/${customer.id}`, { name: `Renamed ${unique()}`, version: hidden.body.version });
    expect(named.status).toBe(200);
    const marker = await newCustomer(manager, await idOf(agent));
    const seen = await stream.until(is("customers", "create", marker.id), "the marker after both changes");
    // Of the two updates, the agent heard of one: the rename.
    expect(seen.filter(is("customers", "update", customer.id))).toHaveLength(1);
    expect(JSON.stringify(stream.events)).not.toContain("creditLimit");
    stream.close();
  });

  it("transitions and the stock they take, and deletes, are told as such", async () => {
    const manager = await s.login("manager");
    const stream = await Stream.open(manager);
    const product = await newProduct(manager, 5);
    const draft = await newDraft(manager, [{ productId: product.id, quantity: 2 }]);
    await walk(manager, draft, ["placed"]);
    await stream.until(is("orders", "transition", draft.id), "the placement");
    await stream.until(is("products", "update", product.id), "the stock taken");
    const other = await newDraft(manager, [{ productId: product.id, quantity: 1 }]);
    expect((await manager.del(`/api/orders/${other.id}`)).status).toBe(200);
    await stream.until(is("orders", "delete", other.id), "the delete");
    stream.close();
  });

  it("an auditor hears of changes; an agent does not hear of another agent's order being deleted", async () => {
    const agent = await s.login("agent");
    const agent2 = await s.login("agent2");
    const product = await newProduct(await s.login("manager"), 5);
    const stream = await Stream.open(agent);
    const auditorStream = await Stream.open(await s.login("auditor"));
    const theirs = await newDraft(agent2, [{ productId: product.id, quantity: 1 }]);
    expect((await agent2.del(`/api/orders/${theirs.id}`)).status).toBe(200);
    const mine = await newDraft(agent, [{ productId: product.id, quantity: 1 }]);
    const seen = await stream.until(is("orders", "create", mine.id), "their own order");
    expect(seen.filter((d) => d.id === theirs.id && d.resource === "orders")).toEqual([]);
    await auditorStream.until(is("orders", "delete", theirs.id), "the delete, for the auditor");
    stream.close();
    auditorStream.close();
  });

  it("a write's answer names the live events it caused about its record (X-Event-Ids), so the tab that made it can tell them; a refused one names none", async () => {
    const manager = await s.login("manager");
    const stream = await Stream.open(manager);
    const eventIds = (res: { headers: Headers }) => res.headers.get("x-event-ids");
    const seqOf = async (resource: string, action: string, id: number) =>
      String((await stream.until(is(resource, action, id), `${resource} ${action}`)).slice(-1)[0].seq);

    const created = await manager.post("/api/customers", {
      name: `Own ${unique()}`,
      email: `own-${unique()}@example.com`,
      tier: "standard",
      creditLimit: 10,
      ownerId: await idOf(manager),
    });
    expect(created.status).toBe(201);
    expect(eventIds(created)).toBe(await seqOf("customers", "create", created.body.id));
    const updated = await manager.patch(`/api/customers/${created.body.id}`, { notes: "Own write", version: created.body.version });
    expect(updated.status).toBe(200);
    expect(eventIds(updated)).toBe(await seqOf("customers", "update", created.body.id));
    const stale = await manager.patch(`/api/customers/${created.body.id}`, { notes: "Stale", version: created.body.version });
    expectError(stale, 409, "VERSION_CONFLICT");
    expect(eventIds(stale)).toBeNull();
    const removed = await manager.del(`/api/customers/${created.body.id}`);
    expect(removed.status).toBe(200);
    expect(eventIds(removed)).toBe(await seqOf("customers", "delete", created.body.id));

    // A placement also takes stock, in the same transaction: the stock's events are named too.
    const product = await newProduct(manager, 5);
    const other = await newProduct(manager, 5);
    const draft = await newDraft(manager, [
      { productId: product.id, quantity: 2 },
      { productId: other.id, quantity: 1 },
    ]);
    const placed = await manager.post(`/api/orders/${draft.id}/transitions`, { to: "placed", version: draft.version });
    expect(placed.status).toBe(200);
    const caused = [await seqOf("orders", "transition", draft.id), await seqOf("products", "update", product.id), await seqOf("products", "update", other.id)];
    expect(eventIds(placed)?.split(",").sort()).toEqual([...caused].sort());
    // A move that takes no stock names its order's event alone.
    const paid = await manager.post(`/api/orders/${draft.id}/transitions`, { to: "paid", version: placed.body.version });
    expect(paid.status).toBe(200);
    const paidEvent = (await stream.until((d) => is("orders", "transition", draft.id)(d) && d.seq > Number(caused[0]), "the payment")).slice(-1)[0];
    expect(eventIds(paid)).toBe(String(paidEvent.seq));
    // A cancellation gives the stock back: named as the placement's was.
    const cancelled = await manager.post(`/api/orders/${draft.id}/transitions`, {
      to: "cancelled",
      version: paid.body.version,
      reason: "Customer changed their mind",
    });
    expect(cancelled.status).toBe(200);
    const after = (d: Body) => d.seq > paidEvent.seq;
    const given = [
      (await stream.until((d) => is("orders", "transition", draft.id)(d) && after(d), "the cancellation")).slice(-1)[0].seq,
      (await stream.until((d) => is("products", "update", product.id)(d) && after(d), "the stock given back")).slice(-1)[0].seq,
      (await stream.until((d) => is("products", "update", other.id)(d) && after(d), "the other stock given back")).slice(-1)[0].seq,
    ].map(String);
    expect(eventIds(cancelled)?.split(",").sort()).toEqual(given.sort());
    stream.close();
  });

  it("a reconnecting listener gets what it missed after Last-Event-ID", async () => {
    const manager = await s.login("manager");
    const first = await Stream.open(manager);
    const a = await newCustomer(manager, await idOf(manager));
    const [seenA] = (await first.until(is("customers", "create", a.id), "the first create")).slice(-1);
    first.close();
    const b = await newCustomer(manager, await idOf(manager));
    const again = await Stream.open(manager, { "last-event-id": String(seenA.seq) });
    const seen = await again.until(is("customers", "create", b.id), "the create made while away");
    expect(seen.map((d) => d.id)).not.toContain(a.id);
    again.close();
  });

  it("a page opening the stream afresh resumes after ?lastEventId= (an EventSource cannot send the header); a malformed one is refused", async () => {
    const manager = await s.login("manager");
    const first = await Stream.open(manager);
    const a = await newCustomer(manager, await idOf(manager));
    const [seenA] = (await first.until(is("customers", "create", a.id), "the first create")).slice(-1);
    first.close();
    const b = await newCustomer(manager, await idOf(manager));
    const again = await Stream.open(manager, {}, `?lastEventId=${seenA.seq}`);
    const seen = await again.until(is("customers", "create", b.id), "the create made while away");
    expect(seen.map((d) => d.id)).not.toContain(a.id);
    again.close();

    for (const bad of ["lastEventId=soon", "lastEventId=-1", "lastEventId=1.5", "lastEventId=1&lastEventId=2", "since=1"]) {
      const refused = await manager.get(`/api/events?${bad}`);
      expectError(refused, 400, "BAD_QUERY");
    }
  });

  it("ends when its session ends (sign-out elsewhere with the same session)", async () => {
    const manager = await s.login("manager");
    const stream = await Stream.open(manager);
    expect((await manager.post("/api/auth/logout")).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!stream.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stream.ended).toBe(true);
    expect(stream.events.at(-1)).toMatchObject({ event: "end", data: { code: "UNAUTHENTICATED" } });
  });
});
