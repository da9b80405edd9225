/**
 * The sign-in rate limit of SPEC §9: LOGIN_MAX_FAILURES per email (known or not) within
 * LOGIN_FAILURE_WINDOW_MS, kept in the store so a restart does not reset it.
 */
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES } from "../domain/constants";
import { AppError } from "../domain/errors";
import type { DbShape } from "./db-shape";

/** Throws RATE_LIMITED with the seconds until the oldest counted failure leaves the window. */
export function checkLoginLimit(data: DbShape, email: string, now: Date) {
  const since = now.getTime() - LOGIN_FAILURE_WINDOW_MS;
  const recent = data.loginFailures.filter((f) => f.email === email && Date.parse(f.at) > since).map((f) => Date.parse(f.at));
  if (recent.length < LOGIN_MAX_FAILURES) return;
  const oldestCounted = recent.sort((a, b) => a - b)[recent.length - LOGIN_MAX_FAILURES];
  const retryAfter = Math.max(1, Math.ceil((oldestCounted + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000));
  throw new AppError("RATE_LIMITED", `Too many failed sign-ins for this email. Try again in ${formatWait(retryAfter)}.`, undefined, { retryAfter });
}

export function recordLoginFailure(data: DbShape, email: string, now: Date) {
  pruneLoginFailures(data, now);
  data.loginFailures.push({ email, at: now.toISOString() });
}

export function clearLoginFailures(data: DbShape, email: string, now: Date) {
  pruneLoginFailures(data, now);
  data.loginFailures = data.loginFailures.filter((f) => f.email !== email);
}

function pruneLoginFailures(data: DbShape, now: Date) {
  const since = now.getTime() - LOGIN_FAILURE_WINDOW_MS;
  data.loginFailures = data.loginFailures.filter((f) => Date.parse(f.at) > since);
}

const formatWait = (seconds: number) => (seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`);
