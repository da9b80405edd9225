/** Issue 22, "Faster than a stock Refine app": a page loaded again asks for its data beside its code, not after it. */
import type { Page, Route } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expect, managerApi, orderOfOwn, test } from "./fixtures";

test("loaded again, a list asks for its page and its session at once, beside the app's code rather than after it has run, and once each", async ({
  page,
  login,
}) => {
  await login("manager", "/customers");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first()).toBeVisible();

  // What the reload asks for, in the order the browser sends it.
  const asked: string[] = [];
  const isPageRead = (a: string) => /^GET \/api\/customers\?.*_start=0/.test(a);
  let readsAsked!: () => void;
  const reads = new Promise<void>((resolve) => (readsAsked = resolve));
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.resourceType() === "script") asked.push(`script ${url.pathname}`);
    else if (url.pathname.startsWith("/api/")) asked.push(`${r.method()} ${url.pathname}${url.search}`);
    if (asked.some(isPageRead) && asked.includes("GET /api/auth/me")) readsAsked();
  });
  // The app's code is held until the page's read and the session check are asked for (or 10 s have
  // gone by): asked for only once that code has run, they would not be asked for meanwhile.
  let heldFor = "";
  await page.route(/\/assets\/full-app-[^/]*\.js$/, async (route) => {
    heldFor = await Promise.race([reads.then(() => "the reads"), new Promise<string>((resolve) => setTimeout(() => resolve("10 s"), 10_000))]);
    await route.continue();
  });
  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId("session")).toBeVisible();

  expect(heldFor, asked.join("\n")).toBe("the reads");
  // The app's code itself is asked for by the page's head, before the entry has run and sent the reads.
  const appCode = asked.findIndex((a) => /^script \/assets\/full-app-/.test(a));
  expect(appCode, asked.join("\n")).toBeGreaterThan(-1);
  expect(appCode, asked.join("\n")).toBeLessThan(asked.indexOf("GET /api/auth/me"));
  // One request each: the app took the early answers instead of asking again.
  expect(asked.filter(isPageRead), asked.join("\n")).toHaveLength(1);
  expect(
    asked.filter((a) => a === "GET /api/auth/me"),
    asked.join("\n"),
  ).toHaveLength(1);
});

/**
 * In the page before its scripts: for each read whose path `watched` matches, whether `shown`
 * (the page that read is for) was on screen when the read was sent, through fetch or XHR alike.
 */
function noteReadsSent([watched, shown]: [string, string]) {
  const sent: { url: string; pageShown: boolean }[] = [];
  (window as unknown as { __sent: typeof sent }).__sent = sent;
  const note = (url: string) => {
    const { pathname, search } = new URL(url, location.href);
    if (new RegExp(watched).test(pathname)) sent.push({ url: pathname + search, pageShown: !!document.querySelector(shown) });
  };
  const fetch = window.fetch.bind(window);
  window.fetch = (input, init) => {
    note(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  };
  const open = XMLHttpRequest.prototype.open as (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) => void;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, method: string, url: string | URL, ...rest: unknown[]) {
    note(String(url));
    open.call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
}

test("a first visit to a list asks for its page as the app's code starts, before the page renders, and once", async ({ page, login }) => {
  // login() is this browser's first load of /orders: nothing of it is remembered to send early.
  await page.addInitScript(noteReadsSent, ["^/api/orders$", "main .ant-table"] as [string, string]);
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/orders") asked.push(url.search);
  });
  await login("manager", "/orders");
  await expect(page.locator("main .ant-table-row").first()).toBeVisible();
  const sent = await page.evaluate(() => (window as unknown as { __sent: { url: string; pageShown: boolean }[] }).__sent);
  expect(sent[0], JSON.stringify(sent)).toMatchObject({ pageShown: false });
  expect(sent[0].url).toMatch(/_start=0/);
  // The table's own read took that answer rather than asking again.
  expect(asked, asked.join("\n")).toHaveLength(1);
});

