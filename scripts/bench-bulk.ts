/**
 * npm run bench:bulk [-- --runs 5 --rows 10000 --backends json,pg --cpu-prof <dir>]
 *
 * Work in bulk (issue 18) at the demo size (the committed db.json), as the manager: a customer
 * import of --rows new rows (a CSV made here, fresh emails each run), its dry run, the same file
 * again with every tier changed (all rows update), and an edit of 100 selected customers
 * (PATCH /api/customers with { ids, changes }). Wall time of each request, from sending it until
 * its whole answer is read, and the server's memory: its RSS before a request and its peak
 * during it (VmHWM, reset before each request through /proc/<pid>/clear_refs), and the CPU time
 * the server spent on it (/proc/<pid>/stat), which a busy machine moves much less than wall time
 * (the PostgreSQL server's own CPU is not in it). On the JSON
 * store also how many times the data file was replaced during each request (its directory
 * watched for renames onto it): the goal is one write per import, not one per row.
 *
 * Each run starts from the same data: a fresh copy of db.json, or a fresh PostgreSQL database
 * made from a template that the first server gave db.json's data; and a fresh server (a child
 * process, known by its PID), warmed up by a small dry run and a one-row edit before it is
 * measured. PostgreSQL runs in a throwaway cluster with fsync on, its default.
 * `--cpu-prof <dir>` runs the servers under node --cpu-prof (profiles written there as each stops).
 * A benchmark: it prints figures and the issue's goals beside them, and asserts nothing about them.
 */
import fs from "node:fs";
import path from "node:path";
import { BULK_EDIT_MAX_IDS, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, MAX_PAGE_ROWS } from "../src/domain/constants";
import { TIERS } from "../src/domain/entities/customers";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, median, signIn, spawnServer, tempDir, type ChildServer } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { adminQuery, quoteIdent, startCluster, type PgCluster } from "./lib/pg-cluster";

const values = readOptions("npm run bench:bulk -- [--runs 5] [--rows 10000] [--backends json,pg] [--cpu-prof <dir>]", {
  runs: "5",
  rows: "10000",
  backends: "json,pg",
  "cpu-prof": undefined,
});
const RUNS = wholeNumber("runs", values.runs);
const ROWS = wholeNumber("rows", values.rows);
if (ROWS > IMPORT_MAX_ROWS) throw new Error(`--rows is at most ${IMPORT_MAX_ROWS}, the import's limit`);
const BACKENDS = new Set(values.backends!.split(",").map((s) => s.trim()));
for (const b of BACKENDS) if (!["json", "pg"].includes(b)) throw new Error(`--backends takes json and pg, not "${b}"`);
const CPU_PROF = values["cpu-prof"] ? path.resolve(values["cpu-prof"]) : null;
// The JSON-store server must not pick up a database from the caller's environment.
delete process.env.DATABASE_URL;

type Backend = "json" | "pg";
const LABEL: Record<Backend, string> = { json: "JSON store", pg: "PostgreSQL" };
const OWNER = "agent@example.com";
const PATCH_TIER = "gold";
const GOAL = { dryRun: 3, commit: 10, memory: 100, patch: 1 };

type Step = "patch" | "dryRun" | "commit" | "update";
const STEPS: Step[] = ["patch", "dryRun", "commit", "update"];

/** One measured request. */
interface StepFigures {
  seconds: number;
  /** The server's CPU seconds during it. */
  cpu: number;
  /** RSS before it and the peak during it, MB. */
  before: number;
  peak: number;
  /** JSON store: data file replacements during it. */
  writes?: number;
}

interface RunFigures {
  steps: Record<Step, StepFigures>;
  /** JSON store: the data file after the run, MB. */
  fileMb?: number;
}

const WORDS = ["Amber", "Birch", "Cedar", "Delta", "Ember", "Fjord", "Grove", "Harbor", "Iris", "Juniper", "Kestrel", "Linden", "Maple", "Nimbus", "Orchid"];
const word = (n: number) => WORDS[n % WORDS.length];

