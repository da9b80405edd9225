/**
 * npm run test:crash [-- --cycles 50 --writers 8 --data FILE]
 *
 * Kills the real server with SIGKILL in the middle of a stream of concurrent writes, many times;
 * after every kill the data file must load and hold every acknowledged write. Then checks that a
 * corrupt, truncated or empty data file is refused at start with a clear message, never taken as
 * an empty database. Exits 1 on any finding.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, ROOT, tempDir } from "./lib/child-server";
import { readOptions, wholeNumber } from "./lib/cli";
import { crashCycles } from "./lib/crash";

const values = readOptions("npm run test:crash -- [--cycles 50] [--writers 8] [--data db.json]", { cycles: "50", writers: "8", data: undefined });

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
      else resolve(`expected exit 1 with "${expected}" and the file untouched; got exit ${code}, file ${untouched ? "untouched" : "CHANGED"}, output: ${out.trim()}`);
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
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\n${report.cycles} kills in ${seconds.toFixed(0)} s: ${report.acknowledged} acknowledged writes, ${report.inFlightAtKill} requests cut off mid-flight, ${report.violations.length} lost or broken`,
    );
    for (const v of report.violations) console.log(`  LOST: ${v}`);

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
    if (report.violations.length || refusalFailures) process.exitCode = 1;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`test:crash failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
