import { useGetIdentity } from "@refinedev/core";
import { useMemo } from "react";
import type { AppAbility } from "../../domain/policy";
import { abilityFor, type SessionUser } from "../providers/session";

export function useSessionUser(): SessionUser | undefined {
  const { data } = useGetIdentity<SessionUser | null>();
  return data ?? undefined;
}

/** The signed-in user's ability, from the same policy the server enforces. */
export function useAbility(): AppAbility {
  const user = useSessionUser();
  const id = user?.id;
  const role = user?.role;
  return useMemo(() => abilityFor(id !== undefined && role ? { id, role, name: "", email: "" } : null), [id, role]);
}
