/**
 * An uploaded spreadsheet (CSV text or an .xlsx workbook's first sheet) as a header row and data
 * rows of strings, numbered as the file numbers them. Whatever makes the whole file unusable is
 * refused here, before any row is looked at.
 */
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { IMPORT_MAX_ROWS } from "../../domain/constants";
import { AppError } from "../../domain/errors";

export type SheetKind = "csv" | "xlsx";

export interface Sheet {
  /** The header row's cells, trimmed; one per column. */
  headers: string[];
  /** Non-empty data rows; `row` is the file's row number (the header is row 1), `cells` one per header. */
  rows: { row: number; cells: string[] }[];
  /** The CSV's separator: a `;` file writes decimals with a comma. Absent for .xlsx, whose numbers are numbers. */
  separator?: ";" | ",";
}

const refuse = (message: string): never => {
  throw new AppError("VALIDATION_FAILED", message, { file: [message] });
};

const TOO_MANY_ROWS = `The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en-US")} rows; split it into smaller files`;

export async function readSheet(body: Buffer, kind: SheetKind): Promise<Sheet> {
  if (body.length === 0) refuse("The file is empty");
  return kind === "xlsx" ? readXlsx(body) : readCsv(body);
}

/** Enough of the start to tell text from a binary file; binary formats show a NUL byte early. */
const SNIFF_BYTES = 8192;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const utf8 = new TextDecoder("utf-8", { fatal: true });

function decodeCsv(body: Buffer): string {
  if (body.subarray(0, 4).equals(ZIP_MAGIC)) refuse("This is an .xlsx (or zip) file, not a CSV file: upload it as .xlsx or save it as CSV");
  if ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff)) refuse("The file is UTF-16 text: save it as CSV UTF-8");
  if (body.subarray(0, SNIFF_BYTES).includes(0)) refuse("The file is not a CSV text file");
  try {
    // The decoder drops a UTF-8 BOM itself.
    return utf8.decode(body);
  } catch {
    return refuse("The file is not UTF-8 text: save it as CSV UTF-8");
  }
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/** Trimmed; trailing cells without a header ("Name,Email,") are no columns at all. */
function headerRow(cells: string[]): string[] {
  const headers = cells.map((c) => c.trim());
  while (headers.length && headers[headers.length - 1] === "") headers.pop();
  return headers;
}

/** The header's width decides the row's: missing cells are empty, cells past the last header have no column to go to. */
function fit(cells: string[], width: number): string[] {
  if (cells.length === width) return cells;
  if (cells.length > width) return cells.slice(0, width);
  return cells.concat(Array<string>(width - cells.length).fill(""));
}

function readCsv(body: Buffer): Sheet {
  const text = decodeCsv(body);
  if (text.trim() === "") refuse("The file is empty");

  // Set from papaparse's callback, which control-flow analysis does not follow.
  let headers = null as string[] | null;
  const rows: Sheet["rows"] = [];
  let line = 0;
  let failure = null as string | null;

  const separator = guessSeparator(text);
  Papa.parse<string[]>(text, {
    delimiter: separator,
    step: (step, parser) => {
      line += 1;
      const cells = step.data;
      if (step.errors.some((e) => e.code === "MissingQuotes")) {
        failure = `Row ${line} opens a quote (") that is never closed`;
        parser.abort();
        return;
      }
      if (isBlank(cells)) return;
      if (!headers) {
        headers = headerRow(cells);
        return;
      }
      if (rows.length === IMPORT_MAX_ROWS) {
        failure = TOO_MANY_ROWS;
        parser.abort();
        return;
      }
      rows.push({ row: line, cells: fit(cells, headers.length) });
    },
  });
  if (failure) refuse(failure);
  if (!headers) return refuse("The file has no header row");
  checkHeaders(headers);
  return { headers, rows, separator };
}

/**
 * The header row decides: papaparse's own guess weighs the data rows too, where a comma in
 * "Ada, Countess" or "12,50" outvotes the `;` a Spanish spreadsheet writes between columns.
 */
function guessSeparator(text: string): ";" | "," {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (c === ",") commas++;
    else if (c === ";") semicolons++;
    else if ((c === "\n" || c === "\r") && commas + semicolons > 0) break;
  }
  return semicolons > commas ? ";" : ",";
}

async function readXlsx(body: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(body as unknown as ArrayBuffer);
  } catch {
    refuse("The file is not a readable .xlsx workbook");
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return refuse("The workbook has no sheet");

  let headers: string[] | null = null;
  const rows: Sheet["rows"] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.findRow(r);
    if (!row || !row.hasValues) continue;
    if (!headers) {
      const cells: string[] = [];
      for (let c = 1; c <= row.cellCount; c++) cells.push(cellText(row.getCell(c)));
      if (!isBlank(cells)) headers = headerRow(cells);
      continue;
    }
    const cells: string[] = [];
    for (let c = 1; c <= headers.length; c++) cells.push(cellText(row.getCell(c)));
    if (isBlank(cells)) continue;
    if (rows.length === IMPORT_MAX_ROWS) refuse(TOO_MANY_ROWS);
    rows.push({ row: r, cells });
  }
  if (!headers) return refuse("The sheet has no header row");
  checkHeaders(headers);
  return { headers, rows };
}

/** A header as a person reads it: "E-mail " and "email" are not the same column, "Email" and " email" are. */
const headerKey = (header: string) => header.toLowerCase().replace(/\s+/g, " ").trim();

function checkHeaders(headers: readonly string[]) {
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const header of headers) {
    const key = headerKey(header);
    if (!key) continue;
    if (seen.has(key) && !twice.some((t) => headerKey(t) === key)) twice.push(header);
    seen.add(key);
  }
  if (twice.length === 1) refuse(`The column "${twice[0]}" appears twice in the header row`);
  if (twice.length > 1) refuse(`The columns ${twice.map((h) => `"${h}"`).join(", ")} appear twice in the header row`);
}

/** Midnight UTC is how Excel's day-only dates arrive; those read as the day alone. */
function dateText(d: Date): string {
  if (Number.isNaN(d.getTime())) return "";
  const iso = d.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

function valueText(value: unknown, formula?: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  // Excel shows at most 15 significant digits: 0.1 + 0.2 is 0.3 on screen, and so here.
  if (typeof value === "number") return String(Number(value.toPrecision(15)));
  if (typeof value === "boolean") return value ? "true" : "false";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "object") {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as { text?: string }[]).map((run) => run.text ?? "").join("");
    if ("formula" in v || "sharedFormula" in v) {
      if (v.result !== undefined && v.result !== null) return valueText(v.result);
      const f = formula ?? String(v.formula ?? v.sharedFormula ?? "");
      return f ? `=${f}` : "";
    }
    if ("hyperlink" in v) return valueText(v.text ?? v.hyperlink);
    if (typeof v.error === "string") return v.error;
    if ("text" in v) return valueText(v.text);
  }
  return String(value);
}

function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value !== null && typeof value === "object" && ("formula" in value || "sharedFormula" in value)) return valueText(value, cell.formula || undefined);
  return valueText(value);
}
