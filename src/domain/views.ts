/**
 * A saved view's query: what a list shows (filters, sort, page size, visible columns in order),
 * in Refine's own shapes so the app applies it as it is. The same view reads differently for
 * each reader: `queryFor` keeps only what that reader may read, so sharing a view shares no
 * column or filter past anyone's role.
 */
import { z } from "zod";
import { PAGE_SIZES } from "./constants";

/** Refine's filter operators that a list can hold. */
export const VIEW_OPERATORS = ["eq", "ne", "lt", "gt", "lte", "gte", "in", "nin", "contains", "ncontains", "containss", "null", "nnull"] as const;
/** The list's free-text search travels as a filter on this pseudo-field. */
export const SEARCH_FIELD = "q";

const fieldName = z.string().min(1).max(64);
const scalar = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const viewQuerySchema = z
  .object({
    filters: z
      .array(z.object({ field: fieldName, operator: z.enum(VIEW_OPERATORS), value: z.union([scalar, z.array(scalar).max(100)]) }).strict())
      .max(30)
      .optional(),
    sorters: z
      .array(z.object({ field: fieldName, order: z.enum(["asc", "desc"]) }).strict())
      .max(5)
      .optional(),
    pageSize: z
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), `One of ${PAGE_SIZES.join(", ")}`)
      .optional(),
    columns: z.array(fieldName).max(60).optional(),
  })
  .strict();

export type ViewQuery = z.infer<typeof viewQuerySchema>;

/** Every field a query names (filters, sort, columns), the search excepted. */
export function fieldsNamed(query: ViewQuery): string[] {
  const named = [...(query.filters ?? []).map((f) => f.field), ...(query.sorters ?? []).map((s) => s.field), ...(query.columns ?? [])];
  return [...new Set(named.filter((f) => f !== SEARCH_FIELD))];
}

/** The query as one reader may apply it: filters, sort and columns on fields they may not read are left out. */
export function queryFor(query: unknown, readable: readonly string[]): unknown {
  const parsed = viewQuerySchema.safeParse(query);
  if (!parsed.success) return query;
  const may = new Set([...readable, SEARCH_FIELD]);
  const q = parsed.data;
  return {
    ...q,
    ...(q.filters ? { filters: q.filters.filter((f) => may.has(f.field)) } : {}),
    ...(q.sorters ? { sorters: q.sorters.filter((s) => may.has(s.field)) } : {}),
    ...(q.columns ? { columns: q.columns.filter((c) => may.has(c)) } : {}),
  };
}
