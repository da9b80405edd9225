/** The data file (docs/decisions/002): refuse to start on one that cannot be trusted; write it atomically. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "../../src/server/start";
import { makeDataDir } from "./helpers";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

async function dataFile(mutate: (text: string) => string) {
  const { dir, dbFile } = await makeDataDir();
  dirs.push(dir);
  fs.writeFileSync(dbFile, mutate(fs.readFileSync(dbFile, "utf8")));
  return dbFile;
}

describe("refusing to start on a data file it cannot trust", () => {
  const cases: [string, (t: string) => string, RegExp][] = [
    ["0-byte", () => "", /is empty/],
    ["whitespace only", () => "  \n", /is empty/],
    ["truncated (a crash mid-write)", (t) => t.slice(0, Math.floor(t.length / 2)), /not valid JSON/],
    ["corrupt", () => "{ this is not json", /not valid JSON/],
    ["an array", () => "[]", /not a JSON object/],
    ["missing a collection", (t) => JSON.stringify({ ...JSON.parse(t), orders: undefined }), /missing collection orders/],
    ["missing the sessions", (t) => JSON.stringify({ ...JSON.parse(t), sessions: undefined }), /missing collection sessions/],
    [
      "a record without an id",
      (t) => {
        const db = JSON.parse(t);
        db.customers.push({ name: "No id" });
        return JSON.stringify(db);
      },
      /without a positive integer id in customers/,
    ],
  ];
  for (const [name, mutate, message] of cases) {
    it(`${name}: throws naming the file and the way back`, async () => {
      const dbFile = await dataFile(mutate);
      const before = fs.readFileSync(dbFile);
      const attempt = startServer({ port: 0, app: "none", dbFile });
      await expect(attempt).rejects.toThrow(message);
      await expect(attempt).rejects.toThrow(dbFile);
      await expect(attempt).rejects.toThrow(/npm run db:reset/);
      // …and leaves the file as it found it, for whoever restores it.
      expect(fs.readFileSync(dbFile).equals(before)).toBe(true);
    });
  }

  it("a missing file: names it", async () => {
    const dbFile = path.join(os.tmpdir(), `switchboard-missing-${process.pid}.json`);
    await expect(startServer({ port: 0, app: "none", dbFile })).rejects.toThrow(/does not exist/);
    expect(fs.existsSync(dbFile)).toBe(false);
  });

  it("a temp file left by a crash mid-write is cleared; the data file is what counts", async () => {
    const dbFile = await dataFile((t) => t);
    const stale = path.join(path.dirname(dbFile), ".db.json.12345.1700000000000.tmp");
    fs.writeFileSync(stale, "{ half a wr");
    const server = await startServer({ port: 0, app: "none", dbFile });
    try {
      expect(fs.existsSync(stale)).toBe(false);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
