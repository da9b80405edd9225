/**
 * npm run bench:first-screen [-- --runs 9]
 *
 * What rendering the first screen on the server could buy the return visit to /orders, before
 * anyone builds it. Three return visits (code and HTTP cache warm, a fresh signed-in context each,
 * in turn): the app as it loads today; the app with its page's HTML already holding that screen;
 * and the stock scaffold (scripts/bench-scaffold, on the same API as the same user). The screen is
 * the one the app rendered a moment before in the same context: the server's own index.html is
 * sent with #root holding it, in place of the loading skeleton, and only the document's answer is
 * intercepted as it arrives (Chrome's Fetch domain), so the code still comes from the HTTP cache
 * (the scripts each visit fetched or revalidated are counted). Its scripts then start the app as
 * today: React empties #root for its shell, whose rows follow as today's do (the rows are seen,
 * then the frame without them, then the app's own). Prints medians of the first row painted and of
 * the app's own first row (the page's clock: the frame after it enters the DOM), and the ratios
 * with their 90% intervals. A bound, not a forecast: a server would spend time rendering that HTML
 * (not counted here), and hydrating it would cost the browser about what rendering it does now.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, CDPSession } from "@playwright/test";
import { SEED_DB_FILE } from "../src/server/paths";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, launchChromium, listShown } from "./lib/in-app";
import { machine, machineLoad, medianAndRange, signIn, startBenchServer, tempDir, type ChildServer } from "./lib/child-server";
import { paintedAt, paintProbe } from "./lib/paint-probe";
import { ratioWithInterval } from "./lib/ratio-interval";
import { buildScaffold, serveScaffold } from "./lib/scaffold";

const RUNS = wholeNumber("runs", readOptions("npm run bench:first-screen -- [--runs 9]", { runs: "9" }).runs);
/** Marks the rows of the screen put into the HTML, to tell them from the ones the app renders once it runs. */
const TAKEN = "data-first-screen";

type Visit = { painted: number; live: number; codeFetched: { fetched: number; revalidated: number } };
type Arm = "today" | "screen" | "stock";

/**
 * In the page before its scripts: the frame after the first row the app rendered itself appears.
 * A taken row never counts: all of them carry the mark, and the app's first render empties #root.
 */
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

/** The server's index.html with its #root (the loading skeleton) holding `content` instead. */
function withScreen(html: string, content: string): string {
  const open = html.indexOf('<div id="root">');
  if (open < 0) throw new Error("no #root in the page the server sent");
  // The </div> that closes #root, counting the divs inside it (the skeleton holds plain divs only).
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = open + 1;
  let depth = 1;
  let close = -1;
  for (let m = tags.exec(html); m && close < 0; m = tags.exec(html)) if ((depth += m[0] === "</div>" ? -1 : 1) === 0) close = m.index;
  if (close < 0 || !html.slice(open, close).includes('data-testid="loading-skeleton"'))
    throw new Error("the page the server sent has no loading skeleton in #root");
  return `${html.slice(0, open)}<div id="root">${content}${html.slice(close)}`;
}

/** Scripts the page fetched from the server, and those it revalidated (304), rather than took from its HTTP cache. */
async function countCodeFetched(cdp: CDPSession): Promise<() => { fetched: number; revalidated: number }> {
  const count = { fetched: 0, revalidated: 0 };
  cdp.on("Network.responseReceived", (e) => {
    if (e.type !== "Script" || e.response.fromDiskCache || e.response.fromPrefetchCache) return;
    if (e.response.status === 304) count.revalidated++;
    else count.fetched++;
  });
  await cdp.send("Network.enable");
  return () => ({ ...count });
}

/**
 * Gives the page at `address` the screen in its HTML: the server's answer is paused as it arrives
 * (so this visit pays for the server and its round trip as the others do) and sent on with #root
 * filled. Any other document goes through untouched. Returns what went wrong, if anything did.
 */
async function serveWithScreen(cdp: CDPSession, address: string, screen: string): Promise<() => Error | undefined> {
  let failure: Error | undefined;
  cdp.on("Fetch.requestPaused", (e) => {
    const answer = async () => {
      if (e.request.url !== address || e.responseStatusCode !== 200) return cdp.send("Fetch.continueRequest", { requestId: e.requestId });
      const { body, base64Encoded } = await cdp.send("Fetch.getResponseBody", { requestId: e.requestId });
      const html = base64Encoded ? Buffer.from(body, "base64").toString("utf8") : body;
      await cdp.send("Fetch.fulfillRequest", {
        requestId: e.requestId,
        responseCode: 200,
        responseHeaders: (e.responseHeaders ?? []).filter((h) => !["content-length", "content-encoding"].includes(h.name.toLowerCase())),
        body: Buffer.from(withScreen(html, screen)).toString("base64"),
      });
    };
    answer().catch((error: unknown) => (failure ??= error instanceof Error ? error : new Error(String(error))));
  });
  await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Response" }] });
  return () => failure;
}

