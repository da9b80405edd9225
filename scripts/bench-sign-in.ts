/**
 * npm run bench:sign-in [-- --runs 5 --requests 400 --backends json,pg]
 *
 * What signing in safely costs, on our server (a child process on 127.0.0.1, demo data; on
 * PostgreSQL a throwaway cluster with fsync on):
 * - a request with an API token against the same request with a session cookie (a list page of
 *   categories), interleaved, one at a time, p50 and p99 of each and their difference;
 * - a sign-in with the password alone against one with a second factor (a recovery code: a TOTP
 *   code works once per 30 s, so the TOTP check itself is timed in-process), p50 of each.
 * Medians over several runs. A benchmark: it prints figures and asserts nothing about them.
 */
import fs from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD, SESSION_COOKIE, TOKEN_RATE_LIMIT } from "../src/domain/constants";
import { SEED_DB_FILE } from "../src/server/paths";
import { codeFor, newSecret, verifyTotp } from "../src/server/two-factor";
import { machine, machineLoad, median, signIn, spawnServer, tempDir, type ChildServer } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { startCluster, type PgCluster } from "./lib/pg-cluster";

const values = readOptions("npm run bench:sign-in -- [--runs 5] [--requests 400] [--backends json,pg]", { runs: "5", requests: "400", backends: "json,pg" });
const RUNS = wholeNumber("runs", values.runs);
const REQUESTS = wholeNumber("requests", values.requests);
const BACKENDS = values.backends!.split(",").map((s) => s.trim());
const PATH = "/api/categories?_start=0&_end=20";
/** Tokens the requests rotate over, so no token passes its per-minute limit during the run. */
const TOKENS = Math.ceil((REQUESTS * RUNS) / (TOKEN_RATE_LIMIT / 2)) + 1;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];

async function timed(url: string, headers: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers });
  await res.arrayBuffer();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return ms;
}

async function post(url: string, body: unknown, cookie?: string) {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, res };
}

async function measure(server: ChildServer) {
  const admin = await signIn(server.url, "admin@example.com");
  const manager = await signIn(server.url, "manager@example.com");
  const tokens: string[] = [];
  for (let i = 0; i < TOKENS; i++) {
    const made = await post(`${server.url}/api/tokens`, { name: `bench ${i}`, expiresInDays: 1, readOnly: true }, manager);
    if (made.status !== 201) throw new Error(`token: ${made.status} ${JSON.stringify(made.body)}`);
    tokens.push(String(made.body.token));
  }
  // A member with two-factor on and their recovery codes, one sign-in each.
  const email = `bench-${Date.now()}@example.com`;
  const created = await post(`${server.url}/api/staff`, { name: "Bench Member", email, role: "manager", password: DEMO_PASSWORD }, admin);
  if (created.status !== 201) throw new Error(`staff: ${created.status} ${JSON.stringify(created.body)}`);
  const member = await signIn(server.url, email);
  const setup = await post(`${server.url}/api/auth/2fa/setup`, {}, member);
  const enabled = await post(`${server.url}/api/auth/2fa/enable`, { code: codeFor(String(setup.body.secret), Date.now()) }, member);
  const recovery = [...(enabled.body.recoveryCodes as string[])];

  // Warm both paths.
  for (let i = 0; i < 50; i++) {
    await timed(server.url + PATH, { cookie: manager });
    await timed(server.url + PATH, { authorization: `Bearer ${tokens[i % tokens.length]}` });
  }
  const rows: { cookie: number[]; token: number[]; plain: number[]; second: number[] }[] = [];
  let used = 0;
  for (let run = 0; run < RUNS; run++) {
    const cookie: number[] = [];
    const token: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      // Interleaved, so a busy moment of the machine lands on both.
      cookie.push(await timed(server.url + PATH, { cookie: manager }));
      token.push(await timed(server.url + PATH, { authorization: `Bearer ${tokens[used++ % tokens.length]}` }));
    }
    const plain: number[] = [];
    const second: number[] = [];
    for (let i = 0; i < 2; i++) {
      let t0 = performance.now();
      const a = await post(`${server.url}/api/auth/login`, { email: "auditor@example.com", password: DEMO_PASSWORD });
      plain.push(performance.now() - t0);
      const code = recovery.shift();
      t0 = performance.now();
      const b = code ? await post(`${server.url}/api/auth/login`, { email, password: DEMO_PASSWORD, code }) : null;
      if (b) second.push(performance.now() - t0);
      if (a.status !== 200 || (b && b.status !== 200)) throw new Error(`sign-in: ${a.status} ${b?.status} ${JSON.stringify(b?.body)}`);
    }
    rows.push({ cookie: [pct(cookie, 50), pct(cookie, 99)], token: [pct(token, 50), pct(token, 99)], plain, second });
  }
  return {
    cookieP50: median(rows.map((r) => r.cookie[0])),
    cookieP99: median(rows.map((r) => r.cookie[1])),
    tokenP50: median(rows.map((r) => r.token[0])),
    tokenP99: median(rows.map((r) => r.token[1])),
    plain: median(rows.flatMap((r) => r.plain)),
    second: median(rows.flatMap((r) => r.second)),
  };
}

function totpMicro() {
  const secret = newSecret();
  const now = Date.now();
  const code = codeFor(secret, now);
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    for (let i = 0; i < 2_000; i++) verifyTotp(secret, code, now, null);
    times.push(((performance.now() - t0) / 2_000) * 1000);
  }
  return median(times);
}

async function main() {
  console.log(`bench:sign-in — ${machine()}, load ${machineLoad()}`);
  console.log(`${RUNS} runs × ${REQUESTS} requests per kind, interleaved; GET ${PATH}; medians over runs\n`);
  console.log("| store | cookie p50 | token p50 | token − cookie (p50) | cookie p99 | token p99 | sign-in, password | sign-in, + second factor |");
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
  let cluster: PgCluster | null = null;
  try {
    for (const backend of BACKENDS) {
      const dir = tempDir("switchboard-bench-sign-in-");
      const dbFile = path.join(dir, "db.json");
      fs.copyFileSync(SEED_DB_FILE, dbFile);
      const env: Record<string, string> = {};
      if (backend === "pg") {
        cluster ??= await startCluster({ fsync: true });
        env.DATABASE_URL = await cluster.createDatabase(`bench_sign_in_${Date.now()}`);
      } else if (backend !== "json") throw new Error(`--backends takes json and pg, not "${backend}"`);
      const server = await spawnServer({ dbFile, env });
      try {
        const f = await measure(server);
        const ms = (n: number) => `${n.toFixed(2)} ms`;
        console.log(
          `| ${backend === "pg" ? "PostgreSQL" : "JSON store"} | ${ms(f.cookieP50)} | ${ms(f.tokenP50)} | ${(f.tokenP50 - f.cookieP50).toFixed(2)} ms | ${ms(f.cookieP99)} | ${ms(f.tokenP99)} | ${f.plain.toFixed(0)} ms | ${f.second.toFixed(0)} ms |`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    await cluster?.remove();
  }
  console.log(`\nTOTP check in-process (one code, window ±1): ${totpMicro().toFixed(1)} µs median`);
  console.log(`(${SESSION_COOKIE} cookie and Bearer token answer the same list; the sign-in's cost is scrypt's either way.)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
