/**
 * The REST API described as OpenAPI 3.1, generated from what answers: the route allow-list
 * (routes.ts) walked route by route, each record's shape from its entity definition, each body
 * from the zod schema that checks it (zod 4's JSON Schema output). A route with no description
 * here still appears, marked `x-undescribed`, and the API suite fails on it.
 */
import { z } from "zod";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_ROWS, SESSION_COOKIE } from "../domain/constants";
import { ENTITIES, allFields, getEntity, searchFieldNames } from "../domain/entities";
import { ERROR_STATUS, type ErrorCode } from "../domain/errors";
import { SYSTEM_FIELDS, type EntityDef, type FieldDef } from "../domain/fields";
import { fieldSchema } from "../domain/schema";
import { disableBody, enableBody } from "./account-routes";
import { loginBody, passwordBody } from "./auth";
import { preferencesPatch } from "./preferences";
import { bulkEditSchema } from "./resources";
import { createBody as tokenBody } from "./tokens";
import { transitionBody } from "./transitions";
import { revertBody } from "./trash";

type Json = Record<string, unknown>;
export type Method = "GET" | "POST" | "PATCH" | "DELETE";

/** What the generator needs of a route: routes.ts's Route, without its handlers. */
export interface DescribedRoute {
  path: string;
  methods: readonly Method[];
  public?: boolean;
  query?: "list" | "ignored" | "import" | "own";
  rawBody?: boolean;
}

interface Operation {
  summary: string;
  description?: string;
  tag: string;
  body?: Json;
  /** The success answer: its status and schema (none: no body). */
  ok?: { status: number; schema?: Json; description?: string };
  /** Catalogue codes this call answers beyond those every call may. */
  errors?: ErrorCode[];
  parameters?: Json[];
}

const jsonSchema = (schema: z.ZodType): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as Json;
  return rest;
};
const ref = (name: string): Json => ({ $ref: `#/components/schemas/${name}` });
const pascal = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, _d, c: string) => c.toUpperCase());
const singular = (def: EntityDef) => pascal(def.singular.replace(/\s+/g, "-").toLowerCase());

function fieldJson(f: FieldDef): Json {
  const schema = jsonSchema(fieldSchema(f));
  if (f.type === "email") schema.format = "email";
  if (f.type === "reference" && f.reference) schema.description = `The id of a ${getEntity(f.reference).singular.toLowerCase()} (${f.reference}).`;
  return { ...schema, title: f.label, ...(f.help ? { description: f.help } : {}) };
}

/** A record as read: the fields a reader may see (a role may see fewer; nothing else is ever sent). */
function recordSchema(def: EntityDef): Json {
  const fields = Object.entries(allFields(def)).filter(([, f]) => f.readable !== false && f.type !== "password");
  return {
    type: "object",
    description: `A ${def.singular.toLowerCase()} as the API answers it. Fields the reader's role may not read are left out.`,
    properties: Object.fromEntries(fields.map(([name, f]) => [name, SYSTEM_FIELDS[name] ? { ...fieldJson(f), readOnly: true } : fieldJson(f)])),
    required: ["id", "version"],
  };
}

/** A create's or an update's body: the fields a client writes then. An update names the version it read. */
function writeSchema(def: EntityDef, mode: "create" | "update"): Json {
  const fields = Object.entries(def.fields).filter(([, f]) => f.write === "always" || (mode === "create" && f.write === "create"));
  const properties = Object.fromEntries(fields.map(([name, f]) => [name, fieldJson(f)]));
  if (mode === "update")
    properties.version = { type: "integer", minimum: 1, description: "The version the change was made on: another's change meanwhile is VERSION_CONFLICT." };
  const required = mode === "create" ? fields.filter(([, f]) => f.required && f.defaultValue === undefined).map(([n]) => n) : ["version"];
  return { type: "object", additionalProperties: false, properties, required };
}

