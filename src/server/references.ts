/**
 * References between records, read from the definitions: every `reference` field of every
 * entity, plus order items' productId. Used both ways: a write must point at records that
 * exist (and that the actor may read), and a delete is refused while anything points at it.
 */
import { ENTITIES, getEntity, type ResourceName } from "../domain/entities";
import type { FieldErrors } from "../domain/errors";
import type { EntityDef, FieldDef } from "../domain/fields";
import { message } from "../domain/messages";
import { canDo, type AppAbility } from "../domain/policy";
import type { DbShape, Row } from "./db-shape";

/** Order lines point at products; the `items` field type carries this one reference. */
export const ITEM_REFERENCE: ResourceName = "products";

export function findRow(data: DbShape, resource: ResourceName, id: unknown): Row | undefined {
  return typeof id === "number" ? data[resource].find((r) => r.id === id) : undefined;
}

const matchesWhere = (f: FieldDef, target: Row) =>
  Object.entries(f.referenceWhere ?? {}).every(([k, want]) => (Array.isArray(want) ? want.includes(target[k] as never) : target[k] === want));

/**
 * Field errors for the references in `data` that do not resolve to a record the actor may read
 * (a record they may not read is answered as if it did not exist) or that miss `referenceWhere`.
 */
export function checkReferences(db: DbShape, ability: AppAbility, def: EntityDef, data: Record<string, unknown>, before?: Row): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.type !== "reference" || !f.reference || data[name] === undefined || data[name] === null) continue;
    if (before && before[name] === data[name]) continue; // unchanged: not this write's doing
    const resource = f.reference as ResourceName;
    const target = findRow(db, resource, data[name]);
    if (!target || !canDo(ability, "read", resource, target)) errors[name] = [message("noSuch", { what: getEntity(resource).singular.toLowerCase() })];
    else if (!matchesWhere(f, target)) errors[name] = [f.referenceMessage ?? message("notValidChoice")];
  }
  return errors;
}

/** How many records of each resource point at this one. Audit events do not count: history is not a link. */
export function countReferrers(db: DbShape, resource: ResourceName, id: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const def of ENTITIES) {
    if (def.readOnly) continue;
    const pointers = Object.entries(def.fields).filter(
      ([, f]) => (f.type === "reference" && f.reference === resource) || (f.type === "items" && resource === ITEM_REFERENCE),
    );
    if (!pointers.length) continue;
    const rows = db[def.name as ResourceName];
    let n = 0;
    for (const row of rows) {
      if (row.id === id && def.name === resource) continue;
      const points = pointers.some(([name, f]) =>
        f.type === "items" ? Array.isArray(row[name]) && (row[name] as { productId?: unknown }[]).some((i) => i?.productId === id) : row[name] === id,
      );
      if (points) n++;
    }
    if (n) counts[def.name] = n;
  }
  return counts;
}
