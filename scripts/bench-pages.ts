/**
 * npm run bench:pages [-- --runs 5]
 *
 * Headless Chromium (Debian's /usr/bin/chromium), a fresh browser context per run (cold cache),
 * against the real server in a child process serving the built app (built when out of date, as
 * npm start does) on a copy of the demo data. Per run:
 * - login usable: from navigating to /login until the email field, the password field and the
 *   Sign in button can be used;
 * - first row of /orders, ours and the stock scaffold's: each in a fresh context (cold cache)
 *   holding a session cookie, from navigating to /orders until a row is on screen. The scaffold
 *   (scripts/bench-scaffold, what `npm create refine-app` makes with antd) is built in the same
 *   run and served from a second static server whose /api is proxied to ours, so both read the
 *   same API, as the same user, on the same data; the ratio ours / scaffold is printed (goal ≤ 0.7);
 * - filter answer: from pressing Enter in the search box until the table shows only the order
 *   searched for.
 * Prints the median of each and the JavaScript the page loaded for it (counted uncompressed,
 * though both servers send it gzipped). Asserts nothing.
 */
import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "../src/domain/constants";
import type { DbShape } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, median, signIn, spawnServer, type ChildServer, tempDir } from "./lib/child-server";
import { buildScaffold, serveScaffold } from "./lib/scaffold";
import { readOptions, wholeNumber } from "./lib/cli";

const RUNS = wholeNumber("runs", readOptions("npm run bench:pages -- [--runs 5]", { runs: "5" }).runs);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];

/** JavaScript bytes fetched while `work` runs, uncompressed (Playwright hands over the decoded body). */
async function timed(page: Page, work: () => Promise<void>): Promise<{ ms: number; jsKb: number }> {
  let js = 0;
  const onResponse = (res: import("@playwright/test").Response) => {
    if (res.request().resourceType() !== "script") return;
    void res.body().then(
      (b) => (js += b.length),
      () => undefined,
    );
  };
  page.on("response", onResponse);
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  page.off("response", onResponse);
  return { ms, jsKb: js / 1024 };
}

const FIRST_ROW = "tbody tr.ant-table-row";

/** In the page before its scripts: the time of the first animation frame after a row appears. */
function paintProbe(selector: string) {
  const probe = window as unknown as { __firstRowPaintedAt?: number };
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => (probe.__firstRowPaintedAt = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true });
}

