/**
 * npm run bench:first-screen [-- --runs 9]
 *
 * What rendering the first screen on the server could buy the return visit to /orders, before
 * anyone builds it. Three return visits (code and HTTP cache warm, a fresh signed-in context each,
 * in turn): the app as it loads today; the app with its page's HTML already holding that screen;
 * and the stock scaffold (scripts/bench-scaffold, on the same API as the same user). The screen is
 * the one the app rendered a moment before in the same context: the server's own index.html is
 * sent with #root holding it, in place of the loading skeleton, and only the document request is
 * intercepted (Chrome's Fetch domain), so the code still comes from the HTTP cache. Its scripts then
 * start the app as today: React empties #root for its shell, whose rows follow as today's do (the
 * rows are seen, then the frame without them, then the app's own).
 * Prints medians of the first row painted and of the app's own first row (the page's clock: the
 * frame after it enters the DOM), and the ratios with their 90% intervals. A bound, not a forecast:
 * a server would spend time rendering that HTML (not counted here), and hydrating it would cost the
 * browser about what rendering it does now.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { SEED_DB_FILE } from "../src/server/paths";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, launchChromium, listShown } from "./lib/in-app";
import { machine, machineLoad, median, signIn, startBenchServer, tempDir, type ChildServer } from "./lib/child-server";
import { paintedAt, paintProbe } from "./lib/paint-probe";
import { ratioInterval } from "./lib/ratio-interval";
import { buildScaffold, serveScaffold } from "./lib/scaffold";

const RUNS = wholeNumber("runs", readOptions("npm run bench:first-screen -- [--runs 9]", { runs: "9" }).runs);
/** Marks the rows of the screen put into the HTML, to tell them from the ones the app renders once it runs. */
const TAKEN = "data-first-screen";

type Visit = { painted: number; live: number; codeFetched: number };
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

/** `page`'s index.html as the server sends it, its #root's content replaced by `content`. */
async function indexWith(url: string, cookie: string, content: string): Promise<{ headers: { name: string; value: string }[]; body: string }> {
  const res = await fetch(url, { headers: { cookie, accept: "text/html" } });
  const html = await res.text();
  const open = html.indexOf('<div id="root">');
  if (!res.ok || open < 0) throw new Error(`${url}: no #root in the page the server sent (${res.status})`);
  // The skeleton's end: the </div> that closes #root, counting the divs inside it.
  const tags = /<div\b|<\/div>/g;
  tags.lastIndex = open + 1;
  let depth = 1;
  let close = -1;
  for (let m = tags.exec(html); m && close < 0; m = tags.exec(html)) if ((depth += m[0] === "</div>" ? -1 : 1) === 0) close = m.index;
  if (close < 0) throw new Error(`${url}: #root is not closed in the page the server sent`);
  const body = `${html.slice(0, open)}<div id="root">${content}${html.slice(close)}`;
  const headers = [...res.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding"].includes(name));
  return { headers: headers.map(([name, value]) => ({ name, value })), body };
}

/** Scripts the page fetched from the server rather than its HTTP cache. */
async function countCodeFetched(context: BrowserContext, page: Page): Promise<() => number> {
  const cdp = await context.newCDPSession(page);
  let fetched = 0;
  cdp.on("Network.responseReceived", (e) => {
    if (e.type === "Script" && !e.response.fromDiskCache && !e.response.fromPrefetchCache) fetched++;
  });
  await cdp.send("Network.enable");
  return () => fetched;
}

async function returnVisit(browser: Browser, api: string, base: string, arm: Arm): Promise<Visit> {
  const cookie = await signIn(api);
  const [name, value] = cookie.split(/=(.*)/s);
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
    // Ours: its session and live stream settled before the next tab opens, as bench:early waits.
    if (arm !== "stock") await first.getByTestId("session").waitFor();
    await first.close();
    const page = await context.newPage();
    const codeFetched = await countCodeFetched(context, page);
    if (arm === "screen") {
      const index = await indexWith(address, cookie, screen);
      const cdp = await context.newCDPSession(page);
      cdp.on("Fetch.requestPaused", (e) => {
        void cdp.send("Fetch.fulfillRequest", {
          requestId: e.requestId,
          responseCode: 200,
          responseHeaders: index.headers,
          body: Buffer.from(index.body).toString("base64"),
        });
      });
      await cdp.send("Fetch.enable", { patterns: [{ urlPattern: "*", resourceType: "Document", requestStage: "Request" }] });
    }
    await page.goto(address);
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
    const cell = (xs: number[]) => `${Math.round(median(xs))} ms (${Math.round(Math.min(...xs))} – ${Math.round(Math.max(...xs))})`;
    const of = (arm: Arm, key: keyof Visit) => visits[arm].map((v) => v[key]);
    const versus = (a: number[], b: number[]) => {
      const [low, high] = ratioInterval(a, b);
      return `${(median(a) / median(b)).toFixed(2)} (90%: ${low.toFixed(2)} – ${high.toFixed(2)})`;
    };
    console.log(`\nbench:first-screen on ${machine()}, median of ${RUNS}, return visit to /orders (page clock; min – max)`);
    console.log("| | first row painted | the app's own first row | scripts fetched, not from the HTTP cache |");
    console.log("|---|---:|---:|---:|");
    const labels: Record<Arm, string> = { today: "ours, today", screen: "ours, the first screen in the HTML", stock: "stock scaffold" };
    for (const arm of arms) console.log(`| ${labels[arm]} | ${cell(of(arm, "painted"))} | ${cell(of(arm, "live"))} | ${Math.max(...of(arm, "codeFetched"))} |`);
    console.log(`first row painted, the screen in the HTML ÷ today: ${versus(of("screen", "painted"), of("today", "painted"))}`);
    console.log(`first row painted, the screen in the HTML ÷ stock: ${versus(of("screen", "painted"), of("stock", "painted"))}`);
    console.log(`first row painted, today ÷ stock: ${versus(of("today", "painted"), of("stock", "painted"))}`);
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
