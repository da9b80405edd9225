/**
 * "Restore this version": what a record's values were just after one of its audit
 * events, worked out from the record as it is now and the events since, the way the server does
 * it (src/server/trash.ts, revert), so the difference can be shown before anything is sent.
 */
import type { NamedField } from "./entity-view";
import { sameValue } from "./payload";

type Values = Record<string, unknown>;

/** The events a record's values can be taken back to; the others (delete, purge) are no version. */
export const REVISION_ACTIONS: readonly string[] = ["create", "update", "transition", "restore"];
export const isRevision = (action: unknown) => typeof action === "string" && REVISION_ACTIONS.includes(action);

export interface EventLike {
  id?: unknown;
  action?: unknown;
  changes?: unknown;
  revertOf?: unknown;
}

type Change = { from?: unknown; to?: unknown };
const changesOf = (event: EventLike): Record<string, Change> =>
  event.changes && typeof event.changes === "object" && !Array.isArray(event.changes) ? (event.changes as Record<string, Change>) : {};

/**
 * The values just after event `eventId`: the record now, each later change undone, newest first.
 * `events` are the record's events as the reader sees them (any order); those the reader may not
 * see a field of say nothing about it, and that field keeps its value here.
 */
export function valuesAfter(current: Values, events: readonly EventLike[], eventId: number): Values {
  const later = events.filter((e) => Number(e.id) > eventId).sort((a, b) => Number(b.id) - Number(a.id));
  const then: Values = { ...current };
  for (const e of later)
    for (const [field, change] of Object.entries(changesOf(e))) if (change && typeof change === "object" && "from" in change) then[field] = change.from ?? null;
  return then;
}

/** Whether any event came after this one: the newest is the version the record is in now. */
export const isLatest = (events: readonly EventLike[], eventId: number) => !events.some((e) => Number(e.id) > eventId);

export interface RevisionRow {
  name: string;
  label: string;
  /** The value now. */
  now: unknown;
  /** The value in that version. */
  then: unknown;
  /** The reader may not change this field: restoring leaves it as it is. */
  stays: boolean;
}

/**
 * Field by field, what restoring that version would change: the fields the reader may see that a
 * client writes, where that version differs from now. `mayWrite` is the policy's answer for this
 * record; a field it refuses is listed too, marked as staying.
 */
export function revisionRows(fields: readonly NamedField[], now: Values, then: Values, mayWrite: (name: string) => boolean): RevisionRow[] {
  const rows: RevisionRow[] = [];
  for (const [name, field] of fields) {
    if (field.write !== "always" || field.type === "password" || !(name in then)) continue;
    if (sameValue(now[name], then[name])) continue;
    rows.push({ name, label: field.label, now: now[name], then: then[name], stays: !mayWrite(name) });
  }
  return rows;
}
