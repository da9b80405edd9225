/**
 * What a version conflict is about, field by field: what the record was when the form opened
 * (base), what the other person saved (theirs), and what this form holds (mine). Nothing is
 * decided here; the dialog shows it and the operator chooses.
 */
import type { NamedField } from "./entity-view";
import { sameValue } from "./payload";

type Values = Record<string, unknown>;

export interface ConflictRow {
  name: string;
  label: string;
  base: unknown;
  theirs: unknown;
  mine: unknown;
  theyChanged: boolean;
  iChanged: boolean;
  /** Both changed it, to different values: overwriting replaces theirs with mine. */
  clash: boolean;
}

export function conflictRows(fields: NamedField[], base: Values, theirs: Values, mine: Values): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const [name, field] of fields) {
    if (field.type === "items" || field.type === "password") continue;
    const theyChanged = !sameValue(base[name], theirs[name]);
    const iChanged = !sameValue(base[name], mine[name]);
    if (!theyChanged && !iChanged) continue;
    rows.push({
      name,
      label: field.label,
      base: base[name],
      theirs: theirs[name],
      mine: mine[name],
      theyChanged,
      iChanged,
      clash: theyChanged && iChanged && !sameValue(theirs[name], mine[name]),
    });
  }
  return rows;
}
