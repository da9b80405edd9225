/**
 * What only PostgreSQL has (project api-pg only): several app servers on one database behaving
 * as one system, the same answers as the JSON store on the same data, and the faults of a
 * database — one newer than the code, one not there at start, one that goes away mid-run.
 */
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, freePort, type PgCluster } from "../../scripts/lib/pg-cluster";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { startServer, type RunningServer } from "../../src/server/start";
import { JsonStorage } from "../../src/server/storage/json-store";
import { openPgStorage } from "../../src/server/storage/pg/store";
import { rowScope } from "../../src/server/scope";
import { defineAbilityFor, readableFields } from "../../src/domain/policy";
import { Client, demoEmail, expectError, freshDatabase, makeDataDir, type DemoRole } from "./helpers";
import { newDraft, newProduct, transition, walk } from "./order-helpers";
import { exited, killChildren, spawnServer } from "./process";
import { Stream } from "./sse";

async function login(url: string, role: DemoRole): Promise<Client> {
  const c = new Client(url);
  const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
  if (res.status !== 200) throw new Error(`login as ${role}: ${res.status} ${res.text}`);
  return c;
}

/** The same signed-in session, sent to another server. */
const sameSession = (c: Client, url: string) => Object.assign(new Client(url), { cookie: c.cookie });