async function returnVisit(browser: Browser, api: string, base: string, arm: Arm): Promise<Visit> {
  const [name, value] = (await signIn(api)).split(/=(.*)/s);
  const context = await browser.newContext({ baseURL: base });
  try {
    // Host-only cookie of 127.0.0.1: sent to the scaffold's server too (cookies do not look at ports).
    await context.addCookies([{ name, value, url: api }]);
    await context.addInitScript(paintProbe, FIRST_ROW);
    await context.addInitScript(liveRowProbe, [FIRST_ROW, TAKEN] as const);
    const first = await context.newPage();
    await first.goto("/orders");
    await listShown(first);
    const screen = await first.evaluate(
      ([row, mark]) => {
        for (const tr of document.querySelectorAll(row)) tr.setAttribute(mark, "");
        return document.getElementById("root")?.innerHTML ?? "";
      },
      [FIRST_ROW, TAKEN] as const,
    );
    const address = first.url();
    await first.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const codeFetched = await countCodeFetched(cdp);
    const failed = arm === "screen" ? await serveWithScreen(cdp, address, screen) : () => undefined;
    await page.goto(address);
    const failure = failed();
    if (failure) throw failure;
    const painted = await paintedAt(page);
    const live = await page.waitForFunction(() => (window as unknown as { __liveRowAt?: number }).__liveRowAt).then((h) => h.jsonValue() as Promise<number>);
    return { painted, live, codeFetched: codeFetched() };
  } finally {
    await context.close();
  }
}

async function main() {
  const dir = tempDir("switchboard-first-screen-");
  const dbFile = path.join(dir, "db.json");
  fs.copyFileSync(SEED_DB_FILE, dbFile);
  let server: ChildServer | null = null;
  let scaffold: Awaited<ReturnType<typeof serveScaffold>> | null = null;
  const browser = await launchChromium();
  try {
    server = await startBenchServer(dbFile);
    console.log("building the stock scaffold (scripts/bench-scaffold)…");
    await buildScaffold(path.join(dir, "scaffold"));
    scaffold = await serveScaffold(path.join(dir, "scaffold"), server.url);
    const visits: Record<Arm, Visit[]> = { today: [], screen: [], stock: [] };
    const arms: Arm[] = ["today", "screen", "stock"];
    for (let run = 0; run < RUNS; run++) {
      // In turn, so none always meets the machine warmer.
      for (let i = 0; i < arms.length; i++) {
        const arm = arms[(run + i) % arms.length];
        visits[arm].push(await returnVisit(browser, server.url, arm === "stock" ? scaffold.url : server.url, arm));
      }
    }
    const of = (arm: Arm, key: "painted" | "live") => visits[arm].map((v) => v[key]);
    const code = (arm: Arm) =>
      `${Math.max(...visits[arm].map((v) => v.codeFetched.fetched))} / ${Math.max(...visits[arm].map((v) => v.codeFetched.revalidated))}`;
    console.log(`\nbench:first-screen on ${machine()}, median of ${RUNS}, return visit to /orders (page clock; min – max; ratios with their 90% interval)`);
    console.log("| | first row painted | the app's own first row | scripts fetched / revalidated, not taken from the HTTP cache (most in a run) |");
    console.log("|---|---:|---:|---:|");
    const labels: Record<Arm, string> = { today: "ours, today", screen: "ours, the first screen in the HTML", stock: "stock scaffold" };
    for (const arm of arms) console.log(`| ${labels[arm]} | ${medianAndRange(of(arm, "painted"))} | ${medianAndRange(of(arm, "live"))} | ${code(arm)} |`);
    console.log(`first row painted, the screen in the HTML ÷ today: ${ratioWithInterval(of("screen", "painted"), of("today", "painted"))}`);
    console.log(`first row painted, the screen in the HTML ÷ stock: ${ratioWithInterval(of("screen", "painted"), of("stock", "painted"))}`);
    console.log(`first row painted, today ÷ stock: ${ratioWithInterval(of("today", "painted"), of("stock", "painted"))}`);
    console.log(`machine load (1, 5, 15 min): ${machineLoad()}`);
  } finally {
    await browser.close();
    await scaffold?.close();
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
