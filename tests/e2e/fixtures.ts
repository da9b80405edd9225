import AxeBuilder from "@axe-core/playwright";
import { TinyColor } from "@ctrl/tinycolor";
import { readFileSync } from "node:fs";
import { test as base, expect, type APIRequestContext, type Locator, type Page, type Request, type Response } from "@playwright/test";
import { UNDO_MS } from "../../src/domain/constants";
import { ENTITIES, type ResourceName } from "../../src/domain/entities";
import { graphqlNames } from "../../src/domain/graphql-names";
import { listQueryString, type ListArgs } from "../../src/server/graphql/list-args";

export const DEMO_PASSWORD = "switchboard-demo";
export const ACCOUNTS = {
  admin: "admin@example.com",
  manager: "manager@example.com",
  agent: "agent@example.com",
  agent2: "agent2@example.com",
  auditor: "auditor@example.com",
  former: "former@example.com",
} as const;
export type DemoAccount = keyof typeof ACCOUNTS;

/**
 * Console errors a test may cause on purpose. Chromium logs every non-2xx response of a fetch as
 * "Failed to load resource", even when the app handles it: the session check before signing in
 * (401), wrong or disabled sign-ins (401/403), a 404 record, a duplicate or invalid write
 * (409/422), the rate limit (429). A 5xx, a React warning or an uncaught error still fails.
 */
const EXPECTED_CONSOLE_ERRORS = [/^Failed to load resource: the server responded with a status of (401|403|404|409|422|429)\b/];

/**
 * For what a delete does only after its undo window: the window itself, then the
 * expect timeout of playwright.config.ts for what a user waits for on a busy machine.
 */
export const AFTER_UNDO = { timeout: UNDO_MS + 15_000 };

/** Fill in the sign-in form and press the button (the page must be on /login). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** An antd Select (in a form or the filter bar), opened and answered by its option's text. */
export async function choose(page: Page, label: string, option: string) {
  // A required field's accessible name starts with antd's "* " mark.
  // The chosen value covers the input, so click the select around it.
  const combobox = page.getByRole("combobox", { name: new RegExp(`^(\\* )?${label}$`) });
  await page.locator(".ant-select").filter({ has: combobox }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
  // A multi-select stays open after a choice.
  await page.keyboard.press("Escape");
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
}

/**
 * An antd Select answered with whichever option it lists first; returns that option's text.
 * The options load from the server after the select opens, so the first one is read once the
 * list shows it and then chosen by its text like any other choice.
 */
export async function chooseFirst(page: Page, label: string): Promise<string> {
  const combobox = page.getByRole("combobox", { name: new RegExp(`^(\\* )?${label}$`) });
  const select = page.locator(".ant-select").filter({ has: combobox });
  await select.click();
  const first = page.locator(".ant-select-dropdown:visible .ant-select-item-option").first();
  const option = (await first.getAttribute("title")) ?? "";
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
  await expect(page.locator(".ant-select-dropdown:visible")).toHaveCount(0);
  await expect(select).toContainText(option);
  return option;
}

/**
 * No motion under way: no antd enter/leave class, no CSS transition or finite animation running.
 * axe reads colours as they are at that instant, and a button fading from disabled to enabled is
 * not its colours.
 */
export async function motionDone(page: Page) {
  await expect(page.locator("[class*='-appear-active'], [class*='-enter-active'], [class*='-leave-active']")).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() => document.getAnimations().filter((a) => a.playState === "running" && a.effect?.getComputedTiming().endTime !== Infinity).length),
    )
    .toBe(0);
}

/** What the browser says of a request a test made go unanswered (the connection dropped). */
const NO_ANSWER = /net::ERR_INTERNET_DISCONNECTED|Failed to fetch dynamically imported module/;

/** Takes those out of a test's console errors: expected where the test itself cut the connection, and only there. */
export function allowNoAnswer(errors: string[]) {
  const kept = errors.filter((e) => !NO_ANSWER.test(e));
  errors.splice(0, errors.length, ...kept);
}

/**
 * What axe finds serious or critical on the page once nothing moves (WCAG 2 A/AA rules), in
 * `within` if given. A dialog still zooming in is half transparent: CI once found a just-opened
 * one's secondary text and primary button short of contrast.
 */
export async function seriousViolations(page: Page, ...within: string[]) {
  await motionDone(page);
  let axe = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of within) axe = axe.include(selector);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The document is never wider than the screen: only a table's own box may scroll. */