describe("two app servers on one database", { timeout: 120_000 }, () => {
  let a: RunningServer;
  let b: RunningServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dir: string;
  beforeAll(async () => {
    const data = await makeDataDir();
    dir = data.dir;
    db = await freshDatabase();
    // Both start at once on an empty database: one migrates and loads, the other stands down.
    [a, b] = await Promise.all([0, 1].map(() => startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: data.dbFile })));
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("live events: a change made through A is told to a listener on B; a sign-out through A ends B's stream", async () => {
    const onB = await login(b.url, "manager");
    const stream = await Stream.open(onB);
    const admin = await login(a.url, "admin");
    const me = (await onB.get("/api/auth/me")).body.user.id;
    const n = `${Date.now()}`;
    const created = await admin.post("/api/customers", { name: `Two servers ${n}`, email: `two-${n}@example.com`, tier: "gold", creditLimit: 0, ownerId: me });
    expect(created.status).toBe(201);
    await stream.until((d) => d.resource === "customers" && d.action === "create" && d.id === created.body.id, "the create made on A");
    expect((await sameSession(onB, a.url).post("/api/auth/logout")).status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!stream.ended && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(stream.ended).toBe(true);
  });

  it("two servers restoring the same deleted record at once: one brings it back, the other is refused, never twice", async () => {
    const onA = await login(a.url, "manager");
    const onB = sameSession(onA, b.url);
    const n = `${Date.now()}`;
    const me = (await onA.get("/api/auth/me")).body.user.id;
    const created = await onA.post("/api/customers", {
      name: `Restored twice ${n}`,
      email: `restore-${n}@example.com`,
      tier: "gold",
      creditLimit: 0,
      ownerId: me,
    });
    expect((await onA.del(`/api/customers/${created.body.id}`)).status).toBe(200);
    const answers = await Promise.all([onA, onB, onA, onB].map((c) => c.post(`/api/customers/${created.body.id}/restore`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201)) expect(["NOT_FOUND", "DUPLICATE"]).toContain(r.body.code);
    const events = await onA.get(`/api/audit-events?resource=customers&recordId=${created.body.id}&action=restore`);
    expect(events.body).toHaveLength(1);
  });

  it("loaded the demo data once, though both started on the empty database together", async () => {
    const admin = await login(a.url, "admin");
    const seeded = JSON.parse(fs.readFileSync(`${dir}/db.json`, "utf8"));
    const res = await admin.get("/api/staff?_end=100");
    expect(Number(res.headers.get("x-total-count"))).toBe(seeded.staff.length);
  });

  it("a role saved through A applies to its member's next request on B, and B tells the member's open screens", async () => {
    const admin = await login(a.url, "admin");
    const key = `two-${Date.now().toString(36)}`;
    const role = await admin.post("/api/roles", {
      key,
      name: "Two servers",
      rules: [
        { resource: "categories", action: "read" },
        { resource: "categories", action: "update" },
      ],
    });
    expect(role.status).toBe(201);
    const email = `${key}@example.com`;
    expect((await admin.post("/api/staff", { name: "Member of two", email, role: key, password: DEMO_PASSWORD })).status).toBe(201);
    const onB = new Client(b.url);
    expect((await onB.post("/api/auth/login", { email, password: DEMO_PASSWORD })).status).toBe(200);
    const category = (await onB.get("/api/categories?_end=1")).body[0];
    expect((await onB.patch(`/api/categories/${category.id}`, { description: "Before", version: category.version })).status).toBe(200);
    const stream = await Stream.open(onB);
    expect((await admin.patch(`/api/roles/${role.body.id}`, { rules: [{ resource: "categories", action: "read" }], version: role.body.version })).status).toBe(
      200,
    );
    // No cache on B may answer with the old rules: the very next request is refused.
    expectError(await onB.patch(`/api/categories/${category.id}`, { description: "After", version: category.version + 1 }), 403, "FORBIDDEN");
    await stream.untilEvent("permissions", (d) => d.role === key, "the permissions event on B");
    stream.close();
  });

  it("a session made on one works on the other; a sign-out on one ends it on both at once", async () => {
    const onA = await login(a.url, "manager");
    const onB = sameSession(onA, b.url);
    expect((await onB.get("/api/auth/me")).body.user.email).toBe(demoEmail("manager"));
    expect((await onA.post("/api/auth/logout")).status).toBe(200);
    expectError(await onB.get("/api/auth/me"), 401, "UNAUTHENTICATED");
  });

  it("a deactivation through one server ends the account's sessions on the other at once", async () => {
    const adminA = await login(a.url, "admin");
    const agentB = await login(b.url, "agent2");
    expect((await agentB.get("/api/orders?_end=1")).status).toBe(200);
    const id = (await agentB.get("/api/auth/me")).body.user.id;
    const current = (await adminA.get(`/api/staff/${id}`)).body;
    expect((await adminA.patch(`/api/staff/${id}`, { active: false, version: current.version })).status).toBe(200);
    expectError(await agentB.get("/api/orders?_end=1"), 401, "UNAUTHENTICATED");
    expectError(await new Client(b.url).post("/api/auth/login", { email: demoEmail("agent2"), password: DEMO_PASSWORD }), 403, "ACCOUNT_DISABLED");
  });

  it("the sign-in limit counts failures on both servers together", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const tries = [a, b, a, b, a].map((s) => new Client(s.url).post("/api/auth/login", { email, password: "wrong password!" }));
    for (const r of await Promise.all(tries)) expectError(r, 401, "INVALID_CREDENTIALS");
    for (const s of [a, b]) {
      const res = await new Client(s.url).post("/api/auth/login", { email, password: "wrong password!" });
      expectError(res, 429, "RATE_LIMITED");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("two saves of the same version through two servers: one 200, one VERSION_CONFLICT", async () => {
    const [mA, mB] = await Promise.all([login(a.url, "manager"), login(b.url, "manager")]);
    for (let round = 0; round < 5; round++) {
      const created = await mA.post("/api/categories", { name: `Race ${Date.now()} ${round}` });
      expect(created.status).toBe(201);
      const { id, version } = created.body;
      const answers = await Promise.all([
        mA.patch(`/api/categories/${id}`, { description: "from A", version }),
        mB.patch(`/api/categories/${id}`, { description: "from B", version }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const lost = answers.find((r) => r.status === 409)!;
      expectError(lost, 409, "VERSION_CONFLICT");
      const won = answers.find((r) => r.status === 200)!;
      expect(lost.body.current.description).toBe(won.body.description);
      expect((await mB.get(`/api/categories/${id}`)).body.version).toBe(version + 1);
    }
  });

  it("placements racing through both servers never oversell, and stock never goes below zero", async () => {
    const clients = await Promise.all([login(a.url, "manager"), login(b.url, "manager"), login(a.url, "admin"), login(b.url, "admin")]);
    const p = await newProduct(clients[0], 7, 1_000);
    const drafts = await Promise.all(Array.from({ length: 16 }, (_, i) => newDraft(clients[i % 4], [{ productId: p.id, quantity: 1 + (i % 2) }])));
    const answers = await Promise.all(drafts.map((d, i) => transition(clients[(i + 1) % 4], d, "placed")));
    for (const r of answers) if (r.status !== 200) expectError(r, 422, "INSUFFICIENT_STOCK");
    const taken = answers.filter((r) => r.status === 200).reduce((sum, r) => sum + (r.body.items[0].quantity as number), 0);
    const left = (await clients[1].get(`/api/products/${p.id}`)).body.stock;
    expect(left).toBeGreaterThanOrEqual(0);
    expect(taken + left).toBe(7);
    // Nothing left that one more unit could take: the product ran out exactly or is 1 short of a 2.
    expect(left).toBeLessThanOrEqual(1);
  });

  it("orders created at once through both servers never share a number", async () => {
    const [mA, mB] = await Promise.all([login(a.url, "manager"), login(b.url, "manager")]);
    const product = await newProduct(mA, 100, 500);
    const made = await Promise.all(Array.from({ length: 30 }, (_, i) => newDraft(i % 2 ? mA : mB, [{ productId: product.id, quantity: 1 }])));
    const numbers = made.map((o) => o.number as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^SO-\d{6,}$/);
  });
  it("a whole table's X-Total-Count (kept in row_counts) stays its exact row count through creates and deletes racing on both servers", async () => {
    const [mA, mB] = await Promise.all([login(a.url, "manager"), login(b.url, "manager")]);
    const made = await Promise.all(
      Array.from({ length: 24 }, (_, i) => (i % 2 ? mA : mB).post("/api/categories", { name: `Counted ${i} ${Math.random().toString(36).slice(2, 8)}` })),
    );
    for (const r of made) expect(r.status).toBe(201);
    // Half deleted through the other server, while more are made.
    const deleted = await Promise.all([
      ...made.slice(0, 12).map((r, i) => (i % 2 ? mB : mA).del(`/api/categories/${r.body.id}`)),
      ...Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? mA : mB).post("/api/categories", { name: `Counted late ${i} ${Math.random().toString(36).slice(2, 8)}` }),
      ),
    ]);
    for (const r of deleted) expect([200, 201]).toContain(r.status);
    const admins = await Promise.all([login(a.url, "admin"), login(b.url, "admin")]);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      for (const table of ["categories", "audit_events"]) {
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM ${table}`);
        const resource = table === "audit_events" ? "audit-events" : table;
        for (const c of admins) {
          const page = await c.get(`/api/${resource}?_end=1`);
          expect(page.status).toBe(200);
          expect(Number(page.headers.get("x-total-count"))).toBe(rows[0].n);
        }
      }
    } finally {
      await client.end();
    }
  });
  it("the dashboard's order tallies stay what the orders themselves add up to through every kind of order write on both servers", async () => {
    const [mA, mB] = await Promise.all([login(a.url, "manager"), login(b.url, "manager")]);
    const product = await newProduct(mA, 1_000, 2_500);
    const line = [{ productId: product.id, quantity: 2 }];
    const drafts = await Promise.all(Array.from({ length: 8 }, (_, i) => newDraft(i % 2 ? mA : mB, line)));
    // Every way an order's tally moves: made, placed, paid, shipped, delivered, refunded,
    // cancelled after payment, reassigned, its items changed, deleted as a draft.
    await walk(mA, drafts[0], ["placed", "paid", "shipped", "delivered", "refunded"]);
    await walk(mB, drafts[1], ["placed", "paid", "cancelled"]);
    await walk(mA, drafts[2], ["placed", "paid", "shipped", "delivered"]);
    await Promise.all([walk(mB, drafts[3], ["placed", "paid"]), walk(mA, drafts[4], ["placed"])]);
    expect((await mB.patch(`/api/orders/${drafts[5].id}`, { assigneeId: 3, version: drafts[5].version })).status).toBe(200);
    expect((await mA.patch(`/api/orders/${drafts[6].id}`, { items: [{ productId: product.id, quantity: 5 }], version: drafts[6].version })).status).toBe(200);
    expect((await mB.del(`/api/orders/${drafts[7].id}`)).status).toBe(200);

    const pgStore = await openPgStorage(db.url, { seedFile: `${dir}/db.json` });
    const file = `${dir}/tallied.json`;
    fs.writeFileSync(file, JSON.stringify(await pgStore.snapshot()));
    const fromRows = new JsonStorage(file);
    try {
      const now = new Date();
      for (const role of ["admin", "agent"] as const) {
        const ability = defineAbilityFor({ id: role === "agent" ? 3 : 1, role });
        const reach = (r: "orders" | "customers" | "products") => ({ rows: rowScope(ability, r), fields: readableFields(ability, r) });
        const query = {
          scope: role === "agent" ? ("own" as const) : ("all" as const),
          orders: reach("orders"),
          customers: reach("customers"),
          products: reach("products"),
          now,
        };
        const [x, y] = await Promise.all([fromRows.dashboard(query), pgStore.dashboard(query)]);
        expect(y).toEqual(x);
      }
    } finally {
      await Promise.all([fromRows.close(), pgStore.close()]);
    }
  });
});

describe("the same answers as the JSON store on the same data", { timeout: 120_000 }, () => {
  let json: RunningServer;
  let post: RunningServer;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let dir: string;
  let dbFile: string;
  beforeAll(async () => {
    ({ dir, dbFile } = await makeDataDir());
    db = await freshDatabase();
    // The JSON server works on a copy: both start from the very same bytes.
    fs.copyFileSync(dbFile, `${dir}/json.json`);
    [json, post] = await Promise.all([
      startServer({ port: 0, app: "none", dbFile: `${dir}/json.json` }),
      startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: dbFile }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([json?.close(), post?.close()]);
    await db?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const QUERIES = [
    "/api/customers?_end=100",
    "/api/customers?_sort=name&_order=desc&_end=100",
    "/api/customers?_sort=company,name&_order=asc&_start=5&_end=45",
    "/api/customers?_sort=phone&_end=100",
    "/api/customers?q=an&_end=100",
    "/api/customers?name_like=e%20&_sort=email&_end=50",
    "/api/customers?tier=gold&tier=silver&_sort=creditLimit&_order=desc&_end=100",
    "/api/customers?company_ne=x&_end=10",
    "/api/orders?_end=100",
    "/api/orders?_sort=total&_order=desc&_end=50",
    "/api/orders?status=placed&_sort=placedAt&_end=50",
    "/api/orders?placedAt_gte=2026-01-01&placedAt_lte=2026-06-30T23:59:59.999Z&_sort=placedAt&_order=desc&_end=50",
    "/api/orders?q=so-0001&_end=50",
    "/api/orders?q=a&_sort=number&_end=100",
    "/api/orders?notes_like=%25&_end=20",
    "/api/orders?total_gte=10000.5&total_lte=50000&_sort=total&_end=100",
    "/api/orders?placedAt_like=2026-0&_sort=createdAt&_end=30",
    "/api/orders?customerId=1&customerId=2&customerId=3",
    "/api/products?_sort=stock,name&_end=100",
    "/api/products?status_ne=active&_sort=sku&_order=desc&_end=100",
    "/api/products?sku_gte=M&_sort=sku&_end=100",
    "/api/staff?_sort=lastLoginAt&_order=desc",
    "/api/staff?active=false",
    "/api/audit-events?_end=100",
    "/api/audit-events?action=login_failed&_end=100",
    "/api/audit-events?resource=orders&recordId=5&_sort=at",
    "/api/audit-events?q=ada&_end=100",
    "/api/categories?_sort=description&_order=desc",
  ];

  for (const role of ["admin", "agent"] as const) {
    it(`${role}: every list answer (rows, order, X-Total-Count) is the JSON store's`, async () => {
      const [j, p] = await Promise.all([login(json.url, role), login(post.url, role)]);
      for (const url of QUERIES) {
        const [x, y] = await Promise.all([j.get(url), p.get(url)]);
        expect({ url, status: y.status, total: y.headers.get("x-total-count") }).toEqual({ url, status: x.status, total: x.headers.get("x-total-count") });
        // Sign-ins wrote each server's own login events and lastLoginAt: compare what both seeded.
        const strip = (rows: Record<string, unknown>[]) =>
          Array.isArray(rows) ? rows.filter((r) => r.action !== "login").map(({ lastLoginAt: _l, ...r }) => r) : rows;
        expect({ url, body: strip(y.body) }).toEqual({ url, body: strip(x.body) });
      }
    });
  }

  it("the dashboard figures are the same for every role, at the same instant", async () => {
    const jsonStore = new JsonStorage(dbFile);
    const pgStore = await openPgStorage(db.url, { seedFile: dbFile });
    try {
      const now = new Date();
      for (const role of ["admin", "manager", "agent", "auditor"] as const) {
        const ability = defineAbilityFor({ id: role === "agent" ? 3 : 1, role });
        const reach = (r: "orders" | "customers" | "products") => ({ rows: rowScope(ability, r), fields: readableFields(ability, r) });
        const query = {
          scope: role === "agent" ? ("own" as const) : ("all" as const),
          orders: reach("orders"),
          customers: reach("customers"),
          products: reach("products"),
          now,
        };
        const [x, y] = await Promise.all([jsonStore.dashboard(query), pgStore.dashboard(query)]);
        expect(y).toEqual(x);
        expect(x.ordersPerDay.length).toBe(30);
      }
    } finally {
      await Promise.all([jsonStore.close(), pgStore.close()]);
    }
  });
});

describe("a database that cannot be used", { timeout: 120_000 }, () => {
  afterAll(killChildren);

  it("newer schema than the code: the server refuses to start and says so", async () => {
    const { dir, dbFile } = await makeDataDir();
    const db = await freshDatabase();
    try {
      const first = await startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: dbFile });
      await first.close();
      const c = new pg.Client({ connectionString: db.url });
      await c.connect();
      await c.query(`INSERT INTO schema_migrations (version, name) VALUES (999, '999_from_the_future.sql')`);
      await c.end();
      await expect(startServer({ port: 0, app: "none", databaseUrl: db.url, seedFile: dbFile })).rejects.toThrow(
        /schema is version 999, newer than this Switchboard knows/,
      );
    } finally {
      await db.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("unreachable at start: npm start names the host and exits non-zero", async () => {
    const port = await freePort();
    const child = spawnServer({ PORT: "0", HOST: "127.0.0.1", DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/switchboard` });
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    const code = await exited(child);
    expect(code).not.toBe(0);
    expect(err).toContain(`Cannot reach the database at 127.0.0.1:${port}/switchboard`);
    expect(err).not.toMatch(/\n\s+at /);
  });

  describe("lost mid-run", () => {
    let cluster: PgCluster;
    let server: RunningServer;
    let dir: string;
    beforeAll(async () => {
      // A cluster of its own: this test stops it.
      cluster = await startCluster({ fsync: false });
      const data = await makeDataDir();
      dir = data.dir;
      server = await startServer({ port: 0, app: "none", databaseUrl: await cluster.createDatabase("lost"), seedFile: data.dbFile });
    });
    afterAll(async () => {
      await server?.close();
      await cluster?.remove();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("answers 503 UNAVAILABLE with Retry-After while it is down, changes nothing, and recovers by itself", async () => {
      const manager = await login(server.url, "manager");
      const category = (await manager.get("/api/categories?_end=1")).body[0];
      await cluster.stop("fast");

      for (const res of [
        await manager.get("/api/categories"),
        await manager.patch(`/api/categories/${category.id}`, { description: "while down", version: category.version }),
        await new Client(server.url).post("/api/auth/login", { email: demoEmail("admin"), password: DEMO_PASSWORD }),
      ]) {
        expectError(res, 503, "UNAVAILABLE");
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // The app server itself is up: a probe without a session is answered.
      expect((await new Client(server.url).get("/api/health")).status).toBe(200);

      await cluster.start();
      // The pool reconnects on its own; the session, kept in the database, is still good.
      const res = await manager.get(`/api/categories/${category.id}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual(category);
      const saved = await manager.patch(`/api/categories/${category.id}`, { description: "after the restart", version: category.version });
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.version).toBe(category.version + 1);
    });
  });
});
