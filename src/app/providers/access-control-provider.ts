import type { AccessControlProvider, CanParams, CanReturnType } from "@refinedev/core";
import { isResourceName } from "../../domain/entities";
import { canDo, type Action } from "../../domain/policy";
import { queryClient } from "./query-client";
import { currentAbility, currentPermissions, getSessionUser } from "./session";

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

/** The answer from the ability in memory: whatever it holds now, so only once the session is known. */
function answer({ resource, action, params }: CanParams): CanReturnType {
  if (!resource || !isResourceName(resource)) return { can: true };
  const policyAction = REFINE_TO_POLICY[action];
  if (!policyAction) return { can: false, reason: `Unknown action ${action}` };
  const record = (params?.data ?? params?.meta?.record) as Record<string, unknown> | undefined;
  const field = typeof params?.field === "string" ? params.field : undefined;
  const can = canDo(currentAbility(), policyAction, resource, record, field);
  return can ? { can } : { can, reason: "Your role may not do this" };
}

/**
 * The same policy the server enforces (src/domain/policy.ts), asked for the signed-in user, with
 * the ability built from the permissions the server sent (providers/session.ts).
 * With a record (`params.data` from <CanAccess>, or `params.meta.record` from @refinedev/antd's
 * buttons, which pass their `meta` on) the row conditions count too: an agent's edit button for
 * another agent's customer is hidden. Pages that are no resource (dashboard, profile) are open
 * to every signed-in user.
 */
export const accessControlProvider: AccessControlProvider = {
  can: async (question) => {
    // Only the first question of a page load may wait for the session; every other is answered
    // from the ability in memory, never with a request.
    if (question.resource && isResourceName(question.resource)) await getSessionUser();
    return answer(question);
  },
  options: {
    buttons: { enableAccessControl: true, hideIfUnauthorized: true },
  },
};

/**
 * Refine asks every question through react-query (useCan), so even an answer already in memory
 * arrived a task later, each in its own notification: the sider's items appeared two at a time
 * over ~20 commits, and the page under its <CanAccess> waited behind them. Once the permissions
 * are known, a question is answered as react-query takes it in (useCan's key holds the resource,
 * the action and the params `can` is asked with), so the first render already has it; useCan's
 * own fetch still runs and gives the same answer. A change of permissions invalidates ["access"]
 * (providers/session.ts), and the next answers come from the rebuilt ability.
 */
queryClient.getQueryCache().subscribe((event) => {
  if (event.type !== "added" || !currentPermissions()) return;
  const [scope, resource, action, key] = event.query.queryKey as [unknown, unknown, unknown, { params?: CanParams["params"]; enabled?: boolean } | undefined];
  if (scope !== "access" || typeof resource !== "string" || typeof action !== "string" || key?.enabled === false) return;
  queryClient.setQueryData(event.query.queryKey, answer({ resource, action, params: key?.params }));
});
