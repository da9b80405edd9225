/**
 * npm run bench:first-screen [-- --runs 8]
 *
 * What rendering the first screen on the server could buy the return visit to /orders, before
 * anyone builds it: the same signed-in return visit (code and HTTP cache warm) as the app loads
 * today, and with the page's HTML already holding that screen. That HTML is the one the app
 * itself rendered a moment before in the same context (its document taken as it stands, rows and
 * all), handed to the browser in place of the server's index.html, with the server's own headers;
 * its scripts then start the app as today, which replaces it. Alternating runs, a fresh context
 * each. Prints medians of the first row painted (the page's clock), of the app's own first row in
 * the second case (when a user's click would meet a live page), and the ratio with its 90%
 * interval. A bound, not a forecast: a server would spend time rendering that HTML (not counted
 * here), and hydrating it costs the browser about what rendering it does now.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "@playwright/test";
import { SEED_DB_FILE } from "../src/server/paths";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, launchChromium, listShown } from "./lib/in-app";
import { machine, machineLoad, median, signIn, startBenchServer, tempDir, type ChildServer } from "./lib/child-server";
import { paintedAt, paintProbe } from "./lib/paint-probe";
import { ratioInterval } from "./lib/ratio-interval";

const RUNS = wholeNumber("runs", readOptions("npm run bench:first-screen -- [--runs 8]", { runs: "8" }).runs);
/** Marks the rows of the taken HTML, to tell them from the ones the app renders once it runs. */
const TAKEN = "data-first-screen";

/** In the page before its scripts: the frame after the first row the app rendered itself (not one of the taken HTML's) appears. */
function liveRowProbe([row, mark]: readonly [string, string]) {
  const probe = window as unknown as { __liveRowAt?: number };
  const observer = new MutationObserver(() => {
    const first = document.querySelector(row);
    if (!first || first.hasAttribute(mark)) return;
    observer.disconnect();
    requestAnimationFrame(() => (probe.__liveRowAt = performance.now()));
  });
  observer.observe(document, { subtree: true, childList: true });
}

/** One return visit in a fresh context: ms to the first row painted, and (with the screen in the HTML) to the app's own first row. */
async function returnVisit(browser: Browser, url: string, withScreen: boolean): Promise<{ painted: number; live: number }> {
  const [name, value] = (await signIn(url)).split(/=(.*)/s);
  const context = await browser.newContext({ baseURL: url });
  try {
    await context.addCookies([{ name, value, url }]);
    await context.addInitScript(paintProbe, FIRST_ROW);
    await context.addInitScript(liveRowProbe, [FIRST_ROW, TAKEN] as const);
    const first = await context.newPage();
    await first.goto("/orders");
    await listShown(first);
    const html = await first.evaluate(
      ([row, mark]) => {
        for (const tr of document.querySelectorAll(row)) tr.setAttribute(mark, "");
        return `<!doctype html>\n${document.documentElement.outerHTML}`;
      },
      [FIRST_ROW, TAKEN] as const,
    );
    const address = first.url();
    await first.waitForLoadState("networkidle");
    await first.close();
    const page = await context.newPage();
    if (withScreen)
      await page.route(address, async (route) => {
        if (route.request().resourceType() !== "document") return route.continue();
        await route.fulfill({ response: await route.fetch(), body: html });
      });
    await page.goto(address);
    const painted = await paintedAt(page);
    const live = await page.waitForFunction(() => (window as unknown as { __liveRowAt?: number }).__liveRowAt).then((h) => h.jsonValue() as Promise<number>);
    return { painted, live };
  } finally {
    await context.close();
  }
}

async function main() {
  const dir = tempDir("switchboard-first-screen-");
  const dbFile = path.join(dir, "db.json");
  fs.copyFileSync(SEED_DB_FILE, dbFile);
  let server: ChildServer | null = null;
  const browser = await launchChromium();
  try {
    server = await startBenchServer(dbFile);
    const today: { painted: number; live: number }[] = [];
    const screen: { painted: number; live: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      // Alternated, so neither always meets the machine warmer.
      const order = run % 2 ? [true, false] : [false, true];
      for (const withScreen of order) (withScreen ? screen : today).push(await returnVisit(browser, server.url, withScreen));
    }
    const cell = (xs: number[]) => `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))} – ${Math.round(Math.max(...xs))})`;
    const painted = (xs: typeof today) => xs.map((x) => x.painted);
    const [low, high] = ratioInterval(painted(screen), painted(today));
    console.log(`\nbench:first-screen on ${machine()}, median of ${RUNS}, return visit to /orders`);
    console.log("| | first row painted | the app's own first row |");
    console.log("|---|---:|---:|");
    console.log(`| today | ${cell(painted(today))} | ${cell(today.map((x) => x.live))} |`);
    console.log(`| the first screen in the HTML | ${cell(painted(screen))} | ${cell(screen.map((x) => x.live))} |`);
    console.log(
      `first row painted, with ÷ without: ${(median(painted(screen)) / median(painted(today))).toFixed(2)} (90%: ${low.toFixed(2)} – ${high.toFixed(2)})`,
    );
    console.log(`machine load (1, 5, 15 min): ${machineLoad()}`);
  } finally {
    await browser.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
