/**
 * npm run bench:pages [-- --runs 9]
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
 *   same API, as the same user, on the same data; the ratio ours / scaffold is printed (goal ≤ 1.0);
 *   the scaffold lists Refine's default 10 rows a page and ours the product's 20, so the scaffold is
 *   also run at ours' page size (its URL's pageSize), like for like, in a column of its own;
 * - filter answer: from pressing Enter in the search box until the table shows only the order
 *   searched for;
 * - then, in the same tab as each app's cold load (its code and HTTP cache warm), what an operator
 *   waits for all day, ours and the stock scaffold's on the same order: the return visit (a new tab,
 *   /orders, first row painted), list → a record's page the first time, again, and again to the
 *   same record (its query cached), record → its edit form filled, record → back to the list,
 *   list page 1 → page 2, and edit → save → the save confirmed. Each in-app step goes as a link
 *   does (history.pushState), timed by the driver until what the operator waits for is on screen.
 *   The save is also timed by the page's clock, from the click to the frame that paints its
 *   notification: the driver sees that notification only once the page is done with what follows
 *   it (our record's page after the save, the scaffold's list).
 * Prints the median of each and the JavaScript the page loaded for it (counted uncompressed,
 * though both servers send it gzipped), and each ratio ours ÷ stock with its 90% interval (the
 * runs resampled in pairs: on two noisy cores, whether a ratio's distance from its goal is more
 * than the runs' scatter). Asserts nothing.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { DEFAULT_PAGE_SIZE, DEMO_PASSWORD } from "../src/domain/constants";
import type { DbShape } from "../src/server/db-shape";
import { SEED_DB_FILE } from "../src/server/paths";
import { machine, machineLoad, median, medianAndRange, signIn, startBenchServer, type ChildServer, tempDir } from "./lib/child-server";
import { buildScaffold, serveScaffold } from "./lib/scaffold";
import { readOptions, wholeNumber } from "./lib/cli";
import { FIRST_ROW, go, launchChromium, listShown, SETTLING, toPageTwo } from "./lib/in-app";
import { clickToPaint, clickToPaintProbe, paintedAt, paintProbe } from "./lib/paint-probe";
import { ratioWithInterval } from "./lib/ratio-interval";

/** The scaffold's list as it opens at ours' page size (it keeps its table's state in the URL). */
const STOCK_AT_OUR_PAGE_SIZE = `/orders?current=1&pageSize=${DEFAULT_PAGE_SIZE}`;

const RUNS = wholeNumber("runs", readOptions("npm run bench:pages -- [--runs 9]", { runs: "9" }).runs);

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

/** The in-app steps of the journey, in the order they run, with their table labels. */
const STEPS = [
  ["warm", "return visit (HTTP cache warm), first row painted"],
  ["recordFirst", "list → a record's page, first time"],
  ["recordAgain", "list → another record's page"],
  ["recordCached", "list → a record already seen (its query cached)"],
  ["edit", "record → its edit form filled"],
  ["back", "record → back to the list"],
  ["page2", "list page 1 → page 2"],
  ["save", "edit → save → confirmed"],
  ["savePainted", "edit → save → confirmation painted, page clock"],
] as const;
type Step = (typeof STEPS)[number][0];

/** The notification of a save (antd's, in both apps). */
const SAVED = ".ant-notification-notice-success";

/** The record's page shows the order's number with nothing loading. */
async function recordShown(page: Page, number: string) {
  await page.waitForFunction(
    ([n, settling]) => !!document.querySelector("main")?.innerText.includes(n) && !document.querySelector(settling),
    [number, SETTLING] as const,
    { polling: "raf" },
  );
}

