/**
 * Issue 11.5: an audit event's `changes` obey the same field rules as the record they are about.
 * Driven only through the API, as the audit log page and a record's History tab read it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, type Client, type TestServer, startTestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

/** A staff account made for the test, signed in once (so it has a lastLoginAt), then deleted by an admin. */
async function deletedAccount(admin: Client) {
  const n = Date.now() + Math.floor(Math.random() * 1e6);
  const email = `audit-fields-${n}@example.com`;
  const created = await admin.post("/api/staff", { name: `Leaving ${n}`, email, role: "agent", password: "twelve-chars-ok" });
  expect(created.status).toBe(201);
  expect((await s.client().post("/api/auth/login", { email, password: "twelve-chars-ok" })).status).toBe(200);
  const before = await admin.get(`/api/staff/${created.body.id}`);
  expect(before.body.lastLoginAt).toEqual(expect.any(String));
  expect((await admin.del(`/api/staff/${created.body.id}`)).status).toBe(200);
  return { id: created.body.id as number, lastLoginAt: before.body.lastLoginAt as string };
}

const deleteEventQuery = (id: number) => `/api/audit-events?resource=staff&recordId=${id}&action=delete`;

describe("a deleted staff account's lastLoginAt (admins only) in the audit log", () => {
  it("an admin sees it in the delete event's changes, in the list and on the event", async () => {
    const admin = await s.login("admin");
    const { id, lastLoginAt } = await deletedAccount(admin);
    const list = await admin.get(deleteEventQuery(id));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].changes.lastLoginAt).toEqual({ from: lastLoginAt, to: null });
    const one = await admin.get(`/api/audit-events/${list.body[0].id}`);
    expect(one.body.changes.lastLoginAt).toEqual({ from: lastLoginAt, to: null });
  });

  it.each(["manager", "auditor"] as const)("a %s reads the event without it: not in the list, the event, or the text", async (role) => {
    const admin = await s.login("admin");
    const { id, lastLoginAt } = await deletedAccount(admin);
    const reader = await s.login(role);
    const list = await reader.get(deleteEventQuery(id));
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].changes).toHaveProperty("name");
    expect(list.body[0].changes).not.toHaveProperty("lastLoginAt");
    expect(list.text).not.toContain(lastLoginAt);
    const one = await reader.get(`/api/audit-events/${list.body[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.changes).not.toHaveProperty("lastLoginAt");
    expect(one.text).not.toContain(lastLoginAt);
  });

  it("an agent, for whom creditLimit and cost do not exist, cannot read the log at all", async () => {
    const agent = await s.login("agent");
    expectError(await agent.get("/api/audit-events"), 403, "FORBIDDEN");
  });
});
