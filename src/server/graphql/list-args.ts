/**
 * A GraphQL list's arguments (nestjs-query's `filter`, `sorting`, `paging`, as
 * `@refinedev/graphql` sends them) said in simple-rest's query dialect, so that one parser
 * (src/server/query.ts) allow-lists and plans every list, whichever protocol asked.
 */
import { AppError } from "../../domain/errors";

type Comparison = { eq?: unknown; neq?: unknown; gte?: unknown; lte?: unknown; in?: unknown[] | null; iLike?: unknown };

export interface ListArgs {
  filter?: Record<string, Comparison | null> | null;
  sorting?: { field: string; direction: "asc" | "desc" }[] | null;
  paging?: { limit?: number | null; offset?: number | null } | null;
}

/** `@refinedev/graphql` asks for "every row" (pagination off) with the largest Int. */
const NO_LIMIT = 2147483647;

const bad = (message: string) => new AppError("BAD_QUERY", message);

export function listQueryString(args: ListArgs): string {
  const params = new URLSearchParams();
  for (const [field, comparison] of Object.entries(args.filter ?? {})) {
    if (!comparison) continue;
    for (const [op, value] of Object.entries(comparison)) {
      if (value === null || value === undefined) continue;
      const text = (v: unknown) => String(v);
      if (field === "q") {
        params.append("q", text(value));
      } else if (op === "eq") params.append(field, text(value));
      else if (op === "neq") params.append(`${field}_ne`, text(value));
      else if (op === "gte" || op === "lte") params.append(`${field}_${op}`, text(value));
      else if (op === "in") {
        const values = value as unknown[];
        // An empty "in" of ids matches nothing (getMany of no ids): no record has id 0.
        if (!values.length && field === "id") params.append("id", "0");
        else if (!values.length) throw bad(`${field}.in needs at least one value`);
        for (const v of values) params.append(field, text(v));
      } else if (op === "iLike") {
        const m = /^%(.*)%$/s.exec(text(value));
        if (!m || m[1].includes("%")) throw bad(`${field}.iLike takes "%text%" (contains)`);
        params.append(`${field}_like`, m[1]);
      } else throw bad(`${field}.${op} is not a comparison this API has`);
    }
  }
  if (args.sorting?.length) {
    params.set("_sort", args.sorting.map((s) => s.field).join(","));
    params.set("_order", args.sorting.map((s) => s.direction).join(","));
  }
  const { limit, offset } = args.paging ?? {};
  if (offset !== undefined && offset !== null) {
    if (offset < 0) throw bad("paging.offset must be 0 or more");
  }
  if (limit !== undefined && limit !== null && limit !== NO_LIMIT) {
    if (limit < 0) throw bad("paging.limit must be 0 or more");
    const start = offset ?? 0;
    params.set("_start", String(start));
    params.set("_end", String(start + limit));
  } else if (offset) params.set("_start", String(offset));
  return params.toString();
}
