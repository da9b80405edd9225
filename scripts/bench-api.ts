/**
 * npm run bench:api [-- --sizes 600,10000,100000 --runs 3 --duration 5 --connections 10]
 *
 * The cost of our layer (sessions, policy, allow-listed queries, validation, atomic writes) over
 * bare json-server 0.17.4 on the same data: each server in its own child process on 127.0.0.1,
 * loaded by autocannon from this process, on seeds of about 600, 10k and 100k orders. Prints
 * p50 / p99 latency and requests per second, medians over several runs, and ours / bare.
 * Where one write takes seconds (large files), writes are measured one at a time, a few of them,
 * instead of for a duration. A benchmark: it prints figures and asserts nothing about them.
 */
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import type { DbShape } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, median, signIn, spawnServer, type ChildServer, tempDir } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { generateDb, serializeDbChunks, writeFileAtomic } from "./seed-lib";

const values = readOptions("npm run bench:api -- [--sizes 600,10000,100000] [--runs 3] [--duration 5 (s per run)] [--connections 10] [--only list,record,write]", {
  sizes: "600,10000,100000",
  runs: "3",
  duration: "5",
  connections: "10",
  only: "list,record,write",
});
const SIZES = values.sizes!.split(",").map((s) => wholeNumber("sizes", s.trim()));
const RUNS = wholeNumber("runs", values.runs);
const DURATION = wholeNumber("duration", values.duration);
const CONNECTIONS = wholeNumber("connections", values.connections);
const ONLY = new Set(values.only!.split(",").map((s) => s.trim()));
/**
 * From this many orders on, a write takes a second or more: ten queued behind each other run
 * past autocannon's timeout, so measure a few, one at a time.
 */
const SLOW_WRITES_FROM = 5_000;
const SLOW_WRITES = 4;

interface Figures {
  p50: number;
  p99: number;
  rps: number;
  non2xx: number;
  errors: number;
  /** Status codes other than 2xx, with their counts. */
  codes: string[];
}

interface Load {
  requests: autocannon.Request[];
  /** Before each run: what the last run's cut-off requests changed, read back. */
  beforeRun?(url: string, cookie: string): Promise<void>;
}

interface Scenario {
  key: string;
  name: string;
  read: boolean;
  load(db: DbShape): Load;
}

/**
 * Writes: PATCH a customer's notes with the version the client last saw, as the app does. Each
 * request takes a customer no other request has in flight, so no write is a VERSION_CONFLICT and
 * every one really writes the file. A run ends with requests in flight whose answers are never
 * read: the versions are read back before the next run.
 */
function patchLoad(db: DbShape): Load {
  const pool = db.customers.slice(0, Math.max(CONNECTIONS * 2, 20)).map((c) => ({ id: c.id, version: c.version, busy: false }));
  let n = 0;
  const requests: autocannon.Request[] = [
    {
      method: "PATCH",
      setupRequest(req) {
        const c = pool.find((p) => !p.busy) ?? pool[0];
        c.busy = true;
        return { ...req, path: `/api/customers/${c.id}`, body: JSON.stringify({ notes: `bench write ${n++}`, version: c.version }) };
      },
      onResponse(status, body) {
        try {
          const rec = JSON.parse(body) as { id?: number; version?: number; current?: { id: number; version: number } };
          const seen = status === 409 ? rec.current : rec;
          const c = pool.find((p) => p.id === seen?.id);
          if (c && seen?.version !== undefined) {
            // Bare json-server stores whatever version it is sent: only ours moves it on.
            c.version = seen.version;
            c.busy = false;
          }
        } catch {
          for (const p of pool) p.busy = false;
        }
      },
    },
  ];
  async function beforeRun(url: string, cookie: string) {
    for (const c of pool) {
      const res = await fetch(`${url}/api/customers/${c.id}`, { headers: { cookie } });
      c.version = ((await res.json()) as { version: number }).version;
      c.busy = false;
    }
  }
  return { requests, beforeRun };
}

const SCENARIOS: Scenario[] = [
  {
    key: "list",
    name: "list: orders, status=paid, sorted by placedAt desc, page 2 of 20",
    read: true,
    load: () => ({ requests: [{ method: "GET", path: "/api/orders?status=paid&_sort=placedAt&_order=desc&_start=20&_end=40" }] }),
  },
  {
    key: "record",
    name: "record: GET /api/orders/:id",
    read: true,
    load: (db) => ({ requests: [{ method: "GET", path: `/api/orders/${db.orders[db.orders.length >> 1].id}` }] }),
  },
  { key: "write", name: "write: PATCH /api/customers/:id with version", read: false, load: patchLoad },
];

