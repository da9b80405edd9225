/** Staff permissions through the API, per role: admin all; the others read only, without lastLoginAt. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, staffId, startTestServer, type Client, type DemoRole, type TestServer } from "./helpers";

let s: TestServer;
let admin: Client;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login("admin");
});
afterAll(async () => {
  await s.close();
});

const uid = () => Math.random().toString(36).slice(2, 8);

describe("admin", () => {
  it("lists staff with lastLoginAt, never a password", async () => {
    const res = await admin.get("/api/staff?_end=100");
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-total-count"))).toBe((await s.readDb()).staff.length);
    expect(res.body.some((x: Record<string, unknown>) => "lastLoginAt" in x)).toBe(true);
    expect(res.body.every((x: Record<string, unknown>) => !("password" in x))).toBe(true);
    expect((await admin.get("/api/staff?_sort=lastLoginAt&_order=desc")).status).toBe(200);
  });

  it("creates (email stored lower-case, password hashed into credentials), edits, deactivates, deletes", async () => {
    const n = uid();
    const created = await admin.post("/api/staff", { name: `New ${n}`, email: `New.${n}@Example.COM`, role: "agent", password: "twelve-chars-ok" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ email: `new.${n}@example.com`, role: "agent", active: true, version: 1 });
    expect(created.body).not.toHaveProperty("password");
    const db = await s.readDb();
    const stored = db.staff.find((x) => x.id === created.body.id)!;
    expect(stored).not.toHaveProperty("password");
    expect(db.credentials.find((c) => c.staffId === stored.id)?.hash).toMatch(/^scrypt\$/);
    expect((await s.client().post("/api/auth/login", { email: `new.${n}@example.com`, password: "twelve-chars-ok" })).status).toBe(200);

    const edited = await admin.patch(`/api/staff/${stored.id}`, { role: "manager", name: `Renamed ${n}`, version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ role: "manager", version: 2 });
    const off = await admin.patch(`/api/staff/${stored.id}`, { active: false, version: 2 });
    expect(off.body).toMatchObject({ active: false, version: 3 });
    expect((await admin.del(`/api/staff/${stored.id}`)).status).toBe(200);
    expectError(await admin.get(`/api/staff/${stored.id}`), 404, "NOT_FOUND");
    expect((await s.readDb()).credentials.some((c) => c.staffId === stored.id)).toBe(false);
  });

  it("needs an initial password of the domain's length", async () => {
    const n = uid();
    const missing = await admin.post("/api/staff", { name: `Nopass ${n}`, email: `nopass-${n}@example.com`, role: "agent" });
    expectError(missing, 422, "VALIDATION_FAILED");
    expect(missing.body.errors.password).toEqual(["Required"]);
    const short = await admin.post("/api/staff", { name: `Short ${n}`, email: `short-${n}@example.com`, role: "agent", password: "too-short" });
    expect(short.body.errors.password[0]).toMatch(/at least 12/);
  });

  it("emails are unique case-insensitively", async () => {
    const res = await admin.post("/api/staff", { name: "Twin Agent", email: "AGENT@EXAMPLE.COM", role: "agent", password: "twelve-chars-ok" });
    expectError(res, 409, "DUPLICATE");
    expect(res.body.errors).toHaveProperty("email");
  });

  it("cannot demote, deactivate or delete themselves; may rename themselves", async () => {
    const self = staffId(await s.readDb(), "admin");
    const me = (await admin.get(`/api/staff/${self}`)).body;
    const demote = await admin.patch(`/api/staff/${self}`, { role: "manager", version: me.version });
    // With another active admin present the policy answers; with none, LAST_ADMIN (errors.test.ts).
    const otherAdmin = (await s.readDb()).staff.some((x) => x.role === "admin" && x.active === true && x.id !== self);
    if (otherAdmin) {
      expectError(demote, 403, "FORBIDDEN_FIELD");
      expect(demote.body.errors).toHaveProperty("role");
      expectError(await admin.patch(`/api/staff/${self}`, { active: false, version: me.version }), 403, "FORBIDDEN_FIELD");
      expectError(await admin.del(`/api/staff/${self}`), 403, "FORBIDDEN");
    } else expectError(demote, 409, "LAST_ADMIN");
    const renamed = await admin.patch(`/api/staff/${self}`, { name: "Ada the Admin", version: me.version });
    expect(renamed.status).toBe(200);
    expect((await s.readDb()).staff.find((x) => x.id === self)).toMatchObject({ role: "admin", active: true, name: "Ada the Admin" });
  });

  it("cannot write server-managed fields", async () => {
    const agent = (await s.readDb()).staff.find((x) => x.email === "agent@example.com")!;
    const res = await admin.patch(`/api/staff/${agent.id}`, {
      lastLoginAt: new Date().toISOString(),
      createdAt: "2020-01-01T00:00:00.000Z",
      version: agent.version,
    });
    expectError(res, 403, "FORBIDDEN_FIELD");
    expect(Object.keys(res.body.errors).sort()).toEqual(["createdAt", "lastLoginAt"]);
  });

  it("cannot clear whether someone is active (null): VALIDATION_FAILED on that field, nothing changed", async () => {
    const agent = (await s.readDb()).staff.find((x) => x.email === "agent2@example.com")!;
    const res = await admin.patch(`/api/staff/${agent.id}`, { active: null, name: "Renamed Meanwhile", version: agent.version });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toEqual({ active: ["Required"] });
    expect((await s.readDb()).staff.find((x) => x.id === agent.id)).toEqual(agent);
  });

  it("cannot delete someone others point at (customers, orders): REFERENCED with counts", async () => {
    const db = await s.readDb();
    const agentId = staffId(db, "agent");
    const res = await admin.del(`/api/staff/${agentId}`);
    expectError(res, 409, "REFERENCED");
    expect(res.body.counts.customers).toBe(db.customers.filter((c) => c.ownerId === agentId).length);
    expect((await s.readDb()).staff.some((x) => x.id === agentId)).toBe(true);
  });

  it("password is never a filter, a sort or a search", async () => {
    expectError(await admin.get("/api/staff?password=switchboard-demo"), 400, "BAD_QUERY");
    expectError(await admin.get("/api/staff?password_like=s"), 400, "BAD_QUERY");
    expectError(await admin.get("/api/staff?_sort=password"), 400, "BAD_QUERY");
  });
});

describe.each(["manager", "agent", "auditor"] as DemoRole[])("%s", (role) => {
  let c: Client;
  beforeAll(async () => {
    c = await s.login(role);
  });

  it("reads staff, without lastLoginAt anywhere", async () => {
    const list = await c.get("/api/staff?_end=100");
    expect(list.status).toBe(200);
    expect(Number(list.headers.get("x-total-count"))).toBe((await s.readDb()).staff.length);
    expect(list.body.every((x: Record<string, unknown>) => !("lastLoginAt" in x))).toBe(true);
    const one = await c.get(`/api/staff/${staffId(await s.readDb(), "admin")}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("lastLoginAt");
    expect((await c.get("/api/auth/me")).body.user).not.toHaveProperty("lastLoginAt");
  });

  it("may not filter or sort on lastLoginAt", async () => {
    expectError(await c.get("/api/staff?_sort=lastLoginAt"), 400, "BAD_QUERY");
    expectError(await c.get(`/api/staff?lastLoginAt_gte=2020-01-01`), 400, "BAD_QUERY");
  });

  it("may not create, change or delete staff — not even their own record", async () => {
    const db = await s.readDb();
    const self = db.staff.find((x) => x.id === staffId(db, role))!;
    expectError(
      await c.post("/api/staff", { name: "Nope Nope", email: `nope-${role}@example.com`, role: "agent", password: "twelve-chars-ok" }),
      403,
      "FORBIDDEN",
    );
    expectError(await c.patch(`/api/staff/${self.id}`, { name: "Self Rename", version: self.version }), 403, "FORBIDDEN");
    expectError(await c.patch(`/api/staff/${self.id}`, { role: "admin", version: self.version }), 403, "FORBIDDEN");
    expectError(await c.del(`/api/staff/${staffId(db, "former")}`), 403, "FORBIDDEN");
    expect((await s.readDb()).staff.find((x) => x.id === self.id)).toEqual(self);
  });
});
