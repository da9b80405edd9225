/**
 * Sign-in you can trust, over HTTP on both stores: two-factor (TOTP and recovery codes, no
 * replay, wrong codes counted), a role that requires it, one's own sessions, API tokens, the
 * security headers, and passwords that are too common or hold the email's name.
 */
import fs from "node:fs";
import { dictionary } from "@zxcvbn-ts/language-common";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, LOGIN_MAX_FAILURES, TOKEN_RATE_LIMIT, TOTP_PERIOD_S } from "../../src/domain/constants";
import { hashApiToken } from "../../src/server/tokens";
import { codeFor } from "../../src/server/two-factor";
import type { RunningServer } from "../../src/server/start";
import { Client, expectError, makeDataDir, startServerOn, type Body } from "./helpers";

const SECRET_KEY = "a test key that is long enough";
let server: RunningServer;
let dir: string;
let admin: Client;
beforeAll(async () => {
  const data = await makeDataDir();
  dir = data.dir;
  server = await startServerOn(data.dbFile, { secretKey: SECRET_KEY });
  admin = await signIn("admin@example.com");
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let serial = 0;
const unique = () => `${Date.now().toString(36)}${++serial}`;

async function signIn(email: string, password = DEMO_PASSWORD, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}): Promise<Client> {
  const c = new Client(server.url);
  const res = await c.post("/api/auth/login", { email, password, ...extra }, { headers });
  if (res.status !== 200) throw new Error(`sign-in as ${email}: ${res.status} ${res.text}`);
  return c;
}

/** A new staff member (agent unless said otherwise), signed in. */
async function newMember(role = "agent") {
  const email = `m-${unique()}@example.com`;
  const created = await admin.post("/api/staff", { name: `Member ${email}`, email, role, password: DEMO_PASSWORD });
  if (created.status !== 201) throw new Error(`staff: ${created.status} ${created.text}`);
  return { email, id: created.body.id as number, client: await signIn(email) };
}

/** Turns two-factor on for a signed-in member; the secret and the step its confirming code used. */
async function enrol(c: Client) {
  const setup = await c.post("/api/auth/2fa/setup");
  expect(setup.status).toBe(200);
  const now = Date.now();
  const enabled = await c.post("/api/auth/2fa/enable", { code: codeFor(setup.body.secret, now) });
  expect(enabled.status).toBe(200);
  return { secret: setup.body.secret as string, recoveryCodes: enabled.body.recoveryCodes as string[], at: now };
}

const login = (email: string, extra: Record<string, unknown> = {}) =>
  new Client(server.url).post("/api/auth/login", { email, password: DEMO_PASSWORD, ...extra });

describe("two-factor sign-in", () => {
  it("setup answers the secret, its otpauth URL and a QR code; nothing is on until a code confirms it", async () => {
    const { client, email } = await newMember();
    const setup = await client.post("/api/auth/2fa/setup");
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toMatch(
      new RegExp(`^otpauth://totp/Switchboard:${encodeURIComponent(email).replace(/\./g, "\\.")}\\?.*secret=${setup.body.secret}`),
    );
    expect(setup.body.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await client.get("/api/auth/me")).body.twoFactorEnabled).toBe(false);
    // Not confirmed yet: signing in still needs no code.
    expect((await login(email)).status).toBe(200);
    const wrong = await client.post("/api/auth/2fa/enable", { code: "000000" === codeFor(setup.body.secret, Date.now()) ? "111111" : "000000" });
    expectError(wrong, 422, "VALIDATION_FAILED");
    expect(wrong.body.errors.code).toEqual(["Wrong or used code"]);
  });

  it("enable gives 10 recovery codes once; the secret is sealed at rest and in no answer, log or audit event", async () => {
    const { client, id } = await newMember();
    const { secret, recoveryCodes } = await enrol(client);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await client.get("/api/auth/me")).body.twoFactorEnabled).toBe(true);
    expectError(await client.post("/api/auth/2fa/setup"), 422, "VALIDATION_FAILED");
    expectError(await client.post("/api/auth/2fa/enable", { code: codeFor(secret, Date.now()) }), 422, "VALIDATION_FAILED");
    const db = await server.storage.snapshot();
    const stored = db.twoFactor.find((t) => t.staffId === id)!;
    expect(stored.secret).toMatch(/^aes256gcm:/);
    const text = JSON.stringify(db);
    expect(text).not.toContain(secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
    expect(JSON.stringify(db["audit-events"].filter((e) => e.recordId === id))).toContain("two_factor_enable");
  });

  it("enable without setup is refused", async () => {
    const { client } = await newMember();
    const res = await client.post("/api/auth/2fa/enable", { code: "123456" });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors.code).toEqual(["Set up two-factor sign-in first"]);
  });

  it("signing in: the password alone is TWO_FACTOR_REQUIRED with no session; a code signs in, once", async () => {
    const { client, email } = await newMember();
    const { secret, at } = await enrol(client);
    const first = await login(email);
    expectError(first, 401, "TWO_FACTOR_REQUIRED");
    expect(first.headers.getSetCookie().join()).not.toMatch(/sb_session=[A-Za-z0-9_-]{20}/);
    // The code that confirmed enrolment was used: the next step's code works (one step of drift).
    const next = codeFor(secret, at + TOTP_PERIOD_S * 1000);
    const ok = await login(email, { code: next });
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe(email);
    expectError(await login(email, { code: next }), 401, "INVALID_CODE");
    // A code from long ago is no code.
    expectError(await login(email, { code: codeFor(secret, at - 10 * TOTP_PERIOD_S * 1000) }), 401, "INVALID_CODE");
  });

  it.each([
    ["12345", 401, "INVALID_CODE"],
    ["1234567890", 401, "INVALID_CODE"],
    ["abcdef", 401, "INVALID_CODE"],
    ["x".repeat(32), 401, "INVALID_CODE"],
    ["x".repeat(33), 422, "VALIDATION_FAILED"],
    ["", 401, "TWO_FACTOR_REQUIRED"],
  ])("a malformed code (%j) is %i %s, never a session", async (code, status, errorCode) => {
    const { client, email } = await newMember();
    await enrol(client);
    const res = await login(email, { code });
    expectError(res, status, errorCode);
    expect(res.headers.getSetCookie().join()).not.toMatch(/sb_session=[A-Za-z0-9_-]{20}/);
  });

  it("a recovery code signs in once; the same one twice is INVALID_CODE", async () => {
    const { client, email } = await newMember();
    const { recoveryCodes } = await enrol(client);
    const ok = await login(email, { code: recoveryCodes[3].toUpperCase() });
    expect(ok.status).toBe(200);
    expectError(await login(email, { code: recoveryCodes[3] }), 401, "INVALID_CODE");
    expect((await login(email, { code: recoveryCodes[4] })).status).toBe(200);
  });

  it("wrong codes count toward the sign-in limit", async () => {
    const { client, email } = await newMember();
    const { secret } = await enrol(client);
    const right = codeFor(secret, Date.now() + TOTP_PERIOD_S * 1000);
    const wrong = right === "123456" ? "654321" : "123456";
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expectError(await login(email, { code: wrong }), 401, "INVALID_CODE");
    const limited = await login(email, { code: right });
    expectError(limited, 429, "RATE_LIMITED");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("turning it off needs the password; then the password alone signs in again", async () => {
    const { client, email } = await newMember();
    await enrol(client);
    expectError(await client.post("/api/auth/2fa/disable", { password: "not my password at all" }), 422, "VALIDATION_FAILED");
    expect((await client.post("/api/auth/2fa/disable", { password: DEMO_PASSWORD })).status).toBe(200);
    expect((await login(email)).status).toBe(200);
    expectError(await client.post("/api/auth/2fa/disable", { password: DEMO_PASSWORD }), 422, "VALIDATION_FAILED");
  });

  it("an admin resets a member's two-factor (their sessions end); nobody else may", async () => {
    const { client, email, id } = await newMember();
    await enrol(client);
    expect((await admin.get(`/api/staff/${id}/two-factor`)).body).toEqual({ enabled: true, enabledAt: expect.any(String) });
    const manager = await signIn("manager@example.com");
    expectError(await manager.del(`/api/staff/${id}/two-factor`), 403, "FORBIDDEN");
    expect((await admin.del(`/api/staff/${id}/two-factor`)).status).toBe(200);
    expectError(await client.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expect((await login(email)).status).toBe(200);
    expectError(await admin.del(`/api/staff/${id}/two-factor`), 404, "NOT_FOUND");
    const events = await admin.get(`/api/audit-events?action=two_factor_reset&recordId=${id}`);
    expect(events.body).toHaveLength(1);
  });

  it("a role that requires two-factor: its members may only enrol until they have", async () => {
    const key = `secure-${unique()}`;
    expect(
      (await admin.post("/api/roles", { key, name: "Secure desk", requireTwoFactor: true, rules: [{ resource: "categories", action: "read" }] })).status,
    ).toBe(201);
    const { client, email } = await newMember(key);
    const me = await client.get("/api/auth/me");
    expect(me.body.twoFactorSetupRequired).toBe(true);
    expectError(await client.get("/api/categories"), 403, "TWO_FACTOR_SETUP_REQUIRED");
    expectError(await client.get("/api/stats/dashboard"), 403, "TWO_FACTOR_SETUP_REQUIRED");
    const { secret, at } = await enrol(client);
    expect((await client.get("/api/categories")).status).toBe(200);
    expect((await client.get("/api/auth/me")).body.twoFactorSetupRequired).toBe(false);
    expect((await login(email, { code: codeFor(secret, at + TOTP_PERIOD_S * 1000) })).status).toBe(200);
  });
});

describe("one's own sessions", () => {
  const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
  const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

  it("lists where one is signed in, in words, marks this one, and ends one or all the others", async () => {
    const { email } = await newMember();
    const laptop = await signIn(email, DEMO_PASSWORD, {}, { "user-agent": FIREFOX });
    const phone = await signIn(email, DEMO_PASSWORD, {}, { "user-agent": SAFARI });
    const list = await laptop.get("/api/auth/sessions");
    expect(list.status).toBe(200);
    const mine = list.body.find((s: Body) => s.current);
    expect(mine.device).toBe("Firefox 128 on Linux");
    const other = list.body.find((s: Body) => s.device === "Mobile Safari 17 on iOS 17.5");
    expect(other).toMatchObject({ current: false, ip: expect.any(String), userAgent: SAFARI, createdAt: expect.any(String), lastSeenAt: expect.any(String) });
    expect(other.id).toMatch(/^[0-9a-f]{32}$/);
    expect(list.text).not.toMatch(/[0-9a-f]{64}/);
    expect((await laptop.del(`/api/auth/sessions/${other.id}`)).status).toBe(200);
    expectError(await phone.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expectError(await laptop.del(`/api/auth/sessions/${other.id}`), 404, "NOT_FOUND");
    const third = await signIn(email);
    expect((await laptop.del("/api/auth/sessions")).body.ended).toBeGreaterThanOrEqual(2);
    expectError(await third.get("/api/auth/me"), 401, "UNAUTHENTICATED");
    expect((await laptop.get("/api/auth/me")).status).toBe(200);
  });

  it("another person's session is not found; a key that is no key is no route", async () => {
    const a = await newMember();
    const b = await newMember();
    const theirs = (await b.client.get("/api/auth/sessions")).body[0];
    expectError(await a.client.del(`/api/auth/sessions/${theirs.id}`), 404, "NOT_FOUND");
    expectError(await a.client.del("/api/auth/sessions/not-a-key"), 404, "NOT_FOUND");
    expect((await b.client.get("/api/auth/me")).status).toBe(200);
  });
});

describe("API tokens", () => {
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  it("a token is shown once, stored as a hash, and acts as its owner with their role's rows", async () => {
    const agent = await signIn("agent@example.com");
    const made = await agent.post("/api/tokens", { name: "Nightly export", expiresInDays: 30 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: expect.any(Number),
      name: "Nightly export",
      readOnly: false,
      token: expect.stringMatching(/^sbt_/),
      expiresAt: expect.any(String),
    });
    const listed = (await agent.get("/api/tokens")).body;
    expect(listed.find((t: Body) => t.id === made.body.id)).not.toHaveProperty("token");
    const db = await server.storage.snapshot();
    expect(JSON.stringify(db)).not.toContain(made.body.token);
    expect(db.tokens.find((t) => t.id === made.body.id)!.hash).toBe(hashApiToken(made.body.token));

    const script = new Client(server.url);
    const mine = await agent.get("/api/customers?_end=100");
    const viaToken = await script.get("/api/customers?_end=100", bearer(made.body.token));
    expect(viaToken.status).toBe(200);
    expect(viaToken.headers.get("x-total-count")).toBe(mine.headers.get("x-total-count"));
    for (const row of viaToken.body) expect(row).not.toHaveProperty("creditLimit");
    // The token wins over a cookie that came with it: this is the agent's request, not the admin's.
    const both = await admin.get("/api/customers?_end=1", bearer(made.body.token));
    expect(both.headers.get("x-total-count")).toBe(mine.headers.get("x-total-count"));
    expect((await agent.get("/api/tokens")).body.find((t: Body) => t.id === made.body.id).lastUsedAt).toEqual(expect.any(String));
  });

  it("what a token does is audited as its owner, naming the token", async () => {
    const manager = await signIn("manager@example.com");
    const token = (await manager.post("/api/tokens", { name: "Catalogue sync", expiresInDays: 7 })).body;
    const made = await new Client(server.url).post("/api/categories", { name: `Synced ${unique()}` }, bearer(token.token));
    expect(made.status).toBe(201);
    const event = (await admin.get(`/api/audit-events?resource=categories&recordId=${made.body.id}`)).body[0];
    expect(event).toMatchObject({
      action: "create",
      actorId: (await manager.get("/api/auth/me")).body.user.id,
      tokenId: token.id,
      tokenName: "Catalogue sync",
    });
  });

  it("read-only tokens read; no token signs in, sees sessions or makes tokens", async () => {
    const manager = await signIn("manager@example.com");
    const ro = (await manager.post("/api/tokens", { name: "Dashboard screen", expiresInDays: 1, readOnly: true })).body;
    const script = new Client(server.url);
    expect((await script.get("/api/stats/dashboard", bearer(ro.token))).status).toBe(200);
    expectError(await script.post("/api/categories", { name: `Nope ${unique()}` }, bearer(ro.token)), 403, "FORBIDDEN");
    for (const [method, path] of [
      ["GET", "/api/auth/me"],
      ["GET", "/api/tokens"],
      ["POST", "/api/auth/logout"],
      ["GET", "/api/auth/sessions"],
    ] as const)
      expectError(await script.request(method, path, bearer(ro.token)), 403, "FORBIDDEN");
    const rw = (await manager.post("/api/tokens", { name: "Writer", expiresInDays: 1 })).body;
    expectError(await script.post("/api/tokens", { name: "Child", expiresInDays: 1 }, bearer(rw.token)), 403, "FORBIDDEN");
  });

  it("revoked, expired, malformed, unknown tokens and an inactive owner are UNAUTHENTICATED", async () => {
    const { client, id } = await newMember();
    const script = new Client(server.url);
    const a = (await client.post("/api/tokens", { name: "A", expiresInDays: 5 })).body;
    const b = (await client.post("/api/tokens", { name: "B", expiresInDays: 5 })).body;
    expect((await script.get("/api/categories", bearer(a.token))).status).toBe(200);
    expect((await client.del(`/api/tokens/${a.id}`)).status).toBe(200);
    expectError(await script.get("/api/categories", bearer(a.token)), 401, "UNAUTHENTICATED");
    // Expired: a token whose expiry has passed, put in the store as time would have left it.
    const raw = `sbt_${"e".repeat(43)}`;
    await server.storage.transaction((tx) =>
      tx.insertToken({
        staffId: id,
        name: "Old",
        hash: hashApiToken(raw),
        readOnly: false,
        createdAt: "2024-01-01T00:00:00.000Z",
        expiresAt: "2024-01-02T00:00:00.000Z",
        lastUsedAt: null,
      }),
    );
    expectError(await script.get("/api/categories", bearer(raw)), 401, "UNAUTHENTICATED");
    for (const header of ["Bearer abc", `Bearer sbt_${"x".repeat(43)}`, "Basic dXNlcjpwYXNz", `bearer ${b.token}`, "Bearer"])
      expectError(await script.get("/api/categories", { headers: { authorization: header } }), 401, "UNAUTHENTICATED");
    const staff = (await admin.get(`/api/staff/${id}`)).body;
    expect((await admin.patch(`/api/staff/${id}`, { active: false, version: staff.version })).status).toBe(200);
    expectError(await script.get("/api/categories", bearer(b.token)), 401, "UNAUTHENTICATED");
  });

  it("each sees their own tokens, an admin everyone's; only the owner or an admin revokes", async () => {
    const a = await newMember();
    const b = await newMember();
    const tokenA = (await a.client.post("/api/tokens", { name: "Mine", expiresInDays: 3 })).body;
    expect((await b.client.get("/api/tokens")).body.some((t: Body) => t.id === tokenA.id)).toBe(false);
    expectError(await b.client.del(`/api/tokens/${tokenA.id}`), 404, "NOT_FOUND");
    const all = (await admin.get("/api/tokens")).body;
    expect(all.find((t: Body) => t.id === tokenA.id)).toMatchObject({ staffId: a.id, staffName: `Member ${a.email}` });
    expect((await admin.del(`/api/tokens/${tokenA.id}`)).status).toBe(200);
    expect((await admin.get(`/api/audit-events?action=token_revoke&recordId=${tokenA.id}`)).body).toHaveLength(1);
  });

  it.each([
    [{ name: "", expiresInDays: 7 }, "name"],
    [{ name: "x".repeat(81), expiresInDays: 7 }, "name"],
    [{ name: "Zero", expiresInDays: 0 }, "expiresInDays"],
    [{ name: "Too long", expiresInDays: 366 }, "expiresInDays"],
    [{ name: "Half", expiresInDays: 1.5 }, "expiresInDays"],
    [{ name: "Text", expiresInDays: "7" }, "expiresInDays"],
    [{ name: "Flag", expiresInDays: 7, readOnly: "yes" }, "readOnly"],
    [{ name: "Extra", expiresInDays: 7, staffId: 1 }, "staffId"],
  ])("a bad token request %j is 422 on %s, and makes nothing", async (body, field) => {
    const before = (await admin.get("/api/tokens")).body.length;
    const res = await admin.post("/api/tokens", body);
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors).toHaveProperty(field);
    expect((await admin.get("/api/tokens")).body.length).toBe(before);
  });

  it("a token past its rate limit is told to wait; another client is not slowed", async () => {
    const manager = await signIn("manager@example.com");
    const token = (await manager.post("/api/tokens", { name: "Busy", expiresInDays: 1 })).body;
    const script = new Client(server.url);
    let limited = null;
    for (let i = 0; i <= TOKEN_RATE_LIMIT && !limited; i++) {
      const res = await script.get("/api/health", bearer(token.token));
      if (res.status === 429) limited = res;
    }
    expect(limited).not.toBeNull();
    expectError(limited!, 429, "RATE_LIMITED");
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await manager.get("/api/categories")).status).toBe(200);
  });

  it("a flood of bad tokens is rate limited for that address, while a good token still works", async () => {
    const manager = await signIn("manager@example.com");
    const good = (await manager.post("/api/tokens", { name: "Good", expiresInDays: 1 })).body;
    const script = new Client(server.url);
    const answers = new Map<number, number>();
    for (let i = 0; i < 60; i++) {
      const res = await script.get("/api/categories", bearer(`sbt_${String(i).padStart(43, "z")}`));
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
      if (res.status !== 401) expectError(res, 429, "RATE_LIMITED");
    }
    expect(answers.get(429)).toBeGreaterThan(0);
    expect((await script.get("/api/categories", bearer(good.token))).status).toBe(200);
  });
});