test("a first visit to a record's page asks for its record as the app's code starts, before the page renders, and once", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const api = await managerApi(playwright, baseURL);
  const [customer] = (await (await api.get("/api/customers?_end=1")).json()) as { id: number; name: string }[];
  await api.dispose();
  await page.addInitScript(noteReadsSent, [`^/api/customers/${customer.id}$`, "main .ant-descriptions"] as [string, string]);
  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `/api/customers/${customer.id}`) asked.push(r.method());
  });
  await login("manager", `/customers/show/${customer.id}`);
  await expect(page.locator("main .ant-descriptions")).toContainText(customer.name);
  const sent = await page.evaluate(() => (window as unknown as { __sent: { url: string; pageShown: boolean }[] }).__sent);
  expect(sent[0], JSON.stringify(sent)).toMatchObject({ pageShown: false });
  expect(asked).toEqual(["GET"]);
});

test("loaded again, a list shows its rows and their names with its table: never an empty table first, nor a '#5' for a name", async ({ page, login }) => {
  await login("manager", "/orders");
  const rows = page.locator("main .ant-table-row");
  const customers = rows.locator("a[href^='/customers/show/']");
  await expect(customers.first()).not.toHaveText(/^#/);

  // What the page showed on its way: a table without rows, a customer by number.
  await page.addInitScript(() => {
    const seen = { emptyTable: false, unnamed: false };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new MutationObserver(() => {
      if (document.querySelector("main .ant-table") && !document.querySelector("main .ant-table-row")) seen.emptyTable = true;
      for (const a of document.querySelectorAll("main .ant-table-row a[href^='/customers/show/']")) if (a.textContent?.startsWith("#")) seen.unnamed = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  // The app's code is held until the load's early answers (its page of orders, their customers) are
  // in, as they are on a return visit whose code takes longer than the API: they must be used then.
  const answered = { page: false, customers: false };
  let allIn!: () => void;
  const early = new Promise<void>((resolve) => (allIn = resolve));
  page.on("requestfinished", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/orders" && url.searchParams.has("_start")) answered.page = true;
    if (url.pathname === "/api/customers" && url.searchParams.has("id")) answered.customers = true;
    if (answered.page && answered.customers) allIn();
  });
  let heldFor = "";
  await page.route(/\/assets\/full-app-[^/]*\.js$/, async (route) => {
    heldFor = await Promise.race([early.then(() => "the early answers"), new Promise<string>((resolve) => setTimeout(() => resolve("10 s"), 10_000))]);
    await route.continue();
  });
  await page.reload();
  await expect(customers.first()).not.toHaveText(/^#/);
  expect(heldFor).toBe("the early answers");
  expect(await page.evaluate(() => (window as unknown as { __seen: unknown }).__seen)).toEqual({ emptyTable: false, unnamed: false });
});

test("loaded again, a list's layout and page come in the app's own file: no file of theirs is asked for after it", async ({ page, login }) => {
  await login("manager", "/customers");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first()).toBeVisible();

  // Every script the reload asks for until its rows show, by file name.
  const asked: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") asked.push(new URL(r.url()).pathname.split("/").pop() ?? "");
  });
  await page.reload();
  await expect(rows.first()).toBeVisible();
  expect(
    asked.filter((file) => /^full-app-.*\.js$/.test(file)),
    asked.join("\n"),
  ).toHaveLength(1);
  // The layout's and the list page's code are in that file (decision 116): none comes after it.
  expect(
    asked.filter((file) => /^(list-page|app-shell)-.*\.js$/.test(file)),
    asked.join("\n"),
  ).toEqual([]);
});

test("loaded again, a record's page code is asked for beside the app's code, not after it has run", async ({ page, login }) => {
  await login("manager", "/customers");
  const href = (await page.locator("main .ant-table-row").first().locator("a[href^='/customers/show/']").first().getAttribute("href")) ?? "";
  await page.goto(href);
  const details = page.locator("main .ant-descriptions");
  await expect(details).toBeVisible();

  // The app's code is held back until the record page's code is asked for (or 10 s have gone by):
  // asked for only once the app's code has run, it would not be asked for meanwhile.
  const asked: string[] = [];
  let pageCodeAsked!: () => void;
  const pageCode = new Promise<void>((resolve) => (pageCodeAsked = resolve));
  page.on("request", (r) => {
    const file = new URL(r.url()).pathname.split("/").pop() ?? "";
    if (r.resourceType() !== "script") return;
    asked.push(file);
    if (/^show-page-.*\.js$/.test(file)) pageCodeAsked();
  });
  let heldFor = "";
  await page.route(/\/assets\/full-app-[^/]*\.js$/, async (route) => {
    heldFor = await Promise.race([pageCode.then(() => "the page's code"), new Promise<string>((resolve) => setTimeout(() => resolve("10 s"), 10_000))]);
    await route.continue();
  });
  await page.reload();
  await expect(details).toBeVisible();
  expect(heldFor, asked.join("\n")).toBe("the page's code");
});

test("a record opened from its list shows at once, from its row, while its own answer is on the way", async ({ page, login }) => {
  await login("manager", "/customers");
  const row = page.locator("main .ant-table-row").first();
  await expect(row).toBeVisible();
  const link = row.getByRole("link").first();
  const name = (await link.innerText()).trim();
  const href = (await link.getAttribute("href")) ?? "";
  const id = /\/customers\/show\/(\d+)$/.exec(href)?.[1];
  expect(id, href).toBeTruthy();

  // The record's own request is held until the page is seen to show the record without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = 0;
  let answered = 0;
  await page.route(`**/api/customers/${id}`, async (route) => {
    asked++;
    await held;
    await route.continue();
    answered++;
  });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${id}$`));
  const details = page.locator("main .ant-descriptions");
  await expect(details).toContainText(name);
  await expect(details).toContainText("@");
  // Then the record's own answer still comes, and the page stays on it.
  await expect.poll(() => asked).toBe(1);
  expect(answered).toBe(0);
  release();
  await expect.poll(() => answered).toBe(1);
  await expect(details).toContainText(name);
});

test("a record no list here has read is asked for as the app goes to it, and once", async ({ page, login }) => {
  await login("manager", "/orders");
  const link = page.locator("main .ant-table-row").first().locator("a[href^='/customers/show/']");
  // Named once the list's look-up of its customers has answered ("#5" until then).
  await expect(link).not.toHaveText(/^#/);
  const name = (await link.innerText()).trim();
  const id = /\/customers\/show\/(\d+)$/.exec((await link.getAttribute("href")) ?? "")?.[1];
  expect(id).toBeTruthy();

  const asked: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === `/api/customers/${id}`) asked.push(r.method());
  });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${id}$`));
  await expect(page.locator("main .ant-descriptions")).toContainText(name);
  // Sent as the navigation started, and the page's own read took that answer rather than asking again.
  expect(asked).toEqual(["GET"]);
});

