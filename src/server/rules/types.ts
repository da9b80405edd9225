import type { ResourceName } from "../../domain/entities";
import type { EntityDef } from "../../domain/fields";
import type { Changes } from "../audit";
import type { RequestContext } from "../context";
import type { Row } from "../db-shape";
import type { Reader, Tx } from "../storage/types";

/** One write on its way through the pipeline; rules read it and add to it. */
export interface WriteState {
  ctx: RequestContext;
  /** The transaction the write happens in. */
  tx: Tx;
  def: EntityDef;
  resource: ResourceName;
  /** The body as the client sent it. */
  body: Record<string, unknown>;
  /** The validated, cleaned values of the body (null: remove the field). */
  values: Record<string, unknown>;
  /** The record as stored before this write; null on create. */
  before: Row | null;
  /** The record as it will be stored. Rules may set server-managed fields on it. */
  record: Row;
  /** What `prepare` computed before the write began (e.g. a password hash). */
  prepared: Record<string, unknown>;
  now: Date;
  /** Changes the generic diff cannot see (secrets), recorded by name only. */
  extraChanges: Changes;
}

/**
 * What a resource adds to the generic pipeline: its business rules, never its
 * permissions or validation, which come from the policy and the definition.
 */
export interface ResourceRules {
  /** Slow work done before the write's transaction begins (hashing); must not touch the store. */
  prepare?(body: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Invariants of the data that hold whoever asks, checked before the actor's own permissions
   * so the answer names the real reason (LAST_ADMIN).
   */
  invariant?(op: "update" | "delete", target: Row, body: Record<string, unknown>, reader: Reader, tx?: Tx): Promise<void>;
  /** Parts of writable fields only the server sets (an order item's unitPrice), as dotted paths. */
  managedParts?(body: Record<string, unknown>): string[];
  /** Checks and derived values, before the record is written (in its transaction). Throws AppError. */
  beforeWrite?(w: WriteState): Promise<void>;
  /** Side effects that go into the same store write as the record (sessions, credentials, counters). */
  afterWrite?(w: WriteState): Promise<void>;
  afterDelete?(ctx: RequestContext, tx: Tx, record: Row): Promise<void>;
}
