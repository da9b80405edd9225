import { EMAIL_MAX, NAME_MAX, NAME_MIN, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../constants";
import type { EntityDef } from "../fields";

/** The keys of the built-in roles (src/domain/roles/built-in.ts); teams add their own. */
export const ROLES = ["admin", "manager", "agent", "auditor"] as const;
export type Role = (typeof ROLES)[number];

export const staff: EntityDef<"staff"> = {
  name: "staff",
  label: "Staff",
  singular: "Staff member",
  icon: "TeamOutlined",
  recordLabel: "name",
  fields: {
    name: { type: "text", label: "Name", required: true, min: NAME_MIN, max: NAME_MAX, write: "always", column: true, search: true },
    email: { type: "email", label: "Email", required: true, max: EMAIL_MAX, unique: true, lowercase: true, write: "always", column: true, search: true },
    // The key of one of the roles (records of `roles`); the built-in ones are the fixed options.
    role: { type: "enum", label: "Role", required: true, options: ROLES, optionsFrom: { resource: "roles", field: "key" }, write: "always", column: true },
    active: { type: "boolean", label: "Active", write: "always", defaultValue: true, column: true },
    lastLoginAt: { type: "datetime", label: "Last sign-in", write: "never", column: true },
    password: {
      type: "password",
      label: "Password",
      required: true,
      min: PASSWORD_MIN_LENGTH,
      max: PASSWORD_MAX_LENGTH,
      write: "always",
      readable: false,
      help: "Initial password; the staff member changes it on their profile.",
    },
  },
  list: { defaultSort: { field: "name", order: "asc" } },
  related: [
    { resource: "customers", field: "ownerId", label: "Customers owned" },
    { resource: "orders", field: "assigneeId", label: "Orders assigned" },
  ],
};
