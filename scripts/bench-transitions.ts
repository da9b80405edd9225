/**
 * How long an order transition takes, end to end over HTTP, on a data file of a given size:
 * N drafts placed, then cancelled, one at a time (each is one whole-file fsynced write).
 *
 *   npx tsx scripts/bench-transitions.ts [--data db.json] [--n 50]
 *
 * A benchmark, never an assertion (ARCHITECTURE.md, Tests).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, SESSION_COOKIE } from "../src/domain/constants";
import { ROOT } from "../src/server/paths";
import { startServer } from "../src/server/start";

const { values } = parseArgs({ options: { data: { type: "string" }, n: { type: "string" } } });
const source = path.resolve(values.data ?? path.join(ROOT, "db.json"));
const n = Number(values.n ?? 50);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "switchboard-bench-"));
const dbFile = path.join(dir, "db.json");
fs.copyFileSync(source, dbFile);
const server = await startServer({ port: 0, app: "none", dbFile });

let cookie = "";
async function call(method: string, url: string, body?: unknown) {
  const res = await fetch(server.url + url, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const set = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (set) cookie = set.split(";")[0];
  const json = (await res.json()) as Record<string, unknown> & { id: number; version: number };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

try {
  await call("POST", "/api/auth/login", { email: "manager@example.com", password: DEMO_PASSWORD });
  const me = (await call("GET", "/api/auth/me")).user as { id: number };
  const [customer] = (await call("GET", "/api/customers?_end=1")) as unknown as { id: number }[];
  const product = await call("POST", "/api/products", {
    sku: `BENCH-${Date.now() % 1e6}`,
    name: "Bench product",
    categoryId: 1,
    price: 1000,
    cost: 1,
    stock: 1_000_000,
    status: "active",
  });
  const drafts = [];
  for (let i = 0; i < n; i++)
    drafts.push(await call("POST", "/api/orders", { customerId: customer.id, assigneeId: me.id, items: [{ productId: product.id, quantity: 1 }] }));

  const time = async (to: string, orders: { id: number; version: number }[]) => {
    const ms: number[] = [];
    const out = [];
    for (const o of orders) {
      const t = performance.now();
      out.push(await call("POST", `/api/orders/${o.id}/transitions`, { to, version: o.version, ...(to === "cancelled" ? { reason: "Benchmark" } : {}) }));
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))].toFixed(1);
    console.log(`${to.padEnd(9)} n=${n}  median ${q(0.5)} ms  p90 ${q(0.9)} ms  max ${q(1)} ms`);
    return out;
  };
  const size = (fs.statSync(dbFile).size / 1e6).toFixed(1);
  console.log(`data: ${path.relative(ROOT, source) || source} (${size} MB on disk)`);
  const placed = await time("placed", drafts);
  await time("cancelled", placed);
  const stock = (await call("GET", `/api/products/${product.id}`)).stock;
  console.log(`stock after placing and cancelling ${n} orders: ${String(stock)} (started at 1000000)`);
} finally {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
