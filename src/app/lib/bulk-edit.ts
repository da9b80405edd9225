/**
 * What "Edit N selected" offers: the fields the role may write on every one of the selected
 * records, of the kinds one value suits many records (a tier, an owner, an amount, a flag), not
 * text that names or describes each one.
 */
import type { EntityDef, FieldDef, FieldType } from "../../domain/fields";
import type { AppAbility } from "../../domain/policy";
import { fieldOrigin, formFields, type NamedField } from "./entity-view";

const BULK_TYPES: ReadonlySet<FieldType> = new Set(["enum", "reference", "money", "integer", "boolean"]);

/**
 * The edit form's fields of each record, kept where all of them have it. A lifecycle field
 * offers only the values every record may go to (a draft product may become active, an
 * archived one too, so "active" stays), and is dropped when there is none.
 */
export function bulkEditableFields(def: EntityDef, ability: AppAbility, records: readonly Record<string, unknown>[]): NamedField[] {
  let common: Map<string, FieldDef> | null = null;
  for (const record of records) {
    const own = new Map(formFields(def, ability, "edit", record).filter(([, f]) => BULK_TYPES.has(f.type)));
    if (!common) {
      common = own;
      continue;
    }
    for (const [name, field] of common) {
      const theirs = own.get(name);
      if (!theirs) {
        common.delete(name);
        continue;
      }
      if (!field.options || !theirs.options || field.options === theirs.options) continue;
      const options = field.options.filter((o) => theirs.options!.includes(o));
      if (!options.length) {
        common.delete(name);
        continue;
      }
      const narrowed = { ...field, options };
      fieldOrigin.set(narrowed, fieldOrigin.get(field) ?? field);
      common.set(name, narrowed);
    }
  }
  return [...(common ?? [])];
}

/** The value the selected records share in a field, to start its input from; undefined when they differ. */
export function sharedValue(records: readonly Record<string, unknown>[], name: string): unknown {
  const [first, ...rest] = records;
  if (!first) return undefined;
  return rest.every((r) => r[name] === first[name]) ? first[name] : undefined;
}
