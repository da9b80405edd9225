/**
 * The route allow-list: the only things that answer under /api. Anything else is NOT_FOUND;
 * a known path with another method is METHOD_NOT_ALLOWED. Methods are taken from the request
 * line only: X-HTTP-Method-Override and `_method` mean nothing here.
 */
import type { NextFunction, Request, Response, Router } from "express";
import express from "express";
import { ENTITIES, type ResourceName } from "../domain/entities";
import { AppError } from "../domain/errors";
import type { Abilities } from "./abilities";
import { accountRoutes } from "./account-routes";
import { apiDocs } from "./api-docs";
import { graphqlRoute } from "./graphql";
import type { Method } from "./openapi";
import { authRoutes } from "./auth";
import { importRoutes } from "./import/route";
import { preferenceRoutes } from "./preferences";
import { resourceRoutes, resourceService } from "./resources";
import { clearSessionCookie } from "./session";
import { statsRoutes } from "./stats";
import type { Storage } from "./storage/types";
import { tokenRoutes } from "./tokens";
import { trashRoutes } from "./trash";
import { transitionRoutes } from "./transitions";
import { LiveHub } from "./live";
import { storageLiveSource } from "./live-source";

type Handler = (req: Request, res: Response, params: { id: number; key: string }) => unknown;

interface Route {
  /** Path after /api, with `:id` for a record id. */
  path: string;
  methods: Partial<Record<"GET" | "POST" | "PATCH" | "DELETE", Handler>>;
  /** Answers without a session (health, sign-in). */
  public?: boolean;
  /** Answers a member who must enrol in two-factor sign-in before anything else. */
  duringEnrolment?: boolean;
  /** Sign-in, sessions and tokens: never with an API token, only in a person's session. */
  sessionOnly?: boolean;
  /**
   * "list": takes the list query (parsed and allow-listed by query.ts); "ignored": a probe's
   * cache-buster means nothing; "own": the handler reads its few parameters and refuses the rest;
   * otherwise a query string is refused.
   */
  query?: "list" | "ignored" | "import" | "own";
  /** Tells a read from a write itself (GraphQL: a query may come by POST), so a read-only token reaches it by any method. */
  tellsReadsFromWrites?: boolean;
  /** Takes a file as its body (an import), read by its handler; the JSON body gate lets it by. */
  rawBody?: boolean;
}

const ID_PATTERN = /^[1-9][0-9]{0,15}$/;

