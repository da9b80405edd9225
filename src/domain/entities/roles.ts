import { LONG_TEXT_MAX, NAME_MAX, NAME_MIN } from "../constants";
import type { EntityDef } from "../fields";

/** A role's key: what `staff.role` holds. Fixed once created. */
export const ROLE_KEY_PATTERN = /^[a-z][a-z0-9-]{1,31}$/;

export const roles: EntityDef<"roles"> = {
  name: "roles",
  label: "Roles",
  singular: "Role",
  icon: "SafetyCertificateOutlined",
  recordLabel: "name",
  fields: {
    key: {
      type: "text",
      label: "Key",
      required: true,
      pattern: ROLE_KEY_PATTERN,
      patternMessage: "Lower-case letters, digits and -, 2 to 32 characters, starting with a letter",
      unique: true,
      write: "create",
      column: true,
      search: true,
    },
    name: { type: "text", label: "Name", required: true, min: NAME_MIN, max: NAME_MAX, write: "always", column: true, search: true },
    description: { type: "longtext", label: "Description", max: LONG_TEXT_MAX, write: "always", search: true },
    requireTwoFactor: { type: "boolean", label: "Requires two-factor", write: "always", defaultValue: false, column: true },
    rules: { type: "rules", label: "Rules", write: "always", defaultValue: [] },
    builtIn: { type: "boolean", label: "Built in", write: "never", column: true },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
  overrides: { show: "role-show", create: "role-edit", edit: "role-edit" },
};
