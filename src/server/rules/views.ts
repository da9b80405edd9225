import { VIEWS_PER_PERSON } from "../../domain/constants";
import { getEntity, isResourceName, readableFieldNames, views } from "../../domain/entities";
import { AppError } from "../../domain/errors";
import { canDo, readableFields } from "../../domain/policy";
import { fieldsNamed, type ViewQuery } from "../../domain/views";
import { parseListQuery } from "../query";
import type { ResourceRules } from "./types";

/**
 * A saved view belongs to whoever saves it (its `creator` field), is of a list its owner may read, and names only
 * fields its owner may read there: a view cannot carry a filter or column past its author's role
 * (and readers see it through their own, src/domain/views.ts).
 */
export const viewRules: ResourceRules = {
  async beforeWrite(w) {
    const actor = w.ctx.actor!;
    if (!w.before) {
      const plan = parseListQuery(views, readableFieldNames(views), `ownerId=${actor.id}&_start=0&_end=1`);
      const { total } = await w.tx.list("views", plan, null);
      if (total >= VIEWS_PER_PERSON)
        throw new AppError("VALIDATION_FAILED", `You keep ${VIEWS_PER_PERSON} saved views already: delete one first`, { name: ["Too many saved views"] });
    }
    const resource = String(w.record.resource);
    const { ability } = w.ctx;
    if (!isResourceName(resource) || resource === "views" || !canDo(ability, "read", resource))
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { resource: ["Not a list you may read"] });
    const readable = new Set(readableFields(ability, resource));
    const hidden = fieldsNamed(w.record.query as ViewQuery).filter((f) => !readable.has(f));
    if (hidden.length) {
      const what = getEntity(resource).label.toLowerCase();
      throw new AppError("VALIDATION_FAILED", "Check the highlighted fields", { query: [`Names what you may not read in ${what}: ${hidden.join(", ")}`] });
    }
  },
};
