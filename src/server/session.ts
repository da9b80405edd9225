/**
 * Sessions (docs/decisions/007): a random token in an httpOnly, SameSite=Strict cookie; the
 * store keeps only its SHA-256, so a copy of the data file signs nobody in.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from "../domain/constants";
import type { Role } from "../domain/entities/staff";
import { defineAbilityFor } from "../domain/policy";
import type { DbShape, Row } from "./db-shape";
import type { Store } from "./store";

/** lastSeenAt reaches the disk at most this often per session; memory keeps the exact time. */
const LAST_SEEN_PERSIST_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export function newSession(data: DbShape, staffId: number, now: Date): string {
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  data.sessions.push({ id: hashToken(token), staffId, createdAt: at, lastSeenAt: at });
  return token;
}

/** Sessions past either limit are dropped whenever the sessions are written anyway. */
export function pruneSessions(data: DbShape, now: Date) {
  data.sessions = data.sessions.filter((s) => !isExpired(s, now.getTime()));
}

export function endSessionsOf(data: DbShape, staffId: number, keepId: string | null = null) {
  data.sessions = data.sessions.filter((s) => s.staffId !== staffId || s.id === keepId);
}

const isExpired = (s: DbShape["sessions"][number], now: number, lastSeen = Date.parse(s.lastSeenAt)) =>
  now - Date.parse(s.createdAt) > SESSION_ABSOLUTE_MS || now - lastSeen > SESSION_IDLE_MS;

export function setSessionCookie(req: Request, res: Response, token: string) {
  res.append(
    "Set-Cookie",
    serializeCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "strict", path: "/", secure: req.secure, maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000) }),
  );
}

export function clearSessionCookie(req: Request, res: Response) {
  res.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "strict", path: "/", secure: req.secure, maxAge: 0 }));
}

export const readToken = (req: Request): string | null => {
  const header = req.headers.cookie;
  if (!header) return null;
  const token = parseCookie(header)[SESSION_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : null;
};

/** The staff member of a session that is live now: not ended, not expired, account active. */
function liveActor(store: Store, session: DbShape["sessions"][number] | undefined, now: number, seen?: number): Row | null {
  if (!session || isExpired(session, now, seen)) return null;
  const actor = store.data.staff.find((s) => s.id === session.staffId);
  return actor && actor.active === true ? actor : null;
}

/** For a long-lived stream (live events): is the session it was opened with still live? */
export const sessionActor = (store: Store, sessionId: string) => liveActor(store, store.data.sessions.find((s) => s.id === sessionId), Date.now());

/** Resolves the session a request carries (if any) into `req.ctx`; refusing is the router's job. */
export function sessionMiddleware(store: Store): RequestHandler {
  const lastSeen = new Map<string, number>();
  return (req, _res, next) => {
    const token = readToken(req);
    if (!token) {
      req.ctx.staleCookie = req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
      return next();
    }
    const id = hashToken(token);
    const now = Date.now();
    const session = store.data.sessions.find((s) => s.id === id);
    const seen = Math.max(session ? Date.parse(session.lastSeenAt) : 0, lastSeen.get(id) ?? 0);
    const actor = liveActor(store, session, now, seen);
    if (!session || !actor) {
      lastSeen.delete(id);
      req.ctx.staleCookie = true;
      return next();
    }
    lastSeen.set(id, now);
    if (now - Date.parse(session.lastSeenAt) >= LAST_SEEN_PERSIST_MS) {
      store.transact(() => {
        session.lastSeenAt = new Date(now).toISOString();
      });
    }
    req.ctx.actor = actor;
    req.ctx.sessionId = id;
    req.ctx.ability = defineAbilityFor({ id: actor.id, role: actor.role as Role });
    next();
  };
}
