/**
 * Rows into PostgreSQL with COPY … FROM STDIN (text format), through pg-copy-streams: the way to
 * load millions of rows in minutes, where INSERTs would take an hour.
 *
 * Text format (https://www.postgresql.org/docs/current/sql-copy.html): one line per row, columns
 * separated by a tab, NULL as \N, and backslash escapes for the characters that would end a
 * column or a line. Objects and arrays (jsonb columns) go as their JSON text, escaped the same way.
 */
import { once } from "node:events";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** One value as COPY's text format reads it. */
export function copyValue(value: unknown): string {
  if (value === null || value === undefined) return "\\N";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`cannot COPY the number ${value}`);
    return String(value);
  }
  if (typeof value === "bigint") return value.toString();
  const text = typeof value === "string" ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return escapeText(text);
}

const ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };
// The other control characters are taken as they are; only these four end a column or a row.
const escapeText = (text: string) => text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]);

/** One row, its values in column order, as a COPY line (with its newline). */
export const copyLine = (values: readonly unknown[]) => `${values.map(copyValue).join("\t")}\n`;

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * COPY `rows` into `table` (columns by name, each row's fields by the same names; a missing
 * field is NULL). Lines are sent in chunks of about 256 kB, waiting whenever the connection's
 * buffer is full, so a generator of a million rows streams through without piling up in memory.
 * @returns the number of rows sent
 */
export async function copyRows(client: pg.ClientBase, table: string, columns: readonly string[], rows: Iterable<Record<string, unknown>>): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(", ")}) FROM STDIN`));
  let failed: Error | null = null;
  stream.on("error", (err: Error) => (failed = err));
  let chunk = "";
  let count = 0;
  const send = async () => {
    if (failed) throw failed;
    if (!stream.write(chunk)) await Promise.race([once(stream, "drain"), once(stream, "error")]);
    chunk = "";
  };
  try {
    for (const row of rows) {
      chunk += copyLine(columns.map((c) => row[c]));
      count++;
      if (chunk.length >= 1 << 18) await send();
    }
    if (chunk) await send();
    stream.end();
    await Promise.race([once(stream, "finish"), once(stream, "error")]);
  } catch (err) {
    stream.destroy(err as Error);
    throw err;
  }
  if (failed) throw failed;
  return count;
}
