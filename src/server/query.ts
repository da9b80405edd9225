/**
 * The list query of `@refinedev/simple-rest`, parsed against an allow-list: the
 * definition's fields that this role may read. Anything else is BAD_QUERY, never ignored and
 * never a 500 (docs/decisions/001).
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS } from "../domain/constants";
import { allFields, searchFieldNames } from "../domain/entities";
import { AppError } from "../domain/errors";
import { isNumeric, isTextual, type EntityDef, type FieldDef } from "../domain/fields";
import type { Row } from "./db-shape";
import type { Filter, FilterOp, ListPlan, ReferenceSearch, Scalar, SortKey } from "./storage/types";

type Operator = FilterOp;

export type { ListPlan, SortKey } from "./storage/types";

export interface ListQueryOptions {
  /**
   * Where a searched reference field looks (the records of `resource` the reader may see, by
   * their label), or null when the reader may not read them: such a field then matches nothing.
   */
  referenceTarget?: (resource: string) => ReferenceSearch["target"];
}

const SINGLE_KEYS = new Set(["_start", "_end", "_sort", "_order", "q"]);
const OPERATOR_SUFFIX = /^(.+)_(ne|gte|lte|like)$/;

const bad = (message: string) => new AppError("BAD_QUERY", message);

/** Field types that have no meaningful order or equality in a query string (structured values, secrets). */
const UNQUERYABLE = new Set(["items", "json", "password", "rules", "query"]);

/** Whether a list may filter and sort on a field of this type, whichever protocol asks. */
export const isQueryable = (f: FieldDef) => !UNQUERYABLE.has(f.type);
const STRINGY = new Set(["text", "longtext", "email", "enum", "datetime"]);

function parseValue(field: string, f: FieldDef, op: Operator, raw: string): Scalar {
  if (op === "like") {
    if (!STRINGY.has(f.type)) throw bad(`${field}_like works on text fields only`);
    return raw.toLowerCase();
  }
  if ((op === "gte" || op === "lte") && f.type === "boolean") throw bad(`${field}_${op} does not apply to a yes/no field`);
  if (isNumeric(f) || f.type === "reference") {
    if (!/^-?\d+(\.\d+)?$/.test(raw)) throw bad(`${field} takes a number, not "${raw}"`);
    return Number(raw);
  }
  if (f.type === "boolean") {
    if (raw !== "true" && raw !== "false") throw bad(`${field} takes true or false, not "${raw}"`);
    return raw === "true";
  }
  if (f.type === "datetime") {
    const t = Date.parse(raw);
    if (Number.isNaN(t)) throw bad(`${field} takes an ISO 8601 date, not "${raw}"`);
    return new Date(t).toISOString();
  }
  return raw;
}

const present = (v: unknown) => v !== undefined && v !== null;

function toInt(key: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw bad(`${key} must be a whole number of 0 or more`);
  const n = Number(raw);
  if (!Number.isSafeInteger(n)) throw bad(`${key} is out of range`);
  return n;
}

/**
 * @param readable the fields this role may read on this resource: the only ones it may filter,
 *   sort or search: a filter on a hidden field would give its values away.
 */
