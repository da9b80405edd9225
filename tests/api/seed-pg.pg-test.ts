/**
 * The PostgreSQL seed (scripts/lib/seed-pg.ts, `npm run db:seed` with DATABASE_URL) against the
 * project's throwaway cluster (project api-pg): COPY's encoding read back by PostgreSQL itself,
 * the seeded tables equal to what the same generator writes into db.json, and the CLI's refusal
 * of a database with data.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyRows } from "../../scripts/lib/pg-copy";
import { seedPostgres } from "../../scripts/lib/seed-pg";
import { generateDb } from "../../scripts/seed-lib";
import type { DbShape } from "../../src/server/db-shape";
import { ROOT } from "../../src/server/paths";
import { migrate } from "../../src/server/storage/pg/migrate";
import { freshDatabase as emptyDatabase } from "./helpers";

const run = promisify(execFile);

// What the test reads back, in the shapes the data file has: numbers for bigint, ISO 8601 in UTC
// for timestamptz.
const types = {
  getTypeParser(oid: number, format?: "text" | "binary") {
    if (oid === pg.types.builtins.INT8) return (v: string) => Number(v);
    if (oid === pg.types.builtins.TIMESTAMPTZ) return (v: string) => new Date(v.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00")).toISOString();
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

const drops: (() => Promise<void>)[] = [];

/** A new database with the schema of the server's migrations, and a client on it. */
async function freshDatabase(): Promise<{ url: string; client: pg.Client }> {
  const { url, drop } = await emptyDatabase();
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migrate(pool);
  await pool.end();
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  await client.query("SET TIME ZONE 'UTC'");
  drops.push(drop);
  return { url, client };
}

/** A table's rows by id as records: NULL columns are absent fields, as in the data file. */
async function records(client: pg.Client, table: string, orderBy = "id"): Promise<Record<string, unknown>[]> {
  const { rows } = await client.query(`SELECT * FROM ${table} ORDER BY ${orderBy}`);
  return rows.map((r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)));
}

afterAll(async () => {
  for (const drop of drops) await drop();
});

describe("COPY encoding, read back by PostgreSQL", () => {
  it("round-trips tabs, newlines, backslashes, \\N as text, NULLs, booleans and jsonb exactly", async () => {
    const { client } = await freshDatabase();
    try {
      await client.query("CREATE TABLE awkward (id bigint, t text, j jsonb, b boolean, at timestamptz)");
      const rows = [
        { id: 1, t: "tab\there", j: { notes: { from: "line 1\nline 2", to: "back\\slash" } }, b: true, at: "2026-11-23T12:00:00.001Z" },
        { id: 2, t: "\\N", j: [{ productId: 3, quantity: 2, unitPrice: 999 }], b: false, at: "2026-01-01T00:00:00.000Z" },
        { id: 3, t: "", j: {}, b: null, at: null },
        { id: 4, t: null, j: null, b: true, at: "2025-06-30T23:59:59.999Z" },
        {
          id: 5,
          t: "crlf\r\nand \\t and \\n and a real\ttab, \"quotes\", 'single', Zürich ✓ 🚚",
          j: { s: '\t\\\n"' },
          b: false,
          at: "2026-11-23T12:00:00.000Z",
        },
      ];
      expect(await copyRows(client, "awkward", ["id", "t", "j", "b", "at"], rows)).toBe(rows.length);
      const back = (await client.query("SELECT id, t, j, b, at FROM awkward ORDER BY id")).rows;
      expect(back).toEqual(rows);
    } finally {
      await client.end();
    }
  });

  it("a COPY that PostgreSQL refuses fails with its message, and nothing of it stays", async () => {
    const { client } = await freshDatabase();
    try {
      await client.query("CREATE TABLE strict (id bigint PRIMARY KEY, n integer NOT NULL)");
      await expect(
        copyRows(
          client,
          "strict",
          ["id", "n"],
          [
            { id: 1, n: 1 },
            { id: 2, n: null },
          ],
        ),
      ).rejects.toThrow(/null value/);
      expect((await client.query("SELECT count(*)::int AS c FROM strict")).rows[0].c).toBe(0);
    } finally {
      await client.end();
    }
  });
});

