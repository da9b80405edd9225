/**
 * PostgreSQL below the seam (DATABASE_URL). SQL is compiled from the entity definitions: table
 * and column names come only from them (src/domain/entities), values always go as parameters.
 * Concurrency: READ COMMITTED transactions that lock the rows a check depends on with SELECT …
 * FOR UPDATE by primary key in a fixed order, UPDATE … WHERE version = $n, the schema's
 * constraints as the backstop, and the whole transaction retried (a few times) on a
 * serialization failure or deadlock. Only the portable subset of docs/decisions/050.
 */
import pg from "pg";
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from "../../domain/constants";
import { allFields, ENTITIES, getEntity, type ResourceName } from "../../domain/entities";
import { AppError } from "../../domain/errors";
import { message } from "../../domain/messages";
import { isNumeric, isTextual, SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../../domain/fields";
import { formatOrderNumber } from "../../domain/format";
import { assembleDashboard, computeDashboard, dashboardPeriods, REVENUE_STATUSES, type DashboardStats } from "../../domain/stats";
import { LOW_STOCK_THRESHOLD } from "../../domain/constants";
import type { DbShape, Row } from "../db-shape";
import { DASHBOARD_FIELDS } from "./json-store";
import { COUNTED_TABLES, ensureBuiltInRoles, loadDemoData, migrate, quote as q, ROW_COUNT_SHARDS, tableOf } from "./pg-migrate";
import type { AuditRecord, Condition, DashboardQuery, Filter, ListPlan, Reader, RowScope, Scalar, Session, Storage, Tx } from "./types";

const ITEM_REFERENCE: ResourceName = "products";
const MAX_ATTEMPTS = 5;
/** Seconds a client is told to wait when the database cannot be reached. */
const RETRY_AFTER_S = 5;

// bigint ids, money and counts fit a double exactly (far below 2^53); answer them as numbers.
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === 20 ? (v: string) => Number(v) : (pg.types.getTypeParser as (o: number, f?: string) => unknown)(oid, format),
} as pg.CustomTypesConfig;


/** The stored columns of a resource: every field of the definition but write-only secrets. */
const columnsOf = (def: EntityDef) => Object.entries(allFields(def)).filter(([, f]) => f.type !== "password");

/**
 * Fields an audit event carries as null rather than leaves out (appendAudit writes them so: a
 * failed sign-in has no actor), as the JSON store keeps them.
 */
const NULL_KEPT = new Set(["actorId", "actorName", "recordId"]);

/** A database row as a record: absent fields left out (as the JSON store has them), instants as ISO strings. */
function toRecord(row: Record<string, unknown>): Row {
  const out: Record<string, unknown> = {};
  const audit = "action" in row && "changes" in row;
  for (const [k, v] of Object.entries(row)) {
    if (v === null && audit && NULL_KEPT.has(k)) out[k] = null;
    if (v === null || v === undefined) continue;
    out[k] = v instanceof Date ? v.toISOString() : v;
  }
  return out as Row;
}

/** A record's value as a query parameter for its column. */
function toParam(f: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.type === "items" || f.type === "json" || f.type === "rules") return JSON.stringify(v);
  return v;
}

// ---- errors ---------------------------------------------------------------------------------

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "57P01", "57P02", "57P03"]);

export function isConnectionError(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  if (!e) return false;
  if (e.code && (CONNECTION_CODES.has(e.code) || e.code.startsWith("08"))) return true;
  return /Connection terminated|connection error|not queryable|timeout exceeded when trying to connect/i.test(e.message ?? "");
}

const unavailable = () =>
  new AppError("UNAVAILABLE", "The database cannot be reached just now. Nothing was changed by this request; try again in a moment.", undefined, {
    retryAfter: RETRY_AFTER_S,
  });

/** Which field a unique index guards: the migrations name each `<table>_<field>_key`. */
const UNIQUE_FIELDS: Record<string, string> = Object.fromEntries(
  ENTITIES.flatMap((d) => Object.entries(d.fields).filter(([, f]) => f.unique).map(([name]) => [`${tableOf(d.name)}_${name}_key`, name])),
);

