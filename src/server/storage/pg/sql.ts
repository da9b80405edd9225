/**
 * The list plan and row scopes (docs/decisions/051) compiled to SQL, and records to and from
 * rows. Table and column names come only from the entity definitions (src/domain/entities) and
 * are always quoted; every value goes as a parameter, so no request text ever becomes SQL.
 */
import type pg from "pg";
import { allFields, getEntity, type ResourceName } from "../../../domain/entities";
import { isNumeric, isTextual, SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../../../domain/fields";
import type { Row } from "../../db-shape";
import type { Condition, Filter, ListPlan, RowScope, Scalar } from "../types";

/** One statement on the pool or on a transaction's client. */
export type Query = (sql: string, values?: unknown[]) => Promise<pg.QueryResult>;

export const tableOf = (resource: string) => resource.replace(/-/g, "_");
export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const q = quote;

/** The stored columns of a resource: every field of the definition but write-only secrets. */
export const columnsOf = (def: EntityDef) => Object.entries(allFields(def)).filter(([, f]) => f.type !== "password");

/**
 * Fields an audit event carries as null rather than leaves out (appendAudit writes them so: a
 * failed sign-in has no actor), as the JSON store keeps them.
 */
const NULL_KEPT = new Set(["actorId", "actorName", "recordId"]);

/** A database row as a record: absent fields left out (as the JSON store has them), instants as ISO strings. */
export function toRecord(row: Record<string, unknown>): Row {
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
export function toParam(f: FieldDef, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (f.type === "items" || f.type === "json" || f.type === "rules") return JSON.stringify(v);
  return v;
}

export class Params {
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
    if (v !== null && typeof v === "object")
      return "$in" in v ? `${col} IN (${v.$in.map((x) => p.add(x)).join(", ")})` : `${col} IS DISTINCT FROM ${p.add(v.$ne)}`;
    return `${col} = ${p.add(v)}`;
  });
  return parts.length ? `(${parts.join(" AND ")})` : "TRUE";
}

export function scopeSql(scope: RowScope, p: Params, alias = ""): string {
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

export function whereSql(resource: ResourceName, plan: Pick<ListPlan, "filters" | "search">, scope: RowScope, p: Params): string {
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
      any.push(
        `${q(ref.field)} = ANY(ARRAY(SELECT id FROM ${q(tableOf(t.resource))} WHERE ${scopeSql(t.scope, p)} AND lower(${q(t.labelField)}::text) LIKE ${pattern} ESCAPE '\\'))`,
      );
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
export function orderSql(plan: ListPlan): string {
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
