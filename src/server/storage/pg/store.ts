/**
 * PostgreSQL below the seam (DATABASE_URL). SQL is compiled from the entity definitions: table
 * and column names come only from them (src/domain/entities), values always go as parameters.
 * Concurrency: READ COMMITTED transactions that lock the rows a check depends on with SELECT …
 * FOR UPDATE by primary key in a fixed order, UPDATE … WHERE version = $n, the schema's
 * constraints as the backstop, and the whole transaction retried (a few times) on a
 * serialization failure or deadlock. Only the portable subset of docs/decisions/050.
 */
import pg from "pg";
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from "../../../domain/constants";
import { allFields, ENTITIES, getEntity, type ResourceName } from "../../../domain/entities";
import { formatOrderNumber } from "../../../domain/format";
import type { DashboardStats } from "../../../domain/stats";
import type { DbShape, Row } from "../../db-shape";
import type { ApiToken, AuditRecord, DashboardQuery, Session, Storage, Tx, TwoFactor } from "../types";
import { dashboardOf } from "./dashboard";
import { describeTarget, isConnectionError, translate } from "./errors";
import { ensureBuiltInRoles, loadDemoData, migrate } from "./migrate";
import { PgReader } from "./reader";
import { columnsOf, Params, quote as q, tableOf, toParam, toRecord } from "./sql";
import { KeptCounts } from "./tallies";

const MAX_ATTEMPTS = 5;

// bigint ids, money and counts fit a double exactly (far below 2^53); answer them as numbers.
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format),
} as pg.CustomTypesConfig;

class PgTx extends PgReader implements Tx {
  /** What this transaction moves in row_counts and order_tallies, written at its end. */
  private readonly kept = new KeptCounts();

  async flushCounts() {
    await this.kept.flush(this.query);
  }

  async lock(resource: ResourceName, id: number) {
    return (await this.rows(`SELECT * FROM ${q(tableOf(resource))} WHERE id = $1 FOR UPDATE`, [id]))[0];
  }

  async lockMany(resource: ResourceName, ids: number[]) {
    if (!ids.length) return [];
    return this.rows(`SELECT * FROM ${q(tableOf(resource))} WHERE id = ANY($1) ORDER BY id FOR UPDATE`, [ids]);
  }

  async lockActiveAdmins() {
    return this.rows(`SELECT * FROM staff WHERE role = 'admin' AND active ORDER BY id FOR UPDATE`);
  }

  async insert(resource: ResourceName, record: Omit<Row, "id"> & { id?: number }) {
    const cols = columnsOf(getEntity(resource)).filter(([name]) => name !== "id" || record.id !== undefined);
    const p = new Params();
    const values = cols.map(([name, f]) => p.add(toParam(f, record[name])));
    const sql = `INSERT INTO ${q(tableOf(resource))} (${cols.map(([n]) => q(n)).join(", ")}) VALUES (${values.join(", ")}) RETURNING *`;
    const [row] = await this.rows(sql, p.values);
    this.kept.countRows(resource, 1);
    if (resource === "orders") this.kept.tally(row, 1);
    return row;
  }

  async reserveIds(resource: ResourceName, n: number) {
    if (n <= 0) return [];
    const r = await this.query(`SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id FROM generate_series(1, $2::int)`, [tableOf(resource), n]);
    return r.rows.map((row) => Number(row.id));
  }

  async insertMany(resource: ResourceName, records: readonly Row[]) {
    const cols = columnsOf(getEntity(resource));
    // Well under PostgreSQL's 65,535 parameters a statement.
    const per = Math.floor(30_000 / cols.length);
    for (let i = 0; i < records.length; i += per) {
      const p = new Params();
      const slice = records.slice(i, i + per);
      const rows = slice.map((record) => `(${cols.map(([name, f]) => p.add(toParam(f, record[name]))).join(", ")})`);
      await this.query(`INSERT INTO ${q(tableOf(resource))} (${cols.map(([n]) => q(n)).join(", ")}) VALUES ${rows.join(", ")}`, p.values);
      this.kept.countRows(resource, slice.length);
      if (resource === "orders") for (const row of slice) this.kept.tally(row, 1);
    }
  }