/** The manager's /orders, page 1 shown with its customers named: its rows, their customer links, page 1's first row. */
async function ordersPageOne(page: Page, login: (account: "manager", path: string) => Promise<unknown>) {
  await login("manager", "/orders");
  const rows = page.locator("main .ant-table-row");
  const customers = rows.locator("a[href^='/customers/show/']");
  await expect(customers.first()).not.toHaveText(/^#/);
  return { rows, customers, pageOne: await rows.first().innerText() };
}

/**
 * In the page, from now on: whether any row ever named a customer by number ("#5", as while the
 * names load), and the first row under the table's spinner when it first shows. The moment the
 * spinner shows or the first row stops being `pageOne`'s, `window.__release` is called, if the
 * test has exposed one.
 */
function notePageChange(pageOne: string) {
  const seen = { unnamed: false, underSpinner: "" };
  (window as unknown as { __seen: typeof seen }).__seen = seen;
  let changed = false;
  new MutationObserver(() => {
    for (const a of document.querySelectorAll("main .ant-table-row a[href^='/customers/show/']")) if (a.textContent?.startsWith("#")) seen.unnamed = true;
    if (changed) return;
    const first = (document.querySelector("main .ant-table-row") as HTMLElement | null)?.innerText ?? "";
    if (document.querySelector("main .ant-spin-spinning")) seen.underSpinner = first;
    else if (first === pageOne) return;
    changed = true;
    void (window as unknown as { __release?: () => Promise<void> }).__release?.();
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["class"] });
}

/** Page 2 clicked and shown, nothing loading, its customers named; what `notePageChange` saw on the way. */
async function toPageTwo(page: Page, { rows, customers, pageOne }: Awaited<ReturnType<typeof ordersPageOne>>, released?: Promise<void>) {
  await page.locator(".ant-pagination-item-2").first().click();
  await released;
  await expect(page).toHaveURL(/currentPage=2/);
  await expect(rows.first()).not.toHaveText(pageOne);
  await expect(page.locator("main .ant-spin-spinning")).toHaveCount(0);
  await expect(customers.first()).not.toHaveText(/^#/);
  return page.evaluate(() => (window as unknown as { __seen: { unnamed: boolean; underSpinner: string } }).__seen);
}

test("a list's next page comes with its names: its rows never show a customer by number, and the look-up is asked for once", async ({ page, login }) => {
  const shown = await ordersPageOne(page, login);
  await page.evaluate(notePageChange, shown.pageOne);
  const lookups: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/customers" && url.searchParams.has("id")) lookups.push(url.search);
  });
  const seen = await toPageTwo(page, shown);
  expect({ unnamed: seen.unnamed }).toEqual({ unnamed: false });
  // Sent as page 2's rows arrived, and the table's own look-up took that answer rather than asking again.
  expect(new Set(lookups).size, lookups.join("\n")).toBe(lookups.length);
});

