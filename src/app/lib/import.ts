/**
 * Importing a file into a list (customers, products, categories): which lists take one, which
 * fields a role may fill from it, the template's header line, and the report the server answers
 * with. Pure: the import screen (components/import) sends the file and shows the report.
 */
import { IMPORT_MAX_BYTES } from "../../domain/constants";
import type { ResourceName } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import { canDo, permittedFields, type AppAbility } from "../../domain/policy";
import { fixedCreateValues, type NamedField } from "./entity-view";
import { toCsv } from "./csv";

/** Field types a spreadsheet cell cannot hold (order lines, structured values, secrets). */
const NOT_IMPORTED = new Set(["items", "json", "password", "rules", "query"]);

/** Whether this role gets the Import button and screen for this list (the definition says it takes a file): importing mostly creates. */
export const mayImport = (def: EntityDef, ability: AppAbility) => !!def.importable && !def.readOnly && canDo(ability, "create", def.name as ResourceName);

const cellFields = (def: EntityDef, allowed: Set<string>): NamedField[] =>
  Object.entries(def.fields).filter(([name, f]) => f.write !== "never" && !NOT_IMPORTED.has(f.type) && allowed.has(name));

/**
 * The template's columns: what this role may fill in on a new record, less what the policy pins
 * for it (an agent's customers are their own, whatever a cell would say).
 */
export function templateFields(def: EntityDef, ability: AppAbility): NamedField[] {
  const pinned = fixedCreateValues(def, ability);
  const allowed = new Set(permittedFields(ability, "create", def.name as ResourceName).filter((name) => !(name in pinned)));
  return cellFields(def, allowed);
}

/** What a column of the file may be matched to: any field this role may write on create or on update. */
export function columnChoices(def: EntityDef, ability: AppAbility): NamedField[] {
  const resource = def.name as ResourceName;
  return cellFields(def, new Set([...permittedFields(ability, "create", resource), ...permittedFields(ability, "update", resource)]));
}

/** The template: the header line alone, labelled in the reader's language (the server reads either). */
export const templateCsv = (labels: readonly string[]) =>
  toCsv(
    labels.map((header) => ({ header, value: () => undefined })),
    [],
  );

export type FileKind = "csv" | "xlsx";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const ACCEPT = ".csv,.xlsx";

/** What a chosen file is, by its name's ending (browsers type a CSV file differently on each system). */
export function fileKind(name: string): FileKind | null {
  const ending = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  return ending === "csv" ? "csv" : ending === "xlsx" ? "xlsx" : null;
}

export const contentType = (kind: FileKind) => (kind === "csv" ? "text/csv" : XLSX_TYPE);

/** Why a file is refused before it is sent, or null when it may go. */
export function refusal(file: { name: string; size: number }): "type" | "size" | null {
  if (!fileKind(file.name)) return "type";
  return file.size > IMPORT_MAX_BYTES ? "size" : null;
}

export type RowAction = "create" | "update" | "unchanged" | "error";

export interface ReportRow {
  /** The spreadsheet's row number: the header is row 1. */
  row: number;
  action: RowAction;
  id?: number;
  changes?: Record<string, { from?: unknown; to?: unknown }>;
  /** By field name; `row` for the row as a whole. */
  errors?: Record<string, string[]>;
}

export interface ImportReport {
  importId: string;
  dryRun: boolean;
  counts: Record<RowAction, number>;
  columns: { header: string; field: string | null }[];
  ignored: { header: string; reason: string }[];
  rows: ReportRow[];
}

export const isReport = (value: unknown): value is ImportReport =>
  typeof value === "object" && value !== null && "counts" in value && Array.isArray((value as ImportReport).rows);

/** The query of one call: `columns` says, in the file's order, where each column goes ("" ignores it). */
export function importParams(options: { dryRun: boolean; skipInvalid?: boolean; columns?: readonly (string | null)[] }): Record<string, string> {
  const params: Record<string, string> = { dryRun: String(options.dryRun) };
  if (options.skipInvalid) params.skipInvalid = "true";
  if (options.columns) params.columns = options.columns.map((f) => f ?? "").join(",");
  return params;
}

/** The rows a real import would write now: errors count only when they are skipped. */
export const rowsToWrite = (counts: ImportReport["counts"]) => counts.create + counts.update;
