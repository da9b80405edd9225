import type { AccessControlProvider } from "@refinedev/core";
import { isResourceName } from "../../domain/entities";
import { canDo, type Action } from "../../domain/policy";
import { currentAbility, getSessionUser } from "./session";

/** Refine's actions in the policy's words. */
export const REFINE_TO_POLICY: Record<string, Action> = {
  list: "read",
  show: "read",
  read: "read",
  create: "create",
  clone: "create",
  edit: "update",
  update: "update",
  delete: "delete",
  transition: "transition",
};

/**
 * The same policy the server enforces (src/domain/policy.ts), asked for the signed-in user, with
 * the ability built from the permissions the server sent (providers/session.ts).
 * With a record (`params.data` from <CanAccess>, or `params.meta.record` from @refinedev/antd's
 * buttons, which pass their `meta` on) the row conditions count too: an agent's edit button for
 * another agent's customer is hidden. Pages that are no resource (dashboard, profile) are open
 * to every signed-in user.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ resource, action, params }) => {
    if (!resource || !isResourceName(resource)) return { can: true };
    const policyAction = REFINE_TO_POLICY[action];
    if (!policyAction) return { can: false, reason: `Unknown action ${action}` };
    // Only the first question of a page load may wait for the session; every other is answered
    // from the ability in memory, never with a request.
    await getSessionUser();
    const ability = currentAbility();
    const record = (params?.data ?? params?.meta?.record) as Record<string, unknown> | undefined;
    const field = typeof params?.field === "string" ? params.field : undefined;
    const can = canDo(ability, policyAction, resource, record, field);
    return can ? { can } : { can, reason: "Your role may not do this" };
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};