export async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Tab (or Shift+Tab) from wherever the focus is until `target` has it, as a keyboard user would; fails if it never does. */
export async function tabTo(page: Page, target: Locator, key = "Tab", most = 60) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

const LIST_OPERATIONS = new Map(ENTITIES.map((d) => [`${graphqlNames(d).type}List`, d.name as ResourceName]));

/**
 * A list request as simple-rest's query, whichever provider sent it: REST's own address, or a
 * GraphQL list's variables said in the same dialect (the server's own translation). Null for
 * anything else. The journeys the "graphql" project runs read requests through this.
 */
export function listRequest(request: Request): { resource: ResourceName; query: URLSearchParams } | null {
  const url = new URL(request.url());
  if (url.pathname === "/api/graphql") {
    const body = request.postDataJSON() as { operationName?: string; variables?: ListArgs } | null;
    const resource = body?.operationName ? LIST_OPERATIONS.get(body.operationName) : undefined;
    return resource ? { resource, query: new URLSearchParams(listQueryString(body?.variables ?? {})) } : null;
  }
  const m = /^\/api\/([a-z-]+)$/.exec(url.pathname);
  const resource = m && ENTITIES.find((d) => d.name === m[1]);
  return resource && request.method() === "GET" ? { resource: resource.name as ResourceName, query: url.searchParams } : null;
}

/** The dashboard's figures as the page received them, from REST's `/api/stats/dashboard` or GraphQL's `dashboard`. */
export function dashboardAnswer(page: Page): Promise<unknown> {
  const isDashboard = (r: Response) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/stats/dashboard") return r.request().method() === "GET";
    return url.pathname === "/api/graphql" && (r.request().postDataJSON() as { operationName?: string } | null)?.operationName === "Dashboard";
  };
  return page.waitForResponse(isDashboard).then(async (r) => {
    const body = (await r.json()) as { data?: { dashboard: unknown } };
    return new URL(r.url()).pathname === "/api/graphql" ? body.data?.dashboard : body;
  });
}

/** A name no other test (or earlier run on the same data) uses. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A form item's error text, found by the item's label. */
export const fieldError = (page: Page, label: string) =>
  page
    .locator(".ant-form-item")
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator(".ant-form-item-explain-error");

interface Fixtures {
  /** Sign in as a demo account (or a test's own) and open `path` (the dashboard by default); resolves once the app shows them signed in. */
  login: (account: DemoAccount | Credentials, path?: string) => Promise<void>;
  consoleErrors: string[];
}

export const test = base.extend<Fixtures>({
  // The server's port is known only once global-setup has started it.
  // The "graphql" project runs its journeys on the server whose app talks GraphQL (DATA_PROVIDER=graphql).
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, provide, testInfo) => {
    const variable = testInfo.project.name === "graphql" ? "E2E_GRAPHQL_BASE_URL" : "E2E_BASE_URL";
    const url = process.env[variable];
    if (!url) throw new Error(`${variable} is not set: run through playwright.config.ts (global-setup starts the servers)`);
    await provide(url);
  },

  // Auto: every test fails on a browser console error or an uncaught page error (epic-stack style).
  consoleErrors: [
    async ({ page }, provide) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !EXPECTED_CONSOLE_ERRORS.some((re) => re.test(msg.text()))) errors.push(`console.error: ${msg.text()}`);
      });
      page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
      await provide(errors);
      expect(errors, "the browser reported errors").toEqual([]);
    },
    { auto: true },
  ],

  login: async ({ page }, provide) => {
    await provide(async (account, path = "/") => {
      // Through the API, then one load of the page the test is about: the sign-in form has tests
      // of its own (auth.spec.ts, sign-in-security.spec.ts), and loading the whole app twice per
      // test (the form, then the page) was a good part of the suite's time.
      const data = typeof account === "string" ? { email: ACCOUNTS[account], password: DEMO_PASSWORD } : { email: account.email, password: account.password };
      const res = await page.request.post("/api/auth/login", { data });
      expect(res.status(), await res.text()).toBe(200);
      await page.goto(path);
      await expect(page.getByTestId("session")).toBeVisible();
    });
  },
});

export { expect };

