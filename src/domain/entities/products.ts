import { COST_MAX, COST_MIN, LONG_TEXT_MAX, NAME_MAX, NAME_MIN, PRICE_MAX, PRICE_MIN, SKU_PATTERN, STOCK_MAX, STOCK_MIN } from "../constants";
import type { EntityDef } from "../fields";

export const PRODUCT_STATUSES = ["draft", "active", "archived"] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** The product lifecycle, changed by an update of `status`. */
export const PRODUCT_TRANSITIONS: Record<ProductStatus, readonly ProductStatus[]> = {
  draft: ["active"],
  active: ["archived"],
  archived: ["active"],
};

export const products: EntityDef<"products"> = {
  name: "products",
  label: "Products",
  singular: "Product",
  icon: "ShoppingOutlined",
  importable: true,
  recordLabel: "name",
  fields: {
    sku: {
      type: "text",
      label: "SKU",
      required: true,
      pattern: SKU_PATTERN,
      patternMessage: "3–20 capital letters, digits or -, not starting with -",
      unique: true,
      write: "always",
      column: true,
      search: true,
    },
    name: { type: "text", label: "Name", required: true, min: NAME_MIN, max: NAME_MAX, write: "always", column: true, search: true },
    categoryId: { type: "reference", label: "Category", required: true, reference: "categories", write: "always", column: true },
    price: { type: "money", label: "Price", required: true, min: PRICE_MIN, max: PRICE_MAX, write: "always", column: true },
    cost: { type: "money", label: "Cost", required: true, min: COST_MIN, max: COST_MAX, write: "always", column: true },
    stock: { type: "integer", label: "Stock", required: true, min: STOCK_MIN, max: STOCK_MAX, defaultValue: 0, write: "always", column: true },
    status: {
      type: "enum",
      label: "Status",
      required: true,
      options: PRODUCT_STATUSES,
      transitions: PRODUCT_TRANSITIONS,
      defaultValue: "draft",
      write: "always",
      column: true,
    },
    description: { type: "longtext", label: "Description", max: LONG_TEXT_MAX, write: "always", search: true },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
};