test("a list's next page whose names are slow keeps the page shown under a spinner until they come, and never shows a customer by number", async ({
  page,
  login,
}) => {
  const shown = await ordersPageOne(page, login);
  // Page 2's look-up of its customers is held until the table shows its spinner (the names are
  // late, page 2's rows are in), or else until page 2's rows show. Released from the page the
  // moment either is seen, so the wait the app gives the names is not used up by the test's polling.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === "/api/customers" && url.searchParams.has("id"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.exposeBinding("__release", () => release());
  await page.evaluate(notePageChange, shown.pageOne);
  const seen = await toPageTwo(page, shown, released);
  // While the names were on their way, page 1's rows stayed under the spinner; page 2's came with their names.
  expect(seen).toEqual({ unnamed: false, underSpinner: shown.pageOne });
});

/** Every request for customers from now on, path and query, in the order sent. */
function customerRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/customers")) asked.push(`${url.pathname}${url.search}`);
  });
  return asked;
}

/**
 * An order's edit form is up with its customer named, and all it reads is in: the customer's
 * record, read by the order lines for its credit limit, is the last to be asked for. Returns the form.
 */
async function orderFormSettled(page: Page, customer: { id: unknown; name: unknown }, asked: string[]) {
  const form = page.locator("main form");
  await expect(form.locator(".ant-select-selection-item", { hasText: String(customer.name) })).toBeVisible();
  await expect.poll(() => asked.filter((a) => a === `/api/customers/${String(customer.id)}`)).toHaveLength(1);
  await page.waitForLoadState("networkidle");
  return form;
}

/**
 * A draft of the test's own, for a customer of its own, open in its edit form as the manager,
 * settled (orderFormSettled); `asked` notes the customer's reads from the sign-in on.
 */
async function ownOrderForm(page: Page, login: (account: "manager", path: string) => Promise<void>, api: Parameters<typeof orderOfOwn>[0], asked: string[]) {
  const { customer, order } = await orderOfOwn(api, []);
  await login("manager", `/orders/edit/${String(order.id)}`);
  await orderFormSettled(page, customer, asked);
  return { customer, order };
}

