import type { Role } from "../../domain/entities/staff";
import { defineAbilityFor, type AppAbility } from "../../domain/policy";
import { API_URL } from "../config";
import { httpClient, isHttpError } from "./http-client";
import { queryClient } from "./query-client";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  active?: boolean;
}

/**
 * The signed-in user, as the server last told us. The auth provider keeps it current and the
 * access-control provider reads it, so both answer for the same person with the same policy.
 */
let current: SessionUser | null | undefined;
let pending: Promise<SessionUser | null> | undefined;

const sameUser = (a: SessionUser | null | undefined, b: SessionUser | null | undefined) => a?.id === b?.id && a?.role === b?.role;

export function setSessionUser(user: SessionUser | null) {
  if (!sameUser(current, user)) {
    // Permission answers and records cached for someone else must not leak into this session.
    queryClient.removeQueries({ queryKey: ["access"] });
    queryClient.removeQueries({ queryKey: ["data"] });
  }
  current = user;
}

/** GET /api/auth/me; one request at a time however many callers ask. */
export function fetchSessionUser(): Promise<SessionUser | null> {
  pending ??= httpClient
    .get<{ user: SessionUser }>(`${API_URL}/auth/me`)
    .then((res) => res.data.user)
    .catch((error: unknown) => {
      if (isHttpError(error) && error.statusCode === 401) return null;
      throw error;
    })
    .then((user) => {
      setSessionUser(user);
      return user;
    })
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

export async function getSessionUser(): Promise<SessionUser | null> {
  return current !== undefined ? current : fetchSessionUser();
}

export const abilityFor = (user: SessionUser | null | undefined): AppAbility => defineAbilityFor(user ? { id: user.id, role: user.role } : null);
