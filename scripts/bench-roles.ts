/**
 * npm run bench:roles [-- --runs 9]
 *
 * How long a saved role takes to reach a member signed in on another app server ("a
 * saved role takes effect on the next request of every signed-in member, on every app server;
 * their open screens update … live"; issue 16's goal: within 1 s).
 *
 * Two of our servers (A and B, child processes) on one PostgreSQL database (a throwaway cluster,
 * fsync on, given the demo data by the first server to start). As the admin on A: the custom role
 * "gold-desk" (scripts/lib/custom-role.ts: the gold-tier customers) and a new member of it
 * (POST /api/staff). The member signs in on B and opens B's /api/events stream. Then, each run,
 * the admin PATCHes the role on A to let it read the silver-tier customers too, or to take that
 * away again, while B is asked, one request after another, for one silver customer as the member
 * (404 before, 200 after, or the other way round): the time until B's answer changes, and until
 * B's stream sends the member the `permissions` event. Runs start at random moments, so that they
 * fall anywhere in the live feed's poll interval. Medians of the runs; asserts nothing.
 */
import { DEMO_PASSWORD } from "../src/domain/constants";
import type { RoleRule } from "../src/domain/roles/rules";
import { machine, machineLoad, median, signIn, spawnServer, tempDir, type ChildServer } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { call, ensureRole, expectCall, GOLD_DESK_KEY, GOLD_DESK_RULES } from "./lib/custom-role";
import { startCluster, type PgCluster } from "./lib/pg-cluster";

const values = readOptions("npm run bench:roles -- [--runs 9]", { runs: "9" });
const RUNS = wholeNumber("runs", values.runs);
/** Longer than this without a change on B is reported as a miss, not waited out. */
const GIVE_UP_MS = 10_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The gold desk's rules, reading the silver tier as well or not. */
const deskRules = (silver: boolean): RoleRule[] =>
  GOLD_DESK_RULES.map((r) =>
    r.resource === "customers" && r.action === "read" ? { ...r, where: { tier: silver ? { $in: ["gold", "silver"] } : "gold" } } : r,
  );

/** A session's /api/events stream, read as it arrives: when each event of a kind came. */
class EventStream {
  private readonly abort = new AbortController();
  private waiters: { event: string; resolve: (at: number) => void }[] = [];
  readonly opened: Promise<void>;

