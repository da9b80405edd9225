/**
 * The vocabulary entity definitions are written in. A definition is plain data: the server
 * derives its zod schemas and allow-lists from it, the app its columns, filters and inputs.
 */
export type FieldType =
  | "text" // one line of text
  | "longtext" // multi-line text
  | "email"
  | "enum"
  | "boolean"
  | "integer"
  | "money" // integer cents
  | "datetime" // ISO 8601 string
  | "reference" // integer id of a record of `reference`
  | "password" // write-only secret, never stored on the record itself
  | "items" // order lines
  | "rules" // a role's rules (src/domain/roles)
  | "json" // structured, read-only (audit changes)
  | "query"; // a saved view's filters, sort, page size and columns (src/domain/views.ts)

/** Who writes a field: the client on create and update, only on create, or only the server. */
export type WriteMode = "always" | "create" | "never";

export interface FieldDef {
  type: FieldType;
  label: string;
  /** Must be present (non-empty) on create. */
  required?: boolean;
  /** Length bounds for text, value bounds for numbers. */
  min?: number;
  max?: number;
  pattern?: RegExp;
  patternMessage?: string;
  options?: readonly string[];
  /**
   * For an `enum` changed by update along a lifecycle (a product's status): from each value, the
   * values it may go to. The server refuses other moves; the edit form offers only these.
   */
  transitions?: Readonly<Record<string, readonly string[]>>;
  /**
   * For an `enum` whose values are the `key`s of another resource's records (a staff member's
   * role): the options are those records, not a fixed list.
   */
  optionsFrom?: { resource: string; field: string };
  /** For `reference`: the resource pointed at. */
  reference?: string;
  /**
   * For `reference`: what the record pointed at must also be, as equalities (an array means any
   * of). The server refuses other targets; the app can filter its picker with the same values.
   */
  referenceWhere?: Record<string, string | number | boolean | readonly (string | number | boolean)[]>;
  /** The field error when `referenceWhere` is not met. */
  referenceMessage?: string;
  /** Unique within the resource, compared case-insensitively. */
  unique?: boolean;
  /** Stored lower-case (emails). */
  lowercase?: boolean;
  write: WriteMode;
  /** For a server-managed `reference` to staff: set on create to whoever creates the record (a saved view's owner). */
  creator?: boolean;
  /** Value the server fills in on create when the client sends none. */
  defaultValue?: unknown;
  /** Shown as a list column; a shown enum, reference, date or number column also gets a filter. */
  column?: boolean;
  /** Searched by `q`; for a reference, q searches the label of the record it points at. */
  search?: boolean;
  /** Shown on the show page and accepted in filters; false only for write-only secrets. */
  readable?: boolean;
  help?: string;
}

export interface RelatedList {
  resource: string;
  /** The field of `resource` that points back at this record. */
  field: string;
  label: string;
  /** The record page offers a new one of these with this record in `field` (a customer's "New order"). */
  startHere?: boolean;
}

export interface EntityDef<Name extends string = string> {
  name: Name;
  label: string;
  singular: string;
  /** An @ant-design/icons name, resolved by the app. */
  icon: string;
  /** The field that names a record in references, titles and pickers. */
  recordLabel: string;
  fields: Record<string, FieldDef>;
  list: {
    defaultSort: { field: string; order: "asc" | "desc" };
    /** System fields shown as columns too, after the own ones (and so filtered). */
    systemColumns?: readonly ("createdAt" | "updatedAt")[];
  };
  related?: RelatedList[];
  /** false: not a list of its own in the menu and the palette (saved views are kept from each list's views menu). */
  menu?: boolean;
  /** Records can be brought in from a spreadsheet (POST /api/<name>/import). */
  importable?: boolean;
  /** Append-only resources refuse every write through the generic API. */
  readOnly?: boolean;
  /** A view the app renders instead of the generic one. */
  overrides?: { show?: string; create?: string; edit?: string };
}

/** Fields every record carries, all server-managed. */
export const SYSTEM_FIELDS: Record<string, FieldDef> = {
  id: { type: "integer", label: "ID", write: "never", column: false },
  createdAt: { type: "datetime", label: "Created", write: "never" },
  updatedAt: { type: "datetime", label: "Updated", write: "never" },
  version: { type: "integer", label: "Version", write: "never" },
};

export const isNumeric = (f: FieldDef) => f.type === "integer" || f.type === "money";
export const isTextual = (f: FieldDef) => f.type === "text" || f.type === "longtext" || f.type === "email";
