/**
 * The sign-in rate limit: LOGIN_MAX_FAILURES per email (known or not) within
 * LOGIN_FAILURE_WINDOW_MS, kept in the store so a restart does not reset it and every app server
 * on one database counts the same failures.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "../domain/constants";
import { AppError } from "../domain/errors";
import type { Reader, Tx } from "./storage/types";

const windowStart = (now: Date) => new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);

/** Throws RATE_LIMITED with the seconds until the oldest counted failure leaves the window. */
export async function checkLoginLimit(reader: Reader, email: string, now: Date) {
  const recent = await reader.loginFailures(email, windowStart(now));
  if (recent.length < LOGIN_MAX_FAILURES) return;
  const oldestCounted = recent.sort((a, b) => a - b)[recent.length - LOGIN_MAX_FAILURES];
  const retryAfter = Math.max(1, Math.ceil((oldestCounted + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
  throw new AppError("RATE_LIMITED", `Too many failed sign-ins for this email. Try again in ${formatWait(retryAfter)}.`, undefined, { retryAfter });
}

export const recordLoginFailure = (tx: Tx, email: string, now: Date) => tx.recordLoginFailure(email, now.toISOString(), windowStart(now).toISOString());

export const clearLoginFailures = (tx: Tx, email: string, now: Date) => tx.clearLoginFailures(email, windowStart(now).toISOString());

const formatWait = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);
