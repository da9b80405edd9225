/**
 * The reads of the seam (Reader in ../types.ts) on PostgreSQL, shared by the pool and by a
 * transaction's client. A list's total comes from the kept counts where they can answer it
 * (decision 056), since counting rows is what grows with the table.
 */
import { ENTITIES, getEntity, type ResourceName } from "../../../domain/entities";
import type { Row } from "../../db-shape";
import type { ApiToken, ListPlan, Reader, RowScope, Session, TwoFactor } from "../types";
import { orderSql, Params, quote as q, tableOf, toRecord, whereSql, type Query } from "./sql";
import { isTallyKey, scopeOnTallyKeys } from "./tallies";

const ITEM_REFERENCE: ResourceName = "products";

export class PgReader implements Reader {
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
    const r = await this.query(`SELECT 1 FROM ${q(tableOf(resource))} WHERE lower(${q(field)}::text) = lower($1) AND id IS DISTINCT FROM $2 LIMIT 1`, [
      value,
      exceptId,
    ]);
    return r.rowCount! > 0;
  }

  async findByValues(resource: ResourceName, field: string, values: readonly (string | number)[]) {
    if (field !== "id" && !Object.prototype.hasOwnProperty.call(getEntity(resource).fields, field)) throw new Error(`no field ${field} in ${resource}`);
    const table = q(tableOf(resource));
    const out: Row[] = [];
    // In slices: one statement's array stays a size the planner handles well.
    for (let i = 0; i < values.length; i += 5000) {
      const slice = values.slice(i, i + 5000);
      out.push(
        ...(field === "id"
          ? await this.rows(`SELECT * FROM ${table} WHERE id = ANY($1::bigint[])`, [slice.map(Number).filter(Number.isSafeInteger)])
          : await this.rows(`SELECT * FROM ${table} WHERE lower(${q(field)}::text) = ANY($1::text[])`, [slice.map((v) => String(v).toLowerCase())])),
      );
    }
    return out;
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

  async eventsOf(resources: readonly string[], actions: readonly string[], since: string) {
    // audit_events_trash_idx (migration 007): the few delete, restore and purge events, newest first.
    return this.rows(`SELECT * FROM audit_events WHERE action = ANY($1) AND resource = ANY($2) AND at >= $3 ORDER BY id DESC`, [actions, resources, since]);
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

  async sessionsOf(staffId: number) {
    return (await this.rows(`SELECT * FROM sessions WHERE "staffId" = $1 ORDER BY "createdAt" DESC, id`, [staffId])) as unknown as Session[];
  }

  async preferences(staffId: number) {
    const r = await this.query(`SELECT value FROM preferences WHERE "staffId" = $1`, [staffId]);
    return r.rowCount ? (r.rows[0].value as Record<string, unknown>) : undefined;
  }

  async twoFactor(staffId: number) {
    const r = await this.query(`SELECT * FROM two_factor WHERE "staffId" = $1`, [staffId]);
    if (!r.rowCount) return undefined;
    const t = r.rows[0];
    return {
      staffId: Number(t.staffId),
      secret: String(t.secret),
      enabledAt: t.enabledAt ? (t.enabledAt as Date).toISOString() : null,
      lastStep: t.lastStep === null ? null : Number(t.lastStep),
      recoveryCodes: t.recoveryCodes as TwoFactor["recoveryCodes"],
    };
  }

  async tokenByHash(hash: string) {
    return (await this.tokenRows(`WHERE hash = $1`, [hash]))[0];
  }

  async tokens(staffId: number | null) {
    return staffId === null ? this.tokenRows(`ORDER BY id DESC`) : this.tokenRows(`WHERE "staffId" = $1 ORDER BY id DESC`, [staffId]);
  }

  private async tokenRows(rest: string, values: unknown[] = []): Promise<ApiToken[]> {
    return (await this.rows(`SELECT * FROM api_tokens ${rest}`, values)).map(
      (t) => ({ ...t, lastUsedAt: (t.lastUsedAt as string | undefined) ?? null }) as unknown as ApiToken,
    );
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