  async update(resource: ResourceName, record: Row, expectedVersion: number) {
    const cols = columnsOf(getEntity(resource)).filter(([name]) => name !== "id");
    const p = new Params();
    const sets = cols.map(([name, f]) => `${q(name)} = ${p.add(toParam(f, record[name]))}`);
    const tallied = resource === "orders";
    // The order as it was, for its tallies: read under the version the update requires, so an
    // update that succeeds replaced exactly this row (a change committed in between fails it).
    const before = tallied ? (await this.rows(`SELECT * FROM orders WHERE id = $1 AND version = $2 FOR UPDATE`, [record.id, expectedVersion]))[0] : undefined;
    if (tallied && !before) return false;
    const r = await this.query(
      `UPDATE ${q(tableOf(resource))} SET ${sets.join(", ")} WHERE id = ${p.add(record.id)} AND version = ${p.add(expectedVersion)}${tallied ? " RETURNING *" : ""}`,
      p.values,
    );
    if (r.rowCount !== 1) return false;
    if (tallied) {
      this.kept.tally(before, -1);
      this.kept.tally(toRecord(r.rows[0]), 1);
    }
    return true;
  }

  async touch(resource: ResourceName, id: number, fields: Record<string, unknown>) {
    const all = allFields(getEntity(resource));
    const p = new Params();
    const sets = Object.entries(fields).map(([name, v]) => {
      if (!Object.prototype.hasOwnProperty.call(all, name)) throw new Error(`no field ${name} in ${resource}`);
      return `${q(name)} = ${p.add(toParam(all[name], v))}`;
    });
    await this.query(`UPDATE ${q(tableOf(resource))} SET ${sets.join(", ")} WHERE id = ${p.add(id)}`, p.values);
  }

  async remove(resource: ResourceName, id: number) {
    const r = await this.query(`DELETE FROM ${q(tableOf(resource))} WHERE id = $1 RETURNING *`, [id]);
    this.kept.countRows(resource, -(r.rowCount ?? 0));
    if (resource === "orders" && r.rows[0]) this.kept.tally(toRecord(r.rows[0]), -1);
  }

  async audit(event: AuditRecord) {
    return this.insert("audit-events", { ...event, createdAt: event.at, updatedAt: event.at, version: 1 });
  }

  async auditMany(events: readonly AuditRecord[]) {
    const cols = columnsOf(getEntity("audit-events")).filter(([name]) => name !== "id");
    // Well under PostgreSQL's 65,535 parameters a statement.
    const per = Math.floor(30_000 / cols.length);
    for (let i = 0; i < events.length; i += per) {
      const p = new Params();
      const rows = events.slice(i, i + per).map((event) => {
        const record: Record<string, unknown> = { ...event, createdAt: event.at, updatedAt: event.at, version: 1 };
        return `(${cols.map(([name, f]) => p.add(toParam(f, record[name]))).join(", ")})`;
      });
      await this.query(`INSERT INTO audit_events (${cols.map(([n]) => q(n)).join(", ")}) VALUES ${rows.join(", ")}`, p.values);
      this.kept.countRows("audit-events", rows.length);
    }
  }

  async takeOrderNumber() {
    // The counter row is locked until this transaction ends: two servers never take one number.
    for (;;) {
      const r = await this.query(`UPDATE counters SET value = value + 1 WHERE name = 'orderNumber' RETURNING value - 1 AS n`);
      if (!r.rowCount) throw new Error("counters has no orderNumber row");
      const number = formatOrderNumber(Number(r.rows[0].n), ORDER_NUMBER_PREFIX, ORDER_NUMBER_DIGITS);
      const taken = await this.query(`SELECT 1 FROM orders WHERE number = $1`, [number]);
      if (!taken.rowCount) return number;
    }
  }

  async setPassword(staffId: number, hash: string, at: string) {
    await this.query(
      `INSERT INTO credentials ("staffId", hash, "changedAt") VALUES ($1, $2, $3) ON CONFLICT ("staffId") DO UPDATE SET hash = excluded.hash, "changedAt" = excluded."changedAt"`,
      [staffId, hash, at],
    );
  }