const errorSchema: Json = {
  type: "object",
  required: ["code", "message"],
  properties: {
    code: { type: "string", enum: Object.keys(ERROR_STATUS) },
    message: { type: "string", description: "In English; the app says it in the reader's language from `code`." },
    errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } }, description: "Per field, what is wrong with it." },
  },
  additionalProperties: true,
};

const sessionAnswer: Json = {
  type: "object",
  properties: {
    user: { type: "object", properties: { id: { type: "integer" }, name: { type: "string" }, email: { type: "string" }, role: { type: "string" } } },
    permissions: ref("Permissions"),
    twoFactorEnabled: { type: "boolean" },
    twoFactorSetupRequired: { type: "boolean" },
  },
};
const statusOk: Json = { type: "object", properties: { status: { const: "ok" } } };
const anyObject = (description: string): Json => ({ type: "object", description, additionalProperties: true });
const ok = (schema?: Json, status = 200, description?: string) => ({ status, schema, description });

/** Said of each one-record write: its answer names the audit events it wrote (the live stream's ids). */
const NAMES_EVENTS = "; the live events it caused in X-Event-Ids";

/** The routes that are not a resource's: by "METHOD path". */
const FIXED: Record<string, Operation> = {
  "GET /health": { tag: "Service", summary: "Whether the server is up", ok: ok(statusOk) },
  "GET /openapi.json": { tag: "Service", summary: "This document", ok: ok(anyObject("OpenAPI 3.1")) },
  "GET /docs": { tag: "Service", summary: "This document as a readable reference page (HTML)", ok: ok(undefined, 200, "An HTML page") },
  "POST /auth/login": {
    tag: "Sign-in",
    summary: "Sign in with email and password (and a two-factor code when the account has one): sets the session cookie",
    body: jsonSchema(loginBody),
    ok: ok(sessionAnswer),
    errors: ["INVALID_CREDENTIALS", "TWO_FACTOR_REQUIRED", "INVALID_CODE", "ACCOUNT_DISABLED", "RATE_LIMITED", "VALIDATION_FAILED"],
  },
  "POST /auth/logout": { tag: "Sign-in", summary: "Sign out: the session ends", ok: ok(statusOk) },
  "GET /auth/me": { tag: "Sign-in", summary: "Who is signed in, with their permissions", ok: ok(sessionAnswer) },
  "GET /auth/permissions": { tag: "Sign-in", summary: "What the signed-in user's role may do (its rules, `$me` resolved)", ok: ok(ref("Permissions")) },
  "POST /auth/password": {
    tag: "Sign-in",
    summary: "Change one's own password (other sessions end)",
    body: jsonSchema(passwordBody),
    ok: ok(sessionAnswer),
    errors: ["VALIDATION_FAILED", "RATE_LIMITED"],
  },
  "GET /auth/preferences": { tag: "Sign-in", summary: "The user's own list preferences (columns, page size)", ok: ok(anyObject("Per list")) },
  "PATCH /auth/preferences": {
    tag: "Sign-in",
    summary: "Save some of the user's list preferences",
    body: jsonSchema(preferencesPatch),
    ok: ok(anyObject("Per list")),
    errors: ["VALIDATION_FAILED"],
  },
  "POST /auth/2fa/setup": {
    tag: "Two-factor",
    summary: "Start two-factor enrolment: a new secret and its QR code",
    ok: ok(anyObject("secret, otpauth URL, QR code")),
  },
  "POST /auth/2fa/enable": {
    tag: "Two-factor",
    summary: "Confirm enrolment with a code from the app: two-factor on, recovery codes shown once",
    body: jsonSchema(enableBody),
    ok: ok(anyObject("recoveryCodes")),
    errors: ["VALIDATION_FAILED"],
  },
  "POST /auth/2fa/disable": {
    tag: "Two-factor",
    summary: "Turn two-factor off (with the password)",
    body: jsonSchema(disableBody),
    ok: ok(statusOk),
    errors: ["VALIDATION_FAILED"],
  },
  "GET /auth/sessions": {
    tag: "Sessions",
    summary: "Where the user is signed in",
    ok: ok({ type: "array", items: anyObject("A session: device, address, when") }),
  },
  "DELETE /auth/sessions": { tag: "Sessions", summary: "Sign out every other session", ok: ok(anyObject("ended: how many")) },
  "DELETE /auth/sessions/{key}": { tag: "Sessions", summary: "Sign out one session", ok: ok(anyObject("The session ended")), errors: ["NOT_FOUND"] },
  "GET /tokens": {
    tag: "API tokens",
    summary: "The user's API tokens (an admin: everyone's)",
    ok: ok({ type: "array", items: anyObject("A token, never its secret") }),
  },
  "POST /tokens": {
    tag: "API tokens",
    summary: "Make an API token: its secret is in this answer only",
    body: jsonSchema(tokenBody),
    ok: ok(anyObject("The token and its secret"), 201),
    errors: ["VALIDATION_FAILED"],
  },
  "DELETE /tokens/{id}": { tag: "API tokens", summary: "Revoke an API token", ok: ok(anyObject("The token, revoked")), errors: ["NOT_FOUND"] },
  "GET /staff/{id}/two-factor": {
    tag: "Two-factor",
    summary: "Whether a staff member has two-factor on (admins)",
    ok: ok(anyObject("enabled")),
    errors: ["NOT_FOUND"],
  },
  "DELETE /staff/{id}/two-factor": {
    tag: "Two-factor",
    summary: "Reset a staff member's two-factor (admins): their sessions end",
    ok: ok(statusOk),
    errors: ["NOT_FOUND"],
  },
  "GET /stats/dashboard": {
    tag: "Dashboard",
    summary: "The dashboard's figures, of what the reader may see",
    ok: ok(anyObject("Revenue, orders by status and by day, top customers, low stock")),
  },
  "GET /graphql": {
    tag: "GraphQL",
    summary: "GraphQL over HTTP (a query as ?query=): the same records, rules and errors as REST, in a schema of what the reader's role may read",
    ok: ok(anyObject("{ data, errors }: each error's extensions carry the catalogue's code, status and field errors")),
    errors: ["UNAUTHENTICATED", "BAD_QUERY"],
  },
  "POST /graphql": {
    tag: "GraphQL",
    summary:
      "GraphQL over HTTP: queries and mutations (nestjs-query conventions, as @refinedev/graphql expects), plus transitionOrder and dashboard; an answer without errors names, in X-Event-Ids, the live events of its one-record mutations (as REST's calls name theirs)",
    body: { type: "object", required: ["query"], properties: { query: { type: "string" }, variables: { type: "object" }, operationName: { type: "string" } } },
    ok: ok(anyObject("{ data, errors }: each error's extensions carry the catalogue's code, status and field errors")),
    errors: ["UNAUTHENTICATED", "BAD_QUERY"],
  },
  "GET /events": {
    tag: "Live",
    summary: "The live stream (Server-Sent Events): what changed, of what the reader may see",
    description: "`Last-Event-ID` (or `?lastEventId=`) resumes after an event.",
    ok: ok(undefined, 200, "text/event-stream"),
  },
  "GET /orders/{id}/transitions": {
    tag: "Orders",
    summary: "An order's status history",
    ok: ok({ type: "array", items: anyObject("A transition") }),
    errors: ["NOT_FOUND"],
  },
  "POST /orders/{id}/transitions": {
    tag: "Orders",
    summary: `Move an order along its lifecycle (place, pay, ship, deliver, cancel, refund)${NAMES_EVENTS}`,
    body: jsonSchema(transitionBody),
    ok: ok(ref("Order")),
    errors: ["NOT_FOUND", "VERSION_CONFLICT", "INVALID_TRANSITION", "INSUFFICIENT_STOCK", "REFUND_WINDOW_CLOSED", "VALIDATION_FAILED"],
  },
  "GET /trash": {
    tag: "Trash",
    summary: "Deleted records, newest first, of what the reader could read",
    ok: ok({ type: "array", items: anyObject("A deleted record and its values at deletion") }),
  },
};

