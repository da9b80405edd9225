/**
 * CSV export: one column per field the role may read, money in dollars (12.34), dates
 * as stored (ISO 8601), references as the id plus the referenced record's label. Pure: the
 * export hook pages the rows in through the data provider and hands them here.
 */
import { centsToDollars } from "../../domain/format";
import type { NamedField } from "./entity-view";

export interface CsvColumn {
  header: string;
  value: (row: Record<string, unknown>) => unknown;
}

/** Ids of records pointed at → their label, per reference field name. */
export type ReferenceLabels = Record<string, Map<number, string>>;

/** Field types that do not fit one cell (order lines, audit changes, secrets). */
const NOT_EXPORTED = new Set(["items", "json", "password", "rules"]);

export function csvColumns(fields: NamedField[], labels: ReferenceLabels = {}): CsvColumn[] {
  const out: CsvColumn[] = [];
  for (const [name, field] of fields) {
    if (NOT_EXPORTED.has(field.type)) continue;
    if (field.type === "money") {
      out.push({ header: field.label, value: (row) => (typeof row[name] === "number" ? centsToDollars(row[name] as number).toFixed(2) : "") });
    } else if (field.type === "reference") {
      // The id is what a re-import or a join needs; the label is what a reader needs.
      out.push({ header: `${field.label} ID`, value: (row) => row[name] });
      out.push({ header: field.label, value: (row) => (typeof row[name] === "number" ? labels[name]?.get(row[name] as number) : undefined) });
    } else {
      out.push({ header: field.label, value: (row) => row[name] });
    }
  }
  return out;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ as a formula (CSV injection, OWASP). Such
 * text is prefixed with ' unless it is plainly a number or a phone number.
 */
function neutralize(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text)) return text;
  if (/^[+-][0-9 ().-]*$/.test(text)) return text;
  return `'${text}`;
}

function cell(value: unknown): string {
  if (value === undefined || value === null) return "";
  const text = neutralize(typeof value === "object" ? JSON.stringify(value) : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180: comma-separated, CRLF line ends, fields quoted when they hold a comma, quote or line break. */
export function toCsv(columns: CsvColumn[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => cell(c.value(row))).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
