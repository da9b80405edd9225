import { SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../fields";
import { auditEventsFor } from "./audit-events";
import { categories } from "./categories";
import { customers } from "./customers";
import { orders } from "./orders";
import { products } from "./products";
import { roles } from "./roles";
import { staff } from "./staff";
import { views } from "./views";

/** Every resource, in menu order. Adding an entity is one file plus one line here. */
const RECORDS = [orders, customers, products, categories, staff, roles, views] as const;
export const auditEvents = auditEventsFor(RECORDS.map((d) => d.name));
export const ENTITIES = [...RECORDS, auditEvents] as const;

export type ResourceName = (typeof ENTITIES)[number]["name"];
export const RESOURCE_NAMES: readonly ResourceName[] = ENTITIES.map((e) => e.name);

const byName = new Map<string, EntityDef>(ENTITIES.map((e) => [e.name, e]));

export const isResourceName = (name: string): name is ResourceName => byName.has(name);

export function getEntity(name: string): EntityDef {
  const def = byName.get(name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

/** Own fields plus the system fields every record carries. */
export function allFields(def: EntityDef): Record<string, FieldDef> {
  return { id: SYSTEM_FIELDS.id, ...def.fields, createdAt: SYSTEM_FIELDS.createdAt, updatedAt: SYSTEM_FIELDS.updatedAt, version: SYSTEM_FIELDS.version };
}

/** Fields that may appear in a response (write-only secrets excluded). */
export function readableFieldNames(def: EntityDef): string[] {
  return Object.entries(allFields(def))
    .filter(([, f]) => f.readable !== false)
    .map(([name]) => name);
}

export function searchFieldNames(def: EntityDef): string[] {
  return Object.entries(def.fields)
    .filter(([, f]) => f.search)
    .map(([name]) => name);
}

export { categories, customers, orders, products, roles, staff, views };