/** Back to the list as a link goes, until Refine has written the list's state into the URL (both apps sync it), as before any click of a person. */
async function toList(page: Page, list: string) {
  const from = page.url();
  await go(page, list);
  await page
    .waitForURL((u) => u.pathname === "/orders" && u.search.length > 1)
    .catch((e: unknown) => {
      throw new Error(`from ${from} to ${list}, still at ${page.url()}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
    });
  await listShown(page);
}

async function ms(what: string, work: () => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await work().catch((e: unknown) => {
    throw new Error(`${what}: ${e instanceof Error ? e.message.split("\n")[0] : String(e)}`);
  });
  return performance.now() - t0;
}

interface Order {
  id: number;
  number: string;
  notes: string;
}

/**
 * The journey through one app's tab, signed in, its list of orders on screen: every step's time.
 * `orders` are three orders with notes (editable in any status).
 */
async function journey(page: Page, orders: [Order, Order, Order], list: string): Promise<Record<Step, number>> {
  const [a, b, c] = orders;
  const out = {} as Record<Step, number>;
  out.recordFirst = await ms(`${page.url()} recordFirst`, async () => {
    await go(page, `/orders/show/${a.id}`);
    await recordShown(page, a.number);
  });
  await toList(page, list);
  out.recordAgain = await ms(`${page.url()} recordAgain`, async () => {
    await go(page, `/orders/show/${b.id}`);
    await recordShown(page, b.number);
  });
  await toList(page, list);
  out.recordCached = await ms(`${page.url()} recordCached`, async () => {
    await go(page, `/orders/show/${a.id}`);
    await recordShown(page, a.number);
  });
  out.back = await ms(`${page.url()} back`, async () => {
    await page.goBack();
    await listShown(page);
  });
  await go(page, `/orders/show/${c.id}`);
  await recordShown(page, c.number);
  const notes = page.locator("main textarea#notes");
  // Both apps save to the same API: the notes as they are now, whichever saved last.
  const current = (await (await page.request.get(`/api/orders/${c.id}`)).json()) as Order & { version: number };
  const stored = current.notes;
  out.edit = await ms(`${page.url()} edit`, async () => {
    await go(page, `/orders/edit/${c.id}`);
    await page.waitForFunction((want) => (document.querySelector("main textarea#notes") as HTMLTextAreaElement | null)?.value === want, stored, {
      polling: "raf",
    });
  });
  await notes.fill(`${c.notes} (checked ${Date.now()})`);
  const save = page.locator("main").getByRole("button", { name: /Save$/ });
  // The stock form saves as the template saves a post: with the status (our API moves an order's
  // status by its transitions only) and without the version it read (our API requires it, against
  // lost updates). That one request is made what our API takes; ours sends it so already.
  await page.route(`**/api/orders/${c.id}`, async (route) => {
    const body = route.request().method() === "PATCH" ? (route.request().postDataJSON() as Record<string, unknown>) : null;
    if (!body || "version" in body) return route.continue();
    delete body.status;
    await route.continue({ postData: JSON.stringify({ ...body, version: current.version }) });
  });
  await page.evaluate(clickToPaintProbe, SAVED);
  out.save = await ms(`${page.url()} save`, async () => {
    await save.click();
    await page.locator(SAVED).first().waitFor({ state: "visible" });
  });
  out.savePainted = await clickToPaint(page);
  await page.unroute(`**/api/orders/${c.id}`);
  await toList(page, list);
  const firstText = await page.locator(FIRST_ROW).first().innerText();
  out.page2 = await ms(`${page.url()} page2`, async () => {
    await toPageTwo(page, firstText);
  });
  return out;
}

async function main() {
  const dir = tempDir("switchboard-pages-");
  const dbFile = path.join(dir, "db.json");
  let server: ChildServer | null = null;
  let scaffold: Awaited<ReturnType<typeof serveScaffold>> | null = null;
  const browser = await launchChromium();
  try {
    fs.copyFileSync(SEED_DB_FILE, dbFile);
    const db = JSON.parse(fs.readFileSync(dbFile, "utf8")) as DbShape;
    const wanted = String(db.orders[Math.floor(db.orders.length / 2)].number);
    server = await startBenchServer(dbFile);
    const url = server.url;
    // Three drafts, given notes: a draft's fields are the ones both apps' edit forms may save.
    const cookie = await signIn(url);
    const orders = [] as unknown as [Order, Order, Order];
    for (const draft of db.orders.filter((o) => o.status === "draft").slice(0, 3)) {
      const notes = `Bench notes of ${String(draft.number)}`;
      const res = await fetch(`${url}/api/orders/${String(draft.id)}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", cookie },
        body: JSON.stringify({ notes, version: draft.version }),
      });
      if (!res.ok) throw new Error(`notes on draft ${String(draft.id)}: ${res.status} ${await res.text()}`);
      orders.push({ id: Number(draft.id), number: String(draft.number), notes });
    }
    console.log("building the stock scaffold (scripts/bench-scaffold)…");
    const scaffoldDir = path.join(dir, "scaffold");
    await buildScaffold(scaffoldDir);
    scaffold = await serveScaffold(scaffoldDir, url);
    const figures: Record<string, { ms: number; jsKb: number; painted?: number }[]> = {
      login: [],
      orders: [],
      scaffold: [],
      scaffoldAtOurSize: [],
      filter: [],
    };
    const steps: Record<"ours" | "stock" | "stockAtOurSize", Record<Step, number>[]> = { ours: [], stock: [], stockAtOurSize: [] };

    /**
     * A fresh context (cold cache) signed in as the manager, at `base`, until /orders shows a row.
     * Two clocks: the page's own (from navigation start to the frame that paints the first row,
     * found by a MutationObserver installed before any script runs), and the driver's (until
     * Playwright, polling through the page's busy main thread, sees the row).
     */
    const firstRow = async (base: string, steps: Record<Step, number>[], list = "/orders") => {
      const [name, value] = (await signIn(url)).split(/=(.*)/s);
      const context = await browser.newContext({ baseURL: base });
      // Host-only cookie of 127.0.0.1: sent to both servers (cookies do not look at ports).
      await context.addCookies([{ name, value, url }]);
      await context.addInitScript(paintProbe, FIRST_ROW);
      const page = await context.newPage();
      const figure = await timed(page, async () => {
        await page.goto(list);
        await page.locator(FIRST_ROW).first().waitFor({ state: "visible" });
      });
      const painted = await paintedAt(page);
      await listShown(page);
      // The same tab, its code and HTTP cache warm: the journey, then a return visit in a new tab.
      const step = await journey(page, orders, list);
      const again = await context.newPage();
      await again.goto(list);
      step.warm = await paintedAt(again);
      steps.push(step);
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
      // In turn, so none always meets the machine warmer. The scaffold lists Refine's default 10 rows
      // a page, ours the product's DEFAULT_PAGE_SIZE: the scaffold also runs at that size (its URL's
      // pageSize, which it follows), the same rows to render as ours.
      const apps = [
        () => firstRow(url, steps.ours).then((f) => figures.orders.push(f)),
        () => firstRow(scaffold!.url, steps.stock).then((f) => figures.scaffold.push(f)),
        () => firstRow(scaffold!.url, steps.stockAtOurSize, STOCK_AT_OUR_PAGE_SIZE).then((f) => figures.scaffoldAtOurSize.push(f)),
      ];
      for (let i = 0; i < apps.length; i++) await apps[(run + i) % apps.length]();
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
      ["scaffoldAtOurSize", `stock scaffold, ${DEFAULT_PAGE_SIZE} rows a page: first row painted, page clock`, "painted"],
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

    console.log(`\nwhat an operator waits for, ours beside the stock scaffold, same API, user and orders (median of ${RUNS}; min – max)`);
    console.log("(ratios with their 90% interval, runs resampled in pairs: one that holds 1.0 does not tell the apps apart)");
    console.log(`| step | ours | stock | ours ÷ stock | goal | stock at ${DEFAULT_PAGE_SIZE} rows a page | ours ÷ that |`);
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    const row = (label: string, ours: number[], stock: number[], stockAtOurSize: number[], goal: string) =>
      console.log(
        `| ${label} | ${medianAndRange(ours)} | ${medianAndRange(stock)} | ${ratioWithInterval(ours, stock)} | ≤ ${goal} | ${medianAndRange(stockAtOurSize)} | ${ratioWithInterval(ours, stockAtOurSize)} |`,
      );
    const cold = (key: string) => figures[key].map((f) => f.painted!);
    row("cold load of /orders, first row painted", cold("orders"), cold("scaffold"), cold("scaffoldAtOurSize"), "1.0");
    for (const [key, label] of STEPS) {
      const of = (app: keyof typeof steps) => steps[app].map((x) => x[key]);
      row(label, of("ours"), of("stock"), of("stockAtOurSize"), key === "warm" ? "0.8" : "1.0");
    }
    console.log(`machine load (1, 5, 15 min): ${machineLoad()}`);

    const ratio = (clock: "ms" | "painted") => (median(figures.orders.map((f) => f[clock]!)) / median(figures.scaffold.map((f) => f[clock]!))).toFixed(2);
    console.log(`\nfirst order row, ours / stock scaffold (medians): painted ${ratio("painted")}×, seen by the driver ${ratio("ms")}× (goal ≤ 1.0×)`);
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
