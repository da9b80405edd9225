/**
 * Refine's liveProvider over our server-sent events (`GET /api/events`): one EventSource for the
 * whole tab, opened by the first subscription. It stays open across navigation (one page's
 * subscriptions end just before the next page's begin) and closes only when nobody has listened
 * for a while; opened again, it asks the server for what it missed since the last event it had.
 * The server sends each reader only what the policy lets them see; this module only routes an
 * event to the subscriptions of its resource (and, for a record page, of its id).
 */
import type { BaseKey, LiveEvent, LiveProvider } from "@refinedev/core";
import { API_URL } from "../config";
import { afterOwnWrites, takeOwnEvent } from "./own-events";
import { recheckSession } from "./session";

/** What the server sends as `event: change` (src/domain/live.ts). */
export interface ServerChange {
  seq: number;
  resource: string;
  action: "create" | "update" | "delete" | "transition";
  id: number;
  actorId: number | null;
  actorName: string | null;
}

/**
 * The channel a `permissions` event (`{ role }`: the reader's own role or its rules changed) is
 * routed to; the app shell listens there and asks for the permissions again.
 */
export const PERMISSIONS_CHANNEL = "permissions";

const TYPES: Record<ServerChange["action"], LiveEvent["type"]> = { create: "created", update: "updated", transition: "updated", delete: "deleted" };

interface Subscription {
  channel: string;
  types: LiveEvent["type"][];
  ids: string[] | null;
  /**
   * One of Refine's data hooks (useList, useOne, useMany: Refine gives their subscriptions a
   * `subscriptionType`). In "auto" mode one refetches the resource's reads on an event; the edit
   * form's ("manual") ignores its own user's changes anyway.
   */
  dataHook: boolean;
  callback: (event: LiveEvent) => void;
}

/** A stream the server closed (an ended session, a 401) is opened again after this long while anyone listens. */
const REOPEN_MS = 5_000;
/** How long the stream stays open with nobody listening: long enough for any page change. */
export const IDLE_CLOSE_MS = 30_000;

export function toLiveEvent(change: ServerChange): LiveEvent {
  return {
    channel: `resources/${change.resource}`,
    type: TYPES[change.action] ?? "updated",
    payload: { ids: [change.id], action: change.action, actorId: change.actorId, actorName: change.actorName },
    date: new Date(),
  };
}

type SubscribeParams = { ids?: BaseKey[]; id?: BaseKey; subscriptionType?: string } | undefined;

/**
 * The records a subscription is about: Refine's useOne and useMany, or one of ours that names an id
 * (a record's History). Ours pass no `subscriptionType`: that would make them a data hook, which
 * misses its own tab's events.
 */
function idsOf(params: SubscribeParams): string[] | null {
  if (params?.subscriptionType === "useMany" && params.ids) return params.ids.map(String);
  if ((params?.subscriptionType ?? "useOne") === "useOne" && params?.id !== undefined) return [String(params.id)];
  return null;
}

export function matches(sub: Subscription, event: LiveEvent): boolean {
  if (sub.channel !== event.channel) return false;
  if (!sub.types.includes("*") && !sub.types.includes(event.type)) return false;
  if (!sub.ids || !event.payload.ids) return true;
  return event.payload.ids.some((id) => sub.ids!.includes(String(id)));
}

/** `onResumed`: the stream opened again after it was down (the server ended it, or the connection dropped): what it carried meanwhile may be missed. */
export function createLiveProvider(
  url = `${API_URL}/events`,
  EventSourceImpl: typeof EventSource = globalThis.EventSource,
  onResumed?: () => void,
): LiveProvider {
  const subs = new Set<Subscription>();
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | null = null;
  let idle: ReturnType<typeof setTimeout> | null = null;
  /** The id of the last event this tab got: a stream opened again resumes after it. */
  let lastEventId: string | null = null;
  let everOpened = false;

  /** `own`: this tab's write caused it; Refine's data hooks skip it (own-events.ts says why). */
  const dispatch = (event: LiveEvent, own = false) => {
    for (const sub of [...subs]) if (matches(sub, event) && !(own && sub.dataHook)) sub.callback(event);
  };

  function open() {
    if (source || !subs.size || !EventSourceImpl) return;
    const resume = lastEventId ? `${url}${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastEventId)}` : url;
    const es = new EventSourceImpl(resume, { withCredentials: true });
    source = es;
    es.addEventListener("open", () => {
      if (everOpened) onResumed?.();
      everOpened = true;
    });
    es.addEventListener("change", (e) => {
      const id = (e as MessageEvent<string>).lastEventId;
      if (id) lastEventId = id;
      let change: ServerChange;
      try {
        change = JSON.parse((e as MessageEvent<string>).data) as ServerChange;
      } catch {
        // A line we cannot read is not worth breaking the page for.
        return;
      }
      afterOwnWrites(() => dispatch(toLiveEvent(change), takeOwnEvent(change.seq)));
    });
    es.addEventListener("permissions", (e) => {
      let payload: Record<string, unknown> = {};
      try {
        payload = JSON.parse((e as MessageEvent<string>).data) as Record<string, unknown>;
      } catch {
        // What changed is asked for anyway; the payload only names the role.
      }
      dispatch({ channel: PERMISSIONS_CHANNEL, type: "updated", payload, date: new Date() });
    });
    // The server could not replay what we missed: every list and record of every resource refetches.
    es.addEventListener("reset", () => {
      for (const sub of [...subs]) sub.callback({ channel: sub.channel, type: "*", payload: {}, date: new Date() });
    });
    const closed = () => {
      es.close();
      if (source === es) source = null;
      if (subs.size && !reopen) reopen = setTimeout(() => ((reopen = null), open()), REOPEN_MS);
    };
    // The session ended: the next API call signs the user out; until then, stop listening.
    es.addEventListener("end", closed);
    // EventSource retries a dropped connection by itself; only a refused one (401) leaves it closed.
    es.addEventListener("error", () => {
      if (es.readyState === EventSourceImpl.CLOSED) closed();
    });
  }

  function close() {
    source?.close();
    source = null;
    if (reopen) clearTimeout(reopen);
    reopen = null;
  }

  function keep() {
    if (idle) clearTimeout(idle);
    idle = null;
  }

  return {
    subscribe({ channel, types, callback, params }) {
      const sub: Subscription = { channel, types, callback, ids: idsOf(params), dataHook: params?.subscriptionType !== undefined };
      subs.add(sub);
      keep();
      open();
      return sub;
    },
    unsubscribe(sub: Subscription) {
      subs.delete(sub);
      if (subs.size || idle) return;
      idle = setTimeout(() => {
        idle = null;
        if (!subs.size) close();
      }, IDLE_CLOSE_MS);
    },
  };
}

// A stream opened again: who is signed in and their rules, asked again (a role changed while it was
// down sends no event to a listener that arrives after).
export const liveProvider = createLiveProvider(undefined, undefined, recheckSession);