/** A downloaded CSV as rows of cells (RFC 4180 quoting; the leading BOM dropped). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const src = text.replace(/^\uFEFF/, "");
  const endCell = () => {
    row.push(cell);
    cell = "";
  };
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") endCell();
    else if (c === "\r" && src[i + 1] === "\n") {
      endCell();
      rows.push(row);
      row = [];
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

/** Press the list's Export CSV button and read the file the browser downloads. */
export async function exportCsv(page: Page): Promise<{ filename: string; header: string[]; rows: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
  const path = await download.path();
  const [header, ...rows] = parseCsv(readFileSync(path, "utf8"));
  return { filename: download.suggestedFilename(), header, rows };
}

/** What `playwright` fixtures offer for API clients of their own. */
type Playwrightish = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

export interface Credentials {
  email: string;
  password: string;
}

export interface Staff extends Credentials {
  id: number;
  name: string;
}

/** A fresh staff member with `role`, made through an admin's API client. */
export async function createStaff(admin: APIRequestContext, role = "agent"): Promise<Staff> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = { name: `Tess Own ${tag}`, email: `own.${tag}@example.com`, password: `harbour-lights-${tag.slice(-4)}-7391` };
  const res = await admin.post("/api/staff", { data: { ...member, role, active: true } });
  expect(res.status(), await res.text()).toBe(201);
  return { ...member, id: ((await res.json()) as { id: number }).id };
}

/**
 * A staff member of the test's own: for a test that changes what belongs to one person (their
 * list preferences, views, sessions), so that tests running beside it as the demo accounts never
 * see it.
 */
export async function newStaff(playwright: Playwrightish, baseURL: string | undefined, role: string): Promise<Staff> {
  const admin = await apiAs(playwright, baseURL, ACCOUNTS.admin);
  const staff = await createStaff(admin, role);
  await admin.dispose();
  return staff;
}

/** An API client signed in as `email` (a demo account's password by default). */
export async function apiAs(playwright: Playwrightish, baseURL: string | undefined, email: string, password = DEMO_PASSWORD) {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

type OwnRecord = { id: number; version: number; name: string; number: string };

/**
 * An order of the test's own, for a customer of its own (the client's, who owns it and is its
 * assignee), of one line of an active product in stock, moved along `steps` (placed, by default).
 */
export async function orderOfOwn(api: APIRequestContext, steps: readonly ("placed" | "paid")[] = ["placed"]) {
  const me = ((await (await api.get("/api/auth/me")).json()) as { user: { id: number; name: string } }).user;
  const name = unique("Own");
  const created = await api.post("/api/customers", {
    data: { name, email: `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`, tier: "gold", ownerId: me.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const customer = (await created.json()) as OwnRecord;
  const product = ((await (await api.get("/api/products?status=active&stock_gte=5&_end=1")).json()) as OwnRecord[])[0];
  const res = await api.post("/api/orders", { data: { customerId: customer.id, assigneeId: me.id, items: [{ productId: product.id, quantity: 1 }] } });
  expect(res.status(), await res.text()).toBe(201);
  let order = (await res.json()) as OwnRecord;
  for (const to of steps) {
    const step = await api.post(`/api/orders/${order.id}/transitions`, { data: { to, version: order.version } });
    expect(step.status(), await step.text()).toBe(200);
    order = (await step.json()) as OwnRecord;
  }
  return { me, customer, product, order };
}

/** An order moved by another session (the API client's), at its version as stored now. */
export async function moveOrder(api: APIRequestContext, id: number, to: string) {
  const { version } = (await (await api.get(`/api/orders/${id}`)).json()) as { version: number };
  const moved = await api.post(`/api/orders/${id}/transitions`, { data: { to, version } });
  expect(moved.status(), await moved.text()).toBe(200);
  return (await moved.json()) as OwnRecord;
}

/** An API client signed in as the manager, for records a test makes for itself. */
export const managerApi = (playwright: Playwrightish, baseURL: string | undefined) => apiAs(playwright, baseURL, ACCOUNTS.manager);

/** The server's LAST_ADMIN refusal of a save of this staff member, answered here (no admin can cause it through the UI). */
export async function refuseAsLastAdmin(page: Page, user: { id: number; name: string }) {
  await page.route(`**/api/staff/${user.id}`, (route) =>
    route.request().method() === "PATCH"
      ? route.fulfill({
          status: 409,
          contentType: "application/json",
          body: JSON.stringify({ code: "LAST_ADMIN", message: `${user.name} is the last active admin. Make someone else an admin first.` }),
        })
      : route.fallback(),
  );
}

/** sRGB relative luminance (WCAG 2) of a CSS colour, its alpha ignored. */
export const luminance = (css: string): number => new TinyColor(css).getLuminance();
