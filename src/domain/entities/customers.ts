import { CREDIT_LIMIT_MAX, CREDIT_LIMIT_MIN, EMAIL_MAX, LONG_TEXT_MAX, NAME_MAX, NAME_MIN, PHONE_PATTERN } from "../constants";
import type { EntityDef } from "../fields";

export const TIERS = ["standard", "silver", "gold"] as const;

export const customers: EntityDef<"customers"> = {
  name: "customers",
  label: "Customers",
  singular: "Customer",
  icon: "IdcardOutlined",
  importable: true,
  recordLabel: "name",
  fields: {
    name: { type: "text", label: "Name", required: true, min: NAME_MIN, max: NAME_MAX, write: "always", column: true, search: true },
    email: { type: "email", label: "Email", required: true, max: EMAIL_MAX, unique: true, lowercase: true, write: "always", column: true, search: true },
    phone: {
      type: "text",
      label: "Phone",
      pattern: PHONE_PATTERN,
      patternMessage: "Digits, spaces, ( ) and - only, 7 to 20 characters, an optional leading +",
      write: "always",
      search: true,
    },
    company: { type: "text", label: "Company", min: NAME_MIN, max: NAME_MAX, write: "always", column: true, search: true },
    tier: { type: "enum", label: "Tier", required: true, options: TIERS, defaultValue: "standard", write: "always", column: true },
    creditLimit: {
      type: "money",
      label: "Credit limit",
      required: true,
      min: CREDIT_LIMIT_MIN,
      max: CREDIT_LIMIT_MAX,
      defaultValue: 0,
      write: "always",
      column: true,
    },
    ownerId: {
      type: "reference",
      label: "Owner",
      required: true,
      reference: "staff",
      referenceWhere: { active: true, role: ["agent", "manager"] },
      referenceMessage: "Must be an active agent or manager",
      write: "always",
      column: true,
    },
    notes: { type: "longtext", label: "Notes", max: LONG_TEXT_MAX, write: "always" },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
  related: [{ resource: "orders", field: "customerId", label: "Orders", startHere: true }],
};
