import { defineAbilityFor, type AppAbility } from "../../domain/policy";
import type { RoleRule } from "../../domain/roles/rules";
import { API_URL } from "../config";
import { forgetBootReads } from "../lib/boot-requests";
import { forgetListQueries } from "../lib/last-list-query";
import { httpClient, isHttpError } from "./http-client";
import { queryClient } from "./query-client";

export interface SessionUser {
  id: number;
  name: string;
  email: string;
  /** The key of the user's role (roles are data: any key an admin made). */
  role: string;
  active?: boolean;
}

/** What the server says the signed-in user may do (`GET /api/auth/permissions`; `$me` already resolved). */
export interface Permissions {
  role: string;
  rules: RoleRule[];
}

/** The answers of `POST /api/auth/login` and `GET /api/auth/me`. */
export interface SessionAnswer {
  user: SessionUser;
  permissions?: Permissions;
  /** Two-factor sign-in: on for this user; owed, because their role requires it. */
  twoFactorEnabled?: boolean;
  twoFactorSetupRequired?: boolean;
}

/** The user's two-factor sign-in: on or not, and whether their role makes them enrol before anything else. */
export interface TwoFactorState {
  enabled: boolean;
  setupRequired: boolean;
}

/**
 * The signed-in user and their permissions, as the server last told us. The auth provider keeps
 * them current, the access-control provider and the views read the one ability built from them:
 * once per session, and again only when the server says the permissions changed (a `permissions`
 * live event). Nothing here knows any role by name.
 */
let current: SessionUser | null | undefined;
let permissions: Permissions | null = null;
let ability: AppAbility = defineAbilityFor(null);
let pending: Promise<SessionUser | null> | undefined;
const listeners = new Set<() => void>();
const NO_TWO_FACTOR: TwoFactorState = { enabled: false, setupRequired: false };
let twoFactor: TwoFactorState = NO_TWO_FACTOR;
const twoFactorOf = (answer: SessionAnswer | null): TwoFactorState =>
  answer?.user ? { enabled: answer.twoFactorEnabled === true, setupRequired: answer.twoFactorSetupRequired === true } : NO_TWO_FACTOR;
const sameTwoFactor = (a: TwoFactorState, b: TwoFactorState) => a.enabled === b.enabled && a.setupRequired === b.setupRequired;

const sameUser = (a: SessionUser | null | undefined, b: SessionUser | null | undefined) => a?.id === b?.id;
const samePermissions = (a: Permissions | null, b: Permissions | null) => JSON.stringify(a) === JSON.stringify(b);

function notify() {
  for (const listener of [...listeners]) listener();
}

function rebuild() {
  // A member who owes enrolment may do nothing but enrol (the server answers all else with
  // TWO_FACTOR_SETUP_REQUIRED): no menu item, button or look-up until they have.
  ability =
    current && permissions && !twoFactor.setupRequired
      ? defineAbilityFor({ id: current.id, role: permissions.role }, permissions.rules)
      : defineAbilityFor(null);
}

/** What depends on the permissions is asked again: buttons and menu items (Refine's useCan), who is signed in, and the data on screen (row and field rules). */
function afterPermissionsChanged() {
  void queryClient.invalidateQueries({ queryKey: ["access"] });
  void queryClient.invalidateQueries({ queryKey: ["auth", "identity"] });
  void queryClient.invalidateQueries({ queryKey: ["auth", "permissions"] });
  void queryClient.invalidateQueries({ queryKey: ["data"] });
}

/** A new session (or none): the user, and their permissions when the answer carried them. */
export function setSession(user: SessionUser | null, perms?: Permissions | null) {
  const someoneElse = !!current && !!user && !sameUser(current, user);
  // The same person with other permissions: they came after the session check (a backend whose
  // answer carries none), or a recheck found their role's rules changed. What was answered under
  // the last ones (menu items, buttons, rows) is asked again.
  const theirsChanged = !!current && !!user && sameUser(current, user) && !!perms && !samePermissions(perms, permissions);
  if (!sameUser(current, user)) {
    // Permission answers and records cached for someone else must not leak into this session.
    queryClient.removeQueries({ queryKey: ["access"] });
    queryClient.removeQueries({ queryKey: ["data"] });
    permissions = null;
    // Not at a page load (nobody yet): the lists of this tab were that same person's.
    if (current) {
      forgetListQueries();
      forgetBootReads();
    }
  }
  current = user;
  if (!user) {
    permissions = null;
    twoFactor = NO_TWO_FACTOR;
  } else if (perms) permissions = perms;
  rebuild();
  notify();
  // Another tab signed in as someone else (who is shown signed in, and all that hung on the last
  // one's permissions, is asked again for this one), or the same person's permissions changed.
  if (someoneElse || theirsChanged) afterPermissionsChanged();
}