/** Saves `notes` on an order's edit form: its record's page opens showing them and its customer's name. Returns that page's details. */
async function saveNotes(page: Page, order: { id: unknown }, customer: { name: unknown }, notes: string) {
  await page.locator("main form textarea#notes").fill(notes);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/show/${String(order.id)}$`));
  const details = page.locator("main .ant-descriptions");
  await expect(details).toContainText(notes);
  await expect(details).toContainText(String(customer.name));
  return details;
}

test("an edit form opened from its record asks for each of its look-ups once, and shows what it read", async ({ page, login, playwright, baseURL }) => {
  // A draft of the test's own, for a customer of its own: no other test touches either.
  const { customer, order } = await orderOfOwn(await managerApi(playwright, baseURL), []);
  await login("manager", `/orders/show/${String(order.id)}`);
  await expect(page.locator("main .ant-descriptions")).toContainText(String(customer.name));

  const asked = customerRequests(page);
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/edit/${String(order.id)}$`));
  await orderFormSettled(page, customer, asked);
  // The customer picker's label and the lines' credit check: each read once, not once per mount.
  expect(
    asked.filter((a) => a === `/api/customers?id=${String(customer.id)}`),
    asked.join("\n"),
  ).toHaveLength(1);
  expect(
    asked.filter((a) => a === `/api/customers/${String(customer.id)}`),
    asked.join("\n"),
  ).toHaveLength(1);
});

test("a saved edit form goes to its record's page without mounting its inputs again: its look-ups are not asked for a second time", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const asked = customerRequests(page);
  const { customer, order } = await ownOrderForm(page, login, await managerApi(playwright, baseURL), asked);
  asked.length = 0;

  await saveNotes(page, order, customer, `Checked on ${String(Date.now())}`);
  await page.waitForLoadState("networkidle");
  // The record's page reads the customer by id for its name; the form it left reads nothing again.
  expect(asked, asked.join("\n")).toEqual([`/api/customers?id=${String(customer.id)}`]);
});

test("a saved record's page shows what was saved from the save's answer, while every read of the record is held back", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const { customer, order } = await ownOrderForm(page, login, await managerApi(playwright, baseURL), customerRequests(page));

  // From the click on Save, the record's reads get no answer until the page has been looked at.
  const held: Route[] = [];
  let holding = true;
  await page.route(`**/api/orders/${String(order.id)}`, (route) => (holding && route.request().method() === "GET" ? void held.push(route) : route.continue()));
  const notes = `Seen at once on ${String(Date.now())}`;
  const details = await saveNotes(page, order, customer, notes);
  // Then the read it was waiting for comes back, and leaves what was saved on screen.
  expect(held.length).toBeGreaterThan(0);
  holding = false;
  const reread = page.waitForResponse((r) => r.request().method() === "GET" && new URL(r.url()).pathname === `/api/orders/${String(order.id)}`);
  for (const route of held) await route.continue();
  await reread;
  await expect(details).toContainText(notes);
});

for (const [status, steps] of [
  ["Draft", []],
  ["Placed", ["placed"]],
] as const)
  test(`a ${status.toLowerCase()} order's page reads its customer by id only, for its name and any credit check`, async ({
    page,
    login,
    playwright,
    baseURL,
  }) => {
    const { customer, order } = await orderOfOwn(await managerApi(playwright, baseURL), steps);
    const asked = customerRequests(page);
    await login("manager", `/orders/show/${String(order.id)}`);
    await expect(page.locator("main .ant-descriptions")).toContainText(String(customer.name));
    await expect(page.getByTestId("order-status")).toHaveText(status);
    await page.waitForLoadState("networkidle");
    // The look-up by id every reference makes serves the lines' credit check (a draft's) too.
    expect(asked, asked.join("\n")).toContain(`/api/customers?id=${String(customer.id)}`);
    expect(asked, asked.join("\n")).not.toContain(`/api/customers/${String(customer.id)}`);
  });

