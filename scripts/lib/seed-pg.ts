/**
 * The deterministic data set (scripts/seed-lib.ts, the generator behind db.json) loaded straight
 * into PostgreSQL with COPY, without a data file in between: a million orders in minutes.
 *
 * One transaction: a seed that fails leaves the database as it was. Inside it the tables' own
 * secondary indexes and foreign keys are dropped and made again after the load (one sort per
 * index and one join per foreign key, instead of millions of index insertions and key look-ups),
 * from the definitions the migrations made, so the schema ends exactly as it began. Audit ids follow time, which only the whole set knows: events go to a
 * temporary table first and get their ids from one ordered INSERT … SELECT.
 */
import type pg from "pg";
import type { Row } from "../../src/server/db-shape";
import { credentialsFor, generateRecords, type SeedEvent, type SeedOptions } from "../seed-lib";
import { ensureBuiltInRoles } from "../../src/server/storage/pg/migrate";
import { recountRows } from "../../src/server/storage/pg/tallies";
import { copyRows, quoteIdent } from "./pg-copy";

/** The tables the seed fills, in an order in which every row comes after what it points at. */
export const SEED_TABLES = ["staff", "credentials", "categories", "customers", "orders", "products", "audit_events", "counters"] as const;
/** Cleared by --replace: the seeded tables and what the server writes beside them. */
const CLEARED_TABLES = [...SEED_TABLES, "sessions", "login_failures"];
const ORDER_BATCH = 20_000;
const IDENTITY_TABLES = ["staff", "categories", "customers", "products", "orders", "audit_events"] as const;

export interface SeedPgResult {
  counts: Record<string, number>;
  seconds: { generateAndCopy: number; indexes: number; audit: number; analyze: number; total: number };
}

export class NotEmptyError extends Error {}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
    [table],
  );
  if (!rows.length)
    throw new Error(`table ${table} does not exist: the schema's migrations have not been applied (start the server once with DATABASE_URL, or use --migrate)`);
  return rows.map((r) => r.column_name);
}

/** Rows already in the tables a seed would fill (0: empty). */
export async function existingRows(client: pg.ClientBase): Promise<number> {
  let n = 0;
  for (const t of ["staff", "customers", "categories", "products", "orders", "audit_events"]) {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${quoteIdent(t)} LIMIT 1) x`);
    n += Number(rows[0].n);
  }
  return n;
}

export async function seedPostgres(
  client: pg.ClientBase,
  options: Partial<SeedOptions>,
  { replace = false, log = (_: string) => {} } = {},
): Promise<SeedPgResult> {
  const t0 = performance.now();
  const counts: Record<string, number> = {};
  await client.query("BEGIN");
  try {
    const columns: Record<string, string[]> = {};
    for (const t of SEED_TABLES) columns[t] = await columnsOf(client, t);
    if (replace) await client.query(`TRUNCATE ${CLEARED_TABLES.map(quoteIdent).join(", ")} RESTART IDENTITY CASCADE`);
    else if (await existingRows(client)) throw new NotEmptyError("the database already holds data: refusing to seed over it (--replace empties it first)");
    // Staff hold roles by key: the built-in ones must be there first.
    await ensureBuiltInRoles(client);
    // Loading the whole set in one go: room to sort for the indexes and the audit ids.
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query("SET LOCAL work_mem = '256MB'");

    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)`,
      [[...SEED_TABLES]],
    );
    const { rows: foreignKeys } = await client.query<{ table: string; name: string; def: string }>(
      `SELECT c.conrelid::regclass::text AS table, c.conname AS name, pg_get_constraintdef(c.oid) AS def FROM pg_constraint c
        WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND (c.conrelid::regclass::text = ANY($1) OR c.confrelid::regclass::text = ANY($1))`,
      [[...SEED_TABLES]],
    );
    for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    for (const ix of indexes) await client.query(`DROP INDEX ${quoteIdent(ix.name)}`);

    const auditColumns = columns.audit_events.filter((c) => c !== "id");
    await client.query(
      `CREATE TEMP TABLE seed_audit ON COMMIT DROP AS SELECT ${auditColumns.map(quoteIdent).join(", ")}, 0::bigint AS seq FROM audit_events WITH NO DATA`,
    );
    const events: SeedEvent[] = [];
    const flushEvents = async () => {
      if (!events.length) return;
      await copyRows(
        client,
        "seed_audit",
        [...auditColumns, "seq"],
        events.map((e) => ({ ...e.row, seq: e.seq })),
      );
      events.length = 0;
    };

    // Orders come one at a time from the generator and go out in batches, each a COPY of its own
    // followed by its events' (a connection runs one COPY at a time).
    let orders = 0;
    const orderRows: Row[] = [];
    const flushOrders = async () => {
      if (!orderRows.length) return;
      orders += await copyRows(client, "orders", columns.orders, orderRows);
      orderRows.length = 0;
      if (orders % 100_000 === 0) log(`  ${orders.toLocaleString("en-US")} orders`);
    };
    for (const item of generateRecords(options)) {
      if (item.kind === "order") {
        orderRows.push(item.row);
        events.push(...item.events);
        if (orderRows.length >= ORDER_BATCH) {
          await flushOrders();
          await flushEvents();
        }
        continue;
      }
      await flushOrders();
      if (item.kind === "events") events.push(...item.events);
      else {
        counts[item.kind] = await copyRows(client, item.kind, columns[item.kind], item.rows);
        if (item.kind === "staff") counts.credentials = await copyRows(client, "credentials", columns.credentials, await credentialsFor(item.rows));
      }
      await flushEvents();
    }
    await flushOrders();
    await flushEvents();
    counts.orders = orders;
    const t1 = performance.now();

    const audit = await client.query(
      `INSERT INTO audit_events (id, ${auditColumns.map(quoteIdent).join(", ")})
       SELECT row_number() OVER (ORDER BY at, seq), ${auditColumns.map(quoteIdent).join(", ")} FROM seed_audit`,
    );
    counts.audit_events = audit.rowCount ?? 0;
    const t2 = performance.now();

    await client.query("INSERT INTO counters (name, value) VALUES ('orderNumber', $1)", [orders + 1]);
    counts.counters = 1;
    // New rows made through the API take ids after the seeded ones.
    for (const t of IDENTITY_TABLES) {
      const { rows } = await client.query<{ next: string }>(`SELECT coalesce(max(id), 0) + 1 AS next FROM ${quoteIdent(t)}`);
      await client.query(`ALTER TABLE ${quoteIdent(t)} ALTER COLUMN id RESTART WITH ${Number(rows[0].next)}`);
    }
    log(`  building ${indexes.length} indexes, checking ${foreignKeys.length} foreign keys`);
    for (const ix of indexes) await client.query(ix.def);
    // Checked once each, over the whole table: a seed that broke one would fail here, and roll back.
    for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
    await recountRows(client);
    const t3 = performance.now();
    await client.query("COMMIT");
    await client.query(`ANALYZE ${SEED_TABLES.map(quoteIdent).join(", ")}`);
    const t4 = performance.now();
    const s = (ms: number) => Math.round(ms) / 1000;
    return { counts, seconds: { generateAndCopy: s(t1 - t0), audit: s(t2 - t1), indexes: s(t3 - t2), analyze: s(t4 - t3), total: s(t4 - t0) } };
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  }
}