const listParameters = (def: EntityDef): Json[] => [
  { name: "_start", in: "query", schema: { type: "integer", minimum: 0 }, description: "The first row (from 0)." },
  {
    name: "_end",
    in: "query",
    schema: { type: "integer", minimum: 0 },
    description: `After the last row; at most ${MAX_PAGE_ROWS} rows, ${DEFAULT_PAGE_SIZE} when not given.`,
  },
  { name: "_sort", in: "query", schema: { type: "string" }, description: `Fields to sort by, comma-separated (default ${def.list.defaultSort.field}).` },
  { name: "_order", in: "query", schema: { type: "string" }, description: "asc or desc, one, or one per sort field." },
  ...(searchFieldNames(def).length
    ? [{ name: "q", in: "query", schema: { type: "string" }, description: `Search in ${searchFieldNames(def).join(", ")}.` }]
    : []),
  {
    name: "filters",
    in: "query",
    style: "form",
    explode: true,
    schema: { type: "object", additionalProperties: { type: "string" } },
    description:
      "`field=value` (repeat for any of), `field_ne`, `field_gte`, `field_lte`, `field_like` (text): of the fields the reader may read. Anything else is BAD_QUERY.",
  },
];

/** A resource's routes, from its definition. */
function resourceOperation(method: Method, path: string): Operation | undefined {
  const match = /^\/([a-z-]+)(\/\{id\})?(\/(restore|purge|revert|referrers|import))?$/.exec(path);
  const def = match && ENTITIES.find((d) => d.name === match[1]);
  if (!def) return undefined;
  const one = def.singular.toLowerCase();
  const tag = def.label;
  const record = ref(singular(def));
  const [, , id, , action] = match;
  if (!id && !action) {
    if (method === "GET")
      return {
        tag,
        summary: `List ${def.label.toLowerCase()}: a page, filtered, searched, sorted; the total in X-Total-Count`,
        parameters: listParameters(def),
        ok: ok({ type: "array", items: record }),
        errors: ["BAD_QUERY"],
      };
    if (method === "POST")
      return {
        tag,
        summary: `Create a ${one}${NAMES_EVENTS}`,
        body: ref(`${singular(def)}Create`),
        ok: ok(record, 201),
        errors: ["VALIDATION_FAILED", "DUPLICATE", "FORBIDDEN_FIELD"],
      };
    if (method === "PATCH")
      return {
        tag,
        summary: `Change the same fields of several ${def.label.toLowerCase()}, each checked as its own update`,
        body: jsonSchema(bulkEditSchema),
        ok: ok(anyObject("results: per id, its status and the record or the error")),
        errors: ["VALIDATION_FAILED", "FORBIDDEN_FIELD"],
      };
  }
  if (id && !action) {
    if (method === "GET") return { tag, summary: `One ${one}`, ok: ok(record), errors: ["NOT_FOUND"] };
    if (method === "PATCH")
      return {
        tag,
        summary: `Change a ${one} (the version read must still be the current one)${NAMES_EVENTS}`,
        body: ref(`${singular(def)}Update`),
        ok: ok(record),
        errors: ["NOT_FOUND", "VERSION_CONFLICT", "VALIDATION_FAILED", "DUPLICATE", "FORBIDDEN_FIELD"],
      };
    if (method === "DELETE") return { tag, summary: `Delete a ${one} (to the trash)${NAMES_EVENTS}`, ok: ok(record), errors: ["NOT_FOUND", "REFERENCED"] };
  }
  if (method === "POST" && action === "restore")
    return {
      tag: "Trash",
      summary: `Restore a deleted ${one}${NAMES_EVENTS}`,
      ok: ok(record, 201),
      errors: ["NOT_FOUND", "DUPLICATE", "VALIDATION_FAILED"],
    };
  if (method === "POST" && action === "purge")
    return { tag: "Trash", summary: `Purge a deleted ${one} from the trash (admins)`, ok: ok(statusOk), errors: ["NOT_FOUND"] };
  if (method === "POST" && action === "revert")
    return {
      tag: "Trash",
      summary: `Put a ${one}'s fields back as an audited change left them${NAMES_EVENTS}`,
      body: jsonSchema(revertBody),
      ok: ok(anyObject("record, changed, skipped")),
      errors: ["NOT_FOUND", "VERSION_CONFLICT", "VALIDATION_FAILED"],
    };
  if (method === "GET" && action === "referrers")
    return { tag, summary: `What points at a ${one} (and so keeps it from being deleted)`, ok: ok(anyObject("Counts per resource")), errors: ["NOT_FOUND"] };
  if (method === "POST" && action === "import")
    return {
      tag,
      summary: `Import ${def.label.toLowerCase()} from a CSV or Excel file (\`?dryRun=true\` checks only)`,
      description: "The file is the body (text/csv or the .xlsx type); `mapping` names the field of each column.",
      ok: ok(anyObject("Per row: created, updated or refused")),
      errors: ["VALIDATION_FAILED", "UNSUPPORTED_MEDIA_TYPE", "PAYLOAD_TOO_LARGE"],
    };
  return undefined;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

function operationObject(route: DescribedRoute, method: Method, path: string): Json {
  const found = FIXED[`${method} ${path}`] ?? resourceOperation(method, path);
  const params = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: name === "id" ? { type: "integer", minimum: 1 } : { type: "string", pattern: "^[0-9a-f]{32}$" },
  }));
  if (!found) return { "x-undescribed": true, parameters: params, responses: { default: { description: "Not described" } } };
  const codes = new Set<ErrorCode>([...(found.errors ?? []), ...(route.public ? [] : (["UNAUTHENTICATED", "FORBIDDEN"] as const))]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  const responses: Json = {
    [String(found.ok?.status ?? 200)]: {
      description: found.ok?.description ?? "Done",
      ...(found.ok?.schema ? { content: { "application/json": { schema: found.ok.schema } } } : {}),
    },
  };
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b))
    responses[String(status)] = { description: list.join(", "), content: { "application/json": { schema: ref("Error") } } };
  return {
    tags: [found.tag],
    summary: found.summary,
    ...(found.description ? { description: found.description } : {}),
    operationId: `${method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/(^|[/.-])(\w)/g, (_m, _s, c: string) => c.toUpperCase())}`,
    parameters: [...params, ...(found.parameters ?? [])],
    ...(found.body ? { requestBody: { required: true, content: { "application/json": { schema: found.body } } } } : {}),
    ...(route.rawBody
      ? { requestBody: { required: true, content: { "text/csv": {}, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": {} } } }
      : {}),
    ...(route.public ? { security: [] } : {}),
    responses,
  };
}

export function openApiDocument(routes: readonly DescribedRoute[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = Object.fromEntries(route.methods.map((method) => [method.toLowerCase(), operationObject(route, method, path)]));
  }
  const schemas: Record<string, Json> = {
    Error: errorSchema,
    Permissions: {
      type: "object",
      properties: { role: { type: "string" }, rules: { type: "array", items: anyObject("A rule: resource, actions, fields, condition") } },
    },
  };
  for (const def of ENTITIES) {
    schemas[singular(def)] = recordSchema(def);
    if (!def.readOnly) {
      schemas[`${singular(def)}Create`] = writeSchema(def, "create");
      schemas[`${singular(def)}Update`] = writeSchema(def, "update");
    }
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Switchboard API",
      version,
      description:
        "The REST API the Switchboard app speaks (the query dialect of @refinedev/simple-rest). Every call but sign-in and the health check needs a session cookie (`POST /api/auth/login`) or an API token (`Authorization: Bearer …`). What each role may read and change is enforced here: a role sees fewer records and fields than these schemas list. Errors are one body, `{ code, message, errors? }`, with the codes listed.",
    },
    servers: [{ url: "/api" }],
    security: [{ session: [] }, { token: [] }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "Set by POST /auth/login." },
        token: { type: "http", scheme: "bearer", description: "An API token made on the profile (POST /tokens)." },
      },
    },
  };
}
