import type { AuthProvider } from "@refinedev/core";
import { API_URL } from "../config";
import { t } from "../i18n";
import { loginPathFor } from "../lib/return-path";
import { loginErrorMessage } from "./auth-messages";
import { httpClient, isHttpError } from "./http-client";
import { fetchSessionUser, getSessionUser, setSessionUser, type SessionUser } from "./session";

export interface LoginError extends Error {
  code?: string;
}

const loginError = (message: string, code?: string): LoginError => Object.assign(new Error(message), { name: "Sign-in failed", code });

export const authProvider: AuthProvider = {
  login: async ({ email, password }: { email: string; password: string }) => {
    try {
      const { data } = await httpClient.post<{ user: SessionUser }>(`${API_URL}/auth/login`, { email, password });
      setSessionUser(data.user);
      return { success: true, redirectTo: "/" };
    } catch (error) {
      if (isHttpError(error)) return { success: false, error: loginError(loginErrorMessage(error, t), error.code) };
      return { success: false, error: loginError(t("auth.failed")) };
    }
  },

  logout: async () => {
    try {
      await httpClient.post(`${API_URL}/auth/logout`);
    } catch {
      // An already-ended session is as signed out as it gets.
    }
    setSessionUser(null);
    return { success: true, redirectTo: "/login" };
  },

  check: async () => {
    try {
      const user = await fetchSessionUser();
      return user ? { authenticated: true } : { authenticated: false, logout: true, redirectTo: "/login" };
    } catch (error) {
      return { authenticated: false, error: error instanceof Error ? error : new Error("Session check failed") };
    }
  },

  onError: async (error: unknown) => {
    if (isHttpError(error) && error.statusCode === 401) {
      setSessionUser(null);
      return { logout: true, redirectTo: loginPathFor(window.location) };
    }
    return {};
  },

  getIdentity: async () => getSessionUser(),

  getPermissions: async () => (await getSessionUser())?.role ?? null,
};
