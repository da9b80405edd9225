/** The audit log is append-only for everyone, and a failed sign-in leaves no password behind. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, type Client, type DemoRole, type TestServer, startTestServer } from "./helpers";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe("no one changes or deletes an audit event, through any call", () => {
  const roles: DemoRole[] = ["admin", "manager", "agent", "auditor"];
  it.each(roles)("%s: every write method on the log and on an event is METHOD_NOT_ALLOWED, and the file is untouched", async (role) => {
    const c: Client = await s.login(role);
    const event = (await s.readDb())["audit-events"].at(-1)!;
    const before = await s.readRaw();
    const body = { action: "logout", changes: {}, version: event.version };
    for (const url of ["/api/audit-events", `/api/audit-events/${event.id}`, "/api/audit-events/"]) {
      for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
        const res = await c.request(method, url, { json: body });
        expectError(res, 405, "METHOD_NOT_ALLOWED");
        expect(res.headers.get("allow")).toBe("GET, HEAD");
      }
    }
    // Method-override tricks do not turn a read into a write either.
    const overridden = await c.request("POST", `/api/audit-events/${event.id}`, { json: body, headers: { "x-http-method-override": "DELETE" } });
    expectError(overridden, 405, "METHOD_NOT_ALLOWED");
    expect((await s.readRaw()).equals(before)).toBe(true);
  });
});

describe("failed sign-ins", () => {
  it("are in the log with the email tried and the address; the password tried is nowhere in the data file", async () => {
    const tried = "Mistyped.Person@Example.com";
    const password = "my-secret-guess-7f3a9c";
    const res = await s.client().post("/api/auth/login", { email: tried, password });
    expectError(res, 401, "INVALID_CREDENTIALS");
    const event = (await s.readDb())["audit-events"].findLast((e) => e.action === "login_failed")!;
    expect(event).toMatchObject({ email: tried.toLowerCase(), resource: "auth", actorId: null });
    expect(event.ip).toMatch(/\d|:/);
    expect((await s.readRaw()).toString("utf8")).not.toContain(password);

    // And an auditor finds it through the API the log page uses.
    const auditor = await s.login("auditor");
    const list = await auditor.get(`/api/audit-events?action=login_failed&email_like=${encodeURIComponent("mistyped.person")}`);
    expect(list.status).toBe(200);
    expect(list.body.map((e: { id: number }) => e.id)).toContain(event.id);
    expect(list.text).not.toContain(password);
  });
});
