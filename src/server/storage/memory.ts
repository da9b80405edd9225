/**
 * A list plan and a row scope run over arrays: the JSON store's way of answering them (and the
 * meaning PostgreSQL's compiled SQL must match: tests/api run on both).
 */
import type { Row } from "../db-shape";
import type { Condition, Filter, ListPlan, RowScope, Scalar } from "./types";

const present = (v: unknown) => v !== undefined && v !== null;

/** CASL's meaning of a condition on scalar fields: equality, $in, $ne (a missing value is "not equal"). */
export const conditionHolds = (c: Condition, row: Row) =>
  Object.entries(c).every(([k, v]) => {
    if (v !== null && typeof v === "object") return "$in" in v ? v.$in.includes(row[k] as Scalar) : row[k] !== v.$ne;
    return row[k] === v;
  });

export const inScope = (scope: RowScope, row: Row) =>
  scope === null || (scope.anyOf.some((c) => conditionHolds(c, row)) && !scope.noneOf.some((c) => conditionHolds(c, row)));

export function filterMatches({ field, op, values }: Filter, row: Row): boolean {
  const value = values[0];
  const x = row[field];
  switch (op) {
    case "eq":
      return values.some((v) => x === v);
    case "ne":
      return x !== value;
    case "gte":
      return present(x) && (x as Scalar) >= value;
    case "lte":
      return present(x) && (x as Scalar) <= value;
    case "like":
      // A literal, case-insensitive substring: never a regular expression.
      return (
        present(x) &&
        String(x)
          .toLowerCase()
          .includes(value as string)
      );
  }
}

/**
 * A row test for the plan's filters and q. `labelMatches` answers, per searched reference, the
 * ids of the records whose label contains q (as the reader sees them).
 */
export function planMatcher(plan: ListPlan, labelMatches: (target: NonNullable<ListPlan["search"]>["references"][number]["target"]) => Set<number>) {
  const search = plan.search;
  const refs = search ? search.references.map((r) => ({ field: r.field, ids: labelMatches(r.target) })) : [];
  return (row: Row) => {
    if (!plan.filters.every((f) => filterMatches(f, row))) return false;
    if (!search) return true;
    const q = search.q;
    return search.fields.some((f) => present(row[f]) && String(row[f]).toLowerCase().includes(q)) || refs.some((r) => r.ids.has(row[r.field] as number));
  };
}
