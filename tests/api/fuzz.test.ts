/**
 * Property-based fuzzing of the whole API (issue 6.6): random methods, paths, query strings,
 * headers and bodies, for every route and every role. Whatever arrives, the answer is never a
 * 5xx, never a stack trace, always the catalogue's shape, and a refused request leaves the data
 * file as it was.
 *
 * npm test runs a bounded number of cases; FUZZ_RUNS=5000 npm run test:fuzz runs more
 * (FUZZ_SEED=… replays a failure fast-check printed; FUZZ_TRACE=1 prints every status, to see
 * how deep the cases reach).
 */
import http from "node:http";
import net from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../src/domain/constants";
import { allFields, ENTITIES } from "../../src/domain/entities";
import type { FieldDef } from "../../src/domain/fields";
import type { DbShape } from "../../src/server/db-shape";
import { STACK, startTestServer, type DemoRole, type TestServer } from "./helpers";

/** Cases per property; the properties below split npm test's budget between them. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const params = { numRuns: RUNS, seed: SEED, endOnFailure: true };

type Who = DemoRole | "nobody";
const WHO: Who[] = ["admin", "manager", "agent", "auditor", "nobody"];

let s: TestServer;
let port: number;
const cookies = new Map<Who, string>();

async function signIn(role: DemoRole): Promise<string> {
  const c = await s.login(role);
  if (!c.cookie) throw new Error(`login as ${role}: no session cookie`);
  return c.cookie;
}

beforeAll(async () => {
  s = await startTestServer();
  port = Number(new URL(s.url).port);
  for (const role of WHO) if (role !== "nobody") cookies.set(role, await signIn(role));
  // The demo data has no saved views: one of each kind, so their writes are fuzzed like any record's.
  const manager = await s.login("manager");
  for (const shared of ["me", "everyone"])
    await manager.post("/api/views", {
      name: `Fuzz ${shared}`,
      resource: "orders",
      query: { filters: [{ field: "status", operator: "eq", value: "paid" }] },
      shared,
    });
});
afterAll(async () => {
  await s.close();
});

interface Raw {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * node:http rather than fetch: fetch refuses methods (CONNECT, TRACE) and headers a hostile
 * client is free to send, and normalises paths; this sends them as written.
 */
function send(req: Raw): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = http.request({ host: "127.0.0.1", port, method: req.method, path: req.path, headers: req.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }));
      res.on("error", reject);
    });
    r.on("error", reject);
    r.end(req.body);
  });
}

// ---------------------------------------------------------------- arbitraries

const RESOURCES = ENTITIES.map((d) => d.name);
const FIELD_NAMES = [...new Set(ENTITIES.flatMap((d) => Object.keys(allFields(d))))];
const EXTRA_KEYS = [
  "id",
  "version",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "hasOwnProperty",
  "items.0.productId",
  "",
  " ",
  "status",
  "password",
  "hash",
];
const anyKey = fc.oneof(fc.constantFrom(...FIELD_NAMES, ...EXTRA_KEYS), fc.string({ maxLength: 12 }));

const weirdText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom(
    "(",
    "(.*){12}z",
    "[",
    "\\",
    "%",
    "%00",
    "%zz",
    "%E0%A4%A",
    "\u0000",
    "\uD800",
    "NaN",
    "Infinity",
    "-0",
    "1e309",
    "9007199254740993",
    "null",
    "true",
    "2025-13-45",
    "0",
    "-1",
    "1.5",
    "1,2",
    ",",
    "asc,desc",
    "id,id",
    " ",
    "x".repeat(3000),
  ),
);

