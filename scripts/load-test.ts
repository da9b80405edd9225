/**
 * npm run test:load [-- --duration 60 --clients 50 --data FILE]
 *
 * 50 concurrent clients on loopback for 60 s against the real server in a child process, mixing
 * reads, read-modify-write updates with versions (retrying a VERSION_CONFLICT from the record it
 * returns) and order transitions. Then checks what a client can see:
 * - no 5xx and no failed connection;
 * - no lost update: counters that many clients increment at once end at exactly their start plus
 *   the acknowledged increments;
 * - stock never negative (watched during the run), and each product's stock is exactly its start
 *   minus what acknowledged placements took plus what acknowledged cancellations gave back;
 * - memory flat: the server's RSS, sampled through the run, does not keep growing.
 * Exits 1 on any finding.
 */
import fs from "node:fs";
import path from "node:path";
import type { DbShape, Row } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, median, signIn, spawnServer, type ChildServer, tempDir } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";

const values = readOptions("npm run test:load -- [--duration 60 (s)] [--clients 50] [--data db.json]", { duration: "60", clients: "50", data: undefined });
const DURATION_MS = wholeNumber("duration", values.duration) * 1000;
const CLIENTS = wholeNumber("clients", values.clients);
/** Few counters for many clients, so that increments really collide. */
const COUNTERS = 5;
const COUNTER = /^load counter (\d+)$/;

interface Item {
  productId: number;
  quantity: number;
}

class Stats {
  requests = 0;
  byStatus = new Map<number, number>();
  serverErrors: string[] = [];
  /** Refusals other than the expected VERSION_CONFLICT, first few of each status: to read, not to fail on. */
  otherRefusals = new Map<number, string[]>();
  networkErrors: string[] = [];
  increments = new Map<number, number>(); // customer id → acknowledged increments
  conflicts = 0;
  transitions = new Map<string, number>();
  stockDelta = new Map<number, number>(); // product id → what acknowledged transitions moved
  negativeStockSeen: string[] = [];
}

