/**
 * Which field each column of an imported file goes to: matched from its header (a field's name,
 * its label in English or Spanish, "Owner ID" as our CSV export writes it), or as the importer
 * chose (`columns=`). Columns that go nowhere are listed with the reason.
 */
import { AppError } from "../../domain/errors";
import { SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../../domain/fields";
import { esField, matchKey } from "./labels";

export interface ColumnMatch {
  columns: { header: string; field: string | null }[];
  ignored: { header: string; reason: string }[];
}

/** Field types that do not fit one cell (order lines, audit changes, role rules, secrets). */
export const NOT_IMPORTABLE = new Set<FieldDef["type"]>(["items", "json", "password", "rules"]);

/**
 * What a header names. `byId`: the column holds a reference's ids (our export's "Owner ID"),
 * which outranks the same reference's label column ("Owner") when a file has both.
 */
type Target = { field: string; byId: boolean } | { refused: string };

const SERVER_SET = "Set by the server";
const NOT_IMPORTED = "Cannot be imported";

const indexes = new WeakMap<EntityDef, Map<string, Target>>();

function headerIndex(def: EntityDef): Map<string, Target> {
  const cached = indexes.get(def);
  if (cached) return cached;
  const index = new Map<string, Target>();
  // The first word to claim a key keeps it: names, then id forms, then labels, then system fields.
  const add = (word: string | undefined, target: Target) => {
    const key = word ? matchKey(word) : "";
    if (key && !index.has(key)) index.set(key, target);
  };
  const fields = Object.entries(def.fields);
  const refusal = (f: FieldDef) => (f.write === "never" ? SERVER_SET : NOT_IMPORTABLE.has(f.type) ? NOT_IMPORTED : null);

  add("id", { field: "id", byId: true });
  for (const [name, f] of fields) {
    const refused = refusal(f);
    add(name, refused ? { refused } : { field: name, byId: f.type === "reference" });
  }
  for (const [name, f] of fields) {
    if (f.type !== "reference" || refusal(f)) continue;
    const es = esField(def.name, name)?.label;
    add(`${f.label} ID`, { field: name, byId: true });
    if (es) for (const word of [`ID de ${es}`, `ID del ${es}`, `${es} ID`]) add(word, { field: name, byId: true });
  }
  for (const [name, f] of fields) {
    const refused = refusal(f);
    const target = refused ? { refused } : { field: name, byId: false };
    add(f.label, target);
    add(esField(def.name, name)?.label, target);
  }
  for (const name of ["createdAt", "updatedAt", "version"]) {
    for (const word of [name, SYSTEM_FIELDS[name].label, esField(def.name, name)?.label]) add(word, { refused: SERVER_SET });
  }
  indexes.set(def, index);
  return index;
}

export function matchColumns(def: EntityDef, headers: string[], override?: (string | null)[]): ColumnMatch {
  const index = headerIndex(def);
  const fields: (string | null)[] = headers.map(() => null);
  const reasons: (string | null)[] = headers.map(() => null);

  if (override) {
    chooseColumns(def, index, headers, override, fields, reasons);
  } else {
    const claimedBy = new Map<string, { column: number; byId: boolean }>();
    headers.forEach((header, i) => {
      const key = matchKey(header);
      const target = key ? index.get(key) : undefined;
      if (!key) reasons[i] = "Column without a header";
      else if (!target) reasons[i] = `Not a field of ${def.label.toLowerCase()}`;
      else if ("refused" in target) reasons[i] = target.refused;
      else {
        const prior = claimedBy.get(target.field);
        if (!prior) {
          claimedBy.set(target.field, { column: i, byId: target.byId });
          fields[i] = target.field;
        } else if (target.byId && !prior.byId) {
          fields[prior.column] = null;
          reasons[prior.column] = `Also in column ${header}`;
          claimedBy.set(target.field, { column: i, byId: true });
          fields[i] = target.field;
        } else {
          reasons[i] = `Also in column ${headers[prior.column]}`;
        }
      }
    });
  }

  return {
    columns: headers.map((header, i) => ({ header, field: fields[i] })),
    ignored: headers.flatMap((header, i) => (fields[i] === null ? [{ header, reason: reasons[i] ?? "Left out" }] : [])),
  };
}

/** The importer's own choice, one entry per column: a field's name (or any header that names it), or nothing to leave it out. */
function chooseColumns(
  def: EntityDef,
  index: Map<string, Target>,
  headers: string[],
  override: (string | null)[],
  fields: (string | null)[],
  reasons: (string | null)[],
) {
  const errors: string[] = [];
  if (override.length !== headers.length) {
    errors.push(`Give one entry per column of the file: it has ${headers.length}, the list has ${override.length}`);
  } else {
    const chosenAt = new Map<string, number>();
    override.forEach((entry, i) => {
      const wanted = (entry ?? "").trim();
      if (!wanted) {
        reasons[i] = "Left out";
        return;
      }
      const target = index.get(matchKey(wanted));
      if (!target) errors.push(`${def.singular} has no field "${wanted}"`);
      else if ("refused" in target) errors.push(target.refused === SERVER_SET ? `"${wanted}" is set by the server` : `"${wanted}" cannot be imported`);
      else if (chosenAt.has(target.field))
        errors.push(`"${target.field}" is chosen for two columns: ${headers[chosenAt.get(target.field)!]} and ${headers[i]}`);
      else {
        chosenAt.set(target.field, i);
        fields[i] = target.field;
      }
    });
  }
  if (errors.length) throw new AppError("VALIDATION_FAILED", errors[0], { columns: errors });
}
