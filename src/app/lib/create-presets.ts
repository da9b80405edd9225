import type { FieldDef } from "../../domain/fields";
import type { NamedField } from "./entity-view";

interface Creator {
  id: number;
  role: string;
  active?: boolean;
}

/** Whether a staff member meets a reference's `referenceWhere` (a signed-in member is active). */
const qualifies = (field: FieldDef, who: Creator) =>
  Object.entries(field.referenceWhere ?? {}).every(([key, want]) => {
    const have = key === "active" ? (who.active ?? true) : (who as unknown as Record<string, unknown>)[key];
    return Array.isArray(want) ? want.includes(have as never) : have === want;
  });

/**
 * A new record's starting values from where it was started: a reference named in the link
 * (`/orders/create?customerId=5` from a customer's page), else, for a reference to staff the
 * creator may fill themselves (a customer's owner, an order's assignee), the creator.
 */
export function presetCreateValues(fields: NamedField[], query: URLSearchParams, creator?: Creator): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, field] of fields) {
    if (field.type !== "reference") continue;
    const given = query.get(name);
    if (given !== null && given !== "") out[name] = /^\d+$/.test(given) ? Number(given) : given;
    else if (field.reference === "staff" && creator && qualifies(field, creator)) out[name] = creator.id;
  }
  return out;
}
