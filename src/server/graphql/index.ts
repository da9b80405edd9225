/**
 * POST/GET /api/graphql: GraphQL beside REST, on the same session or token, the same services and
 * the same error catalogue (each error's `extensions.code`, with `errors` per field and the
 * catalogue's HTTP `status`). graphql-yoga answers GraphQL over HTTP; graphql-armor bounds a
 * query's depth, cost, aliases and tokens before it runs; DataLoader batches the references a
 * page's rows name into one read per resource.
 */
import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import DataLoader from "dataloader";
import type { Request, Response } from "express";
// "graphql/index.js", not "graphql": the package ships CommonJS (index.js, what Node and so
// graphql-yoga and graphql-armor load) and ESM (index.mjs, what Vite's resolver, Vitest's
// included, prefers by the "module" field). Two copies of graphql refuse each other's schema
// ("Cannot use GraphQLSchema … from another module or realm"), so every request failed under
// Vitest; the path names the one copy every loader agrees on.
import { GraphQLError, type GraphQLSchema } from "graphql/index.js";
import { createYoga, type Plugin } from "graphql-yoga";
import { MAX_PAGE_ROWS } from "../../domain/constants";
import { AppError, ERROR_STATUS, isErrorCode, type ErrorCode } from "../../domain/errors";
import type { ResourceName } from "../../domain/entities";
import { stripRecord } from "../../domain/policy";
import { setEventIds } from "../audit";
import type { RequestContext } from "../context";
import { logError } from "../log";
import type { ResourceService } from "../resources";
import { clearSessionCookie } from "../session";
import { dashboardFor } from "../stats";
import type { Storage } from "../storage/types";
import { transitionOrder } from "../transitions";
import type { GraphqlContext } from "./context";
import { buildSchema, reachOf } from "./schema";

/** Limits a query meets before it runs (graphql-armor): the app's deepest query is 3 levels, its largest ~40 fields. */
export const GRAPHQL_LIMITS = { maxDepth: 8, maxCost: 5000, maxAliases: 15, maxTokens: 2000, maxDirectives: 10 } as const;
/** Schemas kept, one per distinct reach (roles with the same reach share one). */
const MAX_SCHEMAS = 100;

interface ServerContext {
  ctx: RequestContext;
  ownEvents: number[];
}

const withCode = (err: GraphQLError, code: ErrorCode, extra: Record<string, unknown> = {}) =>
  new GraphQLError(err.message, {
    nodes: err.nodes,
    source: err.source,
    positions: err.positions,
    path: err.path,
    originalError: err.originalError,
    // Not the parser's own error object, nor yoga's HTTP hints: the catalogue's words only.
    extensions: { ...withoutInternals(err.extensions), ...extra, code, status: ERROR_STATUS[code] },
  });

const withoutInternals = (extensions: GraphQLError["extensions"]) => {
  const { originalError: _o, ...rest } = extensions ?? {};
  return rest;
};

/** An error of ours as GraphQL says it: the catalogue's code, status, field errors and detail in `extensions`. */
function fromAppError(err: GraphQLError, app: AppError) {
  const { code: _c, message: _m, ...detail } = app.toBody();
  return withCode(new GraphQLError(app.message, { nodes: err.nodes, source: err.source, positions: err.positions, path: err.path }), app.code, detail);
}

