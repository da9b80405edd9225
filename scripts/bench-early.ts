/**
 * npm run bench:early [-- --runs 7 --latency 0,50]
 *
 * The return visit to /orders (code and HTTP cache warm) with the page load's early requests
 * (src/app/lib/boot-requests.ts: the session check and the reads this address made last time,
 * sent by the entry beside the app's code) and without them (what the address read is forgotten
 * before each load), in two signed-in browser contexts of the same build, interleaved. Each
 * latency is added to every request by Chromium's network emulation: what a round trip to a
 * real server adds, which a server on 127.0.0.1 hides. Prints medians of the first row painted
 * (the page's own clock: the frame after the first row enters the DOM).
 */
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext } from "@playwright/test";
import { SEED_DB_FILE } from "../src/server/paths";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, launchChromium } from "./lib/in-app";
import { machine, machineLoad, median, signIn, startBenchServer, tempDir, type ChildServer } from "./lib/child-server";
import { paintedAt, paintProbe } from "./lib/paint-probe";

const options = readOptions("npm run bench:early -- [--runs 7] [--latency 0,50]", { runs: "7", latency: "0,50" });
const RUNS = wholeNumber("runs", options.runs);
const LATENCIES = (options.latency ?? "").split(",").map((ms) => {
  if (!/^\d+$/.test(ms)) throw new Error(`--latency takes milliseconds separated by commas, got "${options.latency}"`);
  return Number(ms);
});
const BOOT_REQUESTS_KEY = "switchboard.bootRequests";

async function main() {
  const dir = tempDir("switchboard-early-");
  const dbFile = path.join(dir, "db.json");
  fs.copyFileSync(SEED_DB_FILE, dbFile);
  let server: ChildServer | null = null;
  const browser = await launchChromium();
  try {
    server = await startBenchServer(dbFile);
    const url = server.url;

    /** A signed-in context whose first load of /orders warmed its cache (and, with early requests, taught it what /orders reads). */
    const contextFor = async (early: boolean) => {
      const [name, value] = (await signIn(url)).split(/=(.*)/s);
      const context = await browser.newContext({ baseURL: url });
      await context.addCookies([{ name, value, url }]);
      await context.addInitScript(paintProbe, FIRST_ROW);
      if (!early) await context.addInitScript((key) => localStorage.removeItem(key), BOOT_REQUESTS_KEY);
      const page = await context.newPage();
      await page.goto("/orders");
      await page.locator(FIRST_ROW).first().waitFor();
      await page.getByTestId("session").getByRole("link").waitFor();
      await page.close();
      return context;
    };
    const returnVisit = async (context: BrowserContext, latency: number) => {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
      await page.goto("/orders");
      const ms = await paintedAt(page);
      // Its session and live stream settled before the next tab opens.
      await page.getByTestId("session").getByRole("link").waitFor();
      await page.close();
      return ms;
    };

    const early = await contextFor(true);
    const plain = await contextFor(false);
    console.log(`\nbench:early on ${machine()}, median of ${RUNS}, return visit to /orders, first row painted`);
    console.log("| added latency per request | with early requests | without | difference |");
    console.log("|---:|---:|---:|---:|");
    for (const latency of LATENCIES) {
      const withEarly: number[] = [];
      const without: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        // Alternated, so neither always meets the machine warmer.
        if (run % 2) {
          without.push(await returnVisit(plain, latency));
          withEarly.push(await returnVisit(early, latency));
        } else {
          withEarly.push(await returnVisit(early, latency));
          without.push(await returnVisit(plain, latency));
        }
      }
      const range = (xs: number[]) => `${Math.round(Math.min(...xs))} – ${Math.round(Math.max(...xs))}`;
      console.log(
        `| ${latency} ms | ${Math.round(median(withEarly))} ms (${range(withEarly)}) | ${Math.round(median(without))} ms (${range(without)}) | ${Math.round(median(withEarly) - median(without))} ms |`,
      );
    }
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
