/**
 * `GET /api/events`: server-sent events for Refine's live provider (issue 12).
 *
 * The feed is the audit log read forward by id: every create / update / delete / transition
 * already appends its audit event in the same store write, so nothing another app server needs
 * lives in this one's memory — each server polls the store it shares with the others (no
 * LISTEN/NOTIFY: the portable-SQL rule of decision 050). One poll per server per tick, whatever
 * the number of listeners; each listener gets only what its reader may see (src/domain/live.ts),
 * and its stream ends the moment its session does.
 */
import type { Request, Response } from "express";
import type { AppAbility } from "../domain/policy";
import type { ActorAbility } from "./abilities";
import { isResourceName, type ResourceName } from "../domain/entities";
import { liveEventFor, type LiveEvent } from "../domain/live";
import { AppError } from "../domain/errors";
import type { Row } from "./db-shape";

/** What the hub reads from the store; the storage seam answers it for either backend. */
export interface LiveSource {
  /** Audit events with an id above `afterId`, oldest first, at most `limit`. */
  eventsAfter(afterId: number, limit: number): Promise<Row[]>;
  /** The highest audit event id now (where a new listener starts). */
  lastEventId(): Promise<number>;
  /** The record as stored now, or undefined. */
  record(resource: ResourceName, id: number): Promise<Row | undefined>;
  /** The staff member a session belongs to while it is live (not ended, expired or deactivated), else null. */
  sessionActor(sessionId: string): Promise<Row | null>;
  /** What that staff member may do now, from their role as stored. */
  abilityOf(actor: Row): Promise<ActorAbility>;
}

export interface LiveOptions {
  pollMs?: number;
  heartbeatMs?: number;
}

/** Events fetched per poll; a listener further behind than this is told to reload. */
const BATCH = 500;
/**
 * An id the store skipped may still arrive: PostgreSQL hands out identities when a transaction
 * starts writing, and an earlier id can commit after a later one. Gaps are re-read this long.
 */
const GAP_WAIT_MS = 5_000;

interface Listener {
  res: Response;
  sessionId: string;
  actorId: number;
  ability: AppAbility;
  /** Which version of their permissions the listener's screens were built from. */
  stamp: string;
}

export class LiveHub {
  private listeners = new Set<Listener>();
  private cursor: number | null = null;
  /** Ids below the cursor not seen yet, with when to stop waiting for them. */
  private gaps = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private polling = false;
  private readonly pollMs: number;
  private readonly heartbeatMs: number;

  constructor(
    private readonly source: LiveSource,
    opts: LiveOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? 500;
    this.heartbeatMs = opts.heartbeatMs ?? 20_000;
  }