const numberish = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1, 2 ** 53, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 0.5));
/** A JSON value with the shapes that break code: deep nesting, huge numbers, prototype keys. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    numberish,
    weirdText,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(anyKey, tie("value"), { maxKeys: 4 }),
  ),
})).value;

const recordBody = fc.dictionary(anyKey, jsonValue, { maxKeys: 8 });
const itemsBody = fc.record(
  {
    customerId: numberish,
    assigneeId: numberish,
    version: numberish,
    items: fc.oneof(
      jsonValue,
      fc.array(fc.record({ productId: numberish, quantity: numberish, unitPrice: numberish }, { requiredKeys: [] }), { maxLength: 60 }),
    ),
    to: fc.constantFrom("placed", "paid", "shipped", "delivered", "cancelled", "refunded", "draft", "nope"),
    reason: weirdText,
  },
  { requiredKeys: [] },
);
// Not the accounts the properties sign in with: their failures would rate-limit the sign-in
// that follows a fuzzed sign-out.
const loginBody = fc.record(
  { email: fc.oneof(weirdText, fc.constantFrom("former@example.com", "FORMER@EXAMPLE.COM ", "nobody@example.com")), password: fc.oneof(weirdText, jsonValue) },
  { requiredKeys: [] },
);

/** Raw bytes on a socket: a request line and headers that are only nearly HTTP. */
const rawRequest = fc.oneof(
  fc
    .tuple(
      fc.constantFrom("GET", "POST", "G\u0000T", "", "GET GET", "PATCH"),
      fc.constantFrom("/api/health", "/api/customers", "*", "", "/api/customers?q=\u0001", "http://evil/api/health", "/api/\u00ff"),
      fc.constantFrom("HTTP/1.1", "HTTP/1.0", "HTTP/9.9", "HTTP/1.1 extra", ""),
      fc.array(
        fc.constantFrom(
          "Host: x",
          "Content-Length: 5",
          "Content-Length: -1",
          "Content-Length: 1, 2",
          "Transfer-Encoding: chunked",
          "Transfer-Encoding: chunked, gzip",
          "Bad Header: x",
          ": empty",
          "X: \u0000",
          `X-Long: ${"a".repeat(20_000)}`,
        ),
        { maxLength: 4 },
      ),
      fc.constantFrom("", "hello", "0\r\n\r\n", "zz\r\n"),
    )
    .map(([m, p, v, hs, body]) => Buffer.from(`${m} ${p} ${v}\r\n${hs.join("\r\n")}${hs.length ? "\r\n" : ""}\r\n${body}`, "latin1")),
  fc.uint8Array({ minLength: 1, maxLength: 200 }).map((a) => Buffer.from(a)),
);

/** Bytes on the wire: JSON of something, or something that only looks like it. */
const bodyBytes: fc.Arbitrary<Buffer | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.oneof(recordBody, itemsBody, loginBody, jsonValue).map((v) => Buffer.from(JSON.stringify(v) ?? "null")),
  fc
    .constantFrom("{", '{"a":', "[]", "[1,2]", '"x"', "1", "null", '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"x":1}}}', " ", "\u0000")
    .map((t) => Buffer.from(t)),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.from(`{"notes":"${"x".repeat(110 * 1024)}"}`)),
);

const idSegment = fc.oneof(
  fc.integer({ min: 1, max: 700 }).map(String),
  fc.constantFrom(
    "0",
    "-1",
    "01",
    "1.0",
    "1e3",
    "9007199254740993",
    "99999999999999999999",
    "abc",
    "%31",
    "1%00",
    "..",
    "%2e%2e",
    "1;x",
    "%201",
    "undefined",
    "null",
  ),
);
const pathArb = fc.oneof(
  fc
    .tuple(fc.constantFrom(...RESOURCES), fc.option(idSegment, { nil: undefined }), fc.constantFrom("", "/", "/transitions", "//", "/x"))
    .map(([r, id, tail]) => `/api/${r}${id === undefined ? "" : `/${id}`}${tail}`),
  fc.constantFrom(
    "/api/health",
    "/api/auth/login",
    "/api/auth/me",
    "/api/auth/password",
    "/api/auth/logout",
    "/api/stats/dashboard",
    "/api",
    "/api/",
    "/api/db",
    "/api//customers",
    "/api/CUSTOMERS",
    "/api/customers%2f1",
    "/api/%2e%2e/db",
    "/api/customers/1/../2",
    "/api/sessions",
    "/api/credentials",
  ),
  fc
    .array(fc.oneof(fc.string({ unit: fc.constantFrom(..."abc/%.-_~0123456789"), maxLength: 8 }), fc.webSegment()), { minLength: 1, maxLength: 4 })
    .map((parts) => `/api/${parts.join("/")}`),
);

/**
 * Escapes only what HTTP cannot carry in a request line (whitespace, controls, non-ASCII, `#`),
 * byte by byte; `%`, `&`, `=` and broken escapes go through as written.
 */
const rawEscape = (text: string) =>
  text.replace(/[^\x21\x22\x24-\x7e]/gu, (c) => [...Buffer.from(c)].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join(""));

