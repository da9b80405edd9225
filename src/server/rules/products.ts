import { AppError } from "../../domain/errors";
import type { ResourceRules } from "./types";

/**
 * SPEC §4 products: `status` moves only along the transitions its field definition names (the
 * same data the edit form offers its choices from). Written for any field with `transitions`.
 */
export const productRules: ResourceRules = {
  beforeWrite(w) {
    if (!w.before) return;
    for (const [name, field] of Object.entries(w.def.fields)) {
      if (!field.transitions || w.values[name] === undefined || w.values[name] === null) continue;
      const from = String(w.before[name]);
      const to = String(w.values[name]);
      if (from === to) continue;
      const allowed = field.transitions[from] ?? [];
      if (!allowed.includes(to)) {
        const hint = allowed.length ? `From ${from} it can go to: ${allowed.join(", ")}.` : `It cannot leave ${from}.`;
        throw new AppError("INVALID_TRANSITION", `A ${w.def.singular.toLowerCase()} cannot go from ${from} to ${to}. ${hint}`, { [name]: [`Cannot go from ${from} to ${to}`] });
      }
    }
  },
};