  constructor(url: string, cookie: string) {
    this.opened = (async () => {
      const res = await fetch(`${url}/api/events`, { headers: { cookie, accept: "text/event-stream" }, signal: this.abort.signal });
      if (res.status !== 200 || !res.body) throw new Error(`/api/events answered ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffered = "";
      const pump = async () => {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffered += value;
          let end: number;
          while ((end = buffered.indexOf("\n\n")) >= 0) {
            const block = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            if (!event) continue;
            const at = performance.now();
            const [hit] = this.waiters.filter((w) => w.event === event);
            if (hit) {
              this.waiters = this.waiters.filter((w) => w !== hit);
              hit.resolve(at);
            }
          }
        }
      };
      // The first bytes (`retry:`) mean the hub has taken the listener on.
      const head = await reader.read();
      if (head.done) throw new Error("/api/events ended at once");
      buffered += head.value;
      void pump().catch(() => {});
    })();
  }

  /** When the next `event` arrives (performance.now()), or null after `timeoutMs`. */
  next(event: string, timeoutMs: number): Promise<number | null> {
    return new Promise((resolve) => {
      const w = { event, resolve: (at: number) => (clearTimeout(timer), resolve(at)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== w);
        resolve(null);
      }, timeoutMs);
      this.waiters.push(w);
    });
  }

  close() {
    this.abort.abort();
  }
}

interface RunFigures {
  patchMs: number;
  /** The first changed answer on B, from the PATCH sent / acknowledged. */
  changedFromSent: number | null;
  changedFromAck: number | null;
  /** Whether every request to B sent after the PATCH was acknowledged had the new answer. */
  nextRequestSawIt: boolean | null;
  sseFromAck: number | null;
  polls: number;
}

async function main() {
  console.log(`bench:roles on ${machine()}; load average ${machineLoad()} at start`);
  const dir = tempDir("switchboard-bench-roles-");
  const cluster: PgCluster = await startCluster({ fsync: true });
  const servers: ChildServer[] = [];
  let stream: EventStream | null = null;
  try {
    const database = await cluster.createDatabase("roles");
    // One at a time: the first migrates the empty database and gives it the demo data.
    for (let i = 0; i < 2; i++) servers.push(await spawnServer({ dbFile: `${dir}/unused.json`, env: { DATABASE_URL: database }, timeoutMs: 180_000 }));
    const [a, b] = servers;
    console.log(`servers A ${a.url} and B ${b.url} on one PostgreSQL database (${cluster.url("roles")}, fsync on)`);

    const admin = await signIn(a.url, "admin@example.com");
    let role = await ensureRole(a.url, admin, GOLD_DESK_KEY, "Gold desk", deskRules(false));
    const email = `gold.desk.${Date.now()}@example.com`;
    const member = await expectCall<{ id: number }>(201, a.url, admin, "POST", "/api/staff", {
      name: "Gail Golding",
      email,
      role: GOLD_DESK_KEY,
      password: DEMO_PASSWORD,
      active: true,
    });
    const cookie = await signIn(b.url, email);
    const [silver] = await expectCall<{ id: number }[]>(200, a.url, admin, "GET", "/api/customers?tier=silver&_sort=id&_order=asc&_start=0&_end=1");
    if (!silver) throw new Error("no silver customer in the demo data");
    const probe = `/api/customers/${silver.id}`;
    const firstAnswer = (await call(b.url, cookie, "GET", probe)).status;
    if (firstAnswer !== 404) throw new Error(`the member should not see silver customer ${silver.id} yet: ${firstAnswer}`);
    console.log(`member ${email} (id ${member.id}) signed in on B; probe GET ${probe} (a silver customer) answers ${firstAnswer}`);

    stream = new EventStream(b.url, cookie);
    await stream.opened;
    console.log(`member's /api/events stream open on B; ${RUNS} runs\n`);

    const runs: RunFigures[] = [];
    let silverNow = false;
    for (let i = 0; i < RUNS; i++) {
      // Anywhere in B's live-feed tick (500 ms), and clear of the last run's requests.
      await sleep(300 + Math.random() * 700);
      silverNow = !silverNow;
      const want = silverNow ? 200 : 404;
      const sse = stream.next("permissions", GIVE_UP_MS);
      const polls: { sent: number; got: number; status: number }[] = [];
      let stop = false;
      const poller = (async () => {
        const until = performance.now() + GIVE_UP_MS;
        while (!stop && performance.now() < until) {
          const sent = performance.now();
          const status = (await call(b.url, cookie, "GET", probe)).status;
          polls.push({ sent, got: performance.now(), status });
          if (status === want) return;
        }
      })();
      const t0 = performance.now();
      const patched = await call<typeof role>(a.url, admin, "PATCH", `/api/roles/${role.id}`, { rules: deskRules(silverNow), version: role.version });
      const t1 = performance.now();
      if (patched.status !== 200) {
        stop = true;
        throw new Error(`PATCH /api/roles/${role.id}: ${patched.status} ${JSON.stringify(patched.body)}`);
      }
      role = patched.body;
      await poller;
      const sseAt = await sse;
      const changed = polls.find((p) => p.status === want);
      const afterAck = polls.find((p) => p.sent >= t1);
      runs.push({
        patchMs: t1 - t0,
        changedFromSent: changed ? changed.got - t0 : null,
        changedFromAck: changed ? changed.got - t1 : null,
        // Seen already by a request sent before the acknowledgement (the commit precedes the answer), or by the first one after it.
        nextRequestSawIt: changed && changed.sent < t1 ? true : afterAck ? afterAck.status === want : null,
        sseFromAck: sseAt === null ? null : sseAt - t1,
        polls: polls.length,
      });
      const r = runs[runs.length - 1];
      const ms = (v: number | null) => (v === null ? "never" : `${v.toFixed(1)} ms`);
      console.log(
        `  run ${i + 1}: ${silverNow ? "silver granted" : "silver taken away"}; PATCH on A ${ms(r.patchMs)}; B's answer ${want} ${ms(r.changedFromAck)} after the acknowledgement (${ms(r.changedFromSent)} after sending, ${r.polls} requests to B); ` +
          `permissions event ${ms(r.sseFromAck)} after the acknowledgement`,
      );
    }

    const figures = (pick: (r: RunFigures) => number | null) => {
      const xs = runs.map(pick).filter((v): v is number => v !== null);
      const missed = runs.length - xs.length;
      if (!xs.length) return `never (0 of ${runs.length}) | |`;
      return `${median(xs).toFixed(1)} | ${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}${missed ? ` (${missed} of ${runs.length} never within ${GIVE_UP_MS / 1000} s)` : ""} |`;
    };
    const saw = runs.filter((r) => r.nextRequestSawIt).length;
    const asked = runs.filter((r) => r.nextRequestSawIt !== null).length;
    const lines = [
      "| measure (runs: " + runs.length + ") | median ms | range ms |",
      "|---|---:|---:|",
      `| PATCH /api/roles/:id on A, round trip | ${figures((r) => r.patchMs)}`,
      `| B's answer changed, from the PATCH sent on A | ${figures((r) => r.changedFromSent)}`,
      `| B's answer changed, from the PATCH acknowledged | ${figures((r) => r.changedFromAck)}`,
      `| runs where every request to B sent after the acknowledgement had the new answer | ${saw} of ${asked} | |`,
      `| B's /api/events sent \`permissions\`, from the PATCH acknowledged | ${figures((r) => r.sseFromAck)}`,
    ];
    console.log(`\n${lines.join("\n")}`);
    const sses = runs.map((r) => r.sseFromAck).filter((v): v is number => v !== null);
    const worst = Math.max(...runs.map((r) => r.changedFromAck ?? Infinity), ...runs.map((r) => r.sseFromAck ?? Infinity));
    console.log(
      `goal: within 1 s on a second app server — ${worst <= 1000 ? "met" : "not met"} (slowest of the runs ${Number.isFinite(worst) ? `${worst.toFixed(0)} ms` : "never"}; live feed median ${sses.length ? median(sses).toFixed(0) : "—"} ms)`,
    );
    console.log(`load average ${machineLoad()} at end`);
  } finally {
    stream?.close();
    for (const s of servers) await s.stop("SIGTERM");
    await cluster.remove();
  }
}

main().catch((err: unknown) => {
  console.error(`bench:roles failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