/** GraphQL's own refusals (parse, validation, limits, HTTP) carry no catalogue code until here. */
function codeFor(err: GraphQLError): ErrorCode {
  const http = (err.extensions?.http as { status?: number } | undefined)?.status;
  if (http === 405) return "METHOD_NOT_ALLOWED";
  if (http === 413) return "PAYLOAD_TOO_LARGE";
  if (http === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (
    /^(Syntax Error|Cannot query|Unknown|Field|Variable|Expected|Argument|Fragment|Directive|Int cannot|String cannot|Float cannot|ID cannot|Boolean cannot|Enum|Value|Query|Aliases|Token|Too many|Cannot)/.test(
      err.message,
    ) ||
    !http
  )
    return "BAD_QUERY";
  return "BAD_REQUEST";
}

const shapeErrors: Plugin = {
  onResultProcess({ result, setResult }) {
    const shape = (r: unknown) => {
      const res = r as { errors?: readonly GraphQLError[] };
      if (!res || typeof res !== "object" || !Array.isArray(res.errors)) return r;
      return {
        ...res,
        errors: res.errors.map((e) => {
          const err = e instanceof GraphQLError ? e : new GraphQLError(String((e as Error)?.message ?? e));
          if (isErrorCode(err.extensions?.code) && typeof err.extensions.status === "number") return err;
          return withCode(err, codeFor(err));
        }),
      };
    };
    if (Array.isArray(result)) setResult(result.map(shape) as typeof result);
    else if (result && typeof result === "object" && !(Symbol.asyncIterator in result)) setResult(shape(result) as typeof result);
  },
};

/**
 * An answer with any error names no live event: the app takes it as a failure and refreshes
 * nothing, though a mutation before the error committed.
 */
const noEventsAfterAnError: Plugin<GraphqlContext> = {
  onExecute({ args }) {
    return {
      onExecuteDone({ result }) {
        if (!(Symbol.asyncIterator in result) && result.errors?.length) args.contextValue.ownEvents.length = 0;
      },
    };
  },
};

export function graphqlRoute(storage: Storage, service: ResourceService) {
  const schemas = new Map<string, GraphQLSchema>();
  // An actor's ability is compiled once and kept (src/server/abilities.ts): its schema is found without working out its reach again.
  const byAbility = new WeakMap<RequestContext["ability"], GraphQLSchema>();
  const schemaFor = (ctx: RequestContext) => {
    const known = byAbility.get(ctx.ability);
    if (known) return known;
    const reach = reachOf(ctx.ability);
    const key = JSON.stringify(reach);
    let schema = schemas.get(key);
    if (!schema) {
      if (schemas.size >= MAX_SCHEMAS) schemas.clear();
      schema = buildSchema(reach);
      schemas.set(key, schema);
    }
    byAbility.set(ctx.ability, schema);
    return schema;
  };

  const contextFor = (ctx: RequestContext, ownEvents: number[]): GraphqlContext => {
    const loaders = new Map<ResourceName, DataLoader<number, Record<string, unknown> | null>>();
    return {
      ctx,
      service,
      references(resource) {
        let loader = loaders.get(resource);
        if (!loader) {
          loader = new DataLoader(
            async (ids) => {
              const byId = new Map<number, Record<string, unknown>>();
              for (let i = 0; i < ids.length; i += MAX_PAGE_ROWS) {
                const chunk = ids.slice(i, i + MAX_PAGE_ROWS);
                const query = `${chunk.map((id) => `id=${id}`).join("&")}&_end=${chunk.length}`;
                for (const row of (await service.listRecords(ctx, resource, query)).rows) byId.set(row.id as number, row);
              }
              return ids.map((id) => byId.get(id) ?? null);
            },
            { maxBatchSize: MAX_PAGE_ROWS * 10 },
          );
          loaders.set(resource, loader);
        }
        return loader;
      },
      strip: (resource, row) => stripRecord(ctx.ability, resource, row),
      transition: (id, body) => transitionOrder(storage, ctx, id, body),
      dashboard: () => dashboardFor(storage, ctx.ability) as Promise<Record<string, unknown>>,
      ownEvents,
    };
  };

  const yoga = createYoga<ServerContext, GraphqlContext>({
    graphqlEndpoint: "/api/graphql",
    schema: ({ ctx }) => schemaFor(ctx),
    context: ({ ctx, ownEvents }) => contextFor(ctx, ownEvents),
    graphiql: false,
    landingPage: false,
    batching: false,
    logging: false,
    maskedErrors: {
      maskError(error) {
        const err = error instanceof GraphQLError ? error : new GraphQLError(String((error as Error)?.message ?? error), { originalError: error as Error });
        const original = err.originalError;
        if (original instanceof AppError) return fromAppError(err, original);
        if (original && !(original instanceof GraphQLError)) {
          logError("graphql", original);
          return withCode(new GraphQLError("Something went wrong on our side. The error has been logged.", { path: err.path }), "INTERNAL");
        }
        return err;
      },
    },
    plugins: [
      EnvelopArmorPlugin({
        maxDepth: { n: GRAPHQL_LIMITS.maxDepth },
        costLimit: { maxCost: GRAPHQL_LIMITS.maxCost },
        maxAliases: { n: GRAPHQL_LIMITS.maxAliases },
        maxTokens: { n: GRAPHQL_LIMITS.maxTokens },
        maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives },
        // A hidden field is not hinted at by "did you mean …?".
        blockFieldSuggestion: { enabled: true },
      }),
      shapeErrors,
      noEventsAfterAnError,
    ],
  });

  /** Answers GraphQL over HTTP for a request that came through the session hop; the body was read by the JSON body gate. */
  async function handle(req: Request, res: Response) {
    // Thrown: the API's error handler says them in GraphQL's shape at this address.
    if (!req.ctx.actor) {
      if (req.ctx.staleCookie) clearSessionCookie(req, res);
      throw new AppError("UNAUTHENTICATED", "Sign in to continue");
    }
    if (req.ctx.twoFactorSetupRequired)
      throw new AppError("TWO_FACTOR_SETUP_REQUIRED", "Your role requires two-factor sign-in: set it up on your profile before anything else.");
    if (req.method === "POST" && req.body === undefined) throw new AppError("BAD_REQUEST", "Send a GraphQL request as JSON: { query, variables }");
    // The JSON body gate has read the body already: yoga is handed a request made from it.
    const headers = new Headers();
    headers.set("accept", String(req.headers.accept ?? "application/json"));
    const init: RequestInit = { method: req.method, headers };
    if (req.method === "POST") {
      headers.set("content-type", "application/json");
      init.body = JSON.stringify(req.body);
    }
    const ownEvents: number[] = [];
    const response = await yoga.fetch(new URL(req.originalUrl, "http://graphql.local"), init, { ctx: req.ctx, ownEvents });
    res.status(response.status);
    for (const name of ["content-type", "allow"]) {
      const value = response.headers.get(name);
      if (value) res.setHeader(name, value);
    }
    setEventIds(res, ownEvents);
    res.send(Buffer.from(await response.arrayBuffer()));
  }

  return { handle };
}
