/**
 * A saved view's query: what a list shows (filters, sort, page size, visible columns in order),
 * in Refine's own shapes so the app applies it as it is. The same view reads differently for
 * each reader: `queryFor` keeps only what that reader may read, so sharing a view shares no
 * column or filter past anyone's role. The schema a stored query is checked with is
 * ./views-schema.ts (zod, kept apart so the policy loads without it).
 */

/** Refine's filter operators that a list can hold. */
export const VIEW_OPERATORS = ["eq", "ne", "lt", "gt", "lte", "gte", "in", "nin", "contains", "ncontains", "containss", "null", "nnull"] as const;
/** The list's free-text search travels as a filter on this pseudo-field. */
export const SEARCH_FIELD = "q";

type ViewScalar = string | number | boolean | null;

export interface ViewQuery {
  filters?: { field: string; operator: (typeof VIEW_OPERATORS)[number]; value: ViewScalar | ViewScalar[] }[];
  sorters?: { field: string; order: "asc" | "desc" }[];
  pageSize?: number;
  columns?: string[];
}

/** Every field a query names (filters, sort, columns), the search excepted. */
export function fieldsNamed(query: ViewQuery): string[] {
  const named = [...(query.filters ?? []).map((f) => f.field), ...(query.sorters ?? []).map((s) => s.field), ...(query.columns ?? [])];
  return [...new Set(named.filter((f) => f !== SEARCH_FIELD))];
}

/** Whether `query` is a view query's shape: an object whose lists, where present, are lists of objects. */
function isQueryShape(query: unknown): query is ViewQuery {
  if (typeof query !== "object" || query === null || Array.isArray(query)) return false;
  const q = query as Record<string, unknown>;
  const listOf = (v: unknown, item: (x: unknown) => boolean) => v === undefined || (Array.isArray(v) && v.every(item));
  const named = (x: unknown) => typeof x === "object" && x !== null && typeof (x as { field?: unknown }).field === "string";
  return listOf(q.filters, named) && listOf(q.sorters, named) && listOf(q.columns, (c) => typeof c === "string");
}

/**
 * The query as one reader may apply it: filters, sort and columns on fields they may not read are
 * left out. A stored query was checked against the schema when it was written; anything not of
 * its shape is handed back as it is.
 */
export function queryFor(query: unknown, readable: readonly string[]): unknown {
  if (!isQueryShape(query)) return query;
  const may = new Set([...readable, SEARCH_FIELD]);
  return {
    ...query,
    ...(query.filters ? { filters: query.filters.filter((f) => may.has(f.field)) } : {}),
    ...(query.sorters ? { sorters: query.sorters.filter((s) => may.has(s.field)) } : {}),
    ...(query.columns ? { columns: query.columns.filter((c) => may.has(c)) } : {}),
  };
}