  async removePassword(staffId: number) {
    await this.query(`DELETE FROM credentials WHERE "staffId" = $1`, [staffId]);
  }

  async createSession(s: Session) {
    await this.query(`INSERT INTO sessions (id, "staffId", "createdAt", "lastSeenAt", ip, "userAgent") VALUES ($1, $2, $3, $4, $5, $6)`, [
      s.id,
      s.staffId,
      s.createdAt,
      s.lastSeenAt,
      s.ip ?? null,
      s.userAgent ?? null,
    ]);
  }

  async setTwoFactor(t: TwoFactor) {
    await this.query(
      `INSERT INTO two_factor ("staffId", secret, "enabledAt", "lastStep", "recoveryCodes") VALUES ($1, $2, $3, $4, $5::jsonb)
       ON CONFLICT ("staffId") DO UPDATE SET secret = excluded.secret, "enabledAt" = excluded."enabledAt", "lastStep" = excluded."lastStep", "recoveryCodes" = excluded."recoveryCodes"`,
      [t.staffId, t.secret, t.enabledAt, t.lastStep, JSON.stringify(t.recoveryCodes)],
    );
  }

  async setPreferences(staffId: number, value: Record<string, unknown>) {
    await this.query(`INSERT INTO preferences ("staffId", value) VALUES ($1, $2::jsonb) ON CONFLICT ("staffId") DO UPDATE SET value = excluded.value`, [
      staffId,
      JSON.stringify(value),
    ]);
  }

  async deleteTwoFactor(staffId: number) {
    await this.query(`DELETE FROM two_factor WHERE "staffId" = $1`, [staffId]);
  }

