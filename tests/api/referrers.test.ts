/**
 * GET /api/<resource>/:id/referrers, on both stores: who points at a record, counted as a delete
 * would count them (its 409 REFERENCED), so a delete's confirm can say so before anything is sent;
 * with the reads of GET one (a record the reader may not see is not there for them either).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { expectError, staffId, startTestServer, type Client, type TestServer } from "./helpers";

let s: TestServer;
const as = {} as Record<"admin" | "manager" | "agent" | "auditor", Client>;
beforeAll(async () => {
  s = await startTestServer();
  for (const role of ["admin", "manager", "agent", "auditor"] as const) as[role] = await s.login(role);
});
afterAll(async () => {
  await s.close();
});

describe("referrers", () => {
  it("counts what points at a record, the same counts as its refused delete", async () => {
    const db = await s.readDb();
    const cat = db.categories.find((c) => db.products.some((p) => p.categoryId === c.id))!;
    const n = db.products.filter((p) => p.categoryId === cat.id).length;
    const res = await as.manager.get(`/api/categories/${cat.id}/referrers`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ counts: { products: n } });
    const del = await as.manager.del(`/api/categories/${cat.id}`);
    expectError(del, 409, "REFERENCED");
    expect(del.body.counts).toEqual(res.body.counts);
    // A read: the auditor, who deletes nothing, may ask too.
    expect((await as.auditor.get(`/api/categories/${cat.id}/referrers`)).body).toEqual({ counts: { products: n } });
  });

  it("answers no counts for a record nothing points at", async () => {
    const created = await as.manager.post("/api/categories", { name: `Referrers ${Date.now().toString(36)}` });
    expect(created.status, created.text).toBe(201);
    const res = await as.manager.get(`/api/categories/${created.body.id}/referrers`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ counts: {} });
  });

  it("counts a role's members, whom its delete refuses for", async () => {
    const key = `referrers-${Date.now().toString(36)}`;
    const role = await as.admin.post("/api/roles", { key, name: `Role ${key}`, rules: [] });
    expect(role.status, role.text).toBe(201);
    const member = await as.admin.post("/api/staff", { name: `Member ${key}`, email: `${key}@example.com`, role: key, active: true, password: DEMO_PASSWORD });
    expect(member.status, member.text).toBe(201);
    const res = await as.admin.get(`/api/roles/${role.body.id}/referrers`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ counts: { staff: 1 } });
    expect((await as.admin.del(`/api/roles/${role.body.id}`)).body.counts).toEqual({ staff: 1 });
  });

  it("is NOT_FOUND for a record that is not there or that the reader may not see, and takes no query", async () => {
    const db = await s.readDb();
    expectError(await as.manager.get("/api/customers/999999999/referrers"), 404, "NOT_FOUND");
    const agentId = staffId(db, "agent");
    const others = db.customers.find((c) => c.ownerId !== agentId)!;
    expectError(await as.agent.get(`/api/customers/${others.id}/referrers`), 404, "NOT_FOUND");
    const own = db.customers.find((c) => c.ownerId === agentId)!;
    expect((await as.agent.get(`/api/customers/${own.id}/referrers`)).status).toBe(200);
    expectError(await as.manager.get(`/api/customers/${own.id}/referrers?x=1`), 400, "BAD_QUERY");
    expectError(await s.client().get(`/api/customers/${own.id}/referrers`), 401, "UNAUTHENTICATED");
  });
});
