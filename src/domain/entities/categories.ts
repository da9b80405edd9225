import { LONG_TEXT_MAX, NAME_MAX, NAME_MIN } from "../constants";
import type { EntityDef } from "../fields";

export const categories: EntityDef<"categories"> = {
  name: "categories",
  label: "Categories",
  singular: "Category",
  icon: "AppstoreOutlined",
  importable: true,
  recordLabel: "name",
  fields: {
    name: { type: "text", label: "Name", required: true, min: NAME_MIN, max: NAME_MAX, unique: true, write: "always", column: true, search: true },
    description: { type: "longtext", label: "Description", max: LONG_TEXT_MAX, write: "always", column: true, search: true },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
  related: [{ resource: "products", field: "categoryId", label: "Products", startHere: true }],
};
