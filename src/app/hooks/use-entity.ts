import { useResourceParams } from "@refinedev/core";
import { getEntity, isResourceName, type ResourceName } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";

/** The entity definition of the resource the current route is about. */
export function useEntity(): { def: EntityDef; resource: ResourceName; id?: string | number } {
  const { resource, id } = useResourceParams();
  const name = resource?.name;
  if (!name || !isResourceName(name)) throw new Error(`No entity definition for the resource ${name ?? "(none)"}`);
  return { def: getEntity(name), resource: name, id };
}
