/**
 * The English labels of the entity definitions, as catalogue keys: entities.<name>.label,
 * .singular, .fields.<field>.label (.help, .patternMessage, .referenceMessage, .options.<value>),
 * .related.<resource>_<field>; and Refine's own per-resource keys (<name>.<name>, <name>.titles.*).
 * The definitions stay the one source of the English words; es.ts translates each key.
 */
import { ENTITIES, roles } from "../../domain/entities";
import { SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../../domain/fields";
import { BUILT_IN_ROLES } from "../../domain/roles/built-in";
import { fieldOrigin, humanize } from "../lib/entity-view";

type Tree = { [key: string]: string | Tree };

/**
 * The records every installation starts with, for a field whose options are another resource's
 * records (`optionsFrom`): the built-in roles of a staff member's role. Their values have labels
 * in the catalogues like a fixed option's; the values teams add are shown as they are named.
 */
const SEEDED: Record<string, readonly Record<string, unknown>[]> = { [roles.name]: BUILT_IN_ROLES as unknown as Record<string, unknown>[] };

/** A field's values that have a label of their own in the catalogues, with their English label. */
export function labelledOptions(f: FieldDef): [value: string, label: string][] {
  if (f.optionsFrom) {
    const source = f.optionsFrom;
    const seeded = SEEDED[source.resource] ?? [];
    const labelField = ENTITIES.find((d) => d.name === source.resource)?.recordLabel ?? source.field;
    return seeded.map((r) => [String(r[source.field]), String(r[labelField] ?? humanize(String(r[source.field])))]);
  }
  return (f.options ?? []).map((o) => [o, humanize(o)]);
}

function fieldKeys(f: FieldDef): Tree {
  const out: Tree = { label: f.label };
  if (f.help) out.help = f.help;
  if (f.patternMessage) out.patternMessage = f.patternMessage;
  if (f.referenceMessage) out.referenceMessage = f.referenceMessage;
  const options = labelledOptions(f);
  if (options.length) out.options = Object.fromEntries(options);
  return out;
}

const relatedKey = (r: { resource: string; field: string }) => `${r.resource}_${r.field}`;

function entityKeys(def: EntityDef): Tree {
  return {
    label: def.label,
    singular: def.singular,
    fields: Object.fromEntries(Object.entries(def.fields).map(([name, f]) => [name, fieldKeys(f)])),
    ...(def.related ? { related: Object.fromEntries(def.related.map((r) => [relatedKey(r), r.label])) } : {}),
  };
}

/** Refine's keys for a resource: its menu and breadcrumb name and its page titles. */
const refineKeys = (def: EntityDef): Tree => ({
  [def.name]: def.label,
  titles: { list: def.label, create: `Create ${def.singular}`, edit: `Edit ${def.singular}`, show: `Show ${def.singular}` },
});

export function definitionCatalogue(entities: readonly EntityDef[] = ENTITIES): Tree {
  return {
    entities: Object.fromEntries(entities.map((def) => [def.name, entityKeys(def)])),
    systemFields: Object.fromEntries(Object.entries(SYSTEM_FIELDS).map(([name, f]) => [name, fieldKeys(f)])),
    ...Object.fromEntries(entities.map((def) => [def.name, refineKeys(def)])),
  };
}

/** The keys a view asks for; the definition's English is the default when a key is missing. */
export const entityKey = (resource: string) => `entities.${resource}`;
export const fieldKey = (resource: string, field: string) => (field in SYSTEM_FIELDS ? `systemFields.${field}` : `entities.${resource}.fields.${field}`);
export const optionKey = (resource: string, field: string, value: string) => `${fieldKey(resource, field)}.options.${value}`;
export const relatedLabelKey = (resource: string, related: { resource: string; field: string }) => `entities.${resource}.related.${relatedKey(related)}`;

/**
 * Which definition a field object comes from (by identity, or by its options list, which a view's
 * copy of a field keeps), so a value can be labelled without the view passing its resource.
 */
const owners = new Map<object, { resource: string; name: string }>();
for (const def of ENTITIES)
  for (const [name, f] of Object.entries(def.fields)) {
    owners.set(f, { resource: def.name, name });
    if (f.options && !owners.has(f.options)) owners.set(f.options, { resource: def.name, name });
  }
for (const [name, f] of Object.entries(SYSTEM_FIELDS)) owners.set(f, { resource: "", name });

export function locateField(field: FieldDef) {
  const own = fieldOrigin.get(field) ?? field;
  return owners.get(own) ?? (own.options ? owners.get(own.options) : undefined);
}

/** The catalogue key of a field's label, wherever the field object came from. */
export function fieldLabelKey(field: FieldDef): string | undefined {
  const at = locateField(field);
  return at ? `${at.resource ? fieldKey(at.resource, at.name) : `systemFields.${at.name}`}.label` : undefined;
}
