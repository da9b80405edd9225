import { writableLines } from "../../domain/order-lines";
import type { FormMode, NamedField } from "./entity-view";

type Values = Record<string, unknown>;

const blank = (v: unknown) => v === undefined || v === null || v === "";
/** Equal as a form sees it: absent, null and empty text are the same nothing. */
export const sameValue = (a: unknown, b: unknown) => (blank(a) && blank(b)) || JSON.stringify(a) === JSON.stringify(b);

/**
 * The body of a write: only the form's own fields. On create, what was filled in; on edit, only
 * what changed (a cleared optional field as null) plus the record's `version`. An empty password
 * on edit means "keep it"; order lines go without the unitPrice the form shows them with.
 */
export function toPayload(fields: NamedField[], values: Values, mode: FormMode, record?: Values): Values {
  const out: Values = {};
  for (const [name, field] of fields) {
    const value = field.type === "items" ? writableLines(values[name]) : values[name];
    if (field.type === "password" && blank(value)) continue;
    if (mode === "create") {
      if (!blank(value)) out[name] = value;
    } else if (!sameValue(value, field.type === "items" ? writableLines(record?.[name]) : record?.[name])) {
      out[name] = blank(value) ? null : value;
    }
  }
  if (mode === "edit") out.version = record?.version;
  return out;
}
