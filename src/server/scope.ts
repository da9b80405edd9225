/**
 * The policy's read rules turned into data for the storage seam: which rows of a resource this
 * reader may see. A row is visible when some read rule grants it (its `where`, or every row) and
 * no deny rule without fields takes it away (a deny rule with fields hides those fields only).
 * Both stores answer a scope the same way: the JSON store in memory (storage/memory.ts),
 * PostgreSQL compiled to SQL (storage/pg/sql.ts).
 */
import type { ResourceName } from "../domain/entities";
import type { AppAbility } from "../domain/policy";
import type { Condition, RowScope } from "./storage/types";

const asCondition = (conditions: unknown): Condition => (conditions ?? {}) as Condition;

export function rowScope(ability: AppAbility, resource: ResourceName): RowScope {
  const rules = ability.rulesFor("read", resource);
  const anyOf = rules.filter((r) => !r.inverted).map((r) => asCondition(r.conditions));
  const noneOf = rules.filter((r) => r.inverted && !r.fields).map((r) => asCondition(r.conditions));
  if (!noneOf.length && anyOf.some((c) => !Object.keys(c).length)) return null;
  return { anyOf, noneOf };
}
