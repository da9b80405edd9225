/**
 * The storage seam (docs/decisions/051): everything in src/server that touches data goes through
 * this one async interface. Policy, validation, stripping and the error catalogue sit above it,
 * once; below it are the JSON store (json-store.ts) and PostgreSQL (pg/store.ts). Nothing
 * above reads a backend's arrays or SQL.
 *
 * What crosses it is data: a list plan (filters, q, sort, page) and a row scope (the policy's
 * read conditions), never closures, so a backend can compile them (SQL) or run
 * them (arrays) and both answer the same.
 */
import type { ResourceName } from "../../domain/entities";
import type { FieldDef } from "../../domain/fields";
import type { DashboardStats } from "../../domain/stats";
import type { DbShape, Row } from "../db-shape";

export type Scalar = string | number | boolean;

/**
 * A row condition: every entry holds (AND). A value is equality, `$in` any of, `$ne` anything but
 * (a missing value counts as not equal, as in CASL); `{}` holds for every row.
 */
export type Condition = Record<string, Scalar | { $in: Scalar[] } | { $ne: Scalar }>;

/**
 * The rows of a resource a reader may see: null for every row, else those that match one of
 * `anyOf` and none of `noneOf` (the role's deny rules); an empty `anyOf` matches nothing.
 */
export type RowScope = null | { anyOf: Condition[]; noneOf: Condition[] };

export type FilterOp = "eq" | "ne" | "gte" | "lte" | "like";

/** `eq` matches any of `values` (simple-rest's getMany sends `id=1&id=2`); the others take one. */
export interface Filter {
  field: string;
  op: FilterOp;
  values: Scalar[];
}

export interface SortKey {
  field: string;
  def: FieldDef;
  dir: 1 | -1;
}

/** A searched reference field matches when the record it points at has a label containing q. */
export interface ReferenceSearch {
  field: string;
  /** null: the reader may not read that resource or its label, so this field matches nothing. */
  target: { resource: ResourceName; labelField: string; scope: RowScope } | null;
}

export interface ListPlan {
  start: number;
  end: number;
  /** Ends with id, so a page boundary never moves between equal rows. */
  sort: SortKey[];
  filters: Filter[];
  /** q, lower-cased: a row matches when any searched field contains it. */
  search: { q: string; fields: string[]; references: ReferenceSearch[] } | null;
}

export interface Session {
  id: string;
  staffId: number;
  createdAt: string;
  lastSeenAt: string;
  /** Where and with what it was signed in: shown to its owner on their profile. */
  ip?: string | null;
  userAgent?: string | null;
}

/** A staff member's two-factor enrolment; `enabledAt` null while set up but not yet confirmed. */
export interface TwoFactor {
  staffId: number;
  /** The TOTP secret, sealed when SECRET_KEY is set (src/server/two-factor.ts). */
  secret: string;
  enabledAt: string | null;
  /** The last TOTP step a code was accepted for: no code of it or before works again. */
  lastStep: number | null;
  recoveryCodes: { hash: string; usedAt: string | null }[];
}

export interface ApiToken {
  id: number;
  staffId: number;
  name: string;
  /** SHA-256 of the token; the token itself is never stored. */
  hash: string;
  readOnly: boolean;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
}

/** A staff member's preferences (src/domain/preferences.ts says what they hold). */
export interface Preferences {
  staffId: number;
  value: Record<string, unknown>;
}

export interface AuditRecord {
  at: string;
  actorId: number | null;
  actorName: string | null;
  action: string;
  resource: string;
  recordId: number | null;
  changes: Record<string, unknown>;
  email?: string;
  ip: string;
  tokenId?: number;
  tokenName?: string;
  /** An update that set a record back to its values after this audit event. */
  revertOf?: number;
  /** The spreadsheet import that made this write. */
  importId?: string;
  /** The order whose transition changed this product's stock. */
  orderId?: number;
}

/** What the dashboard counts, for whom: an agent's figures are their own rows only. */
export interface DashboardQuery {
  scope: DashboardStats["scope"];
  /** Per resource: the reader's rows (null: may not read it at all) and the fields they may read. */
  orders: { rows: RowScope; fields: readonly string[] } | null;
  customers: { rows: RowScope; fields: readonly string[] } | null;
  products: { rows: RowScope; fields: readonly string[] } | null;
  now: Date;
}

