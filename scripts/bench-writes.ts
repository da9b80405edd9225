/**
 * A quick write-latency comparison of the two stores at the demo size (db.json): one signed-in
 * manager, N sequential versioned PATCHes of one category, then N order creations, each store
 * behind its own in-process server. PostgreSQL runs in a throwaway cluster with fsync on.
 * `npx tsx scripts/bench-writes.ts [--n 200]`. The full benchmark is `npm run bench:api`.
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../src/domain/constants";
import { SEED_DB_FILE } from "../src/server/paths";
import { startServer, type RunningServer } from "../src/server/start";
import { tempDir } from "./lib/child-server";
import { startCluster } from "./lib/pg-cluster";

const nArg = process.argv.indexOf("--n");
const N = nArg > 0 ? Number(process.argv[nArg + 1]) : 200;

async function run(label: string, server: RunningServer) {
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@example.com", password: DEMO_PASSWORD }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(server.url + url, {
      method,
      headers: { cookie, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json();
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  let category = await call("POST", "/api/categories", { name: `Bench ${Date.now()}` });
  const product = (await call("GET", "/api/products?status=active&_end=1"))[0];
  const customer = (await call("GET", "/api/customers?_end=1"))[0];
  const times = { update: [] as number[], create: [] as number[] };
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    category = await call("PATCH", `/api/categories/${category.id}`, { description: `run ${i}`, version: category.version });
    times.update.push(performance.now() - t);
  }
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await call("POST", "/api/orders", { customerId: customer.id, assigneeId: 2, items: [{ productId: product.id, quantity: 1 }] });
    times.create.push(performance.now() - t);
  }
  const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))].toFixed(1);
  for (const [k, xs] of Object.entries(times))
    console.log(`${label.padEnd(10)} ${k.padEnd(7)} p50 ${pct(xs, 50)} ms  p99 ${pct(xs, 99)} ms  (${N} sequential)`);
}

const dir = tempDir("switchboard-bench-writes-");
const dbFile = path.join(dir, "db.json");
fs.copyFileSync(SEED_DB_FILE, dbFile);
const json = await startServer({ port: 0, app: "none", dbFile });
await run("json", json);
await json.close();

const cluster = await startCluster({ fsync: true });
try {
  const pgServer = await startServer({ port: 0, app: "none", databaseUrl: await cluster.createDatabase("bench"), seedFile: SEED_DB_FILE });
  await run("postgres", pgServer);
  await pgServer.close();
} finally {
  await cluster.remove();
}