export function parseListQuery(def: EntityDef, readable: readonly string[], rawQuery: string, options: ListQueryOptions = {}): ListPlan {
  const fields = allFields(def);
  const canUse = (name: string) => Object.prototype.hasOwnProperty.call(fields, name) && readable.includes(name) && isQueryable(fields[name]);
  const singles = new Map<string, string>();
  const filters = new Map<string, { field: string; op: Operator; raw: string[] }>();

  for (const [key, raw] of new URLSearchParams(rawQuery)) {
    // No stored text holds one, and PostgreSQL cannot compare one: refused alike on both stores.
    if (key.includes("\u0000") || raw.includes("\u0000")) throw bad("A query cannot hold a NUL character");
    if (SINGLE_KEYS.has(key)) {
      if (singles.has(key)) throw bad(`${key} may appear only once`);
      singles.set(key, raw);
      continue;
    }
    let field = key;
    let op: Operator = "eq";
    if (!Object.prototype.hasOwnProperty.call(fields, key)) {
      const m = OPERATOR_SUFFIX.exec(key);
      if (m) [field, op] = [m[1], m[2] as Operator];
    }
    if (!canUse(field)) throw bad(key.startsWith("_") ? `Unknown query parameter: ${key}` : `Cannot filter on "${field}"`);
    const existing = filters.get(key);
    if (existing && op !== "eq") throw bad(`${key} may appear only once`);
    if (existing) existing.raw.push(raw);
    else filters.set(key, { field, op, raw: [raw] });
  }

  const parsed: Filter[] = [];
  for (const { field, op, raw } of filters.values()) parsed.push({ field, op, values: raw.map((r) => parseValue(field, fields[field], op, r)) });

  let search: ListPlan["search"] = null;
  const q = singles.get("q")?.trim().toLowerCase();
  if (q) {
    const searched = searchFieldNames(def).filter(canUse);
    // A searched reference matches when the record it points at is named like q (an order by its
    // customer's name); which records those are is the caller's to say, as the reader sees them.
    const references: ReferenceSearch[] = [];
    const plain: string[] = [];
    for (const f of searched) {
      const target = fields[f].type === "reference" ? fields[f].reference : undefined;
      if (target) references.push({ field: f, target: options.referenceTarget?.(target) ?? null });
      else plain.push(f);
    }
    search = { q, fields: plain, references };
  }

  const start = toInt("_start", singles.get("_start"), 0);
  // simple-rest's getMany asks `?id=1&id=2…` without a page: it wants every one it named.
  const named = filters.get("id")?.raw.length ?? 0;
  const end = toInt("_end", singles.get("_end"), start + Math.max(DEFAULT_PAGE_SIZE, Math.min(named, MAX_PAGE_ROWS)));
  if (end < start) throw bad("_end must not be before _start");
  if (end - start > MAX_PAGE_ROWS) throw bad(`A page holds at most ${MAX_PAGE_ROWS} rows`);

  return { start, end, sort: parseSort(def, fields, canUse, singles.get("_sort"), singles.get("_order")), filters: parsed, search };
}

function parseSort(def: EntityDef, fields: Record<string, FieldDef>, canUse: (f: string) => boolean, sortRaw?: string, orderRaw?: string): SortKey[] {
  if (sortRaw === undefined && orderRaw !== undefined) throw bad("_order needs _sort");
  const names = sortRaw === undefined ? [def.list.defaultSort.field] : sortRaw.split(",").map((s) => s.trim());
  const orders = sortRaw === undefined ? [def.list.defaultSort.order] : (orderRaw ?? "asc").split(",").map((s) => s.trim().toLowerCase());
  if (orders.length !== 1 && orders.length !== names.length) throw bad("_order must name one direction, or one per _sort field");
  const keys: SortKey[] = names.map((field, i) => {
    const order = orders.length === 1 ? orders[0] : orders[i];
    if (!canUse(field)) throw bad(`Cannot sort on "${field}"`);
    if (order !== "asc" && order !== "desc") throw bad(`_order takes asc or desc, not "${order}"`);
    return { field, def: fields[field], dir: order === "asc" ? 1 : -1 };
  });
  if (new Set(names).size !== names.length) throw bad("_sort names a field twice");
  // id breaks ties, so a page boundary never moves between two equal rows.
  if (!names.includes("id")) keys.push({ field: "id", def: fields.id, dir: 1 });
  return keys;
}

/** Compare two rows by the sort keys; missing values go last whichever the direction. */
export function compareRows(keys: SortKey[]) {
  return (a: Row, b: Row) => {
    for (const { field, def, dir } of keys) {
      const x = a[field];
      const y = b[field];
      const xm = !present(x);
      const ym = !present(y);
      if (xm || ym) {
        if (xm && ym) continue;
        return xm ? 1 : -1;
      }
      let c = 0;
      if (isNumeric(def) || def.type === "reference" || def.type === "boolean") c = Number(x) - Number(y);
      else if (!isTextual(def))
        c = x < y ? -1 : x > y ? 1 : 0; // ISO dates, enum values
      else {
        const xs = String(x);
        const ys = String(y);
        const xl = xs.toLowerCase();
        const yl = ys.toLowerCase();
        c = xl < yl ? -1 : xl > yl ? 1 : xs < ys ? -1 : xs > ys ? 1 : 0;
      }
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}
