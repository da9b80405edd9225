/**
 * A person's columns and saved views on top of what a list may show: the definition and the
 * role give the columns (columnFields), the person picks which of them show and in what order,
 * and a view stores that with the list's filters, sort and page size.
 */
import type { CrudFilter, CrudSort, LogicalFilter } from "@refinedev/core";
import { PAGE_SIZES } from "../../domain/constants";
import type { ViewQuery } from "../../domain/views";
import type { NamedField } from "./entity-view";

export interface ColumnChoice {
  name: string;
  visible: boolean;
}

/**
 * Every column the list may show, in the person's order, each visible or not. Names no longer
 * readable are dropped; the others are hidden (all shown while nothing is chosen).
 * `locked` (the record's label) always shows.
 */
export function arrangeColumns(fields: readonly NamedField[], chosen: readonly string[] | undefined, locked?: string): ColumnChoice[] {
  const names = fields.map(([name]) => name);
  if (!chosen?.length) return names.map((name) => ({ name, visible: true }));
  const known = new Set(names);
  const picked = [...new Set(chosen.filter((name) => known.has(name)))];
  if (!picked.length) return names.map((name) => ({ name, visible: true }));
  const shown = new Set(picked);
  // The label column goes where the definition puts it among the chosen ones, not at the end.
  if (locked && known.has(locked) && !shown.has(locked)) {
    const at = names.indexOf(locked);
    const before = picked.findIndex((name) => names.indexOf(name) > at);
    picked.splice(before === -1 ? picked.length : before, 0, locked);
    shown.add(locked);
  }
  // A hidden column waits after the one the definition puts before it: shown again, it comes back there.
  const out: ColumnChoice[] = picked.map((name) => ({ name, visible: true }));
  names.forEach((name, i) => {
    if (shown.has(name)) return;
    const after = i === 0 ? -1 : out.findIndex((c) => c.name === names[i - 1]);
    out.splice(after + 1, 0, { name, visible: false });
  });
  return out;
}

/** The fields to show as columns, in order. */
export function shownFields(fields: readonly NamedField[], chosen: readonly string[] | undefined, locked?: string): NamedField[] {
  const byName = new Map(fields);
  return arrangeColumns(fields, chosen, locked)
    .filter((c) => c.visible)
    .map((c): NamedField => [c.name, byName.get(c.name)!]);
}

/** The visible names of an arrangement: what is saved. */
export const visibleNames = (choices: readonly ColumnChoice[]) => choices.filter((c) => c.visible).map((c) => c.name);

/** Moves one column up (-1) or down (+1) in the arrangement. */
export function moveColumn(choices: readonly ColumnChoice[], name: string, by: -1 | 1): ColumnChoice[] {
  const from = choices.findIndex((c) => c.name === name);
  const to = from + by;
  if (from === -1 || to < 0 || to >= choices.length) return [...choices];
  const next = [...choices];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

const isEmpty = (v: unknown) => v === undefined || v === "" || (Array.isArray(v) && v.length === 0);

/** What a list shows now, as a view's query: only filters that hold a value, and no logical (or/and) ones. */
export function queryOf(state: { filters: readonly CrudFilter[]; sorters: readonly CrudSort[]; pageSize: number; columns: readonly string[] }): ViewQuery {
  const filters = state.filters
    .filter((f): f is LogicalFilter => "field" in f && !isEmpty(f.value))
    .map((f) => ({ field: f.field, operator: f.operator, value: f.value })) as NonNullable<ViewQuery["filters"]>;
  return {
    filters,
    sorters: state.sorters.map((s) => ({ field: s.field, order: s.order })),
    ...((PAGE_SIZES as readonly number[]).includes(state.pageSize) ? { pageSize: state.pageSize } : {}),
    columns: [...state.columns],
  };
}