export function apiRouter(storage: Storage, abilities: Abilities, secretKey?: string): Router {
  const auth = authRoutes(storage, abilities, secretKey);
  const account = accountRoutes(storage, secretKey);
  const tokens = tokenRoutes(storage);
  const service = resourceService(storage);
  const resources = resourceRoutes(storage, service);
  const preferences = preferenceRoutes(storage);
  const imports = importRoutes(storage);
  const live = new LiveHub(storageLiveSource(storage, abilities));
  const routes: Route[] = [
    { path: "/health", public: true, query: "ignored", duringEnrolment: true, methods: { GET: (_req, res) => res.json({ status: "ok" }) } },
    { path: "/auth/login", public: true, sessionOnly: true, methods: { POST: auth.login } },
    { path: "/auth/logout", sessionOnly: true, duringEnrolment: true, methods: { POST: auth.logout } },
    { path: "/auth/me", sessionOnly: true, duringEnrolment: true, methods: { GET: auth.me } },
    { path: "/auth/permissions", sessionOnly: true, duringEnrolment: true, methods: { GET: auth.permissions } },
    { path: "/auth/password", sessionOnly: true, methods: { POST: auth.changePassword } },
    { path: "/auth/preferences", methods: { GET: preferences.get, PATCH: preferences.patch } },
    { path: "/auth/2fa/setup", sessionOnly: true, duringEnrolment: true, methods: { POST: account.setup } },
    { path: "/auth/2fa/enable", sessionOnly: true, duringEnrolment: true, methods: { POST: account.enable } },
    { path: "/auth/2fa/disable", sessionOnly: true, methods: { POST: account.disable } },
    { path: "/auth/sessions", sessionOnly: true, methods: { GET: account.sessions, DELETE: account.endOtherSessions } },
    { path: "/auth/sessions/:key", sessionOnly: true, methods: { DELETE: (req, res, p) => account.endSession(req, res, p.key) } },
    { path: "/tokens", sessionOnly: true, methods: { GET: tokens.list, POST: tokens.create } },
    { path: "/tokens/:id", sessionOnly: true, methods: { DELETE: (req, res, p) => tokens.revoke(req, res, p.id) } },
    {
      path: "/staff/:id/two-factor",
      sessionOnly: true,
      methods: { GET: (req, res, p) => account.status(req, res, p.id), DELETE: (req, res, p) => account.reset(req, res, p.id) },
    },
    { path: "/stats/dashboard", methods: { GET: statsRoutes(storage).dashboard } },
    { path: "/events", query: "own", methods: { GET: (req, res) => live.subscribe(req, res) } },
  ];
  const graphql = graphqlRoute(storage, service);
  // Its own session check, token and enrolment rules (a POST may be a query): refusals in GraphQL's shape.
  routes.push({
    path: "/graphql",
    public: true,
    duringEnrolment: true,
    query: "own",
    tellsReadsFromWrites: true,
    methods: { GET: graphql.handle, POST: graphql.handle },
  });
  const transitions = transitionRoutes(storage);
  routes.push({
    path: "/orders/:id/transitions",
    methods: { GET: (req, res, p) => transitions.history(req, res, p.id), POST: (req, res, p) => transitions.transition(req, res, p.id) },
  });
  const trash = trashRoutes(storage, service.updateRecord);
  routes.push({ path: "/trash", query: "list", methods: { GET: trash.list } });
  for (const def of ENTITIES) {
    const name: ResourceName = def.name;
    if (!def.readOnly) {
      routes.push({ path: `/${name}/:id/restore`, methods: { POST: (req, res, p) => trash.restore(req, res, name, p.id) } });
      routes.push({ path: `/${name}/:id/purge`, methods: { POST: (req, res, p) => trash.purge(req, res, name, p.id) } });
      routes.push({ path: `/${name}/:id/revert`, methods: { POST: (req, res, p) => trash.revert(req, res, name, p.id) } });
    }
    if (!def.readOnly) routes.push({ path: `/${name}/:id/referrers`, methods: { GET: (req, res, p) => resources.referrers(req, res, name, p.id) } });
    if (def.importable) routes.push({ path: `/${name}/import`, query: "import", rawBody: true, methods: { POST: (req, res) => imports.run(req, res, name) } });
    // Append-only resources (the audit log) answer reads only; their writes are METHOD_NOT_ALLOWED.
    routes.push({
      path: `/${name}`,
      query: "list",
      methods: {
        GET: (req, res) => resources.list(req, res, name),
        ...(def.readOnly ? {} : { POST: (req, res) => resources.create(req, res, name), PATCH: (req, res) => resources.updateMany(req, res, name) }),
      },
    });
    routes.push({
      path: `/${name}/:id`,
      methods: {
        GET: (req, res, p) => resources.one(req, res, name, p.id),
        ...(def.readOnly
          ? {}
          : { PATCH: (req, res, p) => resources.update(req, res, name, p.id), DELETE: (req, res, p) => resources.remove(req, res, name, p.id) }),
      },
    });
  }

  // The API's description, of every route above and these: public, it names no record.
  const docs = apiDocs(() => routes.map((r) => ({ ...r, methods: Object.keys(r.methods) as Method[] })));
  routes.push(
    { path: "/openapi.json", public: true, query: "ignored", methods: { GET: docs.openapi } },
    { path: "/docs", public: true, methods: { GET: docs.page } },
    { path: "/docs/init.js", public: true, query: "ignored", methods: { GET: docs.init } },
    { path: "/docs/swagger-ui-bundle.js", public: true, query: "ignored", methods: { GET: docs.script } },
    { path: "/docs/swagger-ui.css", public: true, query: "ignored", methods: { GET: docs.styles } },
    { path: "/docs/docs.css", public: true, query: "ignored", methods: { GET: docs.ownStyles } },
  );

  const router = express.Router({ caseSensitive: true, strict: true });
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const match = matchRoute(routes, req.path);
      if (!match) throw new AppError("NOT_FOUND", "No such API call");
      const { route, id, key } = match;
      const method = req.method === "HEAD" ? "GET" : req.method;
      const handler = route.methods[method as keyof Route["methods"]];
      if (!handler) {
        const allow = Object.keys(route.methods).flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
        throw new AppError("METHOD_NOT_ALLOWED", `${req.method} is not allowed here. Allowed: ${allow.join(", ")}`, undefined, { allow });
      }
      if (!route.public && !req.ctx.actor) {
        if (req.ctx.staleCookie) clearSessionCookie(req, res);
        throw new AppError("UNAUTHENTICATED", "Sign in to continue");
      }
      const { token } = req.ctx;
      if (token && route.sessionOnly) throw new AppError("FORBIDDEN", "API tokens cannot sign in or manage sessions and tokens: sign in as a person for that");
      if (token?.readOnly && method !== "GET" && !route.tellsReadsFromWrites) throw new AppError("FORBIDDEN", "This API token is read-only");
      if (req.ctx.twoFactorSetupRequired && !route.duringEnrolment)
        throw new AppError("TWO_FACTOR_SETUP_REQUIRED", "Your role requires two-factor sign-in: set it up on your profile before anything else.");
      // A query string means nothing to a route without a list: `?callback=`, `?_method=`,
      // `?_embed=` are refused rather than silently carried along.
      const takesQuery = route.query === "ignored" || route.query === "import" || route.query === "own" || (route.query === "list" && method === "GET");
      // A bare "?" carries nothing: @refinedev/simple-rest's custom() always ends its URL with one.
      if (!takesQuery && /\?./.test(req.originalUrl)) throw new AppError("BAD_QUERY", "This call takes no query parameters");
      res.setHeader("Cache-Control", "no-store");
      await handler(req, res, { id: id ?? 0, key: key ?? "" });
    } catch (err) {
      next(err);
    }
  });
  return router;
}

/** A record named by a derived hex key rather than an id (a session). */
const KEY_PATTERN = /^[0-9a-f]{32}$/;

function matchRoute(routes: Route[], rawPath: string): { route: Route; id?: number; key?: string } | null {
  // One trailing slash is forgiven; anything else must match exactly.
  const path = rawPath.length > 1 && rawPath.endsWith("/") ? rawPath.slice(0, -1) : rawPath;
  const parts = path.split("/");
  for (const route of routes) {
    const want = route.path.split("/");
    if (want.length !== parts.length) continue;
    let id: number | undefined;
    let key: string | undefined;
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) {
      if (want[i] === ":key") {
        if (KEY_PATTERN.test(parts[i])) key = parts[i];
        else ok = false;
      } else if (want[i] === ":id") {
        // Only a positive integer names a record: anything else names nothing (404).
        if (ID_PATTERN.test(parts[i]) && Number.isSafeInteger(Number(parts[i]))) id = Number(parts[i]);
        else ok = false;
      } else ok = want[i] === parts[i];
    }
    if (ok) return { route, id, key };
  }
  return null;
}
