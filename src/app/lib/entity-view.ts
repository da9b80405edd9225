/**
 * What a generic view shows of an entity for one role: the definition says what exists, the
 * policy says what this role may read or write. Views never list fields themselves.
 */
import { allFields, type ResourceName } from "../../domain/entities";
import type { EntityDef, FieldDef } from "../../domain/fields";
import { permittedFields, readableFields, type AppAbility } from "../../domain/policy";

export type NamedField = [name: string, field: FieldDef];

/** A view's narrowed copy of a field → the definition's own, so its labels are still found by key. */
export const fieldOrigin = new WeakMap<FieldDef, FieldDef>();

export function columnFields(def: EntityDef, ability: AppAbility): NamedField[] {
  const readable = new Set(readableFields(ability, def.name as ResourceName));
  const system = allFields(def);
  const own = Object.entries(def.fields).filter(([name, f]) => f.column && readable.has(name));
  return [...own, ...(def.list.systemColumns ?? []).filter((name) => readable.has(name)).map((name): NamedField => [name, system[name]])];
}

/** Every field of this record the role may read, system fields last. */
export function showFields(def: EntityDef, ability: AppAbility, record?: Record<string, unknown>): NamedField[] {
  const readable = new Set(permittedFields(ability, "read", def.name as ResourceName, record));
  return Object.entries(allFields(def)).filter(([name, f]) => f.readable !== false && readable.has(name));
}

/** What the search box searches for this role: the definition's searched fields it may read (names). */
export function searchFields(def: EntityDef, ability: AppAbility): string[] {
  const readable = new Set(readableFields(ability, def.name as ResourceName));
  return Object.entries(def.fields)
    .filter(([name, f]) => f.search && readable.has(name))
    .map(([name]) => name);
}

export type FormMode = "create" | "edit";

/**
 * The inputs of a create or edit form: client-writable fields the role may write (on this record).
 * On edit, a lifecycle field offers only where this record's value may go (and staying put).
 */
export function formFields(def: EntityDef, ability: AppAbility, mode: FormMode, record?: Record<string, unknown>): NamedField[] {
  const action = mode === "create" ? "create" : "update";
  const allowed = new Set(permittedFields(ability, action, def.name as ResourceName, record));
  return Object.entries(def.fields)
    .filter(([name, f]) => {
      if (f.write === "never" || (mode === "edit" && f.write === "create")) return false;
      return allowed.has(name);
    })
    .map(([name, f]): NamedField => {
      const current = record?.[name];
      if (mode !== "edit" || !f.transitions || typeof current !== "string") return [name, f];
      const narrowed = { ...f, options: [current, ...(f.transitions[current] ?? [])] };
      fieldOrigin.set(narrowed, f);
      return [name, narrowed];
    });
}

/**
 * Values the policy pins on create (an agent's new customer is their own): taken from the
 * conditions of the rule that lets this role create, so the form shows them fixed.
 */
export function fixedCreateValues(def: EntityDef, ability: AppAbility): Record<string, unknown> {
  const rule = ability.relevantRuleFor("create", def.name as ResourceName);
  const out: Record<string, unknown> = {};
  const conditions = rule && !rule.inverted ? (rule.conditions as Record<string, unknown> | undefined) : undefined;
  for (const [name, value] of Object.entries(conditions ?? {})) {
    if (name in def.fields && ["string", "number", "boolean"].includes(typeof value)) out[name] = value;
  }
  return out;
}

export function createDefaults(def: EntityDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.write !== "never" && f.defaultValue !== undefined && f.type !== "items") out[name] = structuredClone(f.defaultValue);
  }
  return out;
}

export type FilterKind = "enum" | "boolean" | "reference" | "range" | "dates";

/** A filter for every enum, reference, date and number column shown. */
export function filterKind(f: FieldDef): FilterKind | null {
  switch (f.type) {
    case "enum":
      return "enum";
    case "boolean":
      return "boolean";
    case "reference":
      return "reference";
    case "integer":
    case "money":
      return "range";
    case "datetime":
      return "dates";
    default:
      return null;
  }
}

/** "in_progress" → "In progress". */
export const humanize = (value: string) => {
  const s = value.replace(/[_-]+/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};

/** A record's own label (an order's number, a customer's name), or null when it has none and is named by id in the reader's words. */
export const recordLabel = (def: EntityDef, record: Record<string, unknown>): string | null =>
  def.recordLabel !== "id" && record[def.recordLabel] !== undefined && record[def.recordLabel] !== null ? String(record[def.recordLabel]) : null;
