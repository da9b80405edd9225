/** Session calls and their limits: sign in and out, cookie flags, rate limit, disabled accounts, ended sessions, secrets. */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, LOGIN_MAX_FAILURES, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "../../src/domain/constants";
import type { DbShape } from "../../src/server/db-shape";
import { hashToken } from "../../src/server/session";
import { startServer } from "../../src/server/start";
import { Client, demoEmail, expectError, makeDataDir, staffId, startTestServer, type ApiResponse, type TestServer } from "./helpers";

let s: TestServer;
/** Every answer this file receives, to prove no secret is ever in one. */
const seen: string[] = [];
const record = <T>(res: ApiResponse<T>) => {
  seen.push(res.text, JSON.stringify([...res.headers]));
  return res;
};

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
});

async function newStaff(admin: Client, fields: Record<string, unknown> = {}) {
  const n = Math.random().toString(36).slice(2, 8);
  const password = `initial-pass-${n}`;
  const res = record(await admin.post("/api/staff", { name: `Temp ${n}`, email: `temp-${n}@example.com`, role: "agent", password, ...fields }));
  expect(res.status).toBe(201);
  return { ...res.body, password } as { id: number; email: string; version: number; password: string };
}

async function signIn(email: string, password: string) {
  const c = new Client(s.url);
  const res = record(await c.post("/api/auth/login", { email, password }));
  return { c, res };
}

describe("sign in, who am I, sign out", () => {
  it("signs in with the session cookie flags, answers me, signs out", async () => {
    const { c, res } = await signIn("AGENT@example.com ", DEMO_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: "agent@example.com", role: "agent", active: true });
    expect(res.body.user).not.toHaveProperty("lastLoginAt"); // admins only
    const cookie = res.headers.getSetCookie().find((h) => h.startsWith("sb_session="))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).toMatch(/Path=\//);
    expect(c.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The store keeps only the token's hash.
    const db = await s.readDb();
    expect(db.sessions.some((x) => x.id === hashToken(c.cookie!))).toBe(true);
    expect(JSON.stringify(db)).not.toContain(c.cookie);

    const me = record(await c.get("/api/auth/me"));
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(staffId(db, "agent"));

    // Signing out has no body; whatever Content-Type a client puts on it does not matter.
    const out = record(await c.request("POST", "/api/auth/logout", { headers: { "content-type": "text/plain" } }));
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/sb_session=;.*Max-Age=0/);
    expectError(record(await c.get("/api/auth/me")), 401, "UNAUTHENTICATED");
    // The old token is dead even when replayed.
    const replay = new Client(s.url);
    replay.cookie = hashToken("x").slice(0, 43);
    expectError(await replay.get("/api/auth/me"), 401, "UNAUTHENTICATED");
  });

  it("records lastLoginAt and audits login and logout", async () => {
    const { c } = await signIn("manager@example.com", DEMO_PASSWORD);
    await c.post("/api/auth/logout");
    const db = await s.readDb();
    const id = staffId(db, "manager");
    expect(Date.now() - Date.parse(db.staff.find((x) => x.id === id)!.lastLoginAt as string)).toBeLessThan(60_000);
    const mine = db["audit-events"].filter((e) => e.actorId === id);
    expect(mine.map((e) => e.action)).toEqual(expect.arrayContaining(["login", "logout"]));
    expect(mine.every((e) => typeof e.ip === "string" && e.ip)).toBe(true);
  });

  it("a wrong password is audited as login_failed with the email tried and the address, never the password", async () => {
    const tried = "someone-unknown@example.com";
    expectError(record((await signIn(tried, "guess-number-one")).res), 401, "INVALID_CREDENTIALS");
    const event = (await s.readDb())["audit-events"].findLast((e) => e.action === "login_failed")!;
    expect(event).toMatchObject({ email: tried, resource: "auth", actorId: null });
    expect(event.ip).toBeTruthy();
    expect(JSON.stringify(event)).not.toContain("guess-number-one");
  });

  it("body shape errors are VALIDATION_FAILED", async () => {
    const res = record(await s.client().post("/api/auth/login", { email: "agent@example.com" }));
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toHaveProperty("password");
    expectError(await s.client().post("/api/auth/login", { email: 1, password: 2 }), 422, "VALIDATION_FAILED");
    expectError(await s.client().post("/api/auth/login", { email: "a@b.c", password: "x", admin: true }), 422, "VALIDATION_FAILED");
  });

  it("every call but health and login needs a session", async () => {
    const anon = s.client();
    for (const [method, url] of [
      ["GET", "/api/auth/me"],
      ["POST", "/api/auth/logout"],
      ["POST", "/api/auth/password"],
      ["GET", "/api/staff"],
      ["GET", "/api/staff/1"],
      ["PATCH", "/api/staff/1"],
      ["DELETE", "/api/staff/1"],
      ["GET", "/api/audit-events"],
    ]) {
      expectError(await anon.request(method, url, { json: method === "GET" || method === "DELETE" ? undefined : {} }), 401, "UNAUTHENTICATED");
    }
  });
});

