/**
 * On start: the versioned SQL files of src/server/pg/migrations (NNN_name.sql) that the database
 * has not yet seen, each in its own transaction with its row in schema_migrations; then, on a
 * database with no data, the demo data of db.json, as the JSON store copies it.
 *
 * Several app servers may start at once on one database. Without advisory locks or LOCK TABLE
 * (docs/decisions/050), the row each step inserts first is the lock: the second server's insert
 * of the same key waits for the first to commit, then fails as a duplicate, and that server
 * knows the step is done.
 */
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { allFields, ENTITIES } from "../../../domain/entities";
import { BUILT_IN_ROLES } from "../../../domain/roles/built-in";
import type { EntityDef } from "../../../domain/fields";
import { ROOT, SEED_DB_FILE } from "../../paths";
import { readDataFile } from "../../store";
import { quote, tableOf } from "./sql";
import { recountRows } from "./tallies";

export const MIGRATIONS_DIR = path.join(ROOT, "src/server/pg/migrations");

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export function migrations(): Migration[] {
  return fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: fs.readFileSync(path.join(MIGRATIONS_DIR, f), "utf8") }));
}

export class SchemaTooNewError extends Error {
  constructor(found: number, known: number) {
    super(
      `The database's schema is version ${found}, newer than this Switchboard knows (version ${known}). ` +
        `Refusing to start rather than misread it: run the Switchboard version that migrated it, or point DATABASE_URL at another database.`,
    );
    this.name = "SchemaTooNewError";
  }
}

const isDuplicate = (err: unknown) => (err as { code?: string }).code === "23505";

/** The advisory lock migrations hold: one server migrates, the others wait, then find it done. */
const MIGRATION_LOCK = 0x5342_4d49;

/**
 * Brings the schema to the newest migration. Several app servers may start at once on one empty
 * database: PostgreSQL's CREATE … IF NOT EXISTS is not safe against a twin running at the same
 * instant (it fails with 23505, 42P07 or 42710), so the whole of it runs under one advisory lock,
 * on one connection (a pool of one connection can migrate too).
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const known = migrations();
  const latest = known.at(-1)?.version ?? 0;
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, "appliedAt" timestamptz NOT NULL DEFAULT now())`,
    );
    const applied = new Set((await client.query(`SELECT version FROM schema_migrations`)).rows.map((r) => Number(r.version)));
    const newest = Math.max(0, ...applied);
    if (newest > latest) throw new SchemaTooNewError(newest, latest);
    for (const m of known) {
      if (applied.has(m.version)) continue;
      try {
        await client.query("BEGIN");
        await client.query(`INSERT INTO schema_migrations (version, name) VALUES ($1, $2)`, [m.version, m.name]);
        await client.query(m.sql);
        await client.query("COMMIT");
        console.error(`[postgres] applied migration ${m.name}`);
      } catch (err) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

/** Entities with the ones they point at first, so foreign keys hold row by row as data is loaded. */
function inReferenceOrder(): EntityDef[] {
  const left = [...ENTITIES] as EntityDef[];
  const out: EntityDef[] = [];
  while (left.length) {
    const i = left.findIndex((d) =>
      Object.values(d.fields).every((f) => {
        const target = f.type === "reference" ? f.reference : f.optionsFrom?.resource;
        return !target || target === d.name || out.some((o) => o.name === target);
      }),
    );
    if (i < 0) throw new Error("the definitions' references go round in a circle");
    out.push(...left.splice(i, 1));
  }
  return out;
}

/**
 * The built-in roles, as the definitions seed them, added where missing (a database migrated from
 * before roles were data); an existing role of the same key is left as its admins made it. Two
 * servers starting at once: ON CONFLICT makes the second insert a no-op.
 */
export async function ensureBuiltInRoles(db: pg.Pool | pg.ClientBase, now = new Date()): Promise<void> {
  const at = now.toISOString();
  for (const role of BUILT_IN_ROLES) {
    const r = await db.query(
      `INSERT INTO roles (key, name, description, "requireTwoFactor", rules, "builtIn", "createdAt", "updatedAt", version)
       VALUES ($1, $2, $3, $4, $5::jsonb, true, $6, $6, 1) ON CONFLICT (key) DO NOTHING`,
      [role.key, role.name, role.description ?? null, role.requireTwoFactor, JSON.stringify(role.rules), at],
    );
    if (r.rowCount) await db.query(`UPDATE row_counts SET n = n + 1 WHERE tbl = 'roles' AND shard = 0`);
  }
}

/** A database with no staff gets the demo data (db.json, or `seedFile`) in one transaction. */
export async function loadDemoData(pool: pg.Pool, seedFile = SEED_DB_FILE): Promise<boolean> {
  const has = await pool.query(`SELECT 1 FROM counters WHERE name = 'orderNumber'`);
  if (has.rowCount) return false;
  const data = readDataFile(seedFile);
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    // First, so a second server loading at the same time waits here and then stands down.
    await client.query(`INSERT INTO counters (name, value) VALUES ('orderNumber', $1)`, [data.counters.orderNumber]);
    const highest = new Map<string, number>();
    for (const def of inReferenceOrder()) {
      const rows = data[def.name as keyof typeof data] as Record<string, unknown>[];
      const cols = Object.entries(allFields(def))
        .filter(([, f]) => f.type !== "password")
        .map(([n]) => quote(n))
        .join(", ");
      // One statement per table: JSON keys meet columns of the same name (our columns are the fields' names).
      if (rows.length)
        await client.query(
          `INSERT INTO ${quote(tableOf(def.name))} (${cols}) SELECT ${cols} FROM jsonb_populate_recordset(NULL::${quote(tableOf(def.name))}, $1::jsonb)`,
          [JSON.stringify(rows)],
        );
      highest.set(def.name, Math.max(0, ...rows.map((r) => Number(r.id))));
    }
    // An id named by the audit log (a deleted record's) is never given out again, as in the JSON store.
    for (const ev of data["audit-events"]) {
      const res = ev.resource as string;
      if (highest.has(res) && typeof ev.recordId === "number") highest.set(res, Math.max(highest.get(res)!, ev.recordId));
    }
    for (const [res, max] of highest) await client.query(`ALTER TABLE ${quote(tableOf(res))} ALTER COLUMN id RESTART WITH ${Number(max) + 1}`);
    if (data.credentials.length)
      await client.query(
        `INSERT INTO credentials ("staffId", hash, "changedAt") SELECT "staffId", hash, "changedAt" FROM jsonb_populate_recordset(NULL::credentials, $1::jsonb)`,
        [JSON.stringify(data.credentials)],
      );
    if (data.sessions.length)
      await client.query(`INSERT INTO sessions SELECT * FROM jsonb_populate_recordset(NULL::sessions, $1::jsonb)`, [JSON.stringify(data.sessions)]);
    if (data.loginFailures.length)
      await client.query(`INSERT INTO login_failures (email, at) SELECT email, at FROM jsonb_populate_recordset(NULL::login_failures, $1::jsonb)`, [
        JSON.stringify(data.loginFailures),
      ]);
    await recountRows(client);
    await client.query("COMMIT");
    console.error(`[postgres] loaded the demo data of ${path.basename(seedFile)} into an empty database`);
    return true;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    if (isDuplicate(err)) return false;
    throw err;
  } finally {
    client.release();
  }
}
