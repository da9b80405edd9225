/**
 * npm run bench:versus -- --base <git revision> [--runs 10]
 *
 * Two builds of the app side by side: the working tree's and another revision's (checked out into a
 * temporary git worktree sharing this node_modules, built by its own server). Each runs its own
 * server on its own copy of the demo data; runs alternate between them, each in a fresh browser
 * context, so the machine's load falls on both alike. What one change did shows here when
 * `bench:pages`, whose runs are minutes apart, cannot tell it from noise. Per run: cold load of
 * /orders (first row painted, the page's clock) and a record opened at once from it; the return
 * visit, then in that tab list page 1 → 2, list → a record's page, back, and list → a record not
 * in the list, then a draft's record → its edit form filled, and that form saved until the app
 * confirms it (timed by the driver until the page has settled).
 * Prints medians and every run. Asserts nothing.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Browser, Page } from "@playwright/test";
import type { DbShape } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, go, launchChromium, listShown, SETTLING, toPageTwo } from "./lib/in-app";
import { paintedAt, paintProbe } from "./lib/paint-probe";
import { machine, machineLoad, median, ROOT, signIn, startBenchServer, tempDir, type ChildServer } from "./lib/child-server";

const options = readOptions("npm run bench:versus -- --base <git revision> [--runs 10]", { base: undefined, runs: "10" });
const RUNS = wholeNumber("runs", options.runs);
if (!options.base) throw new Error("--base takes the git revision to compare the working tree with (e.g. HEAD~1)");
const MEASURES = [
  "cold load, first row painted",
  "then at once → a record's page",
  "return visit, first row painted",
  "list page 1 → 2",
  "list → a record's page",
  "record → back to the list",
  "list → a record not in it",
  "record → its edit form filled",
  "edit → save → confirmed",
] as const;
type Measure = (typeof MEASURES)[number];

/** A record's page: its description list, with nothing loading. */
const recordShown = (page: Page) =>
  page.waitForFunction((settling) => !!document.querySelector("main .ant-descriptions") && !document.querySelector(settling), SETTLING, { polling: "raf" });

/** One run: a fresh context on `server`, its measures. */
async function run(browser: Browser, server: ChildServer, cookie: string, draft: number): Promise<Record<Measure, number>> {
  const [name, value] = cookie.split(/=(.*)/s);
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name, value, url: server.url }]);
  // The page's own clock: the first frame after the first row entered the DOM.
  await context.addInitScript(paintProbe, FIRST_ROW);
  const out = {} as Record<Measure, number>;
  const load = async (): Promise<[Page, number]> => {
    const page = await context.newPage();
    await page.goto("/orders");
    await page.locator(FIRST_ROW).first().waitFor();
    return [page, await paintedAt(page)];
  };
  const idle = (page: Page) => page.waitForLoadState("networkidle");
  const timed = async (work: () => Promise<unknown>) => {
    const t0 = performance.now();
    await work();
    return performance.now() - t0;
  };
  /** The list's first record, as its link goes: the time until its page has settled. */
  const openFirstRecord = async (page: Page) => {
    const href = await page.locator(`${FIRST_ROW} a[href*='/orders/show/']`).first().getAttribute("href");
    if (!href) throw new Error("no record link in the list's first row");
    return timed(async () => {
      await go(page, href);
      await recordShown(page);
    });
  };
  try {
    let page: Page;
    [page, out["cold load, first row painted"]] = await load();
    // As bench:pages' first record: the click comes as soon as the list has settled, before the
    // app has fetched the other pages' code at idle.
    await listShown(page);
    out["then at once → a record's page"] = await openFirstRecord(page);
    await idle(page);
    await page.close();
    [page, out["return visit, first row painted"]] = await load();
    await idle(page);
    const first = await page.locator(FIRST_ROW).first().innerText();
    out["list page 1 → 2"] = await timed(async () => {
      await toPageTwo(page, first);
    });
    await idle(page);
    out["list → a record's page"] = await openFirstRecord(page);
    await idle(page);
    out["record → back to the list"] = await timed(async () => {
      await page.goBack();
      await listShown(page);
    });
    await idle(page);
    // A record the list has no row of (the demo's first order is far past its first pages): its
    // page has nothing to show until the record is read.
    out["list → a record not in it"] = await timed(async () => {
      await go(page, "/orders/show/1");
      await recordShown(page);
    });
    await idle(page);
    // A draft's record page → its edit form, filled with the notes as stored now (an earlier run
    // saved them), then those notes changed and saved, until the app confirms it.
    await go(page, `/orders/show/${draft}`);
    await recordShown(page);
    await idle(page);
    const stored = ((await (await page.request.get(`/api/orders/${draft}`)).json()) as { notes: string }).notes;
    out["record → its edit form filled"] = await timed(async () => {
      await go(page, `/orders/edit/${draft}`);
      await page.waitForFunction((want) => (document.querySelector("main textarea#notes") as HTMLTextAreaElement | null)?.value === want, stored, {
        polling: "raf",
      });
    });
    await idle(page);
    await page.locator("main textarea#notes").fill(`Checked ${Date.now()}`);
    out["edit → save → confirmed"] = await timed(async () => {
      await page.locator("main").getByRole("button", { name: /Save$/ }).click();
      await page.locator(".ant-notification-notice-success").first().waitFor({ state: "visible" });
    });
  } finally {
    await context.close();
  }
  return out;
}