  async insertToken(t: Omit<ApiToken, "id">) {
    const r = await this.query(
      `INSERT INTO api_tokens ("staffId", name, hash, "readOnly", "createdAt", "expiresAt", "lastUsedAt") VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [t.staffId, t.name, t.hash, t.readOnly, t.createdAt, t.expiresAt, t.lastUsedAt],
    );
    return { id: Number(r.rows[0].id), ...t };
  }

  async deleteToken(id: number) {
    await this.query(`DELETE FROM api_tokens WHERE id = $1`, [id]);
  }

  async deleteTokensOf(staffId: number) {
    await this.query(`DELETE FROM api_tokens WHERE "staffId" = $1`, [staffId]);
  }

  async touchToken(id: number, at: string) {
    await this.query(`UPDATE api_tokens SET "lastUsedAt" = $2 WHERE id = $1 AND ("lastUsedAt" IS NULL OR "lastUsedAt" < $2)`, [id, at]);
  }

  async touchSession(id: string, at: string) {
    await this.query(`UPDATE sessions SET "lastSeenAt" = $2 WHERE id = $1 AND "lastSeenAt" < $2`, [id, at]);
  }

  async deleteSession(id: string) {
    await this.query(`DELETE FROM sessions WHERE id = $1`, [id]);
  }

  async endSessionsOf(staffId: number, keepId: string | null = null) {
    await this.query(`DELETE FROM sessions WHERE "staffId" = $1 AND id IS DISTINCT FROM $2`, [staffId, keepId]);
  }

  async pruneSessions({ createdBefore, seenBefore }: { createdBefore: string; seenBefore: string }) {
    await this.query(`DELETE FROM sessions WHERE "createdAt" < $1 OR "lastSeenAt" < $2`, [createdBefore, seenBefore]);
  }

  async recordLoginFailure(email: string, at: string, pruneBefore: string) {
    await this.query(`DELETE FROM login_failures WHERE at <= $1`, [pruneBefore]);
    await this.query(`INSERT INTO login_failures (email, at) VALUES ($1, $2)`, [email, at]);
  }

  async clearLoginFailures(email: string, pruneBefore: string) {
    await this.query(`DELETE FROM login_failures WHERE at <= $1 OR email = $2`, [pruneBefore, email]);
  }
}

export class PgStorage extends PgReader implements Storage {
  readonly kind = "postgres";

  constructor(private readonly pool: pg.Pool) {
    super(async (sql, values) => {
      try {
        return await pool.query(sql, values);
      } catch (err) {
        throw translate(err);
      }
    });
  }

  async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await this.pool.connect();
      } catch (err) {
        throw translate(err);
      }
      // A connection that dies while checked out (PostgreSQL stopped mid-transaction) emits
      // 'error' on its client as well as failing the query; unheard, that event ends the process.
      let broken = false;
      const onError = () => (broken = true);
      client.on("error", onError);
      try {
        await client.query("BEGIN");
        const tx = new PgTx((sql, values) => client.query(sql, values));
        const result = await fn(tx);
        await tx.flushCounts();
        await client.query("COMMIT");
        return result;
      } catch (err) {
        broken ||= isConnectionError(err);
        if (!broken) await client.query("ROLLBACK").catch(() => (broken = true));
        const code = (err as { code?: string }).code;
        // A serialization failure or deadlock: the other transaction went first; this one starts over.
        if ((code === "40001" || code === "40P01") && attempt < MAX_ATTEMPTS) {
          await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10 * attempt));
          continue;
        }
        throw translate(err);
      } finally {
        client.off("error", onError);
        client.release(broken);
      }
    }
  }

  async auditAfter(afterId: number, limit: number) {
    return this.rows(`SELECT * FROM audit_events WHERE id > $1 ORDER BY id LIMIT $2`, [afterId, limit]);
  }

  async lastAuditId() {
    const r = await this.query(`SELECT coalesce(max(id), 0) AS n FROM audit_events`);
    return Number(r.rows[0].n);
  }

  async dashboard(query: DashboardQuery): Promise<DashboardStats> {
    return dashboardOf(this.query, query);
  }

  async snapshot(): Promise<DbShape> {
    const out: Record<string, unknown> = {};
    for (const def of ENTITIES) out[def.name] = await this.rows(`SELECT * FROM ${q(tableOf(def.name))} ORDER BY id`);
    out.credentials = await this.rows(`SELECT * FROM credentials ORDER BY "staffId"`);
    out.sessions = await this.rows(`SELECT * FROM sessions ORDER BY "createdAt", id`);
    out.loginFailures = (await this.rows(`SELECT email, at FROM login_failures ORDER BY id`)).map(({ email, at }) => ({ email, at }));
    const enrolled = await this.query(`SELECT "staffId" FROM two_factor ORDER BY "staffId"`);
    out.twoFactor = await Promise.all(enrolled.rows.map((r) => this.twoFactor(Number(r.staffId))));
    out.tokens = await this.tokens(null);
    out.preferences = (await this.query(`SELECT "staffId", value FROM preferences ORDER BY "staffId"`)).rows.map((r) => ({
      staffId: Number(r.staffId),
      value: r.value,
    }));
    const counter = await this.query(`SELECT value FROM counters WHERE name = 'orderNumber'`);
    out.counters = { orderNumber: Number(counter.rows[0]?.value ?? 1) };
    return out as unknown as DbShape;
  }

  async close() {
    await this.pool.end();
  }
}

export interface PgOpenOptions {
  /** A data file in the JSON store's shape, loaded into an empty database (default: db.json). */
  seedFile?: string;
  /** Connections in this server's pool. */
  poolSize?: number;
}

export async function openPgStorage(url: string, opts: PgOpenOptions = {}): Promise<PgStorage> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    types,
    // A request waits this long for a connection before it is told the database is unavailable.
    connectionTimeoutMillis: 5_000,
    options: "-c TimeZone=UTC",
  });
  // An idle connection the server dropped (a restart) is replaced by the pool; it must not crash us.
  pool.on("error", (err) => console.error(`[postgres] idle connection lost: ${err.message}`));
  try {
    await migrate(pool);
    await loadDemoData(pool, opts.seedFile);
    await ensureBuiltInRoles(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    if (isConnectionError(err)) {
      const code = (err as { code?: string }).code;
      throw new Error(`Cannot reach the database at ${describeTarget(url)}${code ? ` (${code})` : ""}: is PostgreSQL running there? Check DATABASE_URL.`);
    }
    throw err;
  }
  return new PgStorage(pool);
}
