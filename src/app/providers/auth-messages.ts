import type { AppHttpError } from "./http-client";

/** "3 minutes", "45 seconds": the wait a rate-limited sign-in is told about. */
export function formatWait(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `${s} second${s === 1 ? "" : "s"}`;
  }
  const m = Math.ceil(seconds / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

/** What the sign-in form says for each answer of POST /api/auth/login (SPEC §8). */
export function loginErrorMessage(error: AppHttpError): string {
  switch (error.code) {
    case "INVALID_CREDENTIALS":
      return "Wrong email or password.";
    case "ACCOUNT_DISABLED":
      return "This account is disabled. Ask an administrator to reactivate it.";
    case "RATE_LIMITED":
      return error.retryAfter !== undefined ? `Too many attempts, try again in ${formatWait(error.retryAfter)}.` : "Too many attempts, try again later.";
    case "VALIDATION_FAILED":
      return "Enter your email and password.";
    default:
      return error.message || "Signing in failed. Try again.";
  }
}