async function main() {
  const base = options.base!;
  const baseLabel = execFileSync("git", ["rev-parse", "--short", base], { cwd: ROOT, encoding: "utf8" }).trim();
  const worktree = path.join(tempDir("switchboard-versus-"), "base");
  execFileSync("git", ["worktree", "add", "--detach", "--quiet", worktree, base], { cwd: ROOT });
  const servers: { label: string; server: ChildServer; cookie: string }[] = [];
  let browser: Browser | null = null;
  try {
    // That revision's code with this tree's packages and demo data: what differs is the code.
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(worktree, "node_modules"), "junction");
    browser = await launchChromium();
    // The base revision's own server script, so it builds and serves that revision's app.
    const baseLib = (await import(pathToFileURL(path.join(worktree, "scripts/lib/child-server.ts")).href)) as { startBenchServer: typeof startBenchServer };
    for (const [label, start] of [
      [`base ${baseLabel}`, baseLib.startBenchServer],
      ["working tree", startBenchServer],
    ] as const) {
      const dbFile = path.join(tempDir("switchboard-versus-db-"), "db.json");
      fs.copyFileSync(SEED_DB_FILE, dbFile);
      const server = await start(dbFile);
      servers.push({ label, server, cookie: await signIn(server.url) });
    }
    // The demo's first draft order: editable, by the same id in both copies of the data.
    const draft = (JSON.parse(fs.readFileSync(SEED_DB_FILE, "utf8")) as DbShape).orders.find((o) => o.status === "draft")?.id;
    if (draft === undefined) throw new Error("the demo data has no draft order");
    const results = servers.map(() => [] as Record<Measure, number>[]);
    for (let i = 0; i < RUNS; i++) {
      // Alternate which goes first: a run just after another pays for its leftovers.
      const order = i % 2 ? [1, 0] : [0, 1];
      for (const s of order) results[s].push(await run(browser, servers[s].server, servers[s].cookie, draft));
      console.log(`run ${i + 1}: ${order.map((s) => `${servers[s].label} ${MEASURES.map((m) => Math.round(results[s][i][m])).join(" / ")} ms`).join("; ")}`);
    }
    console.log(`\nbench:versus on ${machine()}, Chromium ${browser.version()}, median of ${RUNS} alternating runs (min – max)`);
    console.log(`| measure | ${servers.map((s) => s.label).join(" | ")} | after ÷ before |`);
    console.log(`|---|---:|---:|---:|`);
    for (const m of MEASURES) {
      const cells = results.map((rs) => rs.map((r) => r[m]));
      const [a, b] = cells.map(median);
      const range = (v: number[]) => `${Math.round(Math.min(...v))} – ${Math.round(Math.max(...v))}`;
      console.log(`| ${m} | ${cells.map((v, i) => `${Math.round([a, b][i])} ms (${range(v)})`).join(" | ")} | ${(b / a).toFixed(2)} |`);
    }
    console.log(`machine load (1, 5, 15 min): ${machineLoad()}`);
  } finally {
    await browser?.close();
    for (const { server } of servers) await server.stop();
    execFileSync("git", ["worktree", "remove", "--force", worktree], { cwd: ROOT });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
