import { useGetIdentity } from "@refinedev/core";
import { useSyncExternalStore } from "react";
import type { AppAbility } from "../../domain/policy";
import { currentAbility, currentTwoFactor, subscribeSession, type SessionUser, type TwoFactorState } from "../providers/session";

export function useSessionUser(): SessionUser | undefined {
  const { data } = useGetIdentity<SessionUser | null>();
  return data ?? undefined;
}

/**
 * The signed-in user's ability, built from the permissions the server sent; a component using it
 * re-renders when they change (a live `permissions` event), not on every render.
 */
export function useAbility(): AppAbility {
  return useSyncExternalStore(subscribeSession, currentAbility, currentAbility);
}

/** The user's two-factor sign-in (on; owed before anything else), re-rendering when it changes. */
export function useTwoFactor(): TwoFactorState {
  return useSyncExternalStore(subscribeSession, currentTwoFactor, currentTwoFactor);
}
