/**
 * The real server in the test process, on port 0 and a fresh copy of the data, driven over real
 * HTTP with Node's fetch. One server per test file (beforeAll / afterAll).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../../src/domain/constants";
import type { DbShape } from "../../src/server/db-shape";
import { SEED_DB_FILE } from "../../src/server/paths";
import { startServer } from "../../src/server/start";
import { buildFixture } from "./fixture";

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
  body?: string;
  headers?: Record<string, string>;
}

export class Client {
  cookie: string | null = null;
  constructor(readonly baseUrl: string) {}

  async request<T = Body>(method: string, url: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookie && !Object.keys(headers).some((h) => h.toLowerCase() === "cookie")) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    let body: string | undefined = opts.body;
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
  /** The data file as it is on disk now. */
  readDb(): DbShape;
  readRaw(): Buffer;
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
  const server = await startServer({ port: 0, app: "none", dbFile });
  const ts: TestServer = {
    url: server.url,
    dbFile,
    dir,
    client: () => new Client(server.url),
    async login(role) {
      const c = new Client(server.url);
      const res = await c.post("/api/auth/login", { email: demoEmail(role), password: DEMO_PASSWORD });
      if (res.status !== 200) throw new Error(`login as ${role} failed: ${res.status} ${res.text}`);
      return c;
    },
    readDb: () => JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape,
    readRaw: () => fs.readFileSync(dbFile),
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