/** A constraint the server's own checks should have kept from firing: answered from the catalogue all the same. */
function constraintError(err: unknown): AppError | null {
  const e = err as { code?: string; constraint?: string; table?: string } | null;
  if (!e?.code) return null;
  if (e.code === "23505" && e.constraint && UNIQUE_FIELDS[e.constraint]) {
    const field = UNIQUE_FIELDS[e.constraint];
    const label = e.table ? getEntity(e.table.replace(/_/g, "-")).fields[field]?.label.toLowerCase() : undefined;
    return new AppError("DUPLICATE", "Already taken", { [field]: [message("taken", { what: label ?? field })] });
  }
  if (e.code === "23514" && e.constraint === "products_stock_not_negative") return new AppError("INSUFFICIENT_STOCK", "Not enough stock", undefined, { shortages: [] });
  if (e.code === "23503") {
    const m = /_(\w+?)_fkey$/.exec(e.constraint ?? "");
    return m
      ? new AppError("VALIDATION_FAILED", "Check the highlighted fields", { [m[1]]: [message("noSuch", { what: "record" })] })
      : new AppError("REFERENCED", "Other records point at this one. Nothing was deleted.", undefined, { counts: {} });
  }
  return null;
}

// ---- the list plan in SQL -------------------------------------------------------------------