/**
 * A customer CSV of `rows` rows, as a person would make one: the English headers, money in
 * dollars, the owner by email. Emails carry `tag`, so each run's rows are new customers;
 * `tierShift` moves every row's tier on by that many, for a file that updates every row.
 */
function customerCsv(rows: number, tag: string, tierShift = 0): Uint8Array<ArrayBuffer> {
  const lines = ["Name,Email,Phone,Company,Tier,Credit limit,Owner"];
  for (let i = 0; i < rows; i++) {
    const name = `${word(i)} ${word(Math.floor(i / WORDS.length))} ${i}`;
    const phone = `+1 (555) ${String(100 + (i % 900)).padStart(3, "0")}-${String(i % 10_000).padStart(4, "0")}`;
    const tier = TIERS[(i + tierShift) % TIERS.length];
    lines.push(`${name},bench.${tag}.${i}@example.com,${phone},"${word(i * 7)} & ${word(i * 11)}, Ltd",${tier},${(i % 500) * 100}.50,${OWNER}`);
  }
  const file = new TextEncoder().encode(`${lines.join("\r\n")}\r\n`);
  if (file.length > IMPORT_MAX_BYTES) throw new Error(`the CSV of ${rows} rows is ${file.length} bytes, over the import's ${IMPORT_MAX_BYTES}`);
  return file;
}

const MB = 2 ** 20;

/** The server's resident memory now and its peak since the last reset, in MB. */
function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: (kb("VmRSS") * 1024) / MB, hwm: (kb("VmHWM") * 1024) / MB };
}

const TICKS_PER_S = 100;
/** CPU seconds the server has used (user + system; Linux counts them in ticks of 1/100 s): unlike wall time, barely moved by a busy machine. */
function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / TICKS_PER_S;
}

/** Start the peak over from the current RSS (Linux: "5" resets VmHWM), so it is this request's. */
let canResetPeak = true;
function resetPeak(pid: number) {
  if (!canResetPeak) return;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
  } catch (err) {
    canResetPeak = false;
    console.log(`  (cannot reset the peak RSS: ${(err as Error).message}; peaks are then since the server started)`);
  }
}

/**
 * Counts renames onto the data file: the JSON store writes a temp file and renames it over the
 * data file, once per transaction that changed something.
 */
function watchWrites(file: string) {
  let count = 0;
  const name = path.basename(file);
  const watcher = fs.watch(path.dirname(file), (event, filename) => {
    if (event === "rename" && filename === name) count++;
  });
  return {
    async take(): Promise<number> {
      // inotify events arrive on the next turns of the loop: let them in before reading.
      await new Promise((r) => setTimeout(r, 100));
      const n = count;
      count = 0;
      return n;
    },
    close: () => watcher.close(),
  };
}

interface Timed<T> {
  status: number;
  body: T;
  seconds: number;
  /** The server's CPU time during the request. */
  cpu: number;
  before: number;
  peak: number;
}

/** One request, timed from sending it to its whole answer read, with the server's memory around it. */
async function timed<T>(
  server: ChildServer,
  cookie: string,
  method: string,
  url: string,
  body: Uint8Array<ArrayBuffer> | string,
  type: string,
): Promise<Timed<T>> {
  resetPeak(server.pid);
  const before = memory(server.pid).rss;
  const cpu0 = cpuSeconds(server.pid);
  const t = performance.now();
  const res = await fetch(server.url + url, { method, headers: { cookie, "content-type": type }, body });
  const text = await res.text();
  const seconds = (performance.now() - t) / 1000;
  const peak = memory(server.pid).hwm;
  const cpu = cpuSeconds(server.pid) - cpu0;
  let parsed: T;
  try {
    parsed = JSON.parse(text) as T;
  } catch {
    throw new Error(`${method} ${url}: ${res.status}, not JSON: ${text.slice(0, 300)}`);
  }
  return { status: res.status, body: parsed, seconds, cpu, before, peak };
}

interface ImportAnswer {
  counts: Record<"create" | "update" | "unchanged" | "error", number>;
  rows: { row: number; action: string; errors?: unknown }[];
}