test("a list's reference filters ask for the records they offer when reached for, by pointer or keyboard, not with the page", async ({ page, login }) => {
  // The pickers' requests: sorted by name, no ids (the rows' own look-ups ask by id).
  const offered: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (/^\/api\/(customers|staff)$/.test(url.pathname) && url.searchParams.get("_sort") === "name") offered.push(url.pathname);
  });
  await login("manager", "/orders");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first().locator("a[href^='/customers/show/']")).not.toHaveText(/^#/);
  await page.waitForLoadState("networkidle");
  expect(offered).toEqual([]);

  const filters = page.getByRole("search");
  const customer = filters.getByRole("combobox", { name: "Customer" });
  await customer.hover();
  await expect.poll(() => offered).toEqual(["/api/customers"]);
  // Picked by searching for the first row's customer, who has at least that order.
  const name = (await rows.first().locator("a[href^='/customers/show/']").innerText()).trim();
  await customer.click();
  await page.keyboard.type(name);
  const exactly = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option").filter({ hasText: exactly }).first().click();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\[field\]=customerId&/);
  await expect.poll(async () => [...new Set(await rows.locator("a[href^='/customers/show/']").allInnerTexts())].map((s) => s.trim())).toEqual([name]);

  // By keyboard: Tab to the next picker asks for its records before a key opens it.
  expect(offered).not.toContain("/api/staff");
  await customer.focus();
  await page.keyboard.press("Tab");
  await expect.poll(() => offered).toContain("/api/staff");
});

test("a list's rows do not wait for its date picker's code: a disabled box holds the filter's place until it is in", async ({ page }) => {
  // The picker's code is held back until the rows have been seen without it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/date-range-filter-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const res = await page.request.post("/api/auth/login", { data: { email: ACCOUNTS.manager, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto("/orders", { waitUntil: "commit" });

  await expect(page.locator("main .ant-table-row").first()).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Placed", exact: true })).toBeDisabled();
  await expect(page.getByLabel("Placed from")).toHaveCount(0);
  release();
  await expect(page.getByLabel("Placed from")).toBeEditable();
  await expect(page.getByRole("textbox", { name: "Placed", exact: true })).toHaveCount(0);
});

/** In the page before its scripts: the names of the cookies read through the async Cookie Store API. */
function noteCookieReads() {
  const read: string[] = [];
  (window as unknown as { __cookieReads: typeof read }).__cookieReads = read;
  const store = (window as unknown as { cookieStore?: { get: (name: unknown) => Promise<unknown> } }).cookieStore;
  if (!store) return;
  const get = store.get.bind(store);
  store.get = (name: unknown) => {
    read.push(typeof name === "string" ? name : JSON.stringify(name));
    return get(name);
  };
}

test("the app's requests go out as they are made: none waits first for a cookie read, which would wait for any render queued meanwhile", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  // A draft of the test's own: no other test saves it.
  const { order } = await orderOfOwn(await managerApi(playwright, baseURL), []);
  await page.addInitScript(noteCookieReads);
  await login("manager", "/orders");
  const rows = page.locator("main .ant-table-row");
  await expect(rows.first()).toBeVisible();
  const pageOne = await rows.first().innerText();
  await page.locator(".ant-pagination-item-2").first().click();
  await expect(rows.first()).not.toHaveText(pageOne);

  await page.goto(`/orders/edit/${String(order.id)}`);
  const notes = page.getByLabel("Notes");
  await expect(notes).toBeEditable();
  await notes.fill("Sent as it was saved");
  const saved = page.waitForResponse((r) => r.request().method() === "PATCH" && r.url().endsWith(`/api/orders/${String(order.id)}`));
  await page.getByRole("button", { name: "Save" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`Order ${String(order.number)} saved`)).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __cookieReads: string[] }).__cookieReads)).toEqual([]);
});
