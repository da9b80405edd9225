/**
 * References between records, read from the definitions: every `reference` field of every
 * entity, plus order items' productId. A write must point at records that exist (and that the
 * actor may read); a delete is refused while anything points at it (the store counts those).
 */
import { getEntity, type ResourceName } from "../domain/entities";
import type { FieldErrors } from "../domain/errors";
import { message } from "../domain/messages";
import type { EntityDef, FieldDef } from "../domain/fields";
import { canDo, type AppAbility } from "../domain/policy";
import type { Row } from "./db-shape";
import type { Reader } from "./storage/types";

/** Order lines point at products; the `items` field type carries this one reference. */
export const ITEM_REFERENCE: ResourceName = "products";

export async function findRow(reader: Reader, resource: ResourceName, id: unknown): Promise<Row | undefined> {
  return typeof id === "number" ? reader.get(resource, id) : undefined;
}

const matchesWhere = (f: FieldDef, target: Row) =>
  Object.entries(f.referenceWhere ?? {}).every(([k, want]) => (Array.isArray(want) ? want.includes(target[k] as never) : target[k] === want));

/**
 * Field errors for the references in `data` that do not resolve to a record the actor may read
 * (a record they may not read is answered as if it did not exist) or that miss `referenceWhere`.
 */
export async function checkReferences(reader: Reader, ability: AppAbility, def: EntityDef, data: Record<string, unknown>, before?: Row): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const [name, f] of Object.entries(def.fields)) {
    if (f.optionsFrom && typeof data[name] === "string" && (!before || before[name] !== data[name])) {
      // A value that names a record by key (a staff member's role) must name one that exists.
      const { resource, field } = f.optionsFrom;
      if (!(await reader.isTaken(resource as ResourceName, field, data[name], null)))
        errors[name] = [message("noSuch", { what: getEntity(resource).singular.toLowerCase() })];
      continue;
    }
    if (f.type !== "reference" || !f.reference || data[name] === undefined || data[name] === null) continue;
    if (before && before[name] === data[name]) continue; // unchanged: not this write's doing
    const resource = f.reference as ResourceName;
    const target = await findRow(reader, resource, data[name]);
    if (!target || !canDo(ability, "read", resource, target)) errors[name] = [message("noSuch", { what: getEntity(resource).singular.toLowerCase() })];
    else if (!matchesWhere(f, target)) errors[name] = [f.referenceMessage ?? message("notValidChoice")];
  }
  return errors;
}