/** The figures mean something only if the import did what the run set up: else stop. */
function expectImport(what: string, r: Timed<ImportAnswer>, action: "create" | "update") {
  const counts = r.body.counts;
  if (r.status !== 200 || counts?.[action] !== ROWS) {
    const firstError = r.body.rows?.find((x) => x.action === "error");
    throw new Error(
      `${what}: expected ${ROWS} × ${action}, got ${r.status} ${JSON.stringify(counts ?? r.body)}${firstError ? `; e.g. ${JSON.stringify(firstError)}` : ""}`,
    );
  }
}

const CSV = "text/csv";

/** The 100 customers the edit selects: the first ones by id whose tier is not the one it sets, so each row changes. */
async function patchSelection(server: ChildServer, cookie: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; ids.length < BULK_EDIT_MAX_IDS; start += MAX_PAGE_ROWS) {
    const res = await fetch(`${server.url}/api/customers?_sort=id&_order=asc&_start=${start}&_end=${start + MAX_PAGE_ROWS}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`listing customers: ${res.status} ${await res.text()}`);
    const rows = (await res.json()) as { id: number; tier: string }[];
    if (!rows.length) break;
    ids.push(...rows.filter((r) => r.tier !== PATCH_TIER).map((r) => r.id));
  }
  if (ids.length < BULK_EDIT_MAX_IDS) throw new Error(`the demo data has ${ids.length} customers not ${PATCH_TIER}, fewer than ${BULK_EDIT_MAX_IDS}`);
  return ids.slice(0, BULK_EDIT_MAX_IDS);
}

/** Warm the server's code paths (a small dry run, a one-row edit of a customer outside the selection) before measuring. */
async function warmUp(server: ChildServer, cookie: string, outside: number) {
  const dry = await fetch(`${server.url}/api/customers/import?dryRun=true`, {
    method: "POST",
    headers: { cookie, "content-type": CSV },
    body: customerCsv(200, "warm"),
  });
  if (dry.status !== 200) throw new Error(`warm-up dry run: ${dry.status} ${await dry.text()}`);
  const edit = await fetch(`${server.url}/api/customers`, {
    method: "PATCH",
    headers: { cookie, "content-type": "application/json" },
    body: JSON.stringify({ ids: [outside], changes: { notes: "bench:bulk warm-up" } }),
  });
  if (edit.status !== 200) throw new Error(`warm-up edit: ${edit.status} ${await edit.text()}`);
}

async function measureRun(backend: Backend, server: ChildServer, dataFile: string | null, run: number): Promise<RunFigures> {
  const cookie = await signIn(server.url, "manager@example.com");
  const ids = await patchSelection(server, cookie);
  await warmUp(server, cookie, Math.max(...ids) + 1);
  const watch = dataFile ? watchWrites(dataFile) : null;
  try {
    const tag = `r${run}-${Date.now().toString(36)}`;
    const file = customerCsv(ROWS, tag);
    const steps = {} as Record<Step, StepFigures>;
    const measure = async <T>(step: Step, method: string, url: string, body: Uint8Array<ArrayBuffer> | string, type: string): Promise<Timed<T>> => {
      // A session's last-seen time reaches the store once a minute, on whatever request comes
      // then: a cheap one first takes it, so the measured request's writes are its own.
      const ping = await fetch(`${server.url}/api/customers?_start=0&_end=1`, { headers: { cookie } });
      await ping.arrayBuffer();
      await watch?.take();
      const t = await timed<T>(server, cookie, method, url, body, type);
      steps[step] = { seconds: t.seconds, cpu: t.cpu, before: t.before, peak: t.peak, ...(watch ? { writes: await watch.take() } : {}) };
      return t;
    };

    const patch = await measure<{ results: { status: number }[] }>(
      "patch",
      "PATCH",
      "/api/customers",
      JSON.stringify({ ids, changes: { tier: PATCH_TIER } }),
      "application/json",
    );
    const patched = patch.body.results?.filter((r) => r.status === 200).length;
    if (patch.status !== 200 || patched !== ids.length) throw new Error(`PATCH of ${ids.length}: ${patch.status}, ${patched} rows 200`);
    expectImport("dry run", await measure("dryRun", "POST", "/api/customers/import?dryRun=true", file, CSV), "create");
    expectImport("import", await measure("commit", "POST", "/api/customers/import", file, CSV), "create");
    expectImport("update import", await measure("update", "POST", "/api/customers/import", customerCsv(ROWS, tag, 1), CSV), "update");

    const figures: RunFigures = { steps, ...(dataFile ? { fileMb: fs.statSync(dataFile).size / MB } : {}) };
    const say = (step: Step, what: string) => {
      const f = steps[step];
      return `${what} ${fmt(f.seconds, 2)} s (CPU ${fmt(f.cpu, 1)} s, +${fmt(f.peak - f.before)} MB${f.writes !== undefined ? `, ${f.writes} file writes` : ""})`;
    };
    console.log(
      `  run ${run + 1} (${LABEL[backend]}): ${say("patch", `PATCH of ${ids.length}`)}; ${say("dryRun", "dry run")}; ${say("commit", "import")}; ${say("update", "update import")}` +
        (figures.fileMb !== undefined ? `; data file ${fmt(figures.fileMb, 1)} MB` : ""),
    );
    return figures;
  } finally {
    watch?.close();
  }
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "—");

function serverArgs(backend: Backend, run: number): string[] | undefined {
  if (!CPU_PROF) return undefined;
  // A folder per server: it writes one profile per thread (tsx's loader runs in a thread of its own; the largest is the server's).
  const dir = path.join(CPU_PROF, `${backend}-run${run + 1}`);
  fs.mkdirSync(dir, { recursive: true });
  return ["--cpu-prof", `--cpu-prof-dir=${dir}`, "--import", "tsx", "src/server/main.ts"];
}

async function main() {
  const dir = tempDir("switchboard-bench-bulk-");
  let cluster: PgCluster | null = null;
  let server: ChildServer | null = null;
  const stop = async () => {
    // SIGTERM: the server closes and exits by itself, which also writes a --cpu-prof profile.
    if (server) await server.stop("SIGTERM");
    server = null;
  };
  try {
    console.log(`bench:bulk on ${machine()}; ${RUNS} runs per figure, medians; ${ROWS.toLocaleString("en-US")} rows per import, as the manager`);
    console.log(
      `data: ${path.relative(process.cwd(), SEED_DB_FILE)} (${fmt(fs.statSync(SEED_DB_FILE).size / MB, 1)} MB), a fresh copy and a fresh server each run`,
    );
    console.log("(figures from a shared machine are noisy)\n");
    const results: Partial<Record<Backend, RunFigures[]>> = {};

    if (BACKENDS.has("pg")) {
      cluster = await startCluster({ fsync: true });
      const { rows } = await adminQuery(cluster.url(), "SELECT version() AS v, current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS sc");
      console.log(`PostgreSQL: ${String(rows[0].v).split(",")[0]}, fsync ${rows[0].fsync}, synchronous_commit ${rows[0].sc}`);
      // The first server on an empty database migrates it and gives it db.json's data: the template of every run's database.
      const template = "bench_bulk_template";
      const t = performance.now();
      server = await spawnServer({ dbFile: path.join(dir, "unused.json"), env: { DATABASE_URL: await cluster.createDatabase(template) }, timeoutMs: 180_000 });
      await stop();
      console.log(`  template database from db.json in ${fmt((performance.now() - t) / 1000, 1)} s`);
      results.pg = [];
      for (let run = 0; run < RUNS; run++) {
        const db = `bench_bulk_${run}`;
        await adminQuery(cluster.url(), `CREATE DATABASE ${quoteIdent(db)} TEMPLATE ${quoteIdent(template)}`);
        try {
          server = await spawnServer({
            dbFile: path.join(dir, "unused.json"),
            args: serverArgs("pg", run),
            env: { DATABASE_URL: cluster.url(db) },
            timeoutMs: 180_000,
          });
          results.pg.push(await measureRun("pg", server, null, run));
        } finally {
          await stop();
          await cluster.dropDatabase(db);
        }
      }
      console.log("");
    }

    if (BACKENDS.has("json")) {
      results.json = [];
      for (let run = 0; run < RUNS; run++) {
        // Its own folder: nothing but the store writes there while it is watched.
        const runDir = fs.mkdtempSync(path.join(dir, "json-"));
        const file = path.join(runDir, "db.json");
        fs.copyFileSync(SEED_DB_FILE, file);
        try {
          server = await spawnServer({ dbFile: file, args: serverArgs("json", run), timeoutMs: 180_000 });
          results.json.push(await measureRun("json", server, file, run));
        } finally {
          await stop();
          fs.rmSync(runDir, { recursive: true, force: true });
        }
      }
      console.log("");
    }

    const rowsLabel = ROWS.toLocaleString("en-US");
    const table = ["| store | measure | goal | median | each run |", "|---|---|---:|---:|---|"];
    for (const backend of ["pg", "json"] as const) {
      const figs = results[backend];
      if (!figs?.length) continue;
      const line = (measure: string, goal: string, xs: number[], digits: number, unit: string, over?: number) => {
        const m = median(xs);
        const flag = over !== undefined && m > over ? " **over**" : "";
        table.push(
          `| ${LABEL[backend]} | ${measure} | ${goal} | ${fmt(m, digits)}${unit ? ` ${unit}` : ""}${flag} | ${xs.map((x) => fmt(x, digits)).join(", ")} |`,
        );
      };
      const of = (step: Step, k: (f: StepFigures) => number) => figs.map((f) => k(f.steps[step]));
      const NAME: Record<Step, string> = {
        patch: `PATCH of ${BULK_EDIT_MAX_IDS} selected customers (tier)`,
        dryRun: `import of ${rowsLabel} new customers, dry run`,
        commit: `import of ${rowsLabel} new customers`,
        update: `import of ${rowsLabel} updates (same file, tier changed)`,
      };
      const TIME_GOAL: Record<Step, number> = { patch: GOAL.patch, dryRun: GOAL.dryRun, commit: GOAL.commit, update: GOAL.commit };
      for (const step of STEPS) {
        line(
          `${NAME[step]}: wall time`,
          `≤ ${TIME_GOAL[step]} s`,
          of(step, (f) => f.seconds),
          2,
          "s",
          TIME_GOAL[step],
        );
        line(
          `${NAME[step]}: server CPU`,
          "",
          of(step, (f) => f.cpu),
          1,
          "s",
        );
        line(
          `${NAME[step]}: memory growth (peak − before)`,
          step === "patch" ? "" : `≤ ${GOAL.memory} MB`,
          of(step, (f) => f.peak - f.before),
          0,
          "MB",
          step === "patch" ? undefined : GOAL.memory,
        );
        if (figs[0].steps[step].writes !== undefined) {
          const goal = { patch: undefined, dryRun: 0, commit: 1, update: 1 }[step];
          line(
            `${NAME[step]}: data file writes`,
            goal === undefined ? "" : String(goal),
            of(step, (f) => f.writes!),
            0,
            "",
            goal,
          );
        }
      }
      line(
        "server RSS before the dry run",
        "",
        of("dryRun", (f) => f.before),
        0,
        "MB",
      );
      line(
        "server peak RSS (any request)",
        "",
        figs.map((f) => Math.max(...STEPS.map((st) => f.steps[st].peak))),
        0,
        "MB",
      );
      if (figs[0].fileMb !== undefined)
        line(
          "data file after the run",
          "",
          figs.map((f) => f.fileMb!),
          1,
          "MB",
        );
    }
    console.log(table.join("\n"));
    if (CPU_PROF) console.log(`\nCPU profiles of the servers: ${CPU_PROF}`);
  } finally {
    await stop().catch(() => server && server.stop("SIGKILL"));
    await cluster?.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:bulk failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  process.exit(1);
});
