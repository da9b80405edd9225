/**
 * The real server in the test process, on port 0 and a fresh copy of the data, driven over real
 * HTTP with Node's fetch. One server per test file (beforeAll / afterAll).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../../src/domain/constants";
import { ERROR_STATUS, type ErrorCode } from "../../src/domain/errors";
import type { DbShape } from "../../src/server/db-shape";
import { SEED_DB_FILE } from "../../src/server/paths";
import { startServer, type RunningServer, type StartOptions } from "../../src/server/start";
import type { Storage } from "../../src/server/storage/types";
import { buildFixture } from "./fixture";

/**
 * The same suite runs on both stores: project "api" on the JSON data file, project "api-pg" on
 * PostgreSQL (a throwaway cluster started by tests/api/pg-global-setup.ts). There every server
 * gets a database of its own, loaded with the data file the JSON run uses.
 */
export const pgAdminUrl: string | undefined = inject("pgAdminUrl");
export const onPostgres = Boolean(pgAdminUrl);

let databases = 0;
/** A new, empty database on the test cluster; the server migrates and loads it. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!pgAdminUrl) throw new Error("not on PostgreSQL");
  const name = `t_${process.pid}_${++databases}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const c = new pg.Client({ connectionString: pgAdminUrl });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(pgAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * startServer on this data file — or, on PostgreSQL, on a fresh database loaded from it. `close`
 * also drops that database.
 */
export async function startServerOn(
  dbFile: string,
  opts: Omit<StartOptions, "dbFile" | "databaseUrl" | "seedFile"> = {},
): Promise<RunningServer & { databaseUrl?: string }> {
  if (!onPostgres) return startServer({ port: 0, app: "none", ...opts, dbFile });
  const db = await freshDatabase();
  try {
    const server = await startServer({ port: 0, app: "none", ...opts, dbFile, databaseUrl: db.url, seedFile: dbFile });
    return {
      ...server,
      databaseUrl: db.url,
      async close() {
        await server.close();
        await db.drop();
      },
    };
  } catch (err) {
    await db.drop();
    throw err;
  }
}

export type DemoRole = "admin" | "manager" | "agent" | "agent2" | "auditor" | "former";
export const demoEmail = (role: DemoRole) => `${role}@example.com`;

// A response body is whatever the test asserts it to be; typing each one would only restate the asserts.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Body = any;

export interface ApiResponse<T = Body> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  /** Sent as JSON with Content-Type: application/json. */
  json?: unknown;
  /** Sent as is (set the content type yourself). */
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
}

export class Client {
  cookie: string | null = null;
  constructor(readonly baseUrl: string) {}

  async request<T = Body>(method: string, url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie && !Object.keys(headers).some((h) => h.toLowerCase() === "cookie")) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    let body: string | Uint8Array<ArrayBuffer> | undefined = opts.body;
    if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      headers["content-type"] ??= "application/json";
    }
    const res = await fetch(this.baseUrl + url, { method, headers, body, redirect: "manual" });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, value] = pair.split("=");
      if (name === SESSION_COOKIE) this.cookie = value || null;
    }
    const text = await res.text();
    let parsed: unknown = text;
    if ((res.headers.get("content-type") ?? "").includes("json") && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  get<T = Body>(url: string, opts?: RequestOptions) {
    return this.request<T>("GET", url, opts);
  }
  post<T = Body>(url: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request<T>("POST", url, { ...opts, json });
  }
  patch<T = Body>(url: string, json?: unknown, opts: RequestOptions = {}) {
    return this.request<T>("PATCH", url, { ...opts, json });
  }
  del<T = Body>(url: string, opts?: RequestOptions) {
    return this.request<T>("DELETE", url, opts);
  }
}

export interface TestServer {
  url: string;
  dbFile: string;
  dir: string;
  /** A client without a session. */
  client(): Client;
  /** A client signed in as a demo account. */
  login(role: DemoRole): Promise<Client>;
  /** Everything the store holds now (the data file on disk, or the database), in the file's shape. */
  readDb(): Promise<DbShape>;
  /** The same, as bytes: equal bytes mean nothing changed. */
  readRaw(): Promise<Buffer>;
  /** The server's store itself (the very object its routes call), for a test that counts its reads. */
  storage: Storage;
  /**
   * Takes the store away under the running server (the data folder removed; on PostgreSQL a
   * table dropped) and answers what the server's log will name as the cause.
   */
  breakStorage(): Promise<string>;
  close(): Promise<void>;
}

let fixtureText: Promise<string> | null = null;
/** The committed demo data when it exists, else the small fixture. */
export function seedText(): Promise<string> {
  if (fs.existsSync(SEED_DB_FILE)) return Promise.resolve(fs.readFileSync(SEED_DB_FILE, "utf8"));
  fixtureText ??= buildFixture().then((db) => JSON.stringify(db, null, 2));
  return fixtureText;
}