const isPermissions = (p: unknown): p is Permissions =>
  typeof p === "object" && p !== null && typeof (p as Permissions).role === "string" && Array.isArray((p as Permissions).rules);

async function loadPermissions(): Promise<Permissions | null> {
  try {
    const { data } = await httpClient.get<Permissions>(`${API_URL}/auth/permissions`);
    return isPermissions(data) ? data : null;
  } catch (error) {
    if (isHttpError(error) && error.statusCode === 401) return null;
    throw error;
  }
}

/** A sign-in's or session check's answer taken in; asks for the permissions when the answer has none. */
export async function takeSessionAnswer(answer: SessionAnswer | null): Promise<SessionUser | null> {
  const perms = answer?.user && isPermissions(answer.permissions) ? answer.permissions : null;
  // The role the permissions are of is the user's role, whatever the user record shows.
  const user = answer?.user ? { ...answer.user, ...(perms ? { role: perms.role } : {}) } : null;
  const owed = twoFactor.setupRequired;
  twoFactor = sameTwoFactor(twoFactor, twoFactorOf(answer)) ? twoFactor : twoFactorOf(answer);
  setSession(user, perms);
  // Enrolled (or newly owing it) in this session: what was hidden or refused is asked again.
  if (user && owed !== twoFactor.setupRequired) afterPermissionsChanged();
  if (user && !perms) {
    const loaded = await loadPermissions();
    if (loaded && current?.id === user.id) setSession({ ...user, role: loaded.role }, loaded);
  }
  return current ?? null;
}

/** GET /api/auth/me; one request at a time however many callers ask. */
export function fetchSessionUser(): Promise<SessionUser | null> {
  pending ??= httpClient
    .get<SessionAnswer>(`${API_URL}/auth/me`)
    .then((res) => res.data)
    .catch((error: unknown) => {
      if (isHttpError(error) && error.statusCode === 401) return null;
      throw error;
    })
    .then(takeSessionAnswer)
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/**
 * Who is signed in, asked again where this tab may have missed it: another tab signed out and in
 * as someone else (this tab's requests then succeed as them, with no 401 to tell it), enrolled in
 * two-factor, or the role's rules changed while the live stream was down. Asked when the tab comes
 * back into view or focus, and when the live stream opens again; never per click.
 */
export function recheckSession(): void {
  if (current) fetchSessionUser().catch(() => undefined);
}

if (typeof window !== "undefined") {
  document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && recheckSession());
  window.addEventListener("focus", recheckSession);
}

export async function getSessionUser(): Promise<SessionUser | null> {
  return current !== undefined ? current : fetchSessionUser();
}

let refreshing: Promise<void> | undefined;
let again = false;

/**
 * The server said this user's permissions changed (their role's rules, or their role): ask for
 * them, rebuild the ability, and let everything that depends on it ask again. Calls that arrive
 * while one is on its way make one more request after it, never one each.
 */
export function refreshPermissions(): Promise<void> {
  if (refreshing) {
    again = true;
    return refreshing;
  }
  refreshing = (async () => {
    do {
      again = false;
      if (!current) return;
      const loaded = await loadPermissions().catch(() => null);
      // A 401 here is the session ending: the next request of the page signs the user out.
      if (!loaded || !current || samePermissions(loaded, permissions)) continue;
      current = { ...current, role: loaded.role };
      permissions = loaded;
      rebuild();
      notify();
      afterPermissionsChanged();
    } while (again);
  })().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** The signed-in user's two-factor sign-in as the server last said (a stable object, for useSyncExternalStore). */
export const currentTwoFactor = (): TwoFactorState => twoFactor;

/**
 * What an answer told us without a session check: a call refused with TWO_FACTOR_SETUP_REQUIRED
 * (the member's role came to require it mid-session). Enrolling asks the server again
 * (fetchSessionUser), which is the word that counts.
 */
export function setTwoFactor(next: Partial<TwoFactorState>) {
  const merged = { ...twoFactor, ...next };
  if (!current || sameTwoFactor(merged, twoFactor)) return;
  const gate = merged.setupRequired !== twoFactor.setupRequired;
  twoFactor = merged;
  rebuild();
  notify();
  if (gate) afterPermissionsChanged();
}

/** The signed-in user's ability (the same policy the server enforces), built from their permissions. */
export const currentAbility = (): AppAbility => ability;
export const currentPermissions = (): Permissions | null => permissions;

/** For useSyncExternalStore: called whenever the user or their ability changes. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
