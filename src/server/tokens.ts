/**
 * API tokens for scripts: `Authorization: Bearer sbt_…` acts as the token's owner, with their
 * role's rules (read-only tokens: GET and HEAD only), never on the session and token calls
 * themselves. A token is shown once; the store keeps its SHA-256 (it is 256 random bits, so a
 * fast hash is enough). What a token does is audited as its owner, naming the token.
 *
 * Rate limits are per app server, in memory: a token's requests per window, and bad tokens per
 * address (so guessing costs the guesser, not other clients). Several servers each count their
 * own share; the store is not written per request.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Request, Response } from "express";
import { z } from "zod";
import {
  TOKEN_EXPIRY_MAX_DAYS,
  TOKEN_EXPIRY_MIN_DAYS,
  TOKEN_LAST_USED_PERSIST_MS,
  TOKEN_NAME_MAX,
  TOKEN_RATE_LIMIT,
  TOKEN_RATE_WINDOW_MS,
} from "../domain/constants";
import { AppError } from "../domain/errors";
import { message } from "../domain/messages";
import { appendAudit } from "./audit";
import { parseBody } from "./body-schema";
import type { Row } from "./db-shape";
import type { ApiToken, Storage } from "./storage/types";

const PREFIX = "sbt_";
const TOKEN_PATTERN = /^sbt_[A-Za-z0-9_-]{43}$/;
export const hashApiToken = (token: string) => createHash("sha256").update(token).digest("hex");

const DAY_MS = 86_400_000;
/** Bad tokens an address may send per window before it is told to wait. */
const BAD_TOKENS_PER_WINDOW = 20;

export const createBody = z.strictObject({
  name: z
    .string({ error: message("required") })
    .trim()
    .min(1, { error: message("required") })
    .max(TOKEN_NAME_MAX, { error: message("maxChars", { max: TOKEN_NAME_MAX }) }),
  expiresInDays: z
    .number({ error: message("notNumber") })
    .int({ error: message("notWhole") })
    .min(TOKEN_EXPIRY_MIN_DAYS, { error: message("minValue", { min: TOKEN_EXPIRY_MIN_DAYS }) })
    .max(TOKEN_EXPIRY_MAX_DAYS, { error: message("maxValue", { max: TOKEN_EXPIRY_MAX_DAYS }) }),
  readOnly: z.boolean({ error: message("notBoolean") }).optional(),
});

/** A sliding count per key: at most `limit` hits within `windowMs`. */
class Window {
  private hits = new Map<string, number[]>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}
  /** Seconds to wait, or 0 when this hit is allowed (and counted). */
  hit(key: string, now: number, count = true): number {
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return Math.max(1, Math.ceil((list[0] + this.windowMs - now) / 1000));
    }
    if (count) list.push(now);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    // Keys that went quiet are dropped now and then, so the map does not grow without end.
    if (this.hits.size > 10_000) for (const [k, v] of this.hits) if (!v.some((t) => t > since)) this.hits.delete(k);
    return 0;
  }
}

const rateLimited = (retryAfter: number, what: string) =>
  new AppError("RATE_LIMITED", `Too many ${what}. Try again in ${retryAfter} seconds.`, undefined, { retryAfter });

/** A token's view for its owner (or an admin): never its hash. */
export const tokenView = (t: ApiToken, owner?: Row) => ({
  id: t.id,
  name: t.name,
  readOnly: t.readOnly,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt ?? null,
  staffId: t.staffId,
  ...(owner ? { staffName: owner.name } : {}),
});

export class TokenAuth {
  private readonly perToken = new Window(TOKEN_RATE_LIMIT, TOKEN_RATE_WINDOW_MS);
  private readonly badPerAddress = new Window(BAD_TOKENS_PER_WINDOW, TOKEN_RATE_WINDOW_MS);
  private readonly lastUsed = new Map<number, number>();

  constructor(private readonly storage: Storage) {}

  /**
   * The owner and token a Bearer header names, or an error: a malformed, unknown, expired or
   * revoked token, or an inactive owner, is UNAUTHENTICATED, said the same way for each.
   */
  async resolve(header: string, ip: string, now = Date.now()): Promise<{ actor: Row; token: ApiToken }> {
    const raw = /^Bearer ([^\s]+)$/.exec(header)?.[1] ?? "";
    // A malformed token is refused before any look-up; a well-formed one costs one indexed read.
    const token = TOKEN_PATTERN.test(raw) ? await this.storage.tokenByHash(hashApiToken(raw)) : undefined;
    const owner = token && Date.parse(token.expiresAt) > now ? await this.storage.get("staff", token.staffId) : undefined;
    if (!token || !owner || owner.active !== true) {
      // Only bad tokens are counted against their address: a client with a good one is never slowed.
      const wait = this.badPerAddress.hit(ip, now);
      if (wait) throw rateLimited(wait, "requests with invalid API tokens from this address");
      throw new AppError("UNAUTHENTICATED", "This API token is not valid: it is unknown, expired or revoked, or its owner cannot sign in.");
    }
    const limited = this.perToken.hit(String(token.id), now);
    if (limited) throw rateLimited(limited, "requests with this API token");
    if (now - (this.lastUsed.get(token.id) ?? Date.parse(token.lastUsedAt ?? "1970-01-01")) >= TOKEN_LAST_USED_PERSIST_MS) {
      this.lastUsed.set(token.id, now);
      await this.storage.transaction((tx) => tx.touchToken(token.id, new Date(now).toISOString()));
    }
    return { actor: owner, token };
  }
}

export function tokenRoutes(storage: Storage) {
  const isAdmin = (req: Request) => req.ctx.permissions?.role === "admin";

  async function list(req: Request, res: Response) {
    const actor = req.ctx.actor as Row;
    const tokens = await storage.tokens(isAdmin(req) ? null : actor.id);
    const owners = new Map<number, Row | undefined>();
    for (const t of tokens) if (!owners.has(t.staffId)) owners.set(t.staffId, await storage.get("staff", t.staffId));
    res.json(tokens.map((t) => tokenView(t, owners.get(t.staffId))));
  }

  async function create(req: Request, res: Response) {
    const { name, expiresInDays, readOnly = false } = parseBody(createBody, req.body);
    const actor = req.ctx.actor as Row;
    const secret = PREFIX + randomBytes(32).toString("base64url");
    const now = new Date();
    const token = await storage.transaction(async (tx) => {
      const t = await tx.insertToken({
        staffId: actor.id,
        name,
        hash: hashApiToken(secret),
        readOnly,
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + expiresInDays * DAY_MS).toISOString(),
        lastUsedAt: null,
      });
      await appendAudit(
        tx,
        req.ctx,
        {
          action: "token_create",
          resource: "tokens",
          recordId: t.id,
          changes: { name: { to: name }, readOnly: { to: readOnly }, expiresAt: { to: t.expiresAt } },
        },
        now,
      );
      return t;
    });
    res.status(201).json({ ...tokenView(token), token: secret });
  }

  async function revoke(req: Request, res: Response, id: number) {
    const actor = req.ctx.actor as Row;
    const now = new Date();
    const token = await storage.transaction(async (tx) => {
      const t = (await tx.tokens(isAdmin(req) ? null : actor.id)).find((x) => x.id === id);
      if (!t) throw new AppError("NOT_FOUND", "No such API token");
      await tx.deleteToken(id);
      await appendAudit(
        tx,
        req.ctx,
        { action: "token_revoke", resource: "tokens", recordId: id, changes: { name: { from: t.name }, staffId: { from: t.staffId } } },
        now,
      );
      return t;
    });
    res.json(tokenView(token));
  }

  return { list, create, revoke };
}
