/**
 * `tsx src/server/main.ts` as npm start runs it: the one line the e2e tests parse, a clean stop,
 * and the data file surviving kills in the middle of writes.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkShape } from "../../src/server/store";
import { SEED_DB_FILE } from "../../src/server/paths";
import { crashCycles } from "../../scripts/lib/crash";
import { makeDataDir } from "./helpers";
import { exited, killChildren, launch, spawnServer } from "./process";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

afterAll(killChildren);

describe("the CLI", () => {
  it("prints exactly one listening line with the real port, serves, and stops cleanly on SIGTERM", async () => {
    const { dir, dbFile } = await makeDataDir();
    dirs.push(dir);
    const { child, url, stdout } = await launch(dbFile);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(stdout().trim().split("\n")).toEqual([`Switchboard listening on ${url}`]);
    const done = exited(child);
    child.kill("SIGTERM");
    expect(await done).toBe(0);
  });

  it("creates a missing DB_FILE (and its folder) from the committed db.json", async () => {
    const { dir } = await makeDataDir();
    dirs.push(dir);
    const dbFile = path.join(dir, "nested", "working.json");
    const { child } = await launch(dbFile);
    // A copy of db.json (compared by shape and sizes: db.json itself may be regenerated meanwhile).
    const copy = JSON.parse(fs.readFileSync(dbFile, "utf8"));
    checkShape(dbFile, copy);
    expect(copy.staff.length).toBe(JSON.parse(fs.readFileSync(SEED_DB_FILE, "utf8")).staff.length);
    const done = exited(child);
    child.kill("SIGTERM");
    expect(await done).toBe(0);
  });

  it("refuses an empty DB_FILE with the reason, and exits 1", async () => {
    const { dir, dbFile } = await makeDataDir();
    dirs.push(dir);
    fs.writeFileSync(dbFile, "");
    const child = spawnServer({ PORT: "0", DB_FILE: dbFile });
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    expect(await exited(child)).toBe(1);
    expect(err).toContain(`data file ${dbFile} is empty — restore it with npm run db:reset`);
    expect(fs.readFileSync(dbFile, "utf8")).toBe("");
  });

  it("kill -9 in the middle of concurrent writes: the file loads and holds every acknowledged write (short form of npm run test:crash)", async () => {
    const { dir, dbFile } = await makeDataDir();
    dirs.push(dir);
    const report = await crashCycles({ dbFile, cycles: 5, writers: 6 });
    expect(report.violations).toEqual([]);
    expect(report.cycles).toBe(5);
    // Writes did land, and some were cut off: the kills came in the middle of them.
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.inFlightAtKill).toBeGreaterThan(0);
    // And the next start is clean, stale temp files gone (crashCycles ends by starting a server on the last file).
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  }, 90_000);
});
