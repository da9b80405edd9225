/**
 * Live events across app servers (PostgreSQL only): a change made through one server reaches a
 * listener on another, with no LISTEN/NOTIFY — each server reads the shared audit log forward.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { startServer, type RunningServer } from "../../src/server/start";
import { Client, demoEmail, freshDatabase, makeDataDir, type DemoRole } from "./helpers";
import { Stream } from "./sse";

async function login(url: string, role: DemoRole): Promise<Client> {
  const c = new Client(url);
  const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`login as ${role}: ${res.status} ${res.text}`);
  return c;
}

describe("live events on two app servers", { timeout: 120_000 }, () => {
  let a: RunningServer;
  let b: RunningServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dir: string;
  beforeAll(async () => {
    const data = await makeDataDir();
    dir = data.dir;
    db = await freshDatabase();
    a = await startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: data.dbFile });
    b = await startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: data.dbFile });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("a customer created through server A is told to a listener on server B; a sign-out through A ends B's stream", async () => {
    const onB = await login(b.url, "manager");
    const stream = await Stream.open(onB);
    const admin = await login(a.url, "admin");
    const me = (await onB.get("/api/auth/me")).body.user.id;
    const n = `${Date.now()}`;
    const created = await admin.post("/api/customers", { name: `Two servers ${n}`, email: `two-${n}@example.com`, tier: "gold", creditLimit: 0, ownerId: me });
    expect(created.status).toBe(201);
    await stream.until((d) => d.resource === "customers" && d.action === "create" && d.id === created.body.id, "the create made on A");

    const sameOnA = Object.assign(new Client(a.url), { cookie: onB.cookie });
    expect((await sameOnA.post("/api/auth/logout")).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!stream.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stream.ended).toBe(true);
  });
});