describe("the seed into PostgreSQL", () => {
  const options = { orders: 200, customers: 40, products: 20 };
  let expected: DbShape;
  let url: string;
  let client: pg.Client;
  beforeAll(async () => {
    expected = await generateDb(options);
    ({ url, client } = await freshDatabase());
    await seedPostgres(client, options);
  });
  afterAll(async () => {
    await client?.end();
  });

  it("fills every table with exactly what the same generator writes into db.json", async () => {
    for (const [table, key] of [
      ["staff", "staff"],
      ["categories", "categories"],
      ["customers", "customers"],
      ["products", "products"],
      ["orders", "orders"],
      ["audit_events", "audit-events"],
    ] as const)
      expect(await records(client, table), table).toEqual(expected[key]);
    expect(await records(client, "credentials", '"staffId"')).toEqual(expected.credentials);
    expect(await records(client, "counters", "name")).toEqual([{ name: "orderNumber", value: expected.counters.orderNumber }]);
  });

  it("leaves the schema's indexes and constraints as the migrations made them, and new ids after the seeded ones", async () => {
    const fresh = await freshDatabase();
    try {
      const indexes = "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname";
      expect((await client.query(indexes)).rows).toEqual((await fresh.client.query(indexes)).rows);
      const constraints =
        "SELECT conrelid::regclass::text AS t, conname, pg_get_constraintdef(oid) AS def, convalidated FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2";
      const made = (await fresh.client.query(constraints)).rows;
      expect(made.filter((c: { def: string }) => c.def.startsWith("FOREIGN KEY")).length).toBeGreaterThan(0);
      expect((await client.query(constraints)).rows).toEqual(made);
    } finally {
      await fresh.client.end();
    }
    const { rows } = await client.query(`INSERT INTO categories (name, "createdAt", "updatedAt") VALUES ('After the seed', now(), now()) RETURNING id`);
    expect(rows[0].id).toBe(expected.categories.length + 1);
    await client.query("DELETE FROM categories WHERE id = $1", [rows[0].id]);
  });

  it("npm run db:seed refuses a database that holds data, and --replace seeds it again", async () => {
    const seed = (...args: string[]) =>
      run(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--orders", "30", "--customers", "10", "--products", "8", ...args], {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: url },
      });
    const refused = await seed().then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/already holds data.*--replace/);
    expect((await client.query("SELECT count(*)::int AS c FROM orders")).rows[0].c).toBe(options.orders);

    const { stdout } = await seed("--replace");
    expect(stdout).toMatch(/orders 30/);
    expect((await client.query("SELECT count(*)::int AS c FROM orders")).rows[0].c).toBe(30);
    expect((await client.query("SELECT value::int AS v FROM counters WHERE name = 'orderNumber'")).rows[0].v).toBe(31);
  });

  it("npm run db:seed names the host it cannot reach and exits non-zero", async () => {
    const err = await run(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--orders", "5"], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:1/nowhere` },
    }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    );
    expect(err?.code).toBe(1);
    expect(err?.stderr).toMatch(/cannot reach PostgreSQL at 127\.0\.0\.1:1\/nowhere/);
  });
});

describe("migrations, several app servers starting at once", () => {
  it("eight pools migrating one empty database at the same instant all succeed, and each migration is applied once", async () => {
    const { url, drop } = await emptyDatabase();
    drops.push(drop);
    const pools = Array.from({ length: 8 }, () => new pg.Pool({ connectionString: url, max: 2 }));
    try {
      const outcomes = await Promise.allSettled(pools.map((pool) => migrate(pool)));
      expect(outcomes.filter((o) => o.status === "rejected")).toEqual([]);
      const { rows } = await pools[0].query("SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version ORDER BY version");
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r: { n: number }) => r.n === 1)).toBe(true);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
