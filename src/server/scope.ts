/**
 * The policy's read conditions turned into data for the storage seam: which rows of a resource
 * this reader may see, as equality sets ({ assigneeId: 3 }). Every read rule of the policy is an
 * equality today; anything else would have to be taught to both stores, so it fails loudly here
 * rather than be answered wrongly by one of them.
 */
import type { ResourceName } from "../domain/entities";
import type { AppAbility } from "../domain/policy";
import type { RowScope, Scalar } from "./storage/types";

export function rowScope(ability: AppAbility, resource: ResourceName): RowScope {
  const rules = ability.rulesFor("read", resource);
  if (rules.some((r) => r.inverted)) throw new Error(`read rules of ${resource} with "cannot" are not expressible as a row scope`);
  if (rules.some((r) => !r.conditions)) return null;
  return rules.map((r) => {
    const conditions = r.conditions as Record<string, unknown>;
    for (const [k, v] of Object.entries(conditions))
      if (v === null || typeof v === "object") throw new Error(`read condition ${resource}.${k} is not an equality`);
    return conditions as Record<string, Scalar>;
  });
}
