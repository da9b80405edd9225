/** Row and field rules, as an agent: own customers and orders only, creditLimit and cost do not exist. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, staffId, startTestServer, type Client, type TestServer } from "./helpers";

let s: TestServer;
let agent: Client;
let manager: Client;
let self: number;
let other: number;
beforeAll(async () => {
  s = await startTestServer();
  [agent, manager] = await Promise.all([s.login("agent"), s.login("manager")]);
  self = staffId(await s.readDb(), "agent");
  other = staffId(await s.readDb(), "agent2");
});
afterAll(async () => {
  await s.close();
});

const own = async () => (await s.readDb()).customers.filter((c) => c.ownerId === self);
const othersCustomer = async () => (await s.readDb()).customers.find((c) => c.ownerId !== self)!;

describe("an agent's customers", () => {
  it("the list holds their own rows only, counted after that filter, without creditLimit", async () => {
    const res = await agent.get("/api/customers?_end=100");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-total-count"))).toBe((await own()).length);
    expect(res.body.length).toBe(Math.min(100, (await own()).length));
    for (const row of res.body) {
      expect(row.ownerId).toBe(self);
      expect(row).not.toHaveProperty("creditLimit");
    }
    // Filtering for someone else's rows finds nothing, rather than them.
    const theirs = await agent.get(`/api/customers?ownerId=${other}`);
    expect(theirs.headers.get("x-total-count")).toBe("0");
  });

  it("another agent's customer answers 404 to read and change", async () => {
    const c = await othersCustomer();
    expectError(await agent.get(`/api/customers/${c.id}`), 404, "NOT_FOUND");
    expectError(await agent.patch(`/api/customers/${c.id}`, { name: "Taken over", version: c.version }), 404, "NOT_FOUND");
    // Agents delete no customers at all: that is said before any row is looked at.
    expectError(await agent.del(`/api/customers/${c.id}`), 403, "FORBIDDEN");
    // The same answer as for a record that does not exist at all.
    const missing = await agent.get("/api/customers/999999");
    expect((await agent.get(`/api/customers/${c.id}`)).body.message).toBe(missing.body.message);
  });

  it("an own customer is readable, without creditLimit", async () => {
    const c = (await own())[0];
    const res = await agent.get(`/api/customers/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("creditLimit");
    expect(res.body.name).toBe(c.name);
  });

  it("creditLimit is not a filter, a sort or a search for an agent", async () => {
    expectError(await agent.get("/api/customers?creditLimit=0"), 400, "BAD_QUERY");
    expectError(await agent.get("/api/customers?creditLimit_gte=0"), 400, "BAD_QUERY");
    expectError(await agent.get("/api/customers?_sort=creditLimit"), 400, "BAD_QUERY");
    expectError(await agent.get("/api/customers?_sort=name,creditLimit&_order=asc,desc"), 400, "BAD_QUERY");
    // q never looks at it: a credit limit's digits find nothing that has them only there.
    const limit = String((await own())[0].creditLimit);
    const expected = (await own()).filter((c) => ["name", "email", "phone", "company"].some((f) => String(c[f] ?? "").includes(limit))).length;
    expect((await agent.get(`/api/customers?q=${limit}`)).headers.get("x-total-count")).toBe(String(expected));
    // A manager may do all of it.
    expect((await manager.get("/api/customers?creditLimit_gte=0&_sort=creditLimit")).status).toBe(200);
  });

  it("writing creditLimit is FORBIDDEN_FIELD, on create and on update", async () => {
    const create = await agent.post("/api/customers", { name: "Limit Setter", email: "limit-setter@shop.example", creditLimit: 5 });
    expectError(create, 403, "FORBIDDEN_FIELD");
    expect(Object.keys(create.body.errors)).toEqual(["creditLimit"]);
    const c = (await own())[0];
    expectError(await agent.patch(`/api/customers/${c.id}`, { creditLimit: 1, version: c.version }), 403, "FORBIDDEN_FIELD");
    expect((await s.readDb()).customers.find((x) => x.id === c.id)!.creditLimit).toBe(c.creditLimit);
  });

  it("a new customer is theirs; naming someone else as owner is refused; the owner cannot be changed", async () => {
    const res = await agent.post("/api/customers", { name: "Fresh Customer", email: "fresh-agent-customer@shop.example" });
    expect(res.status).toBe(201);
    expect(res.body.ownerId).toBe(self);
    expect(res.body).not.toHaveProperty("creditLimit");
    expect((await s.readDb()).customers.find((c) => c.id === res.body.id)).toMatchObject({ ownerId: self, creditLimit: 0, tier: "standard" });

    const forOther = await agent.post("/api/customers", { name: "Gift Customer", email: "gift@shop.example", ownerId: other });
    expectError(forOther, 403, "FORBIDDEN_FIELD");
    expect(forOther.body.errors).toHaveProperty("ownerId");
    expectError(await agent.patch(`/api/customers/${res.body.id}`, { ownerId: other, version: 1 }), 403, "FORBIDDEN_FIELD");

    const edited = await agent.patch(`/api/customers/${res.body.id}`, { notes: "Called on Monday", version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.notes).toBe("Called on Monday");
  });

  it("an agent may not delete a customer, even their own", async () => {
    expectError(await agent.del(`/api/customers/${(await own())[0].id}`), 403, "FORBIDDEN");
  });
});

describe("an agent's orders and products", () => {
  it("lists only orders assigned to them; products without cost", async () => {
    const db = await s.readDb();
    const orders = await agent.get("/api/orders?_end=100");
    expect(Number(orders.headers.get("x-total-count"))).toBe(db.orders.filter((o) => o.assigneeId === self).length);
    expect(orders.body.every((o: { assigneeId: number }) => o.assigneeId === self)).toBe(true);
    const products = await agent.get("/api/products?_end=100");
    expect(Number(products.headers.get("x-total-count"))).toBe(db.products.length);
    expect(products.body.every((p: object) => !("cost" in p))).toBe(true);
    expectError(await agent.get("/api/products?_sort=cost"), 400, "BAD_QUERY");
    const theirs = db.orders.find((o) => o.assigneeId !== self)!;
    expectError(await agent.get(`/api/orders/${theirs.id}`), 404, "NOT_FOUND");
  });

  it("creates a draft for their own customer, assigned to themselves", async () => {
    const product = (await s.readDb()).products.find((p) => p.status === "active")!;
    const res = await agent.post("/api/orders", { customerId: (await own())[0].id, items: [{ productId: product.id, quantity: 2 }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assigneeId: self, status: "draft", total: 2 * (product.price as number) });
  });

  it("may not order for another's customer, nor assign to someone else", async () => {
    const res = await agent.post("/api/orders", { customerId: (await othersCustomer()).id });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toHaveProperty("customerId");
    // A valid order otherwise (an order needs at least one line), so only the assignee is wrong.
    const line = { productId: (await s.readDb()).products.find((p) => p.status === "active")!.id, quantity: 1 };
    const assigned = await agent.post("/api/orders", { customerId: (await own())[0].id, assigneeId: other, items: [line] });
    expectError(assigned, 403, "FORBIDDEN_FIELD");
    expect(assigned.body.errors).toHaveProperty("assigneeId");
  });

  it("may not read the audit log", async () => {
    expectError(await agent.get("/api/audit-events"), 403, "FORBIDDEN");
    expectError(await agent.get("/api/audit-events/1"), 403, "FORBIDDEN");
  });
});
