import { RESOURCE_NAMES, type ResourceName } from "../domain/entities";
import type { ApiToken, Preferences, Session, TwoFactor } from "./storage/types";

/**
 * What the data file holds. The collections of the entity definitions are served by the API; everything after them (credentials, sessions, login failures, counters) lives in the same
 * atomic store so one write covers it, but is never routed.
 */
export type Row = Record<string, unknown> & { id: number; createdAt: string; updatedAt: string; version: number };

/** One collection per entity definition, named as the resource. */
export type DbShape = Record<ResourceName, Row[]> & {
  /** One per staff member: the scrypt hash of their password (see passwords.ts). */
  credentials: { staffId: number; hash: string; changedAt: string }[];
  /** Server-side sessions; `id` is the SHA-256 of the cookie token, never the token itself. */
  sessions: Session[];
  /** Two-factor enrolments, one per staff member who has one. */
  twoFactor: TwoFactor[];
  /** API tokens (their hashes). */
  tokens: ApiToken[];
  /** Failed sign-ins, for the sign-in rate limit (LOGIN_MAX_FAILURES per email per window). */
  loginFailures: { email: string; at: string }[];
  /** Per staff member: what their lists last showed (columns, page size, default view), wherever they sign in. */
  preferences: Preferences[];
  /** Next values of server-assigned sequences; `orderNumber` is never reused, even after a delete. */
  counters: { orderNumber: number; tokenId?: number };
};

export const ROUTED_COLLECTIONS: readonly ResourceName[] = RESOURCE_NAMES;
