/**
 * The express app for /api, one hop per module, in the order a request meets them:
 * request id → body gate → session → route allow-list (→ guard → validation → … inside the
 * resource pipeline) → error catalogue.
 */
import compression from "compression";
import express, { type Express } from "express";
import { Abilities } from "./abilities";
import { jsonBody } from "./body";
import { errorHandler } from "./errors";
import { requestId } from "./request-id";
import { apiRouter } from "./routes";
import { securityHeaders } from "./security-headers";
import { sessionMiddleware } from "./session";
import { TokenAuth } from "./tokens";
import type { Storage } from "./storage/types";

export interface AppOptions {
  /** Seals two-factor secrets at rest (SECRET_KEY). */
  secretKey?: string;
  /** Where users reach the app (PUBLIC_URL): https://… means Secure cookies, HSTS, one trusted proxy. */
  publicUrl?: string;
  /** The built index.html, whose inline scripts the Content-Security-Policy allows by hash. */
  indexHtml?: string;
  /** Vite's development server: no CSP (it injects inline scripts of its own). */
  dev?: boolean;
}

export function createApp(storage: Storage, opts: AppOptions = {}): Express {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // The query string is parsed by the list layer itself, against its allow-list; qs's nested
  // objects and arrays never reach anything.
  app.set("query parser", false);
  const https = opts.publicUrl?.startsWith("https://") ?? false;
  app.set("https", https);
  // Behind the proxy PUBLIC_URL names, the client's address and protocol come from that one hop;
  // without it no header can choose them.
  if (opts.publicUrl) app.set("trust proxy", 1);
  app.use(requestId);
  app.use(securityHeaders({ indexHtml: opts.indexHtml, https, dev: opts.dev }));
  const abilities = new Abilities(storage);
  const tokens = new TokenAuth(storage);
  app.use("/api", compressApi, jsonBody, sessionMiddleware(storage, abilities, tokens), apiRouter(storage, abilities, opts.secretKey), errorHandler);
  return app;
}

/**
 * Answers over compression's 1 kB threshold go compressed to a client that accepts it: a page of
 * rows, an import's report of 10,000 rows. Not the live stream, whose every event must leave at
 * once, and not the answers under /auth and /tokens that carry a secret (a two-factor secret, a new
 * API token) beside text a client chose: there a size that shrinks with a right guess would leak
 * it (BREACH).
 */
const compressApi = compression({
  filter: (req, res) =>
    !/^\/(auth|tokens)(\/|$)/.test(req.path) && !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
});

export { errorHandler };
