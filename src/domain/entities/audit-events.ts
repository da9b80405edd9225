import type { EntityDef } from "../fields";

export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "transition",
  "login",
  "login_failed",
  "logout",
  "password_change",
  "two_factor_enable",
  "two_factor_disable",
  "two_factor_reset",
  "session_end",
  "token_create",
  "token_revoke",
  "restore",
  "purge",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The audit log's definition, for the resources it records (every other one) and sign-in events ("auth"). */
export const auditEventsFor = (audited: readonly string[]): EntityDef<"audit-events"> => ({
  name: "audit-events",
  label: "Audit log",
  singular: "Audit event",
  icon: "AuditOutlined",
  recordLabel: "id",
  readOnly: true,
  fields: {
    at: { type: "datetime", label: "At", write: "never", column: true },
    actorId: { type: "reference", label: "Actor", reference: "staff", write: "never", column: true },
    actorName: { type: "text", label: "Actor name", write: "never", search: true },
    action: { type: "enum", label: "Action", options: AUDIT_ACTIONS, write: "never", column: true },
    // Sign-in events are about "auth"; API tokens, which are no resource of their own, "tokens".
    resource: { type: "enum", label: "Resource", options: [...audited, "auth", "tokens"], write: "never", column: true },
    recordId: { type: "integer", label: "Record", write: "never", column: true },
    // Only failed sign-ins carry it; in the list so an auditor sees which address was tried.
    email: { type: "email", label: "Email tried", write: "never", search: true, column: true },
    changes: { type: "json", label: "Changes", write: "never" },
    ip: { type: "text", label: "Address", write: "never", column: true },
    // A change made by a script: the API token it came with (the actor is the token's owner).
    tokenId: { type: "integer", label: "Token", write: "never" },
    tokenName: { type: "text", label: "Token name", write: "never" },
    // An update that set the record back to its values after that event ("Restore this version").
    revertOf: { type: "reference", label: "Reverts", reference: "audit-events", write: "never" },
    // A write made by a spreadsheet import: every row it wrote names it, so they can be listed together.
    importId: { type: "text", label: "Import", write: "never" },
    // A product's stock taken or given back by an order's transition: that order.
    orderId: { type: "reference", label: "Order", reference: "orders", write: "never" },
  },
  list: { defaultSort: { field: "at", order: "desc" } },
  overrides: { show: "audit-event-show" },
});
