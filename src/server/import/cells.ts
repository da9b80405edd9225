/**
 * One imported cell's text as the value its field stores, read the way a person writes it in a
 * spreadsheet: dollars, labels instead of option values, yes/no. Range and format rules are not
 * checked here: the record's own validation does that, the same as for any write.
 */
import type { ResourceName } from "../../domain/entities";
import { SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../../domain/fields";
import { NOT_IMPORTABLE } from "./columns";
import { esField, humanize, matchKey } from "./labels";

export type CellResult = { value: unknown } | { error: string } | { empty: true } | { reference: string };

/** The field a row is matched on when it has no id: an existing record with this value is updated. */
export const UNIQUE_KEY: Partial<Record<ResourceName, string>> = { customers: "email", products: "sku", categories: "name" };

/** The field of a referenced resource that a reference written as a label is looked up by. */
export const REFERENCE_LOOKUP: Record<string, string> = { staff: "email", categories: "name", customers: "email", products: "sku" };

const EMPTY: CellResult = { empty: true };

export function cellValue(def: EntityDef, field: string, text: string, separator?: ";" | ","): CellResult {
  const f = field === "id" ? SYSTEM_FIELDS.id : def.fields[field];
  if (!f) throw new Error(`${def.name} has no field ${field}`);
  let t = text.trim();
  if (t === "") return EMPTY;
  // Our export writes ' before text a spreadsheet would run as a formula; the text is what was meant.
  if (t.charCodeAt(0) === 39 && /^'[=+\-@\t\r]/.test(t)) t = t.slice(1);

  if (field === "id") return positiveId(t) ?? { error: "Not an id (a positive whole number)" };
  if (f.write === "never") return { error: "Set by the server" };
  if (NOT_IMPORTABLE.has(f.type)) return { error: "Cannot be imported" };

  switch (f.type) {
    case "text":
    case "longtext":
      return { value: t };
    case "email":
      return { value: f.lowercase ? t.toLowerCase() : t };
    case "money": {
      const cents = dollarsToCents(t, separator);
      return cents === null ? { error: "Not a number of dollars with at most 2 decimals" } : { value: cents };
    }
    case "integer":
      return /^[+-]?\d+$/.test(t) && Number.isSafeInteger(Number(t)) ? { value: Number(t) } : { error: "Not a whole number" };
    case "boolean": {
      const b = BOOLEANS.get(t.toLowerCase());
      return b === undefined ? { error: "Not one of: true, false, yes, no" } : { value: b };
    }
    case "enum":
      return enumValue(def, field, f, t);
    case "reference":
      return positiveId(t) ?? (/^\d+$/.test(t) ? { error: "Not an id (a positive whole number)" } : { reference: t });
    case "datetime":
      return { error: "Set by the server" };
    default:
      return { error: "Cannot be imported" };
  }
}

function positiveId(t: string): { value: number } | null {
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? { value: n } : null;
}

const BOOLEANS = new Map<string, boolean>([
  ...["true", "yes", "sí", "si", "1", "verdadero"].map((w) => [w, true] as const),
  ...["false", "no", "0", "falso"].map((w) => [w, false] as const),
]);

const GROUPED = { ",": /^\d{1,3}(?:,\d{3})+$/, ".": /^\d{1,3}(?:\.\d{3})+$/ };
const MONEY = /^([+-]?)\s*(?:US\$|\$)?\s*([+-]?)\s*([0-9.,]+)\s*(?:US\$|\$|USD)?$/;

/**
 * "12.50", "$1,234.50", "-12.5" → cents, by string arithmetic (no float drift). In a `;` file a
 * lone comma is the decimal mark ("12,50"); where both marks appear, the last one is. Groups of
 * thousands must be groups of three, so "12,50" in a `,` file is refused, not read as 1250.
 */
function dollarsToCents(t: string, separator?: ";" | ","): number | null {
  const m = MONEY.exec(t);
  if (!m || (m[1] && m[2])) return null;
  const negative = (m[1] || m[2]) === "-";
  const number = m[3];
  const comma = number.lastIndexOf(",");
  const dot = number.lastIndexOf(".");
  let decimal: "." | "," | null;
  if (comma >= 0 && dot >= 0) decimal = comma > dot ? "," : ".";
  else if (comma >= 0) decimal = separator === ";" ? "," : null;
  else decimal = dot >= 0 ? "." : null;

  const cut = decimal ? number.lastIndexOf(decimal) : -1;
  const whole = cut >= 0 ? number.slice(0, cut) : number;
  const fraction = cut >= 0 ? number.slice(cut + 1) : "";
  if (cut >= 0 && !/^\d{1,2}$/.test(fraction)) return null;
  const group = decimal === "," ? "." : ",";
  let digits: string;
  if (/^\d*$/.test(whole)) digits = whole;
  else if (GROUPED[group].test(whole)) digits = whole.split(group).join("");
  else return null;
  if (digits === "" && fraction === "") return null;

  const cents = Number(digits || "0") * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** Per enum field: every word that names an option (value, English label, Spanish label) → the option. */
const optionIndexes = new WeakMap<FieldDef, Map<string, string>>();

function optionIndex(def: EntityDef, field: string, f: FieldDef): Map<string, string> {
  const cached = optionIndexes.get(f);
  if (cached) return cached;
  const options = f.options ?? [];
  const es = esField(def.name, field)?.options ?? {};
  const index = new Map<string, string>();
  // A value outranks a label that happens to spell another option's value.
  for (const naming of [(o: string) => o, humanize, (o: string) => es[o]])
    for (const option of options) {
      const word = naming(option);
      if (word && !index.has(matchKey(word))) index.set(matchKey(word), option);
    }
  optionIndexes.set(f, index);
  return index;
}

function enumValue(def: EntityDef, field: string, f: FieldDef, t: string): CellResult {
  // Options that are another resource's records (a staff member's role) are checked against them by the service.
  if (f.optionsFrom) return { value: t.toLowerCase() };
  const option = optionIndex(def, field, f).get(matchKey(t));
  return option === undefined ? { error: `Not one of: ${(f.options ?? []).join(", ")}` } : { value: option };
}