async function main() {
  const dir = tempDir("switchboard-pages-");
  const dbFile = path.join(dir, "db.json");
  let server: ChildServer | null = null;
  let scaffold: Awaited<ReturnType<typeof serveScaffold>> | null = null;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  try {
    fs.copyFileSync(SEED_DB_FILE, dbFile);
    const db = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    const wanted = String(db.orders[Math.floor(db.orders.length / 2)].number);
    console.log("starting the server (builds the app first when it is out of date)…");
    server = await spawnServer({
      dbFile,
      args: ["--import", "tsx", "src/server/main.ts", "--build-if-needed"],
      env: { NODE_ENV: "production" },
      timeoutMs: 300_000,
    });
    const url = server.url;
    console.log("building the stock scaffold (scripts/bench-scaffold)…");
    const scaffoldDir = path.join(dir, "scaffold");
    await buildScaffold(scaffoldDir);
    scaffold = await serveScaffold(scaffoldDir, url);
    const figures: Record<string, { ms: number; jsKb: number; painted?: number }[]> = { login: [], orders: [], scaffold: [], filter: [] };

    /**
     * A fresh context (cold cache) signed in as the manager, at `base`, until /orders shows a row.
     * Two clocks: the page's own (from navigation start to the frame that paints the first row,
     * found by a MutationObserver installed before any script runs), and the driver's (until
     * Playwright, polling through the page's busy main thread, sees the row).
     */
    const firstRow = async (base: string) => {
      const [name, value] = (await signIn(url)).split(/=(.*)/s);
      const context = await browser.newContext({ baseURL: base });
      // Host-only cookie of 127.0.0.1: sent to both servers (cookies do not look at ports).
      await context.addCookies([{ name, value, url }]);
      await context.addInitScript(paintProbe, FIRST_ROW);
      const page = await context.newPage();
      const figure = await timed(page, async () => {
        await page.goto("/orders");
        await page.locator(FIRST_ROW).first().waitFor({ state: "visible" });
      });
      const painted = await page
        .waitForFunction(() => (window as unknown as { __firstRowPaintedAt?: number }).__firstRowPaintedAt)
        .then((h) => h.jsonValue() as Promise<number>);
      await context.close();
      return { ...figure, painted };
    };

    for (let run = 1; run <= RUNS; run++) {
      const context = await browser.newContext({ baseURL: url });
      const page = await context.newPage();
      figures.login.push(
        await timed(page, async () => {
          await page.goto("/login");
          await page.getByLabel("Email").waitFor({ state: "visible" });
          await page.getByLabel("Password").waitFor({ state: "visible" });
          await page.getByRole("button", { name: "Sign in" }).waitFor({ state: "visible" });
        }),
      );
      await page.getByLabel("Email").fill("manager@example.com");
      await page.getByLabel("Password").fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL((u) => !u.pathname.startsWith("/login"));

      await page.goto("/orders");
      await page.locator("tbody tr.ant-table-row").first().waitFor({ state: "visible" });
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill(wanted);
      figures.filter.push(
        await timed(page, async () => {
          await search.press("Enter");
          await page.waitForFunction((n) => {
            const rows = [...document.querySelectorAll("tbody tr.ant-table-row")];
            return rows.length === 1 && rows[0].textContent!.includes(n);
          }, wanted);
        }),
      );
      await context.close();
      // Alternated, so neither always meets the machine warmer.
      if (run % 2) {
        figures.orders.push(await firstRow(url));
        figures.scaffold.push(await firstRow(scaffold.url));
      } else {
        figures.scaffold.push(await firstRow(scaffold.url));
        figures.orders.push(await firstRow(url));
      }
      console.log(
        `run ${run}: login usable ${figures.login.at(-1)!.ms.toFixed(0)} ms, first order row painted at ${figures.orders.at(-1)!.painted!.toFixed(0)} ms, seen ${figures.orders.at(-1)!.ms.toFixed(0)} ms (scaffold ${figures.scaffold.at(-1)!.painted!.toFixed(0)} / ${figures.scaffold.at(-1)!.ms.toFixed(0)} ms), filter answer ${figures.filter.at(-1)!.ms.toFixed(0)} ms`,
      );
    }

    console.log(`\nbench:pages on ${machine()}, Chromium ${browser.version()}, cold cache per run, median of ${RUNS}`);
    console.log("| measure | median | min – max | JS loaded (uncompressed, cache included) |");
    console.log("|---|---:|---:|---:|");
    const rows: [string, string, "ms" | "painted"][] = [
      ["login", "/login: form usable", "ms"],
      ["orders", "/orders: first row painted, page clock (signed in, cold cache)", "painted"],
      ["scaffold", "stock scaffold /orders: first row painted, page clock", "painted"],
      ["orders", "/orders: first row seen by the driver", "ms"],
      ["scaffold", "stock scaffold /orders: first row seen by the driver", "ms"],
      ["filter", `/orders: search answer on screen (${wanted})`, "ms"],
    ];
    for (const [key, label, clock] of rows) {
      const ms = figures[key].map((f) => f[clock]!);
      console.log(
        `| ${label} | ${median(ms).toFixed(0)} ms | ${Math.min(...ms).toFixed(0)} – ${Math.max(...ms).toFixed(0)} ms | ${median(figures[key].map((f) => f.jsKb)).toFixed(0)} kB |`,
      );
    }
    const ratio = (clock: "ms" | "painted") => (median(figures.orders.map((f) => f[clock]!)) / median(figures.scaffold.map((f) => f[clock]!))).toFixed(2);
    console.log(`\nfirst order row, ours / stock scaffold (medians): painted ${ratio("painted")}×, seen by the driver ${ratio("ms")}× (goal ≤ 0.7×)`);
  } finally {
    await browser.close();
    await scaffold?.close();
    await server?.stop("SIGTERM");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(`bench:pages failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
