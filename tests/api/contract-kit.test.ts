/**
 * The conformance kit (`npm run contract`) against ours, on the store this project runs on: all
 * conforms; and against bare json-server 0.17.4: what it lists as gaps is what json-server lacks.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnServer, tempDir, type ChildServer } from "../../scripts/lib/child-server";
import { contractTable, runContract, type CheckResult } from "../../scripts/lib/contract-kit";
import { DEMO_PASSWORD } from "../../src/domain/constants";
import { demoEmail, seedText, startTestServer, type TestServer } from "./helpers";

let ours: TestServer;
let bare: ChildServer;
beforeAll(async () => {
  ours = await startTestServer();
  const file = path.join(tempDir("switchboard-kit-"), "db.json");
  fs.writeFileSync(file, await seedText());
  bare = await spawnServer({ dbFile: file, args: ["--import", "tsx", "scripts/lib/bare-json-server.ts"] });
});
afterAll(async () => {
  await ours?.close();
  await bare?.stop();
});

const failing = (results: CheckResult[]) => results.filter((r) => !r.ok).map((r) => r.check);

describe("npm run contract", () => {
  it("finds that ours conforms in every check, and leaves no record behind", async () => {
    const before = (await ours.readDb()).customers.length;
    const results = await runContract({ url: `${ours.url}/api`, email: demoEmail("manager"), password: DEMO_PASSWORD });
    expect(failing(results), contractTable(results)).toEqual([]);
    expect(results.length).toBeGreaterThanOrEqual(20);
    expect((await ours.readDb()).customers.length).toBe(before);
  });

  it("reports bare json-server's gaps, each with what the app loses", async () => {
    const results = await runContract({ url: `${bare.url}/api`, email: demoEmail("manager"), password: DEMO_PASSWORD });
    // What json-server has: the simple-rest list dialect, creating, changing and deleting.
    const conforming = results.filter((r) => r.ok).map((r) => r.check);
    expect(conforming).toEqual([
      "_start/_end page, X-Total-Count with the total",
      "_sort and _order sort both ways",
      "field=value filters, the total counts the filtered rows",
      "field=a&field=b means either",
      "_gte, _lte and _ne",
      "_like matches part of a field, in any case",
      "q searches the record's text",
      "POST creates (201), answering the record with its id",
      "PATCH changes what it names",
      "DELETE removes it; it is then 404",
    ]);
    // And what it lacks: auth, versions, the error body, validation, the lifecycle, the dashboard, the stream.
    expect(failing(results)).toEqual(
      expect.arrayContaining([
        "POST /auth/login signs in (a session cookie)",
        "a record carries a whole-number version",
        "PATCH with an old version is 409 VERSION_CONFLICT with the current record",
        "invalid input is 422 VALIDATION_FAILED with errors per field",
        "an unknown call is 404 with the error body { code, message }",
        "a move the lifecycle does not allow is 422 INVALID_TRANSITION",
        "GET /stats/dashboard answers the figures",
        "GET /events streams a change event after a write",
      ]),
    );
    for (const r of results.filter((r) => !r.ok)) {
      expect(r.loses.length, r.check).toBeGreaterThan(5);
      expect(r.detail, r.check).toBeTruthy();
    }
    expect(contractTable(results)).toContain("| lists (simple-rest) | q searches the record's text | yes |");
  });
});