describe("the sign-in rate limit", () => {
  it("after 5 failures for an email, even the right password waits, with Retry-After", async () => {
    const admin = await s.login("admin");
    const temp = await newStaff(admin);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectError(record((await signIn(temp.email, `wrong-${i}`)).res), 401, "INVALID_CREDENTIALS");
    const limited = record((await signIn(temp.email, temp.password)).res);
    expectError(limited, 429, "RATE_LIMITED");
    const wait = Number(limited.headers.get("retry-after"));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(limited.body.retryAfter).toBe(wait);
    // Counted per email: others sign in as before.
    expect((await signIn("auditor@example.com", DEMO_PASSWORD)).res.status).toBe(200);
  });

  it("counts unknown emails too", async () => {
    const email = "never-existed@example.com";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectError((await signIn(email, "whatever-pass")).res, 401, "INVALID_CREDENTIALS");
    expectError((await signIn(email, "whatever-pass")).res, 429, "RATE_LIMITED");
    expect((await s.readDb()).loginFailures.filter((f) => f.email === email)).toHaveLength(LOGIN_MAX_FAILURES);
  });
});

describe("accounts that are switched off", () => {
  it("a disabled account cannot sign in: right password → ACCOUNT_DISABLED, wrong → INVALID_CREDENTIALS", async () => {
    expectError(record((await signIn(demoEmail("former"), DEMO_PASSWORD)).res), 403, "ACCOUNT_DISABLED");
    expectError(record((await signIn(demoEmail("former"), "not-the-password")).res), 401, "INVALID_CREDENTIALS");
  });

  it("deactivating ends the account's sessions at once", async () => {
    const admin = await s.login("admin");
    const temp = await newStaff(admin);
    const { c } = await signIn(temp.email, temp.password);
    expect((await c.get("/api/auth/me")).status).toBe(200);
    const res = record(await admin.patch(`/api/staff/${temp.id}`, { active: false, version: temp.version }));
    expect(res.status).toBe(200);
    expectError(await c.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expectError(await c.get("/api/customers"), 401, "UNAUTHENTICATED");
    expect((await s.readDb()).sessions.some((x) => x.staffId === temp.id)).toBe(false);
    expectError((await signIn(temp.email, temp.password)).res, 403, "ACCOUNT_DISABLED");
  });
});

describe("changing one's own password", () => {
  it("checks the current one (422, not 401), applies the rules, ends the other sessions", async () => {
    const admin = await s.login("admin");
    const temp = await newStaff(admin);
    const a = (await signIn(temp.email, temp.password)).c;
    const b = (await signIn(temp.email, temp.password)).c;

    const wrong = record(await a.post("/api/auth/password", { currentPassword: "not-my-password", newPassword: "a-brand-new-password" }));
    expectError(wrong, 422, "VALIDATION_FAILED");
    expect(wrong.body.errors).toHaveProperty("currentPassword");
    expect((await a.get("/api/auth/me")).status).toBe(200); // still signed in

    const short = record(await a.post("/api/auth/password", { currentPassword: temp.password, newPassword: "short" }));
    expectError(short, 422, "VALIDATION_FAILED");
    expect(short.body.errors.newPassword[0]).toMatch(/at least 12/);

    const ok = record(await a.post("/api/auth/password", { currentPassword: temp.password, newPassword: "a-brand-new-password" }));
    expect(ok.status).toBe(200);
    expect((await a.get("/api/auth/me")).status).toBe(200);
    expectError(await b.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expectError((await signIn(temp.email, temp.password)).res, 401, "INVALID_CREDENTIALS");
    expect((await signIn(temp.email, "a-brand-new-password")).res.status).toBe(200);

    const event = (await s.readDb())["audit-events"].findLast((e) => e.action === "password_change")!;
    expect(event).toMatchObject({ actorId: temp.id, recordId: temp.id });
    expect(JSON.stringify(event)).not.toMatch(/a-brand-new-password|scrypt/);
  });

  it("an admin's reset (PATCH password) ends that user's sessions", async () => {
    const admin = await s.login("admin");
    const temp = await newStaff(admin);
    const { c } = await signIn(temp.email, temp.password);
    const res = record(await admin.patch(`/api/staff/${temp.id}`, { password: "reset-by-the-admin", version: temp.version }));
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty("password");
    expectError(await c.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expect((await signIn(temp.email, "reset-by-the-admin")).res.status).toBe(200);
    const event = (await s.readDb())["audit-events"].findLast((e) => e.action === "update" && e.resource === "staff" && e.recordId === temp.id)!;
    expect(event.changes).toEqual({ password: { to: "[changed]" } });
  });
});

describe("secrets", () => {
  it("no response and no audit event ever holds a password or a hash", async () => {
    // Read everything an admin can see, too.
    const admin = await s.login("admin");
    record(await admin.get("/api/staff?_end=100"));
    record(await admin.get("/api/audit-events?_end=100"));
    record(await admin.get(`/api/staff/${staffId(await s.readDb(), "admin")}`));
    const all = seen.join("\n");
    for (const secret of ["scrypt$", DEMO_PASSWORD, "a-brand-new-password", "reset-by-the-admin", "initial-pass-", "guess-number-one"]) {
      expect(all).not.toContain(secret);
      expect(JSON.stringify((await s.readDb())["audit-events"])).not.toContain(secret);
    }
    const staff = (await s.readDb()).staff;
    expect(staff.every((x) => !("password" in x) && !JSON.stringify(x).includes("scrypt"))).toBe(true);
  });
});

describe("session expiry (idle and absolute), on a data file with planted sessions", () => {
  it("an idle or too old session is refused; a live one works", async () => {
    const { dir, dbFile } = await makeDataDir();
    const db = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    const agentId = staffId(db, "agent");
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const tokens = { live: "L".repeat(43), idle: "I".repeat(43), old: "O".repeat(43) };
    db.sessions.push(
      { id: hashToken(tokens.live), staffId: agentId, createdAt: iso(now - 60_000), lastSeenAt: iso(now - 60_000) },
      { id: hashToken(tokens.idle), staffId: agentId, createdAt: iso(now - SESSION_IDLE_MS - 120_000), lastSeenAt: iso(now - SESSION_IDLE_MS - 60_000) },
      { id: hashToken(tokens.old), staffId: agentId, createdAt: iso(now - SESSION_ABSOLUTE_MS - 60_000), lastSeenAt: iso(now - 1000) },
    );
    fs.writeFileSync(dbFile, JSON.stringify(db));
    const server = await startServer({ port: 0, app: "none", dbFile });
    try {
      const as = (token: string) => Object.assign(new Client(server.url), { cookie: token });
      expect((await as(tokens.live).get("/api/auth/me")).status).toBe(200);
      expectError(await as(tokens.idle).get("/api/auth/me"), 401, "UNAUTHENTICATED");
      const old = await as(tokens.old).get("/api/auth/me");
      expectError(old, 401, "UNAUTHENTICATED");
      expect(old.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
      // A read bumps lastSeenAt on disk at most once a minute: this one was a minute old.
      const stored = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
      expect(Date.parse(stored.sessions.find((x) => x.id === hashToken(tokens.live))!.lastSeenAt)).toBeGreaterThan(now - 5000);
      const raw = fs.readFileSync(dbFile);
      expect((await as(tokens.live).get("/api/auth/me")).status).toBe(200);
      expect(fs.readFileSync(dbFile).equals(raw)).toBe(true);
    } finally {
      await server.close();
      fs.rmSync(path.resolve(dir), { recursive: true, force: true });
    }
  });
});
