import type { Translate } from "../i18n/lookup";
import type { AppHttpError } from "./http-client";

/** "3 minutes", "45 seconds": the wait a rate-limited sign-in is told about. */
export function formatWait(seconds: number, t: Translate): string {
  if (seconds < 60) return t("auth.seconds", { count: Math.max(1, Math.ceil(seconds)) });
  return t("auth.minutes", { count: Math.ceil(seconds / 60) });
}

/**
 * What the sign-in form says for each answer of POST /api/auth/login, in the
 * operator's language; `recovery` when the code sent was a recovery code. Both sign-in pages use it, each with its own translate over the same
 * catalogue (the light page's has no i18next).
 */
export function loginErrorMessage(error: AppHttpError, t: Translate, recovery = false): string {
  switch (error.code) {
    // The code step's own answers; TWO_FACTOR_REQUIRED is no error to show but the step itself.
    case "INVALID_CODE":
      return t(recovery ? "auth.invalidRecoveryCode" : "auth.invalidCode");
    case "TWO_FACTOR_REQUIRED":
      return t("pages.login.twoFactor.help");
    case "INVALID_CREDENTIALS":
      return t("auth.invalidCredentials");
    case "ACCOUNT_DISABLED":
      return t("auth.accountDisabled");
    case "RATE_LIMITED":
      return error.retryAfter !== undefined ? t("auth.rateLimited", { wait: formatWait(error.retryAfter, t) }) : t("auth.rateLimitedLater");
    case "VALIDATION_FAILED":
      return t("auth.missing");
    case undefined:
      return error.statusCode === 0 ? t("auth.unreachable") : error.message || t("auth.failed");
    default:
      return error.message || t("auth.failed");
  }
}