export async function makeDataDir(): Promise<{ dir: string; dbFile: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-api-"));
  const dbFile = path.join(dir, "db.json");
  fs.writeFileSync(dbFile, await seedText());
  return { dir, dbFile };
}

export async function startTestServer(): Promise<TestServer> {
  const { dir, dbFile } = await makeDataDir();
  const server = await startServerOn(dbFile);
  const ts: TestServer = {
    url: server.url,
    dbFile,
    dir,
    storage: server.storage,
    client: () => new Client(server.url),
    async login(role) {
      const c = new Client(server.url);
      const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`login as ${role} failed: ${res.status} ${res.text}`);
      return c;
    },
    readDb: async () => (onPostgres ? server.storage.snapshot() : (JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape)),
    readRaw: async () => (onPostgres ? Buffer.from(JSON.stringify(await server.storage.snapshot())) : fs.readFileSync(dbFile)),
    async breakStorage() {
      if (!server.databaseUrl) {
        fs.rmSync(dir, { recursive: true, force: true });
        return "ENOENT";
      }
      const c = new pg.Client({ connectionString: server.databaseUrl });
      await c.connect();
      await c.query("DROP TABLE categories CASCADE");
      await c.end();
      return 'relation "categories" does not exist';
    },
    async close() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return ts;
}

/** The id of the demo account with this role, from the data file. */
export function staffId(db: DbShape, role: DemoRole): number {
  const s = db.staff.find((x) => x.email === demoEmail(role));
  if (!s) throw new Error(`no ${role} in the data`);
  return s.id;
}

/**
 * A stack frame (`at fn (/path/file.ts:12:34)`), or a path of ours. Not just `at …:1:2`: stored
 * text followed by ISO times ("Leave at reception", "placedAt":"…T11:39:57") looks like that.
 */
export const STACK = /\bat (?:\S+ \()?(?:file:\/\/)?[\w./\\-]+\.(?:[cm]?[jt]s|tsx?):\d+:\d+|node_modules|\/src\/server\//;

/** Every error answer: the catalogue's shape, a request id, no stack. */
export function expectError(res: ApiResponse, status: number, code: string) {
  const where = `${res.status} ${res.text.slice(0, 300)}`;
  if (res.status !== status) throw new Error(`expected ${status} ${code}, got ${where}`);
  if (res.body?.code !== code) throw new Error(`expected code ${code}, got ${where}`);
  if (typeof res.body.message !== "string" || !res.body.message) throw new Error(`no message: ${where}`);
  if (!res.headers.get("x-request-id")) throw new Error(`no X-Request-Id: ${where}`);
  if (STACK.test(res.text) || "stack" in res.body) throw new Error(`a stack trace leaked: ${where}`);
}

/** POST /api/graphql: a document and its variables. */
export const gql = (c: Client, query: string, variables?: Record<string, unknown>) =>
  c.post("/api/graphql", variables === undefined ? { query } : { query, variables });

/** A GraphQL answer that went through: its data (or a thrown error naming what came instead). */
export function gqlData(res: ApiResponse): Body {
  if (res.status !== 200 || res.body?.errors || !res.body?.data) throw new Error(`expected GraphQL data, got ${res.status} ${res.text.slice(0, 400)}`);
  return res.body.data;
}

/**
 * A GraphQL refusal: its first error carries the catalogue's code and that code's HTTP status in
 * `extensions`; the answer is GraphQL's 200 or that status, never a 500 and never a stack.
 * Answers that error (for its `extensions`).
 */
export function expectGqlError(res: ApiResponse, code: ErrorCode): Body {
  const where = `${res.status} ${res.text.slice(0, 400)}`;
  const err = res.body?.errors?.[0];
  if (!err) throw new Error(`expected a GraphQL error ${code}, got ${where}`);
  if (err.extensions?.code !== code) throw new Error(`expected code ${code}, got ${where}`);
  if (err.extensions.status !== ERROR_STATUS[code]) throw new Error(`expected extensions.status ${ERROR_STATUS[code]}, got ${where}`);
  if (res.status !== 200 && res.status !== ERROR_STATUS[code]) throw new Error(`expected HTTP 200 or ${ERROR_STATUS[code]}, got ${where}`);
  if (typeof err.message !== "string" || !err.message) throw new Error(`no message: ${where}`);
  if (!res.headers.get("x-request-id")) throw new Error(`no X-Request-Id: ${where}`);
  if (STACK.test(res.text) || /"stack"/.test(res.text)) throw new Error(`a stack trace leaked: ${where}`);
  return err;
}
