/**
 * Sessions (docs/decisions/007): a random token in an httpOnly, SameSite=Strict cookie; the
 * store keeps only its SHA-256, so a copy of the data file signs nobody in.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { parse as parseCookie, serialize as serializeCookie } from "cookie";
import { SESSION_ABSOLUTE_MS, SESSION_COOKIE, SESSION_IDLE_MS } from "../domain/constants";
import type { Abilities } from "./abilities";
import type { TokenAuth } from "./tokens";
import type { Row } from "./db-shape";
import type { Session, Storage, Tx } from "./storage/types";

/** lastSeenAt reaches the disk at most this often per session; memory keeps the exact time. */
const LAST_SEEN_PERSIST_MS = 60_000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a session remembers of where it was signed in, for its owner's list of sessions. */
export interface SessionOrigin {
  ip: string;
  userAgent?: string;
}

export async function newSession(tx: Tx, staffId: number, now: Date, origin?: SessionOrigin): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await tx.createSession({
    id: hashToken(token),
    staffId,
    createdAt: at,
    lastSeenAt: at,
    ...(origin ? { ip: origin.ip, userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null } : {}),
  });
  return token;
}

const USER_AGENT_MAX = 512;

/** Sessions past either limit are dropped whenever sessions are written anyway. */
export const pruneSessions = (tx: Tx, now: Date) =>
  tx.pruneSessions({
    createdBefore: new Date(now.getTime() - SESSION_ABSOLUTE_MS).toISOString(),
    seenBefore: new Date(now.getTime() - SESSION_IDLE_MS).toISOString(),
  });

/** For a long-lived stream (live events): the staff member of a session that is still live, else null. */
export async function sessionActor(storage: Storage, sessionId: string): Promise<Row | null> {
  const session = await storage.session(sessionId);
  if (!session || isExpired(session, Date.now())) return null;
  const actor = await storage.get("staff", session.staffId);
  return actor && actor.active === true ? actor : null;
}

const isExpired = (s: Session, now: number, lastSeen = Date.parse(s.lastSeenAt)) =>
  now - Date.parse(s.createdAt) > SESSION_ABSOLUTE_MS || now - lastSeen > SESSION_IDLE_MS;

/** Secure when the request came over HTTPS, or the app is served at an https:// PUBLIC_URL (behind a proxy). */
const secure = (req: Request) => req.secure || req.app.get("https") === true;

export function setSessionCookie(req: Request, res: Response, token: string) {
  res.append(
    "Set-Cookie",
    serializeCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "strict",
      path: "/",
      secure: secure(req),
      maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
    }),
  );
}

export function clearSessionCookie(req: Request, res: Response) {
  res.append("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { httpOnly: true, sameSite: "strict", path: "/", secure: secure(req), maxAge: 0 }));
}

export const readToken = (req: Request): string | null => {
  const header = req.headers.cookie;
  if (!header) return null;
  const token = parseCookie(header)[SESSION_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? token : null;
};

/**
 * Resolves the session a request carries (if any) into `req.ctx`; refusing is the router's job.
 * The session and its staff member are read from the store on every request, so a sign-out or a
 * deactivation through any app server is seen by all at once. `lastSeen` only throttles how often
 * lastSeenAt is written (once a minute per session): a server that has not seen a session yet
 * goes by the stored time, which is at most that minute old, so no server's answer depends on
 * another's memory.
 */
export function sessionMiddleware(storage: Storage, abilities: Abilities, tokens: TokenAuth): RequestHandler {
  const lastSeen = new Map<string, number>();
  return (req, _res, next) => {
    // A script's API token wins over any cookie that came along: the request is the token's.
    const authorization = req.headers.authorization;
    if (authorization !== undefined) {
      tokens
        .resolve(authorization, req.ctx.ip)
        .then(async ({ actor, token }) => {
          req.ctx.token = token;
          await signedIn(req, actor);
        })
        .then(() => next(), next);
      return;
    }
    const token = readToken(req);
    if (!token) {
      req.ctx.staleCookie = req.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
      return next();
    }
    resolve(token, req).then(() => next(), next);
  };

  async function resolve(token: string, req: Parameters<RequestHandler>[0]) {
    const id = hashToken(token);
    const now = Date.now();
    const session = await storage.session(id);
    const seen = Math.max(session ? Date.parse(session.lastSeenAt) : 0, lastSeen.get(id) ?? 0);
    const actor: Row | undefined = session && (await storage.get("staff", session.staffId));
    if (!session || isExpired(session, now, seen) || !actor || actor.active !== true) {
      lastSeen.delete(id);
      req.ctx.staleCookie = true;
      return;
    }
    lastSeen.set(id, now);
    if (now - Date.parse(session.lastSeenAt) >= LAST_SEEN_PERSIST_MS) await storage.transaction((tx) => tx.touchSession(id, new Date(now).toISOString()));
    req.ctx.sessionId = id;
    await signedIn(req, actor);
  }

  /** Who the request acts as, what they may do, and whether they still owe a second factor. */
  async function signedIn(req: Parameters<RequestHandler>[0], actor: Row) {
    const { ability, permissions, requireTwoFactor } = await abilities.of(actor);
    req.ctx.actor = actor;
    req.ctx.ability = ability;
    req.ctx.permissions = permissions;
    if (requireTwoFactor) req.ctx.twoFactorSetupRequired = !(await storage.twoFactor(actor.id))?.enabledAt;
  }
}
