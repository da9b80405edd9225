import type { AuthProvider } from "@refinedev/core";
import { API_URL } from "../config";
import { t } from "../i18n";
import { loginPathFor } from "../lib/return-path";
import { loginErrorMessage } from "./auth-messages";
import { httpClient, isHttpError } from "./http-client";
import { fetchSessionUser, getSessionUser, setSession, setTwoFactor, takeSessionAnswer, type SessionAnswer } from "./session";

export interface LoginError extends Error {
  code?: string;
}

const loginError = (message: string, code?: string): LoginError => Object.assign(new Error(message), { name: "Sign-in failed", code });

/**
 * Between pressing Sign out and the next sign-in. Meanwhile the page being left can still be on
 * screen (while the sign-in page's code arrives), and what finds no session there — its
 * `<Authenticated>` fallback, a request in flight coming back 401 — must not answer as for an
 * expired session, with a `?to=` of that page: the next person to sign in would land on it.
 */
let signedOut = false;

/** Signed out on purpose in this tab: the sign-in page opens plain, with no page to come back to. */
export const signedOutOnPurpose = () => signedOut;

export const authProvider: AuthProvider = {
  // `code`: the second step of a two-factor sign-in (a TOTP code or a recovery code).
  login: async ({ email, password, code, recovery }: { email: string; password: string; code?: string; recovery?: boolean }) => {
    try {
      const { data } = await httpClient.post<SessionAnswer>(`${API_URL}/auth/login`, { email, password, ...(code ? { code } : {}) });
      await takeSessionAnswer(data);
      signedOut = false;
      return { success: true, redirectTo: "/" };
    } catch (error) {
      if (isHttpError(error)) return { success: false, error: loginError(loginErrorMessage(error, t, recovery), error.code) };
      return { success: false, error: loginError(t("auth.failed")) };
    }
  },

  logout: async () => {
    signedOut = true;
    try {
      await httpClient.post(`${API_URL}/auth/logout`);
    } catch {
      // An already-ended session is as signed out as it gets.
    }
    setSession(null);
    return { success: true, redirectTo: "/login" };
  },

  check: async () => {
    try {
      const user = await fetchSessionUser();
      // Signed in again, here or in another tab.
      if (user) signedOut = false;
      return user ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: "/login" };
    } catch (error) {
      return { authenticated: false, error: error instanceof Error ? error : new Error("Session check failed") };
    }
  },

  onError: async (error: unknown) => {
    // The role requires two-factor and it is not set up: enrolment on the profile, nothing else.
    if (isHttpError(error) && error.code === "TWO_FACTOR_SETUP_REQUIRED") {
      setTwoFactor({ setupRequired: true });
      return { redirectTo: "/profile" };
    }
    if (isHttpError(error) && error.statusCode === 401) {
      // Signed out on purpose: the sign-out goes to a plain sign-in page by itself.
      if (signedOut) return {};
      // This request may have left with the cookie of a session that another tab's sign-in has just
      // replaced. Who is signed in now is asked first: signing out here would end that new session
      // too (the sign-out goes with the browser's cookie, which is now the new one).
      const now = await fetchSessionUser().catch(() => null);
      if (now) return {};
      setSession(null);
      return { logout: true, redirectTo: loginPathFor(window.location) };
    }
    return {};
  },

  getIdentity: async () => getSessionUser(),

  getPermissions: async () => (await getSessionUser())?.role ?? null,
};
