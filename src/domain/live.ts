/**
 * Live events (`GET /api/events`): which change a reader is told of. Every write already
 * leaves an audit event in the same store write, so the feed is the audit log read forward; this
 * module decides, per reader, what of it they may learn — by the same policy as a read.
 */
import { isResourceName, readableFieldNames, getEntity, type ResourceName } from "./entities";
import { canDo, readableFields, type AppAbility } from "./policy";

export const LIVE_ACTIONS = ["create", "update", "delete", "transition"] as const;
export type LiveAction = (typeof LIVE_ACTIONS)[number];

/** What a reader is sent: which record moved, how, and who moved it. Never a field's value. */
export interface LiveEvent {
  /** The audit event's id: a reconnecting client resumes after it (Last-Event-ID). */
  seq: number;
  resource: ResourceName;
  action: LiveAction;
  id: number;
  actorId: number | null;
  actorName: string | null;
}

type Changes = Record<string, { from?: unknown; to?: unknown }>;

const isChanges = (v: unknown): v is Changes => !!v && typeof v === "object" && !Array.isArray(v);

/**
 * The record as it was before the change, from the record as it is now (or nothing, when it is
 * gone) and the change's `from` values: enough to try the policy's row conditions on.
 */
function before(current: Record<string, unknown> | undefined, changes: Changes): Record<string, unknown> {
  const out: Record<string, unknown> = { ...current };
  for (const [field, c] of Object.entries(changes)) if (c && "from" in c) out[field] = c.from;
  return out;
}

function after(current: Record<string, unknown> | undefined, changes: Changes): Record<string, unknown> {
  if (current) return current;
  const out: Record<string, unknown> = {};
  for (const [field, c] of Object.entries(changes)) if (c && "to" in c) out[field] = c.to;
  return out;
}

/**
 * The event this reader may be told of, or null.
 * - Row rules: the reader could read the record before the change or after it (an order handed
 *   from one agent to another is news to both: it leaves one list and joins the other).
 * - Field rules: an update whose every changed field is hidden from the reader is not news to
 *   them — telling it would say that a field they cannot see has changed.
 * @param current the record as stored now; undefined when it no longer exists.
 */
export function liveEventFor(ability: AppAbility, event: Record<string, unknown>, current: Record<string, unknown> | undefined): LiveEvent | null {
  const resource = event.resource;
  // A record restored from the trash is, to a list on screen, a record created.
  const action = event.action === "restore" ? "create" : event.action;
  if (typeof resource !== "string" || !isResourceName(resource) || resource === "audit-events") return null;
  if (!LIVE_ACTIONS.includes(action as LiveAction)) return null;
  if (typeof event.recordId !== "number" || typeof event.id !== "number") return null;
  if (!canDo(ability, "read", resource)) return null;
  const changes = isChanges(event.changes) ? event.changes : {};
  const id = event.recordId;
  const was = { ...before(current, changes), id };
  const is = { ...after(current, changes), id };
  const rowVisible = (action !== "create" && canDo(ability, "read", resource, was)) || (action !== "delete" && canDo(ability, "read", resource, is));
  if (!rowVisible) return null;
  if (action === "update") {
    const readable = new Set(readableFields(ability, resource));
    const known = new Set(readableFieldNames(getEntity(resource)));
    // A field no role reads (a password) changed: that the record changed is still news.
    const seen = Object.keys(changes).some((f) => readable.has(f) || !known.has(f));
    if (!seen) return null;
  }
  return {
    seq: event.id,
    resource,
    action: action as LiveAction,
    id,
    actorId: typeof event.actorId === "number" ? event.actorId : null,
    actorName: typeof event.actorName === "string" ? event.actorName : null,
  };
}
