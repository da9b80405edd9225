/**
 * npm run test:crash [-- --cycles 50 --writers 8 --data FILE --pg-cycles 20]
 *
 * Kills the real server with SIGKILL in the middle of a stream of concurrent writes, many times;
 * after every kill the data file must load and hold every acknowledged write. Then checks that a
 * corrupt, truncated or empty data file is refused at start with a clear message, never taken as
 * an empty database. Then the same on PostgreSQL (a throwaway cluster, fsync on): SIGKILLs of the
 * app server amid writes, and immediate stops of PostgreSQL itself amid writes, restarted each
 * time under the same app server; every acknowledged write must be in the database after each.
 * `--pg-cycles 0` skips PostgreSQL. Exits 1 on any finding.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, ROOT, spawnServer, tempDir } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { crashCycles, type CrashReport } from "./lib/crash";
import { startCluster } from "./lib/pg-cluster";

const values = readOptions("npm run test:crash -- [--cycles 50] [--writers 8] [--data db.json] [--pg-cycles 20 (0: no PostgreSQL)]", {
  cycles: "50",
  writers: "8",
  data: undefined,
  "pg-cycles": "20",
});

function summary(report: CrashReport, seconds: number, killed: string) {
  console.log(
    `\n${report.cycles} ${killed} in ${seconds.toFixed(0)} s: ${report.acknowledged} acknowledged writes, ${report.inFlightAtKill} requests cut off mid-flight, ${report.violations.length} lost or broken`,
  );
  for (const v of report.violations) console.log(`  LOST: ${v}`);
}

/** The same kills on PostgreSQL: the app server, then the database itself. */
async function onPostgres(cycles: number, writers: number, dir: string): Promise<number> {
  const cluster = await startCluster({ fsync: true });
  let violations = 0;
  try {
    const url = await cluster.createDatabase("crash");
    const dbFile = path.join(dir, "unused.json");
    // The first start applies the migrations and loads the demo data.
    await (await spawnServer({ dbFile, env: { DATABASE_URL: url }, timeoutMs: 120_000 })).stop("SIGTERM");
    for (const kill of ["server", "database"] as const) {
      const what = kill === "server" ? "SIGKILLs of the app server on PostgreSQL" : "immediate stops of PostgreSQL (restarted under the same app server)";
      console.log(`\nPostgreSQL: ${cycles} ${what}, ${writers} concurrent writers`);
      const started = performance.now();
      const report = await crashCycles({ dbFile, database: { url, cluster }, kill, cycles, writers, log: (l) => console.log(l) });
      summary(report, (performance.now() - started) / 1000, what);
      violations += report.violations.length;
    }
  } finally {
    await cluster.remove();
  }
  return violations;
}

/** The server must exit 1 naming the file and the problem, and leave the file untouched. */
function refusedAtStart(dbFile: string, content: string, expected: string): Promise<string | null> {
  fs.writeFileSync(dbFile, content);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env: { ...process.env, PORT: "0", HOST: "127.0.0.1", DB_FILE: dbFile },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => child.pid && process.kill(child.pid, "SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const untouched = fs.readFileSync(dbFile, "utf8") === content;
      if (code === 1 && out.includes(expected) && untouched) resolve(null);
      else
        resolve(
          `expected exit 1 with "${expected}" and the file untouched; got exit ${code}, file ${untouched ? "untouched" : "CHANGED"}, output: ${out.trim()}`,
        );
    });
  });
}

async function main() {
  const cycles = wholeNumber("cycles", values.cycles);
  const writers = wholeNumber("writers", values.writers);
  const dir = tempDir("switchboard-crash-");
  const dbFile = path.join(dir, "db.json");
  try {
    fs.copyFileSync(path.resolve(values.data ?? SEED_DB_FILE), dbFile);
    console.log(`crash test: ${cycles} cycles of ${writers} concurrent writers, SIGKILL at a random moment, on ${machine()}`);
    const started = performance.now();
    const report = await crashCycles({ dbFile, cycles, writers, log: (l) => console.log(l) });
    summary(report, (performance.now() - started) / 1000, "kills");

    const text = fs.readFileSync(dbFile, "utf8");
    const refusals: [string, string, string][] = [
      ["empty", "", "is empty"],
      ["whitespace only", "  \n", "is empty"],
      ["cut off halfway (a torn write)", text.slice(0, Math.floor(text.length / 2)), "is not valid JSON"],
      ["not JSON", "db", "is not valid JSON"],
      ["an empty object", "{}", "is missing collection"],
      ["an array", "[]", "is not a JSON object"],
    ];
    let refusalFailures = 0;
    console.log("\ndata files the server must refuse at start:");
    for (const [what, content, expected] of refusals) {
      const problem = await refusedAtStart(dbFile, content, expected);
      if (problem) refusalFailures++;
      console.log(`  ${problem ? "NOT REFUSED" : "refused"}: ${what}${problem ? ` — ${problem}` : ` ("${expected}")`}`);
    }
    const pgCycles = values["pg-cycles"] === "0" ? 0 : wholeNumber("pg-cycles", values["pg-cycles"]);
    const pgViolations = pgCycles ? await onPostgres(pgCycles, writers, dir) : 0;
    if (report.violations.length || refusalFailures || pgViolations) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`test:crash failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