async function main() {
  const dir = tempDir("switchboard-load-");
  const dbFile = path.join(dir, "db.json");
  let server: ChildServer | null = null;
  try {
    fs.copyFileSync(path.resolve(values.data ?? SEED_DB_FILE), dbFile);
    const initial = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    server = await spawnServer({ dbFile });
    const url = server.url;
    const manager = await signIn(url, "manager@example.com");
    const agent = await signIn(url, "agent@example.com");
    const stats = new Stats();
    console.log(`load test: ${CLIENTS} clients for ${DURATION_MS / 1000} s on ${url} (server PID ${server.pid}), on ${machine()}`);

    const call = async (method: string, p: string, cookie: string, body?: unknown): Promise<{ status: number; json: Row & Record<string, unknown> }> => {
      stats.requests++;
      let res: Response;
      try {
        res = await fetch(url + p, {
          method,
          headers: { cookie, ...(body ? { "content-type": "application/json" } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
      } catch (err) {
        stats.networkErrors.push(`${method} ${p}: ${err instanceof Error ? err.message : String(err)}`);
        return { status: 0, json: {} as Row };
      }
      const text = await res.text();
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
      if (res.status >= 500) stats.serverErrors.push(`${method} ${p} → ${res.status} ${text.slice(0, 200)}`);
      else if (res.status >= 400 && res.status !== 409) {
        const seen = stats.otherRefusals.get(res.status) ?? [];
        if (seen.length < 3) seen.push(`${method} ${p} → ${text.slice(0, 120)}`);
        stats.otherRefusals.set(res.status, seen);
      }
      let json = {} as Row & Record<string, unknown>;
      try {
        json = JSON.parse(text);
      } catch {
        // a HEAD or an empty answer
      }
      return { status: res.status, json };
    };

    // Counters: the notes of a few customers, read-modify-written by every client.
    const counters = initial.customers.slice(0, COUNTERS).map((c) => c.id);
    const startCounts = new Map<number, number>();
    for (const id of counters) {
      const r = await call("GET", `/api/customers/${id}`, manager);
      const res = await call("PATCH", `/api/customers/${id}`, manager, { notes: "load counter 0", version: r.json.version });
      if (res.status !== 200) throw new Error(`could not set up counter on customer ${id}: ${res.status} ${JSON.stringify(res.json)}`);
      startCounts.set(id, 0);
    }

    const activeProducts = initial.products.filter((p) => p.status === "active" && (p.stock as number) > 0).map((p) => p.id);
    const initialStock = new Map(initial.products.map((p) => [p.id, p.stock as number]));
    const customerIds = initial.customers.map((c) => c.id);
    const managerId = initial.staff.find((s) => s.email === "manager@example.com")?.id;
    const deadline = Date.now() + DURATION_MS;
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

    const takeStock = (items: Item[], sign: 1 | -1) => {
      for (const it of items) stats.stockDelta.set(it.productId, (stats.stockDelta.get(it.productId) ?? 0) + sign * it.quantity);
    };

    async function increment(cookie: string) {
      const id = pick(counters);
      let current = (await call("GET", `/api/customers/${id}`, cookie)).json;
      for (let attempt = 0; attempt < 50; attempt++) {
        const n = Number(COUNTER.exec(String(current.notes))?.[1] ?? NaN);
        if (!Number.isFinite(n)) throw new Error(`counter on customer ${id} is unreadable: ${String(current.notes)}`);
        const res = await call("PATCH", `/api/customers/${id}`, cookie, { notes: `load counter ${n + 1}`, version: current.version });
        if (res.status === 200) {
          stats.increments.set(id, (stats.increments.get(id) ?? 0) + 1);
          return;
        }
        if (res.status !== 409 || res.json.code !== "VERSION_CONFLICT") return;
        stats.conflicts++;
        current = res.json.current as Row;
      }
    }

    async function transition(order: Row, to: string, reason?: string): Promise<Row | null> {
      const res = await call("POST", `/api/orders/${order.id}/transitions`, manager, { to, version: order.version, ...(reason ? { reason } : {}) });
      if (res.status !== 200) return null;
      stats.transitions.set(to, (stats.transitions.get(to) ?? 0) + 1);
      // What the stock did is read from the acknowledged answer: the items the order really had.
      if (to === "placed") takeStock(res.json.items as Item[], -1);
      if (to === "cancelled") takeStock(res.json.items as Item[], 1);
      return res.json;
    }

    /** A draft of one's own, walked along the lifecycle; now and then cancelled. */
    async function orderJourney() {
      const items = Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({
        productId: pick(activeProducts),
        quantity: 1 + Math.floor(Math.random() * 3),
      }));
      const unique = [...new Map(items.map((i) => [i.productId, i])).values()];
      const created = await call("POST", "/api/orders", manager, { customerId: pick(customerIds), assigneeId: managerId, items: unique });
      if (created.status !== 201) return;
      let order: Row | null = created.json;
      for (const to of ["placed", "paid", Math.random() < 0.3 ? "cancelled" : "shipped", "delivered"]) {
        if (!order || Date.now() > deadline) return;
        if (order.status === "cancelled") return;
        order = await transition(order, to, to === "cancelled" ? "Load test cancellation" : undefined);
      }
    }

    async function read(cookie: string) {
      const r = Math.random();
      if (r < 0.35)
        await call(
          "GET",
          `/api/orders?_sort=${pick(["placedAt", "total", "number"])}&_order=${pick(["asc", "desc"])}&status=${pick(["placed", "paid", "delivered"])}&_start=0&_end=20`,
          cookie,
        );
      else if (r < 0.6) await call("GET", `/api/orders/${pick(initial.orders).id}`, cookie);
      else if (r < 0.8) await call("GET", `/api/customers?q=${pick(["a", "co", "in", "e"])}&_start=0&_end=20`, cookie);
      else await call("GET", "/api/products?_sort=stock&_order=asc&_start=0&_end=50", cookie);
    }

    async function client(i: number) {
      // A few agents among the managers: their reads go through the row-level filter.
      const cookie = i % 5 === 4 ? agent : manager;
      while (Date.now() < deadline) {
        const r = Math.random();
        if (r < 0.55) await read(cookie);
        else if (r < 0.85) await increment(manager);
        else await orderJourney();
      }
    }

    // Watchers: stock below zero as any client would see it, and the server's memory.
    const rss: { t: number; mb: number }[] = [];
    const started = Date.now();
    const sample = () => {
      const status = fs.readFileSync(`/proc/${server!.pid}/status`, "utf8");
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      rss.push({ t: (Date.now() - started) / 1000, mb: kb / 1024 });
    };
    sample();
    const rssTimer = setInterval(sample, 2000);
    const stockTimer = setInterval(() => {
      void call("GET", "/api/products?stock_lte=-1", manager).then((r) => {
        if (Array.isArray(r.json) && r.json.length) stats.negativeStockSeen.push(...(r.json as Row[]).map((p) => `product ${p.id} stock ${String(p.stock)}`));
      });
    }, 1000);
    const progress = setInterval(
      () => console.log(`  ${Math.round((Date.now() - started) / 1000)} s: ${stats.requests} requests, RSS ${rss.at(-1)?.mb.toFixed(0)} MB`),
      10_000,
    );

    await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    clearInterval(rssTimer);
    clearInterval(stockTimer);
    clearInterval(progress);
    const seconds = (Date.now() - started) / 1000;

    // The final state, as a client sees it, then as the disk holds it after a clean stop.
    const problems: string[] = [];
    const seenCounts = new Map<number, number>();
    for (const id of counters) seenCounts.set(id, Number(COUNTER.exec(String((await call("GET", `/api/customers/${id}`, manager)).json.notes))?.[1]));
    await server.stop("SIGTERM");
    const final = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;

    for (const id of counters) {
      const expected = (startCounts.get(id) ?? 0) + (stats.increments.get(id) ?? 0);
      const onDisk = Number(COUNTER.exec(String(final.customers.find((c) => c.id === id)?.notes))?.[1]);
      if (seenCounts.get(id) !== expected || onDisk !== expected)
        problems.push(
          `lost update: counter on customer ${id} is ${seenCounts.get(id)} (API) / ${onDisk} (disk), acknowledged increments add up to ${expected}`,
        );
    }
    for (const p of final.products) {
      if ((p.stock as number) < 0) problems.push(`product ${p.id} ends with stock ${String(p.stock)}`);
      const expected = (initialStock.get(p.id) ?? 0) + (stats.stockDelta.get(p.id) ?? 0);
      if (p.stock !== expected) problems.push(`product ${p.id}: stock ${String(p.stock)}, acknowledged transitions add up to ${expected}`);
    }
    problems.push(...stats.serverErrors.slice(0, 20).map((e) => `5xx: ${e}`));
    problems.push(...stats.networkErrors.slice(0, 20).map((e) => `connection failed: ${e}`));
    problems.push(...[...new Set(stats.negativeStockSeen)].map((e) => `negative stock seen: ${e}`));

    const q = Math.max(1, Math.floor(rss.length / 4));
    const early = median(rss.slice(0, q).map((r) => r.mb));
    const late = median(rss.slice(-q).map((r) => r.mb));
    const growth = late / early - 1;
    if (growth > 0.5) problems.push(`memory not flat: RSS median ${early.toFixed(0)} MB in the first quarter, ${late.toFixed(0)} MB in the last`);

    console.log(`\n${stats.requests} requests in ${seconds.toFixed(0)} s (${(stats.requests / seconds).toFixed(0)} req/s) from ${CLIENTS} clients`);
    console.log(
      `  status codes: ${[...stats.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(", ")}`,
    );
    for (const [status, examples] of stats.otherRefusals) console.log(`  ${status}, e.g. ${examples.join(" | ")}`);
    console.log(
      `  counter increments acknowledged: ${[...stats.increments.values()].reduce((a, b) => a + b, 0)} on ${COUNTERS} shared counters, after ${stats.conflicts} version conflicts retried`,
    );
    console.log(`  transitions acknowledged: ${[...stats.transitions].map(([to, n]) => `${to} ${n}`).join(", ") || "none"}`);
    console.log(`  server RSS (MB) every 2 s: ${rss.map((r) => r.mb.toFixed(0)).join(" ")}`);
    console.log(
      `  RSS median first quarter ${early.toFixed(0)} MB, last quarter ${late.toFixed(0)} MB (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(0)}%)`,
    );
    console.log(
      problems.length
        ? `\n${problems.length} PROBLEMS:\n${problems.map((p) => `  ${p}`).join("\n")}`
        : "\nno 5xx, no lost update, stock never negative and as the acknowledged transitions add up, memory flat",
    );
    if (problems.length) process.exitCode = 1;
  } finally {
    await server?.stop("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`test:load failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
