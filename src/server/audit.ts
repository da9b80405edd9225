/**
 * The audit trail: every write and every auth event appends one event, inside the same store
 * transaction as the change it records. Secrets never enter it: a password change is recorded
 * by name only.
 */
import isEqual from "lodash/isEqual";
import type { AuditAction } from "../domain/entities/audit-events";
import { allFields } from "../domain/entities";
import type { EntityDef } from "../domain/fields";
import type { RequestContext, WrittenEvent } from "./context";
import type { Response } from "express";
import type { Row } from "./db-shape";
import type { Tx } from "./storage/types";

export type Changes = Record<string, { from?: unknown; to?: unknown }>;

/** How a secret's change shows in `changes`: that it changed, never what to. */
export const SECRET_CHANGED = "[changed]";

const NOT_AUDITED = new Set(["id", "createdAt", "updatedAt", "version"]);

/** Fields that differ between two versions of a record (either may be absent: create, delete). */
export function diff(def: EntityDef, before: Row | null, after: Row | null): Changes {
  const changes: Changes = {};
  const fields = allFields(def);
  for (const [name, f] of Object.entries(fields)) {
    if (NOT_AUDITED.has(name) || f.type === "password") continue;
    const from = before?.[name] ?? null;
    const to = after?.[name] ?? null;
    if (!isEqual(from, to)) changes[name] = { from, to };
  }
  return changes;
}

export interface AuditInput {
  action: AuditAction;
  resource: string;
  recordId: number | null;
  changes?: Changes;
  /** Who acted, when not the signed-in actor (a sign-in names the one signing in). */
  actor?: Row | null;
  /** The address tried, on a failed sign-in. */
  email?: string;
  /** The audit event an update went back to. */
  revertOf?: number;
  /** The spreadsheet import this write is a row of. */
  importId?: string;
  /** The order whose transition made this write (a product's stock). */
  orderId?: number;
}

export async function appendAudit(tx: Tx, ctx: RequestContext, input: AuditInput, now: Date) {
  const actor = input.actor !== undefined ? input.actor : ctx.actor;
  const event = await tx.audit({
    at: now.toISOString(),
    actorId: actor?.id ?? null,
    actorName: (actor?.name as string | undefined) ?? null,
    action: input.action,
    resource: input.resource,
    recordId: input.recordId,
    changes: input.changes ?? {},
    ...(input.email !== undefined ? { email: input.email } : {}),
    ip: ctx.ip,
    ...(ctx.token ? { tokenId: ctx.token.id, tokenName: ctx.token.name } : {}),
    ...(input.revertOf !== undefined ? { revertOf: input.revertOf } : {}),
    ...(input.importId !== undefined ? { importId: input.importId } : {}),
    ...(input.orderId !== undefined ? { orderId: input.orderId } : {}),
  });
  // An import audits its rows together at its end (auditMany): no id here, and imports name none.
  if (event.id > 0) ctx.written.push({ seq: event.id, resource: input.resource, recordId: input.recordId });
  return event;
}

/** Names, in `X-Event-Ids`, the live events about the one record a successful write wrote. */
export function nameOwnEvents(res: Response, ctx: RequestContext, resource: string, recordId: number) {
  setEventIds(res, eventsAbout(ctx.written, resource, recordId));
}

/** The ids of the events among `written` about one record. */
export function eventsAbout(written: readonly WrittenEvent[], resource: string, recordId: unknown): number[] {
  return written.filter((e) => e.resource === resource && e.recordId === recordId).map((e) => e.seq);
}

/**
 * The answer's `X-Event-Ids`: live events the request's write caused, so the tab that made it need
 * not refetch what the write's own answer and refresh already did (other tabs, even the same
 * person's, still get them). Only for a write whose one transaction committed: a failed one's ids
 * may be given again to someone else's write (the JSON store takes back a rolled-back id). The ids
 * of a PostgreSQL attempt that was retried are named too; they are never given out again.
 */
export function setEventIds(res: Response, seqs: readonly number[]) {
  if (!seqs.length) return;
  res.setHeader("X-Event-Ids", seqs.join(","));
  res.append("Access-Control-Expose-Headers", "X-Event-Ids");
}
