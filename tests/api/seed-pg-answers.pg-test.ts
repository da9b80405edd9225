/**
 * The server on a database made by the COPY seed answers exactly as on the same data set loaded
 * from a JSON file: lists, filters, searches, records, the dashboard and the audit log, for a
 * manager and for an agent (row scope). Both servers are real processes, as `npm start` runs them.
 */
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, spawnServer, tempDir, type ChildServer } from "../../scripts/lib/child-server";
import { seedPostgres } from "../../scripts/lib/seed-pg";
import { generateDb, serializeDbChunks, writeFileAtomic } from "../../scripts/seed-lib";
import { migrate } from "../../src/server/storage/pg/migrate";
import { freshDatabase } from "./helpers";

describe("the server on the seeded database answers as on the same data loaded as JSON", () => {
  const options = { orders: 200, customers: 40, products: 20 };
  let onJson: ChildServer;
  let onPg: ChildServer;
  let drop: () => Promise<void>;
  const cookies: Record<string, { json: string; pg: string }> = {};
  beforeAll(async () => {
    const dir = tempDir("switchboard-seed-pg-");
    const file = path.join(dir, "db.json");
    writeFileAtomic(file, serializeDbChunks(await generateDb(options)));
    const db = await freshDatabase();
    ({ drop } = db);
    const url = db.url;
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      await migrate(pool);
      const client = await pool.connect();
      try {
        await seedPostgres(client, options);
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
    [onJson, onPg] = await Promise.all([spawnServer({ dbFile: file }), spawnServer({ dbFile: file, env: { DATABASE_URL: url } })]);
    // Not the admin: signing in moves an admin-only field (lastLoginAt) differently on each.
    for (const who of ["manager@example.com", "agent@example.com"]) cookies[who] = { json: await signIn(onJson.url, who), pg: await signIn(onPg.url, who) };
  });
  afterAll(async () => {
    await Promise.all([onJson?.stop(), onPg?.stop()]);
    await drop?.();
  });

  async function both(who: string, url: string) {
    const read = async (server: ChildServer, cookie: string) => {
      const res = await fetch(`${server.url}/api${url}`, { headers: { cookie } });
      const body = (await res.json()) as Record<string, unknown>;
      // The moment each dashboard was computed is its own.
      if (url === "/stats/dashboard") delete body.asOf;
      return { status: res.status, total: res.headers.get("x-total-count"), body };
    };
    const [json, pgAnswer] = await Promise.all([read(onJson, cookies[who].json), read(onPg, cookies[who].pg)]);
    expect(json.status, `${who} ${url}`).toBe(200);
    expect(pgAnswer, `${who} ${url}`).toEqual(json);
    return json.body;
  }

  /** The id of the n-th record of a list as this reader sees it (an agent sees only their own). */
  const nth = async (who: string, resource: string, n: number) =>
    ((await both(who, `/${resource}?_sort=id&_order=asc&_start=${n}&_end=${n + 1}`)) as unknown as { id: number }[])[0].id;

  it.each(["manager@example.com", "agent@example.com"])("lists, filters, searches, records and the dashboard, as %s", async (who) => {
    for (const url of [
      "/orders?_start=0&_end=50",
      "/orders?status=paid&status=shipped&_sort=placedAt&_order=desc&_start=0&_end=20",
      "/orders?total_gte=50000&_sort=total,id&_order=desc,asc&_start=10&_end=30",
      "/orders?notes_like=leave&_start=0&_end=20",
      "/orders?q=so-0001&_start=0&_end=50",
      "/customers?_sort=name&_order=asc&_start=0&_end=100",
      "/customers?q=son&_start=0&_end=50",
      "/products?_sort=stock&_order=asc&_start=0&_end=100",
      "/categories?_start=0&_end=20",
      "/staff?_sort=id&_order=asc&_start=0&_end=20",
      `/orders/${await nth(who, "orders", 7)}`,
      `/customers/${await nth(who, "customers", 3)}`,
      "/stats/dashboard",
    ])
      await both(who, url);
  });

  it("the audit log, as the manager (each server's own sign-ins left out)", async () => {
    await both("manager@example.com", "/audit-events?action_ne=login&_start=0&_end=100");
    await both("manager@example.com", "/audit-events?resource=orders&recordId=5&_start=0&_end=20");
    await both("manager@example.com", "/audit-events?action_ne=login&_sort=id&_order=asc&_start=0&_end=100");
  });
});
