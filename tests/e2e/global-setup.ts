import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { buildIsCurrent } from "../../src/server/build-state";

const ROOT = resolve(import.meta.dirname, "../..");
const READY = /^Switchboard listening on (http:\/\/\S+)/;
const START_TIMEOUT_MS = 60_000;

async function buildApp() {
  const { build } = await import("vite");
  await build({ configFile: join(ROOT, "vite.config.ts"), root: join(ROOT, "src/app"), logLevel: "warn" });
}

/**
 * The real server (dist/, NODE_ENV=production) over `dbFile`, on `port` (0: a free one); resolves
 * once it says it is listening. Also used by tests that stop a server and start it again.
 */
export function startServer(dbFile: string, port = 0, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  // `node --import tsx` rather than `npx tsx`: one process, so its PID is the server's own.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DB_FILE: dbFile, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`The server did not say it was listening within ${START_TIMEOUT_MS / 1000} s.\n${stderr}`));
    }, START_TIMEOUT_MS);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before listening.\n${stderr}`));
    });
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (process.env.E2E_SERVER_LOG) console.log(`[server] ${line}`);
      const match = READY.exec(line.trim());
      if (match) {
        clearTimeout(timer);
        child.removeAllListeners("exit");
        resolvePromise({ url: match[1], child });
      }
    });
  });
}

/**
 * Builds the app unless dist/ is current, starts the real server on a free port over a fresh
 * copy of the committed db.json, and a second one whose app talks GraphQL, and hands their URLs
 * to the tests (workers inherit process.env). The returned function is Playwright's teardown: it
 * stops those servers, by their PIDs. With
 * E2E_BASE_URL already set, the tests run against that server instead (and change its data).
 */
export default async function globalSetup() {
  // Pointed at a server that is already running (E2E_BASE_URL=http://…): use it as it is.
  if (process.env.E2E_BASE_URL) return undefined;
  // E2E_DB_JSON runs the suite on another data set (the committed demo data by default).
  const seed = resolve(ROOT, process.env.E2E_DB_JSON ?? "db.json");
  if (!existsSync(seed)) throw new Error(`${seed} is missing: the e2e tests run on a copy of the committed demo data (npm run db:seed)`);
  if (!buildIsCurrent()) await buildApp();

  const dir = mkdtempSync(join(tmpdir(), "switchboard-e2e-"));
  const dbFile = join(dir, "db.json");
  copyFileSync(seed, dbFile);
  // The "graphql" project's app talks through @refinedev/graphql: its own server (DATA_PROVIDER=graphql) on its own copy.
  const graphqlDbFile = join(dir, "db-graphql.json");
  copyFileSync(seed, graphqlDbFile);

  const servers = await Promise.all([startServer(dbFile), startServer(graphqlDbFile, 0, { DATA_PROVIDER: "graphql" })]);
  process.env.E2E_BASE_URL = servers[0].url;
  process.env.E2E_GRAPHQL_BASE_URL = servers[1].url;

  return async () => {
    await Promise.all(servers.map(({ child }) => stopServer(child)));
    rmSync(dir, { recursive: true, force: true });
  };
}

async function stopServer(child: ChildProcess) {
  if (child.pid && child.exitCode === null) {
    const exited = new Promise((r) => child.once("exit", r));
    process.kill(child.pid, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null) process.kill(child.pid, "SIGKILL");
  }
}