async function run(url: string, cookie: string, { requests, beforeRun }: Load, oneByOne: boolean): Promise<Figures> {
  await beforeRun?.(url, cookie);
  const result = await autocannon({
    url,
    ...(oneByOne ? { connections: 1, amount: SLOW_WRITES, timeout: 600 } : { connections: CONNECTIONS, duration: DURATION }),
    headers: { cookie, "content-type": "application/json" },
    requests,
  });
  return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, non2xx: result.non2xx, errors: result.errors + result.timeouts,
    codes: Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${code}×${count}`),
  };
}

function makeData(dir: string, orders: number): Promise<string> {
  const file = path.join(dir, `orders-${orders}.json`);
  if (orders === 600 && fs.existsSync(SEED_DB_FILE)) {
    fs.copyFileSync(SEED_DB_FILE, file);
    return Promise.resolve(file);
  }
  return generateDb({ orders }).then((db) => {
    writeFileAtomic(file, serializeDbChunks(db));
    return file;
  });
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "—");

async function main() {
  const dir = tempDir("switchboard-bench-api-");
  const servers: ChildServer[] = [];
  const lines: string[] = [];
  const print = (l: string) => {
    console.log(l);
    lines.push(l);
  };
  try {
    console.log(`bench:api on ${machine()}; ${RUNS} runs × ${DURATION} s × ${CONNECTIONS} connections per figure, medians`);
    console.log("(figures from a shared machine are noisy: compare ratios, not absolute times)\n");
    print("| orders | request | ours p50 / p99 ms | ours req/s | bare p50 / p99 ms | bare req/s | cost: ours ÷ bare |");
    print("|---:|---|---:|---:|---:|---:|---:|");
    for (const size of SIZES) {
      const seedFile = await makeData(dir, size);
      const db = JSON.parse(fs.readFileSync(seedFile, "utf8")) as DbShape;
      const mb = fs.statSync(seedFile).size / 2 ** 20;
      console.log(`\n${db.orders.length} orders (${mb.toFixed(1)} MB): starting both servers…`);
      for (const scenario of SCENARIOS.filter((sc) => ONLY.has(sc.key))) {
        const oneByOne = !scenario.read && db.orders.length >= SLOW_WRITES_FROM;
        // Fresh copies for each scenario: writes grow neither file for the next one.
        const oursFile = path.join(dir, "ours.json");
        const bareFile = path.join(dir, "bare.json");
        fs.copyFileSync(seedFile, oursFile);
        fs.copyFileSync(seedFile, bareFile);
        const ours = await spawnServer({ dbFile: oursFile });
        const bare = await spawnServer({ dbFile: bareFile, args: ["--import", "tsx", "scripts/lib/bare-json-server.ts"] });
        servers.push(ours, bare);
        const cookie = await signIn(ours.url);
        const o: Figures[] = [];
        const b: Figures[] = [];
        // Interleaved, so a burst of other work on the machine hits both alike.
        // One request list per server for all runs: the writes' versions carry over from run to run.
        const oursLoad = scenario.load(db);
        const bareLoad = scenario.load(db);
        for (let i = 0; i < RUNS; i++) {
          o.push(await run(ours.url, cookie, oursLoad, oneByOne));
          b.push(await run(bare.url, cookie, bareLoad, oneByOne));
        }
        await Promise.all([ours.stop("SIGTERM"), bare.stop("SIGTERM")]);
        const m = (xs: Figures[], k: "p50" | "p99" | "rps") => median(xs.map((x) => x[k]));
        const failed = (xs: Figures[]) => {
          const errors = xs.reduce((s, x) => s + x.errors, 0);
          const codes = xs.flatMap((x) => x.codes);
          return codes.length || errors ? [...codes, ...(errors ? [`${errors} errors/timeouts`] : [])].join(" ") : "";
        };
        const bad = [failed(o) && `ours ${failed(o)}`, failed(b) && `bare ${failed(b)}`].filter(Boolean).join("; ");
        print(
          `| ${db.orders.length} | ${scenario.name}${oneByOne ? ` (${SLOW_WRITES} writes, one at a time)` : ""} | ${fmt(m(o, "p50"))} / ${fmt(m(o, "p99"))} | ${fmt(m(o, "rps"), 1)} | ${fmt(m(b, "p50"))} / ${fmt(m(b, "p99"))} | ${fmt(m(b, "rps"), 1)} | ${fmt(m(b, "rps") / m(o, "rps"), 2)}${bad ? ` (not 2xx: ${bad})` : ""} |`,
        );
      }
      fs.rmSync(seedFile);
    }
    console.log("\ncost = time per request of ours ÷ that of bare json-server (bare req/s ÷ ours req/s at the same concurrency); the target for reads is at most 1.25.");
  } finally {
    for (const s of servers) await s.stop("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:api failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
