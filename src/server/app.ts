/**
 * The express app for /api, one hop per module, in the order a request meets them:
 * request id → body gate → session → route allow-list (→ guard → validation → … inside the
 * resource pipeline) → error catalogue.
 */
import express, { type Express } from "express";
import { Abilities } from "./abilities";
import { jsonBody } from "./body";
import { errorHandler } from "./errors";
import { requestId } from "./request-id";
import { apiRouter } from "./routes";
import { sessionMiddleware } from "./session";
import type { Storage } from "./storage/types";

export function createApp(storage: Storage): Express {
  const app = express();
  app.disable("x-powered-by");
  app.disable("etag");
  // The query string is parsed by the list layer itself, against its allow-list; qs's nested
  // objects and arrays never reach anything.
  app.set("query parser", false);
  app.use(requestId);
  const abilities = new Abilities(storage);
  app.use("/api", jsonBody, sessionMiddleware(storage, abilities), apiRouter(storage, abilities), errorHandler);
  return app;
}

export { errorHandler };