describe("headers", () => {
  it("every answer has a CSP without inline scripts, no framing, no referrer, nosniff; no HSTS over plain HTTP", async () => {
    for (const res of [await admin.get("/api/categories"), await new Client(server.url).get("/api/health"), await new Client(server.url).get("/nowhere")]) {
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("behind HTTPS (PUBLIC_URL https://…): HSTS, a Secure cookie, and the proxy's word for the client's address", async () => {
    const data = await makeDataDir();
    const https = await startServerOn(data.dbFile, { publicUrl: "https://switchboard.example.com" });
    try {
      const c = new Client(https.url);
      const res = await c.post(
        "/api/auth/login",
        { email: "manager@example.com", password: DEMO_PASSWORD },
        { headers: { "x-forwarded-for": "203.0.113.9", "x-forwarded-proto": "https" } },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
      expect(res.headers.getSetCookie().find((x) => x.startsWith("sb_session="))).toMatch(/; Secure/i);
      const sessions = await c.get("/api/auth/sessions");
      expect(sessions.body[0].ip).toBe("203.0.113.9");
    } finally {
      await https.close();
      fs.rmSync(data.dir, { recursive: true, force: true });
    }
  });
});

describe("passwords", () => {
  const common = (dictionary["passwords-common"] as string[]).find((p) => p.length >= 12)!;

  it("one of the most common passwords is refused, in words, for a new account and a changed password", async () => {
    const res = await admin.post("/api/staff", { name: "Common Pass", email: `c-${unique()}@example.com`, role: "agent", password: common });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors.password).toEqual(["Too common: choose one that others would not guess"]);
    const { client } = await newMember();
    const change = await client.post("/api/auth/password", { currentPassword: DEMO_PASSWORD, newPassword: common.toUpperCase() });
    expectError(change, 422, "VALIDATION_FAILED");
    expect(change.body.errors.newPassword).toEqual(["Too common: choose one that others would not guess"]);
  });

  it("a password holding the email's name is refused", async () => {
    const name = `jo${unique()}`;
    const res = await admin.post("/api/staff", { name: "Jo Named", email: `${name}@example.com`, role: "agent", password: `My-${name.toUpperCase()}-pass` });
    expectError(res, 422, "VALIDATION_FAILED");
    expect(res.body.errors.password).toEqual(["Must not contain the name of the email address"]);
  });
});