  /** The route handler: a session is required (the router checked it), then the stream stays open. */
  async subscribe(req: Request, res: Response) {
    const { actor, sessionId } = req.ctx;
    if (!actor || !sessionId) throw new AppError("UNAUTHENTICATED", "Sign in to continue");
    const last = lastEventIdOf(req);
    if (this.cursor === null) this.cursor = await this.source.lastEventId();
    const listener: Listener = { res, sessionId, actorId: actor.id, ability: req.ctx.ability, stamp: (await this.source.abilityOf(actor)).stamp };

    res.status(200);
    res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Connection", "keep-alive");
    // Proxies that buffer would hold events back until the buffer fills.
    res.setHeader("X-Accel-Buffering", "no");
    res.flushHeaders();
    // The browser's EventSource reconnects by itself after this long.
    res.write(`retry: 2000\n\n`);

    // A reconnecting listener first gets what it missed, as far back as one batch goes.
    if (last !== null && last < this.cursor) {
      const missed = await this.source.eventsAfter(last, BATCH + 1);
      if (missed.length > BATCH) send(res, "reset", { reason: "too far behind" });
      else for (const ev of missed.filter((e) => e.id <= (this.cursor ?? 0))) await this.deliver(ev, [listener], new Map());
    }

    this.listeners.add(listener);
    res.on("close", () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.stop();
    });
    this.start();
  }

  private start() {
    this.timer ??= setInterval(() => void this.poll(), this.pollMs);
    this.heartbeat ??= setInterval(() => {
      for (const l of this.listeners) l.res.write(`: ping\n\n`);
    }, this.heartbeatMs);
  }

  private stop() {
    if (this.timer) clearInterval(this.timer);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.timer = this.heartbeat = null;
    // Next listener starts from the store's present again.
    this.cursor = null;
    this.gaps.clear();
  }

  /** One tick: end streams whose session ended, then hand every new event to whoever may see it. */
  async poll() {
    if (this.polling || this.cursor === null) return;
    this.polling = true;
    try {
      await this.checkSessions();
      const now = Date.now();
      for (const [id, until] of this.gaps) if (until < now) this.gaps.delete(id);
      const from = Math.min(this.cursor, ...[...this.gaps.keys()].map((id) => id - 1));
      const events = await this.source.eventsAfter(from, BATCH);
      const records = new Map<string, Row | undefined>();
      for (const ev of events) {
        if (ev.id <= this.cursor && !this.gaps.has(ev.id)) continue; // delivered already
        this.gaps.delete(ev.id);
        if (ev.id > this.cursor) {
          for (let missing = this.cursor + 1; missing < ev.id; missing++) this.gaps.set(missing, now + GAP_WAIT_MS);
          this.cursor = ev.id;
        }
        await this.deliver(ev, [...this.listeners], records);
      }
    } catch (err) {
      // The store is unreachable for a moment (PostgreSQL restarting): keep the streams, try next tick.
      console.error(`[live] poll failed: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      this.polling = false;
    }
  }

  private async checkSessions() {
    for (const l of [...this.listeners]) {
      const actor = await this.source.sessionActor(l.sessionId);
      if (!actor || actor.id !== l.actorId) {
        send(l.res, "end", { code: "UNAUTHENTICATED" });
        l.res.end();
        this.listeners.delete(l);
        continue;
      }
      // A role changed by an admin (its rules, or which role the member holds) applies from the
      // next event on, and the member's screens are told to fetch their permissions again.
      const now = await this.source.abilityOf(actor);
      l.ability = now.ability;
      if (now.stamp !== l.stamp) {
        l.stamp = now.stamp;
        send(l.res, "permissions", { role: now.permissions.role });
      }
    }
  }

  private async deliver(ev: Row, to: Listener[], records: Map<string, Row | undefined>) {
    const resource = ev.resource;
    if (typeof resource !== "string" || !isResourceName(resource) || typeof ev.recordId !== "number") return;
    const key = `${resource}/${ev.recordId}`;
    if (!records.has(key)) records.set(key, await this.source.record(resource, ev.recordId));
    const current = records.get(key);
    for (const l of to) {
      const out = liveEventFor(l.ability, ev, current);
      if (out) send(l.res, "change", out, out.seq);
    }
  }
}

function send(res: Response, event: string, data: unknown, id?: number) {
  res.write(`${id !== undefined ? `id: ${id}\n` : ""}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
}

function parseLastEventId(header: string | string[] | undefined): number | null {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * Where a listener resumes: the browser's own reconnection sends `Last-Event-ID`; a page that
 * opens the stream afresh cannot set a header on an EventSource and says `?lastEventId=` instead.
 * The header is the browser's and never refused; the query is the client's and must be a number.
 */
function lastEventIdOf(req: Request): number | null {
  const url = req.originalUrl;
  const query = new URLSearchParams(url.includes("?") ? url.slice(url.indexOf("?") + 1) : "");
  for (const key of new Set(query.keys()))
    if (key !== "lastEventId") throw new AppError("BAD_QUERY", `Unknown query parameter: ${key}. This call takes only lastEventId`);
  const fromHeader = parseLastEventId(req.headers["last-event-id"]);
  const asked = query.getAll("lastEventId");
  if (fromHeader !== null || !asked.length) return fromHeader;
  const fromQuery = asked.length === 1 ? parseLastEventId(asked[0]) : null;
  if (fromQuery === null) throw new AppError("BAD_QUERY", "lastEventId takes one whole number: the id of the last event received");
  return fromQuery;
}

export type { LiveEvent };