const queryPair = fc.tuple(
  fc.oneof(
    fc.constantFrom("_start", "_end", "_sort", "_order", "q", "_page", "_limit", "_embed", "_expand", "callback", "_delay", "_method", "id"),
    fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom("", "_ne", "_gte", "_lte", "_like", "_lt", "_gt")).map(([f, op]) => f + op),
    fc.string({ maxLength: 10 }),
  ),
  weirdText,
);
/** Both well-formed (URLSearchParams-encoded) and raw, possibly broken, query strings. */
const queryArb = fc.oneof(
  fc.constant(""),
  fc.array(queryPair, { maxLength: 6 }).map((pairs) => `?${new URLSearchParams(pairs).toString()}`),
  fc.array(queryPair, { maxLength: 4 }).map((pairs) => `?${rawEscape(pairs.map(([k, v]) => `${k}=${v}`).join("&"))}`),
  fc.constantFrom("?", "?&", "?=", "?a", "?%", "?_start=%zz", "?q=%E0%A4%A", "?_sort=", "?_end=1e3", "?_start=10&_end=5", "?_start=0&_end=101"),
);

/** Header values a client may legally send (RFC 9110 field-value: visible ASCII and spaces). */
const headerValue = fc.oneof(
  fc.string({ unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@ABCXYZabcxyz[\\]^_`{|}~"), maxLength: 40 }),
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "APPLICATION/JSON",
    "application/json;charset=latin1",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/jsonx",
    "",
    "gzip",
    "deflate",
    "identity",
    "chunked",
  ),
);
const headersArb = fc.record(
  {
    "content-type": headerValue,
    "content-encoding": headerValue,
    "x-http-method-override": fc.constantFrom("DELETE", "PATCH", "PUT", "GET"),
    origin: fc.constantFrom("https://evil.example", "null"),
    accept: headerValue,
    "x-request-id": headerValue,
    "x-forwarded-for": headerValue,
    cookie: fc.oneof(
      headerValue,
      fc.constantFrom(`${SESSION_COOKIE}=`, `${SESSION_COOKIE}=${"A".repeat(43)}`, `${SESSION_COOKIE}=%zz`, `${SESSION_COOKIE}=a; ${SESSION_COOKIE}=b`),
    ),
  },
  { requiredKeys: [] },
);

const methodArb = fc.oneof(
  fc.constantFrom("GET", "GET", "POST", "POST", "PATCH", "PATCH", "DELETE", "PUT", "HEAD", "OPTIONS"),
  fc.constantFrom("TRACE", "PROPFIND", "MKCOL", "PURGE", "LOCK", "M-SEARCH"),
);

const requestArb = fc.record({ who: fc.constantFrom(...WHO), method: methodArb, path: pathArb, query: queryArb, headers: headersArb, body: bodyBytes });

/** Values near what a field accepts: at and past its bounds, of the right type and of others. */
function fieldValue(f: FieldDef): fc.Arbitrary<unknown> {
  const lo = f.min ?? 0;
  const hi = f.max ?? 1_000_000;
  switch (f.type) {
    case "text":
    case "longtext":
    case "password":
      return fc.oneof(
        fc.constantFrom(lo - 1, lo, hi, hi + 1).map((n) => "é".repeat(Math.max(0, n))),
        fc.string({ maxLength: 30 }),
        weirdText,
        fc.constantFrom("  padded  ", "", null, "SKU-123", "+1 555 0100"),
      );
    case "email":
      return fc.oneof(fc.emailAddress(), fc.constantFrom("MANAGER@EXAMPLE.COM", "a@b", "@", `${"a".repeat(250)}@x.io`, "customer1@shop.example"), weirdText);
    case "enum":
      return fc.oneof(fc.constantFrom(...(f.options ?? []), "", "ACTIVE", null), weirdText);
    case "boolean":
      return fc.oneof(fc.boolean(), fc.constantFrom("true", 0, 1, null));
    case "integer":
    case "money":
    case "reference":
      return fc.oneof(fc.constantFrom(lo - 1, lo, hi, hi + 1, 1, 2, 3, 5, 8, 0.5, -0, null, "5", 1e21), fc.integer({ min: -10, max: 200 }), numberish);
    case "items":
      return fc.oneof(
        fc.array(
          fc.record({ productId: fc.oneof(fc.integer({ min: 1, max: 70 }), numberish), quantity: fc.oneof(fc.integer({ min: 0, max: 1000 }), numberish) }),
          { maxLength: 52 },
        ),
        jsonValue,
      );
    default:
      return jsonValue;
  }
}

const WRITABLE = ENTITIES.filter((d) => !d.readOnly);
const SERVER_SET = new Set(["id", "createdAt", "updatedAt", "version"]);

/** A body that mostly passes: a stored record's writable fields, some of them replaced by near-valid values. */
const nearValidWrite = fc
  .tuple(fc.constantFrom(...WRITABLE), fc.constantFrom<Who>(...WHO), fc.constantFrom("POST", "PATCH", "DELETE"), fc.nat(), fc.boolean())
  .chain(([def, who, method, pick, staleVersion]) => {
    const writable = Object.entries(allFields(def)).filter(([k, f]) => f.write !== "never" && !SERVER_SET.has(k));
    const changes = fc
      .dictionary(fc.constantFrom(...writable.map(([k]) => k)), fc.constant(null), { maxKeys: 3 })
      .chain((keys) => fc.record(Object.fromEntries(Object.keys(keys).map((k) => [k, fieldValue(allFields(def)[k])]))));
    return changes.map((override) => ({ def, who, method, pick, staleVersion, override }));
  });

// ---------------------------------------------------------------- the properties

/** The data file, with what any authenticated request may legitimately touch left out. */
function comparable(raw: Buffer): string {
  const db = JSON.parse(raw.toString("utf8")) as DbShape;
  // A session's lastSeenAt is persisted at most once a minute on any request (session.ts).
  for (const session of db.sessions) session.lastSeenAt = "";
  return JSON.stringify(db);
}

/** A refused sign-in is recorded (the audit trail of failed logins and their rate limit), by design. */
const refusalThatWrites = (path: string, status: number) => path.startsWith("/api/auth/login") && (status === 401 || status === 429);

interface FuzzRequest {
  who: Who;
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
}

/**
 * The data as the last refusal left it: what the next request starts from, unless a request that
 * was not refused came in between. Reading it once per refusal rather than twice halves the work on
 * PostgreSQL, where it is a snapshot of every table. A stale copy could only make a refusal look
 * as if it had changed something, never hide a change.
 */
let known: Buffer | null = null;
beforeEach(() => {
  known = null;
});

async function check(req: FuzzRequest) {
  const headers: Record<string, string> = { ...req.headers };
  const cookie = cookies.get(req.who);
  if (cookie && headers.cookie === undefined) headers.cookie = `${SESSION_COOKIE}=${cookie}`;
  if (req.body && headers["content-type"] === undefined) headers["content-type"] = "application/json";
  // Framed, whatever the method: node:http sends a DELETE's body unframed, which is a broken
  // request stream rather than a request with a body.
  if (req.body) headers["content-length"] = String(req.body.length);
  const before = known ?? (await s.readRaw());
  known = null;
  const res = await send({ method: req.method, path: req.path + req.query, headers, body: req.body });
  if (process.env.FUZZ_TRACE) console.log(`STATUS ${res.status} ${res.text.slice(0, 60)}`);
  const where = `${req.who} ${req.method} ${req.path}${req.query} → ${res.status} ${res.text.slice(0, 300)}`;

  expect(res.status, where).toBeGreaterThanOrEqual(200);
  expect(res.status, where).toBeLessThan(500);
  expect(res.text, where).not.toMatch(STACK);
  expect(res.headers["x-request-id"], where).toBeTruthy();
  if (res.status >= 400 && req.method !== "HEAD") {
    const body = JSON.parse(res.text) as { code?: unknown; message?: unknown };
    expect(typeof body.code, where).toBe("string");
    expect(typeof body.message, where).toBe("string");
    expect(body, where).not.toHaveProperty("stack");
    if (!refusalThatWrites(req.path, res.status)) {
      const after = await s.readRaw();
      if (!after.equals(before)) expect(comparable(after), `${where}: a refused request changed the data file`).toBe(comparable(before));
      known = after;
    }
  }
  // A sign-out that went through ended that role's session: sign in again. A fuzzed write may
  // also have deactivated the account or changed its email; then the role goes on as nobody.
  if (cookie && res.status === 200 && /^\/api\/auth\/(logout|password)\/?$/.test(req.path) && req.who !== "nobody") {
    const again = await signIn(req.who).catch(() => null);
    if (again) cookies.set(req.who, again);
    else cookies.delete(req.who);
  }
}

/** One raw exchange on a socket, as a client that speaks broken HTTP sees it. */
function rawExchange(bytes: Buffer): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let got = "";
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on("data", (d) => (got += d.toString("latin1")));
    socket.on("close", () => resolve(got));
    socket.on("error", () => undefined);
    socket.end(bytes);
  });
}

// What the fuzzer found, kept as plain tests.
describe("fuzz findings", () => {
  it("a request Node cannot parse is answered from the catalogue (400 BAD_REQUEST, request id), not a bare 400", async () => {
    const answer = await rawExchange(Buffer.from("G\u0000T /api/health HTTP/1.1\r\nHost: x\r\n\r\n", "latin1"));
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer.toLowerCase()).toContain("x-request-id:");
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: "BAD_REQUEST", message: expect.any(String) });
  });

  it("oversized headers are answered from the catalogue too (431 with BAD_REQUEST)", async () => {
    const answer = await rawExchange(Buffer.from(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Long: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4))).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("an HTTP/1.1 request without Host goes through the API like any other (was Node's bare 400)", async () => {
    const answer = await rawExchange(Buffer.from("POST /api/health HTTP/1.1\r\n\r\n"));
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer.toLowerCase()).toContain("x-request-id:");
    expect(answer).toContain('"code":"METHOD_NOT_ALLOWED"');
  });
});

describe("fuzzing the API", () => {
  it("any request: never a 5xx or a stack, always the catalogue, refusals change nothing", async () => {
    await fc.assert(fc.asyncProperty(requestArb, check), params);
  }, 300_000);

  it("list queries on every resource and role: never a 5xx, a refusal is BAD_QUERY or the role's", async () => {
    const arb = fc.record({
      who: fc.constantFrom(...WHO),
      method: fc.constant("GET"),
      path: fc.constantFrom(...RESOURCES.map((r) => `/api/${r}`)),
      query: queryArb,
      headers: fc.constant({}),
      body: fc.constant(undefined),
    });
    await fc.assert(fc.asyncProperty(arb, check), params);
  }, 300_000);

  it("writes with random bodies on every resource and role: never a 5xx, refusals change nothing", async () => {
    const arb = fc.record({
      who: fc.constantFrom(...WHO),
      method: fc.constantFrom("POST", "PATCH", "DELETE"),
      path: fc
        .tuple(fc.constantFrom(...RESOURCES), fc.integer({ min: 1, max: 40 }))
        .chain(([r, id]) => fc.constantFrom(`/api/${r}`, `/api/${r}/${id}`, `/api/orders/${id}/transitions`)),
      query: fc.constant(""),
      headers: fc.constant({}),
      body: fc.oneof(recordBody, itemsBody).map((v) => Buffer.from(JSON.stringify(v))),
    });
    await fc.assert(fc.asyncProperty(arb, check), params);
  }, 300_000);

  it("broken HTTP on a raw socket: a catalogue 4xx or a closed connection, never a 5xx or a bare error", async () => {
    await fc.assert(
      fc.asyncProperty(rawRequest, async (bytes) => {
        const answer = await rawExchange(bytes);
        const where = `${JSON.stringify(bytes.toString("latin1").slice(0, 200))} → ${answer.slice(0, 300)}`;
        // Several answers can come back when the bytes held several requests: check each status line.
        for (const m of answer.matchAll(/HTTP\/1\.[01] (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n/g)) {
          const status = Number(m[1]);
          expect(status, where).toBeLessThan(500);
          if (status >= 400) expect(m[2].toLowerCase(), where).toContain("x-request-id:");
        }
        expect(answer, where).not.toMatch(STACK);
      }),
      params,
    );
  }, 300_000);

  it("near-valid creates, updates with the current version, and deletes of stored records: never a 5xx, refusals change nothing", async () => {
    await fc.assert(
      fc.asyncProperty(nearValidWrite, async ({ def, who, method, pick, staleVersion, override }) => {
        const rows = (await s.readDb())[def.name as keyof DbShape] as { id: number; version: number }[];
        // Earlier cases may have deleted every record of a small resource (the saved views).
        if (!rows.length) return;
        const stored = rows[pick % rows.length] as Record<string, unknown> & { id: number; version: number };
        const base = Object.fromEntries(
          Object.entries(stored).filter(([k]) => {
            const f = allFields(def)[k];
            return f && f.write === "always" && !SERVER_SET.has(k);
          }),
        );
        let body: Record<string, unknown>;
        let path = `/api/${def.name}/${stored.id}`;
        if (method === "POST") {
          // Unique fields of the copy would only ever be DUPLICATE: vary them.
          body = {
            ...base,
            ...Object.fromEntries(
              Object.entries(allFields(def))
                .filter(([, f]) => f.unique)
                .map(([k, f]) => [k, f.type === "email" ? `fuzz${pick}@x.example` : `FZ-${pick}`]),
            ),
            ...override,
          };
          if (def.name === "staff") body.password = "a-long-enough-password";
          path = `/api/${def.name}`;
        } else body = { ...override, version: staleVersion ? stored.version - 1 : stored.version };
        await check({ who, method, path, query: "", headers: {}, body: method === "DELETE" ? undefined : Buffer.from(JSON.stringify(body)) });
      }),
      params,
    );
  }, 300_000);
});
