/**
 * A throwaway PostgreSQL cluster from Debian's `postgresql` package, for the tests and scripts:
 * initdb into a temporary folder, started on a free 127.0.0.1 port (its socket in that folder
 * too), known by its postmaster PID, stopped by that PID and removed afterwards. PostgreSQL
 * refuses to run as root, so as root every command runs as `postgres` (runuser) in a folder
 * that user owns.
 *
 * Used from vitest globalSetup (tests/api/pg-global-setup.ts) and from scripts; nothing here
 * is imported by the server.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** The newest /usr/lib/postgresql/<n>/bin holding initdb, or PG_BIN when set. */
export function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = "/usr/lib/postgresql";
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions.length) throw new Error("PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb (apt-get install postgresql)");
  return path.join(base, versions[0], "bin");
}

/** Run a PostgreSQL program, as `postgres` when we are root. */
async function pgRun(program: string, args: string[]) {
  const bin = path.join(pgBinDir(), program);
  const [cmd, argv] = isRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, args];
  try {
    return await run(cmd, argv, { maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${program} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const pidAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

export interface PgClusterOptions {
  /** false: no fsync (tests; a crash of the test machine loses nothing anyone needs). Default true. */
  fsync?: boolean;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string | number>;
}

export interface PgCluster {
  host: string;
  port: number;
  /** The temporary folder (data directory, socket, log), removed by `remove()`. */
  dir: string;
  /** The postmaster's PID while it runs. */
  pid: number | null;
  /** A URL for database `db` (default: postgres), user postgres, no password (trust on 127.0.0.1). */
  url(db?: string): string;
  /** Create a database and return its URL. */
  createDatabase(name: string): Promise<string>;
  dropDatabase(name: string): Promise<void>;
  /** Start again after stop() (same port, same data). */
  start(): Promise<void>;
  /** "fast": clean shutdown (SIGINT); "immediate": like a crash (SIGQUIT), recovery on next start. */
  stop(mode?: "fast" | "immediate"): Promise<void>;
  /** Stop (if running) and delete the folder. */
  remove(): Promise<void>;
}

const clusters = new Set<PgCluster>();
// A script stopped by a signal must not leave a postmaster or its folder behind.
process.on("exit", () => {
  for (const c of clusters) {
    if (c.pid && pidAlive(c.pid)) process.kill(c.pid, "SIGQUIT");
    fs.rmSync(c.dir, { recursive: true, force: true });
  }
});

export async function startCluster(opts: PgClusterOptions = {}): Promise<PgCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-pg-"));
  const data = path.join(dir, "data");
  if (isRoot) await run("chown", ["postgres:postgres", dir]);
  // C.UTF-8: byte order for COLLATE "C" sorts, and lower() that knows more than ASCII.
  await pgRun("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"]);
  const port = await freePort();
  const host = "127.0.0.1";
  const settings: Record<string, string | number> = {
    listen_addresses: host,
    port,
    unix_socket_directories: dir,
    fsync: opts.fsync === false ? "off" : "on",
    max_connections: 200,
    ...opts.settings,
  };
  const cluster: PgCluster = {
    host,
    port,
    dir,
    pid: null,
    url: (db = "postgres") => `postgres://postgres@${host}:${port}/${db}`,
    async createDatabase(name) {
      await admin(cluster, `CREATE DATABASE ${quoteIdent(name)}`);
      return cluster.url(name);
    },
    async dropDatabase(name) {
      await admin(cluster, `DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    },
    async start() {
      const args = Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`]);
      await pgRun("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), "-w", "-t", "60", "-o", args.map(shellQuote).join(" "), "start"]);
      cluster.pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    },
    async stop(mode = "fast") {
      const pid = cluster.pid;
      if (!pid) return;
      if (pidAlive(pid)) process.kill(pid, mode === "fast" ? "SIGINT" : "SIGQUIT");
      const until = Date.now() + 60_000;
      while (pidAlive(pid)) {
        if (Date.now() > until) throw new Error(`postgres (PID ${pid}) did not stop`);
        await new Promise((r) => setTimeout(r, 50));
      }
      cluster.pid = null;
    },
    async remove() {
      await cluster.stop("fast");
      fs.rmSync(dir, { recursive: true, force: true });
      clusters.delete(cluster);
    },
  };
  clusters.add(cluster);
  try {
    await cluster.start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    clusters.delete(cluster);
    throw err;
  }
  return cluster;
}

async function admin(cluster: PgCluster, sql: string) {
  const client = new pg.Client({ connectionString: cluster.url() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** One statement on its own connection (creating and dropping databases, reading settings). */
export async function adminQuery(url: string, sql: string): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query(sql);
  } finally {
    await c.end();
  }
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const shellQuote = (s: string) => (/^[\w=.,/:-]+$/.test(s) ? s : `'${s.replace(/'/g, "'\\''")}'`);
