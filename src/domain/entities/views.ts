import { VIEW_NAME_MAX } from "../constants";
import type { EntityDef } from "../fields";

/** Who a saved view is for: its owner alone, or everyone (sharing is a role's permission). */
export const VIEW_SHARING = ["me", "everyone"] as const;

/**
 * A saved view of a list: its filters, sort, page size and columns under a name. A person keeps
 * their own; views shared with everyone are read through each reader's own rules (see
 * src/domain/views.ts), so a shared view never shows a column or filter its reader may not read.
 */
export const views: EntityDef<"views"> = {
  name: "views",
  label: "Saved views",
  singular: "Saved view",
  icon: "FilterOutlined",
  recordLabel: "name",
  menu: false,
  fields: {
    name: { type: "text", label: "Name", required: true, min: 1, max: VIEW_NAME_MAX, write: "always", column: true, search: true },
    // The list it is a view of. Checked against the resources by the view rules (src/server/rules/views.ts).
    resource: { type: "text", label: "List", required: true, min: 1, max: 40, write: "create", column: true },
    query: { type: "query", label: "Query", required: true, write: "always" },
    shared: { type: "enum", label: "Shared with", options: VIEW_SHARING, defaultValue: "me", write: "always", column: true },
    ownerId: { type: "reference", label: "Owner", reference: "staff", write: "never", creator: true, column: true },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
};