/** Reads, in or out of a transaction. */
export interface Reader {
  get(resource: ResourceName, id: number): Promise<Row | undefined>;
  list(resource: ResourceName, plan: ListPlan, scope: RowScope): Promise<{ rows: Row[]; total: number }>;
  /** Is `value` (compared case-insensitively) taken in `field` by a row other than `exceptId`? */
  isTaken(resource: ResourceName, field: string, value: string, exceptId: number | null): Promise<boolean>;
  /**
   * Rows whose `field` is one of `values`: ids by number; other fields as text, compared
   * case-insensitively (an import finds its rows' records and references in one read per field).
   */
  findByValues(resource: ResourceName, field: string, values: readonly (string | number)[]): Promise<Row[]>;
  /** How many records of each resource point at this one (audit events do not count). */
  countReferrers(resource: ResourceName, id: number): Promise<Record<string, number>>;
  /** Audit events about one record with one of `actions`, oldest first. */
  history(resource: string, recordId: number, actions: readonly string[]): Promise<Row[]>;
  /** Audit events with one of `actions` on these resources at or after `since`, newest first: what the trash is made of. */
  eventsOf(resources: readonly string[], actions: readonly string[], since: string): Promise<Row[]>;
  staffByEmail(email: string): Promise<Row | undefined>;
  /** The role whose key this is (keys are lower-case and never change). */
  roleByKey(key: string): Promise<Row | undefined>;
  passwordHash(staffId: number): Promise<string | undefined>;
  session(id: string): Promise<Session | undefined>;
  /** Every session of a staff member, newest first. */
  sessionsOf(staffId: number): Promise<Session[]>;
  twoFactor(staffId: number): Promise<TwoFactor | undefined>;
  preferences(staffId: number): Promise<Record<string, unknown> | undefined>;
  tokenByHash(hash: string): Promise<ApiToken | undefined>;
  /** A staff member's tokens (null: everyone's), newest first. */
  tokens(staffId: number | null): Promise<ApiToken[]>;
  /** Times (ms) of failed sign-ins for this email after `since`. */
  loginFailures(email: string, since: Date): Promise<number[]>;
  /** Active admins other than `exceptId`. */
  countActiveAdmins(exceptId: number): Promise<number>;
}

/**
 * One transaction: all of it is written, or none. Reads with `lock` hold the row until the end
 * (PostgreSQL: SELECT … FOR UPDATE); rows are locked in a fixed order (by resource as callers
 * take them: staff, orders, products; within one, by id) so two transactions never wait on
 * each other in a circle.
 */
export interface Tx extends Reader {
  lock(resource: ResourceName, id: number): Promise<Row | undefined>;
  /** Several rows of one resource, locked in id order. */
  lockMany(resource: ResourceName, ids: number[]): Promise<Row[]>;
  /** Every active admin, locked (the last-admin rule decides on them). */
  lockActiveAdmins(): Promise<Row[]>;
  /**
   * Stores a new record and returns it with its id: a new one, or the one it had (a record
   * restored from the trash comes back under its old id, which was never given to another).
   */
  insert(resource: ResourceName, record: Omit<Row, "id"> & { id?: number }): Promise<Row>;
  /** `n` ids for new records of this resource, never given to another (even if this transaction is undone). */
  reserveIds(resource: ResourceName, n: number): Promise<number[]>;
  /** New records that already hold their ids (from reserveIds), stored together: an import's creates. */
  insertMany(resource: ResourceName, records: readonly Row[]): Promise<void>;
  /** Replaces the stored record whose version is still `expectedVersion`; false when it is not. */
  update(resource: ResourceName, record: Row, expectedVersion: number): Promise<boolean>;
  /** Bookkeeping that is not an edit (version and updatedAt stay): a sign-in's lastLoginAt. */
  touch(resource: ResourceName, id: number, fields: Record<string, unknown>): Promise<void>;
  remove(resource: ResourceName, id: number): Promise<void>;
  audit(event: AuditRecord): Promise<Row>;
  /** Several audit events at once, in this order (an import's rows: a few statements, not one per row). */
  auditMany(events: readonly AuditRecord[]): Promise<void>;
  /** The next order number (SO-000123), never one taken before (even by a deleted order). */
  takeOrderNumber(): Promise<string>;
  setPassword(staffId: number, hash: string, at: string): Promise<void>;
  removePassword(staffId: number): Promise<void>;
  createSession(session: Session): Promise<void>;
  touchSession(id: string, at: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of this staff member but `keepId`. */
  endSessionsOf(staffId: number, keepId?: string | null): Promise<void>;
  pruneSessions(expiredBefore: { createdBefore: string; seenBefore: string }): Promise<void>;
  setTwoFactor(record: TwoFactor): Promise<void>;
  setPreferences(staffId: number, value: Record<string, unknown>): Promise<void>;
  deleteTwoFactor(staffId: number): Promise<void>;
  insertToken(token: Omit<ApiToken, "id">): Promise<ApiToken>;
  deleteToken(id: number): Promise<void>;
  /** Every token of this staff member (their account went away). */
  deleteTokensOf(staffId: number): Promise<void>;
  touchToken(id: number, at: string): Promise<void>;
  recordLoginFailure(email: string, at: string, pruneBefore: string): Promise<void>;
  clearLoginFailures(email: string, pruneBefore: string): Promise<void>;
}

export interface Storage extends Reader {
  /** "json" or "postgres", for logs and tests. */
  readonly kind: string;
  /** Runs `fn` as one transaction; retried (whole) on a serialization failure or deadlock. */
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  dashboard(query: DashboardQuery): Promise<DashboardStats>;
  /**
   * Audit events with an id above `afterId`, oldest first, at most `limit`: the live feed
   * (src/server/live.ts) reads the log forward by id, the same way on every app server.
   */
  auditAfter(afterId: number, limit: number): Promise<Row[]>;
  /** The highest audit event id now (0 for none). */
  lastAuditId(): Promise<number>;
  /** Everything, in the data file's shape: for tests and tools, never for serving. */
  snapshot(): Promise<DbShape>;
  close(): Promise<void>;
}