class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The column as text the way JavaScript's String() shows the stored value (instants as ISO 8601). */
function textOf(col: string, f: FieldDef): string {
  if (f.type === "datetime") return `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  if (isTextual(f) || f.type === "enum") return col;
  return `${col}::text`;
}

/** A number parameter; one a column's type cannot hold (1.5 for an integer, 1e20) compared as numeric. */
function numParam(p: Params, v: Scalar): string {
  return typeof v === "number" && !Number.isSafeInteger(v) ? `${p.add(String(v))}::numeric` : p.add(v);
}

/** A condition as SQL with CASL's meaning (memory.ts conditionHolds): NULL is "not equal", never "unknown". */
function conditionSql(c: Condition, p: Params, alias: string): string {
  const parts = Object.entries(c).map(([k, v]) => {
    const col = `${alias}${q(k)}`;
    if (v !== null && typeof v === "object") return "$in" in v ? `${col} IN (${v.$in.map((x) => p.add(x)).join(", ")})` : `${col} IS DISTINCT FROM ${p.add(v.$ne)}`;
    return `${col} = ${p.add(v)}`;
  });
  return parts.length ? `(${parts.join(" AND ")})` : "TRUE";
}

function scopeSql(scope: RowScope, p: Params, alias = ""): string {
  if (scope === null) return "TRUE";
  if (!scope.anyOf.length) return "FALSE";
  const granted = `(${scope.anyOf.map((c) => conditionSql(c, p, alias)).join(" OR ")})`;
  if (!scope.noneOf.length) return granted;
  // coalesce: a comparison with NULL is unknown, and NOT unknown would hide the row.
  return `(${granted} AND NOT coalesce(${scope.noneOf.map((c) => conditionSql(c, p, alias)).join(" OR ")}, false))`;
}

function filterSql({ field, op, values }: Filter, def: EntityDef, p: Params): string {
  const f = allFields(def)[field];
  const col = q(field);
  const numeric = isNumeric(f) || f.type === "reference";
  const param = (v: Scalar) => (numeric ? numParam(p, v) : f.type === "datetime" ? `${p.add(v)}::timestamptz` : p.add(v));
  const ordered = isTextual(f) || f.type === "enum" ? `${col} COLLATE "C"` : col;
  switch (op) {
    case "eq":
      if (values.length === 1) return `${col} = ${param(values[0])}`;
      return `(${values.map((v) => `${col} = ${param(v)}`).join(" OR ")})`;
    case "ne":
      return `${col} IS DISTINCT FROM ${param(values[0])}`;
    case "gte":
      return `${ordered} >= ${param(values[0])}`;
    case "lte":
      return `${ordered} <= ${param(values[0])}`;
    case "like":
      return `lower(${textOf(col, f)}) LIKE ${p.add(likePattern(String(values[0])))} ESCAPE '\\'`;
  }
}

function whereSql(resource: ResourceName, plan: Pick<ListPlan, "filters" | "search">, scope: RowScope, p: Params): string {
  const def = getEntity(resource);
  const parts = [scopeSql(scope, p), ...plan.filters.map((f) => filterSql(f, def, p))];
  if (plan.search) {
    const pattern = p.add(likePattern(plan.search.q));
    const fields = allFields(def);
    const any = plan.search.fields.map((name) => `lower(${textOf(q(name), fields[name])}) LIKE ${pattern} ESCAPE '\\'`);
    for (const ref of plan.search.references) {
      if (!ref.target) continue;
      const t = ref.target;
      // ANY(ARRAY(…)): the referenced ids are found once, and the match can use the pointer's
      // index beside the trigram ones (a plain IN (SELECT …) inside an OR cannot).
      any.push(`${q(ref.field)} = ANY(ARRAY(SELECT id FROM ${q(tableOf(t.resource))} WHERE ${scopeSql(t.scope, p)} AND lower(${q(t.labelField)}::text) LIKE ${pattern} ESCAPE '\\'))`);
    }
    parts.push(any.length ? `(${any.join(" OR ")})` : "FALSE");
  }
  return parts.join(" AND ");
}

/**
 * ORDER BY that gives compareRows' order: text case-insensitively then by code point, missing
 * last. NULLS LAST only where a value can be missing: on a NOT NULL column (system fields,
 * required ones) it changes nothing but would keep PostgreSQL from reading the order off an index.
 */
function orderSql(plan: ListPlan): string {
  return plan.sort
    .flatMap(({ field, def, dir }) => {
      const nulls = field in SYSTEM_FIELDS || def.required ? "" : " NULLS LAST";
      const d = (dir === 1 ? "ASC" : "DESC") + nulls;
      const col = q(field);
      if (isNumeric(def) || def.type === "reference" || def.type === "boolean" || def.type === "datetime") return [`${col} ${d}`];
      if (!isTextual(def)) return [`${col} COLLATE "C" ${d}`];
      return [`lower(${col}) COLLATE "C" ${d}`, `${col} COLLATE "C" ${d}`];
    })
    .join(", ");
}

// ---- reads and writes -----------------------------------------------------------------------

/** The order fields migration 004's tallies group by: those the row scopes and the dashboard filter on. */
const TALLY_KEYS = ["status", "assigneeId", "customerId"] as const;
const isTallyKey = (field: string) => (TALLY_KEYS as readonly string[]).includes(field);
/** A row scope order_tallies can apply as it is: every condition on tally keys only (null: all rows). */
const scopeOnTallyKeys = (scope: RowScope) => !scope || [...scope.anyOf, ...scope.noneOf].every((c) => Object.keys(c).every(isTallyKey));

type Query = (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

class PgReader implements Reader {
  constructor(protected readonly query: Query) {}

  protected async rows(sql: string, values?: unknown[]): Promise<Row[]> {
    return (await this.query(sql, values)).rows.map(toRecord);
  }

  async get(resource: ResourceName, id: number) {
    return (await this.rows(`SELECT * FROM ${q(tableOf(resource))} WHERE id = $1`, [id]))[0];
  }

  async list(resource: ResourceName, plan: ListPlan, scope: RowScope) {
    const p = new Params();
    const where = whereSql(resource, plan, scope, p);
    const table = q(tableOf(resource));
    const limit = `LIMIT ${plan.end - plan.start} OFFSET ${plan.start}`;
    if (plan.search) {
      // A search's matches are few or many, and the planner cannot tell which from a pattern:
      // it walked the sort index of all rows for a rare one (seconds at 1M). Matching first
      // (the trigram and reference indexes, combined) and sorting only the matches bounds the
      // page by what its count costs anyway, and one statement answers both.
      const r = await this.query(
        `WITH m AS MATERIALIZED (SELECT * FROM ${table} WHERE ${where}) SELECT *, (SELECT count(*) FROM m) AS "__total" FROM m ORDER BY ${orderSql(plan)} ${limit}`,
        p.values,
      );
      const total = r.rows.length ? Number(r.rows[0].__total) : plan.start === 0 ? 0 : await this.count(table, where, p.values);
      return { rows: r.rows.map(({ __total: _, ...row }) => toRecord(row)), total };
    }
    // The whole table (no filter, no row scope): its kept count, not a count(*) of every row.
    // Orders filtered and scoped only by what order_tallies groups (an agent's own, a status):
    // the sum of their tallies, the same WHERE on the same column names.
    const whole = scope === null && !plan.filters.length;
    const tallied = resource === "orders" && plan.filters.every((f) => f.op === "eq" && isTallyKey(f.field)) && scopeOnTallyKeys(scope);
    const [page, total] = await Promise.all([
      this.rows(`SELECT * FROM ${table} WHERE ${where} ORDER BY ${orderSql(plan)} ${limit}`, p.values),
      whole ? this.keptCount(tableOf(resource)) : tallied ? this.count("order_tallies", where, p.values, "sum(n)") : this.count(table, where, p.values),
    ]);
    return { rows: page, total };
  }

  private async count(table: string, where: string, values: unknown[], of = "count(*)") {
    return Number((await this.query(`SELECT coalesce(${of}, 0) AS n FROM ${table} WHERE ${where}`, values)).rows[0].n);
  }

  private async keptCount(table: string) {
    const r = await this.query(`SELECT sum(n) AS n FROM row_counts WHERE tbl = $1`, [table]);
    if (r.rows[0].n === null) throw new Error(`row_counts has no rows for ${table}`);
    return Number(r.rows[0].n);
  }

  async isTaken(resource: ResourceName, field: string, value: string, exceptId: number | null) {
    if (!Object.prototype.hasOwnProperty.call(getEntity(resource).fields, field)) throw new Error(`no field ${field} in ${resource}`);
    const r = await this.query(`SELECT 1 FROM ${q(tableOf(resource))} WHERE lower(${q(field)}::text) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1`, [value, exceptId]);
    return r.rowCount! > 0;
  }

  async countReferrers(resource: ResourceName, id: number) {
    const counts: Record<string, number> = {};
    for (const def of ENTITIES) {
      if (def.readOnly) continue;
      const p = new Params();
      const pointers = Object.entries(def.fields).flatMap(([name, f]) => {
        if (f.type === "reference" && f.reference === resource) return [`${q(name)} = ${p.add(id)}`];
        if (f.type === "items" && resource === ITEM_REFERENCE) return [`${q(name)} @> ${p.add(JSON.stringify([{ productId: id }]))}::jsonb`];
        return [];
      });
      if (!pointers.length) continue;
      const self = def.name === resource ? ` AND id <> ${p.add(id)}` : "";
      const r = await this.query(`SELECT count(*) AS n FROM ${q(tableOf(def.name))} WHERE (${pointers.join(" OR ")})${self}`, p.values);
      const n = Number(r.rows[0].n);
      if (n) counts[def.name] = n;
    }
    return counts;
  }

  async history(resource: string, recordId: number, actions: readonly string[]) {
    return this.rows(`SELECT * FROM audit_events WHERE resource = $1 AND "recordId" = $2 AND action = ANY($3) ORDER BY id`, [resource, recordId, actions]);
  }

  async staffByEmail(email: string) {
    return (await this.rows(`SELECT * FROM staff WHERE lower(email) = $1`, [email]))[0];
  }

  async roleByKey(key: string) {
    return (await this.rows(`SELECT * FROM roles WHERE key = $1`, [key]))[0];
  }

  async passwordHash(staffId: number) {
    const r = await this.query(`SELECT hash FROM credentials WHERE "staffId" = $1`, [staffId]);
    return r.rows[0]?.hash as string | undefined;
  }

  async session(id: string) {
    return (await this.rows(`SELECT * FROM sessions WHERE id = $1`, [id]))[0] as unknown as Session | undefined;
  }

  async loginFailures(email: string, since: Date) {
    const r = await this.query(`SELECT at FROM login_failures WHERE email = $1 AND at > $2`, [email, since.toISOString()]);
    return r.rows.map((x) => (x.at as Date).getTime());
  }

  async countActiveAdmins(exceptId: number) {
    const r = await this.query(`SELECT count(*) AS n FROM staff WHERE role = 'admin' AND active AND id <> $1`, [exceptId]);
    return Number(r.rows[0].n);
  }
}

const paidMonth = (order: Row) => (typeof order.paidAt === "string" ? order.paidAt.slice(0, 7) : "");

class PgTx extends PgReader implements Tx {
  /** Rows this transaction added to (or took from) each table, for row_counts at its end. */
  private readonly added = new Map<string, number>();
  /** Orders this transaction added to (or took from) each tally, by its key, for order_tallies at its end. */
  private readonly tallied = new Map<string, { key: unknown[]; n: number; total: number }>();

  private tally(order: Row | undefined, sign: 1 | -1) {
    if (!order) return;
    const key = [...TALLY_KEYS.map((k) => order[k]), paidMonth(order)];
    const id = JSON.stringify(key);
    const t = this.tallied.get(id) ?? { key, n: 0, total: 0 };
    t.n += sign;
    t.total += sign * Number(order.total ?? 0);
    this.tallied.set(id, t);
  }

  private countRows(resource: ResourceName, delta: number) {
    const table = tableOf(resource);
    if (COUNTED_TABLES.has(table)) this.added.set(table, (this.added.get(table) ?? 0) + delta);
  }

  /**
   * Adds this transaction's inserts and deletes to one random shard of each table's count, last
   * and in table order: the shard rows are locked only from here to COMMIT, and always in the
   * same order, so writers never deadlock on them.
   */
  async flushCounts() {
    for (const table of [...this.added.keys()].sort()) {
      const delta = this.added.get(table)!;
      if (delta) await this.query(`UPDATE row_counts SET n = n + $1 WHERE tbl = $2 AND shard = $3`, [delta, table, Math.floor(Math.random() * ROW_COUNT_SHARDS)]);
    }
    // Then the order tallies, also in one order (of their keys) for every transaction.
    for (const id of [...this.tallied.keys()].sort()) {
      const { key, n, total } = this.tallied.get(id)!;
      if (!n && !total) continue;
      await this.query(
        `INSERT INTO order_tallies (status, "assigneeId", "customerId", "paidMonth", n, total) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (status, "assigneeId", "customerId", "paidMonth") DO UPDATE SET n = order_tallies.n + EXCLUDED.n, total = order_tallies.total + EXCLUDED.total`,
        [...key, n, total],
      );
    }
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

  async insert(resource: ResourceName, record: Omit<Row, "id">) {
    const cols = columnsOf(getEntity(resource)).filter(([name]) => name !== "id");
    const p = new Params();
    const values = cols.map(([name, f]) => p.add(toParam(f, record[name])));
    const sql = `INSERT INTO ${q(tableOf(resource))} (${cols.map(([n]) => q(n)).join(", ")}) VALUES (${values.join(", ")}) RETURNING *`;
    const [row] = await this.rows(sql, p.values);
    this.countRows(resource, 1);
    if (resource === "orders") this.tally(row, 1);
    return row;
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
      this.tally(before, -1);
      this.tally(toRecord(r.rows[0]), 1);
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
    this.countRows(resource, -(r.rowCount ?? 0));
    if (resource === "orders" && r.rows[0]) this.tally(toRecord(r.rows[0]), -1);
  }

  async audit(event: AuditRecord) {
    return this.insert("audit-events", { ...event, createdAt: event.at, updatedAt: event.at, version: 1 });
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
    await this.query(`INSERT INTO sessions (id, "staffId", "createdAt", "lastSeenAt") VALUES ($1, $2, $3, $4)`, [s.id, s.staffId, s.createdAt, s.lastSeenAt]);
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
    const readsAll = (["orders", "customers", "products"] as const).every((r) => !query[r] || DASHBOARD_FIELDS[r].every((f) => query[r]!.fields.includes(f)));
    // A role that may not see a field a figure counts gets the JSON store's way: only the fields it
    // may read reach the computation. No role is like that today, so this path stays cold.
    if (!readsAll) return this.dashboardFromRows(query);

    const periods = dashboardPeriods(query.now);
    // Each statement numbers its own parameters.
    const run = (build: (v: (x: unknown) => string) => string) => {
      const p = new Params();
      const text = build((x) => p.add(x));
      return this.query(text, p.values);
    };
    const scoped = (v: (x: unknown) => string, r: DashboardQuery["orders"], alias: string) => {
      if (!r) return "FALSE";
      const p = { add: v } as Params;
      return scopeSql(r.rows, p, alias);
    };
    const paid = (v: (x: unknown) => string) => `o.status IN (${REVENUE_STATUSES.map((s) => v(s)).join(", ")})`;
    // Order figures from order_tallies (migration 004) when the reader's order scope filters on
    // what they are grouped by, as every role's does today; else from the orders themselves.
    const tallied = scopeOnTallyKeys(query.orders?.rows ?? null);
    const month = (iso: string) => iso.slice(0, 7);
    const figures = tallied
      ? [
          run((v) => `SELECT status, sum(n) AS n FROM order_tallies o WHERE ${scoped(v, query.orders, "o.")} GROUP BY status HAVING sum(n) > 0`),
          run(
            (v) => `SELECT coalesce(sum(o.total) FILTER (WHERE o."paidMonth" = ${v(month(periods.thisMonth))}), 0) AS this_month,
                    coalesce(sum(o.total) FILTER (WHERE o."paidMonth" = ${v(month(periods.lastMonth))}), 0) AS last_month
             FROM order_tallies o WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidMonth" IN (${v(month(periods.thisMonth))}, ${v(month(periods.lastMonth))})`,
          ),
          run(
            (v) => `SELECT o."customerId" AS id, c.name, sum(o.total) AS revenue, sum(o.n) AS orders FROM order_tallies o
             JOIN customers c ON c.id = o."customerId" AND ${scoped(v, query.customers, "c.")}
             WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidMonth" >= ${v(month(periods.thisYear))} AND o."paidMonth" < ${v(month(periods.nextYear))}
             GROUP BY o."customerId", c.name HAVING sum(o.n) > 0 ORDER BY revenue DESC, id LIMIT 5`,
          ),
        ]
      : [
          run((v) => `SELECT status, count(*) AS n FROM orders o WHERE ${scoped(v, query.orders, "o.")} GROUP BY status`),
          run(
            (v) => `SELECT coalesce(sum(o.total) FILTER (WHERE o."paidAt" >= ${v(periods.thisMonth)}), 0) AS this_month,
                    coalesce(sum(o.total) FILTER (WHERE o."paidAt" < ${v(periods.thisMonth)}), 0) AS last_month
             FROM orders o WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidAt" >= ${v(periods.lastMonth)} AND o."paidAt" < ${v(periods.nextMonth)}`,
          ),
          run(
            (v) => `SELECT o."customerId" AS id, c.name, sum(o.total) AS revenue, count(*) AS orders FROM orders o
             JOIN customers c ON c.id = o."customerId" AND ${scoped(v, query.customers, "c.")}
             WHERE ${scoped(v, query.orders, "o.")} AND ${paid(v)} AND o."paidAt" >= ${v(periods.thisYear)} AND o."paidAt" < ${v(periods.nextYear)}
             GROUP BY o."customerId", c.name ORDER BY revenue DESC, id LIMIT 5`,
          ),
        ];
    const [[byStatus, revenue, top], perDay, low, count] = await Promise.all([
      Promise.all(figures),
      run(
        (v) => `SELECT to_char(o."placedAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS n FROM orders o
         WHERE ${scoped(v, query.orders, "o.")} AND o."placedAt" >= ${v(periods.firstDay)} AND o."placedAt" < ${v(periods.tomorrow)} GROUP BY day`,
      ),
      run((v) => `SELECT id, sku, name, stock, status FROM products WHERE ${scoped(v, query.products, "")} AND status = 'active' AND stock <= ${v(LOW_STOCK_THRESHOLD)}`),
      run((v) => `SELECT count(*) AS n FROM customers c WHERE ${scoped(v, query.customers, "c.")}`),
    ]);
    return assembleDashboard(
      {
        ordersByStatus: Object.fromEntries(byStatus.rows.map((r) => [r.status, Number(r.n)])),
        perDay: new Map(perDay.rows.map((r) => [r.day as string, Number(r.n)])),
        revenue: { thisMonth: Number(revenue.rows[0].this_month), lastMonth: Number(revenue.rows[0].last_month) },
        customerRevenue: top.rows.map((r) => ({ id: Number(r.id), name: String(r.name), revenue: Number(r.revenue), orders: Number(r.orders) })),
        lowStock: low.rows.map(toRecord),
        customers: Number(count.rows[0].n),
      },
      periods,
      query.scope,
    );
  }

  private async dashboardFromRows(query: DashboardQuery) {
    const load = async (resource: "orders" | "customers" | "products") => {
      const r = query[resource];
      if (!r) return [];
      const p = new Params();
      const fields = ["id", ...DASHBOARD_FIELDS[resource].filter((f) => r.fields.includes(f))];
      return this.rows(`SELECT ${fields.map(q).join(", ")} FROM ${q(resource)} WHERE ${scopeSql(r.rows, p)}`, p.values);
    };
    const [orders, customers, products] = await Promise.all([load("orders"), load("customers"), load("products")]);
    return computeDashboard({ orders, customers, products, scope: query.scope }, query.now);
  }

  async snapshot(): Promise<DbShape> {
    const out: Record<string, unknown> = {};
    for (const def of ENTITIES) out[def.name] = await this.rows(`SELECT * FROM ${q(tableOf(def.name))} ORDER BY id`);
    out.credentials = await this.rows(`SELECT * FROM credentials ORDER BY "staffId"`);
    out.sessions = await this.rows(`SELECT * FROM sessions ORDER BY "createdAt", id`);
    out.loginFailures = (await this.rows(`SELECT email, at FROM login_failures ORDER BY id`)).map(({ email, at }) => ({ email, at }));
    const counter = await this.query(`SELECT value FROM counters WHERE name = 'orderNumber'`);
    out.counters = { orderNumber: Number(counter.rows[0]?.value ?? 1) };
    return out as unknown as DbShape;
  }

  async close() {
    await this.pool.end();
  }
}

function translate(err: unknown): unknown {
  if (err instanceof AppError) return err;
  if (isConnectionError(err)) return unavailable();
  // SQLSTATE class 22, data exception: a value the client sent that PostgreSQL cannot hold or
  // compare (a NUL character in text, a date past year 9999). The JSON store would take it; here
  // it is refused, and nothing was written.
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === "string" && code.startsWith("22"))
    return new AppError("BAD_REQUEST", "The request holds a value the database cannot store or compare (such as a NUL character). Nothing was changed.");
  return constraintError(err) ?? err;
}

/** Where a URL points, for messages (never its password). */
export function describeTarget(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || "localhost"}:${u.port || 5432}${u.pathname}`;
  } catch {
    return "the DATABASE_URL (which is not a valid URL)";
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
