/**
 * Issue 20, "Accessible, measured": axe over every page and dialog, as each role, in light English
 * and dark Spanish (every page at a phone's width too: phone-pages.spec.ts). Any serious or critical violation fails, listed with its rule, the nodes it
 * found and the page, so one run shows everything there is to fix.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { LANGUAGE_STORAGE_KEY } from "../../src/app/i18n/language";
import { ACCOUNTS, DEMO_PASSWORD, expect, motionDone, test, unique, type DemoAccount } from "./fixtures";

/** src/app/providers/color-mode.tsx's key (not imported: that module brings in all of antd). */
const COLOR_MODE_KEY = "switchboard.colorMode";

interface Mode {
  name: string;
  colorMode: "light" | "dark";
  language: "en" | "es";
  viewport: { width: number; height: number };
}
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const LIGHT_EN: Mode = { name: "light/en", colorMode: "light", language: "en", viewport: DESKTOP };
const DARK_ES: Mode = { name: "dark/es", colorMode: "dark", language: "es", viewport: DESKTOP };

/** A signed-in browser page of its own for `account`, in `mode` (the app's own localStorage keys). */
async function openAs(browser: Browser, baseURL: string, account: DemoAccount, mode: Mode, viewport = mode.viewport): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport, locale: mode.language === "es" ? "es-ES" : "en-US", colorScheme: mode.colorMode });
  await context.addInitScript(
    ([colorKey, colorMode, languageKey, language]) => {
      localStorage.setItem(colorKey, colorMode);
      localStorage.setItem(languageKey, language);
    },
    [COLOR_MODE_KEY, mode.colorMode, LANGUAGE_STORAGE_KEY, mode.language],
  );
  const page = await context.newPage();
  const res = await page.request.post("/api/auth/login", { data: { email: ACCOUNTS[account], password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

/** No motion under way (axe reads a half-faded dialog's colours) and nothing still loading. */
async function settled(page: Page) {
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton, .ant-modal-wrap .ant-spin-spinning")).toHaveCount(0);
  await motionDone(page);
}

/** The page's heading, and the list's first row (or its empty state) where there is one. */
async function pageReady(page: Page) {
  // A refusal ("Not allowed") has a result title rather than a heading.
  await expect(page.locator("main").locator("h1, h2, h3, h4, h5, .ant-result-title").and(page.locator(":not([data-axe-seen])")).first()).toBeVisible();
  // A list left for a record stays in the page, hidden, until Back: the table on screen.
  const table = page.locator("main .ant-table").filter({ visible: true }).first();
  if (await table.count()) await expect(table.locator(".ant-table-row, .ant-table-placeholder").first()).toBeVisible();
  await settled(page);
}

/**
 * Opens `path` inside the running app, as its links do: reloading the whole app for each of some
 * forty pages would take most of this test's time. The headings on screen are marked first, so
 * the next page counts as shown once a heading of its own is.
 */
async function go(page: Page, path: string) {
  if (!page.url().startsWith("http")) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    for (const heading of document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main .ant-result-title"))
      heading.setAttribute("data-axe-seen", "");
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** Serious and critical violations on the page as it is now, one line per rule and page. */
async function audit(page: Page, where: string, found: string[], axe = new AxeBuilder({ page })) {
  // Only violations are read: axe lists every node that passed too unless told not to.
  const { violations } = await axe.options({ resultTypes: ["violations"] }).analyze();
  for (const v of violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
    found.push(`${where}: ${v.id} (${v.impact}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function visit(page: Page, path: string, where: string, found: string[]) {
  await go(page, path);
  await pageReady(page);
  await audit(page, `${where} ${path}`, found);
}

/** A record to look at; of the roles, not the admin's own, which nobody may edit. */
async function firstId(page: Page, resource: string): Promise<number> {
  const res = await page.request.get(`/api/${resource}?_end=10`);
  expect(res.ok(), await res.text()).toBe(true);
  const [first] = ((await res.json()) as { id: number; key?: string }[]).filter((r) => r.key !== "admin");
  expect(first, `a ${resource} record to look at`).toBeTruthy();
  return first.id;
}

type Found = string[];

async function resourcePages(page: Page, where: string, found: Found, resources: string[]) {
  for (const resource of resources) {
    const id = await firstId(page, resource);
    await visit(page, `/${resource}`, where, found);
    await visit(page, `/${resource}/show/${id}`, where, found);
    await visit(page, `/${resource}/edit/${id}`, where, found);
    await visit(page, `/${resource}/create`, where, found);
  }
}

async function otherPages(page: Page, where: string, found: Found) {
  await visit(page, "/audit-events", where, found);
  await visit(page, `/audit-events/show/${await firstId(page, "audit-events")}`, where, found);
  await visit(page, "/views", where, found);
  await visit(page, "/profile", where, found);
  await visit(page, "/trash", where, found);
  await visit(page, "/customers/import", where, found);
}

async function dialogs(page: Page, where: string, found: Found) {
  // The command palette, over the dashboard.
  await visit(page, "/", where, found);
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog")).toBeVisible();
  await settled(page);
  // kbar scrolls its options in a box around its listbox. axe exempts a combobox's scrolling popup
  // from scrollable-region-focusable, since the combobox's arrow keys reach every option (kbar
  // scrolls the active one into view), but sees only the listbox as that popup, not the box
  // around it: the box is left out of the page's check, and the listbox inside checked alone.
  await page.locator("[role='dialog'] div:has(> [role='listbox'])").evaluate((box) => box.setAttribute("data-axe-kbar-scroller", ""));
  await audit(page, `${where} command palette`, found, new AxeBuilder({ page }).exclude("[data-axe-kbar-scroller]"));
  await audit(page, `${where} command palette options`, found, new AxeBuilder({ page }).include("[role='dialog'] [role='listbox']"));
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // The bulk edit dialog, over one ticked customer.
  await go(page, "/customers");
  await pageReady(page);
  await page.locator(".ant-table-row").first().getByRole("checkbox").check();
  await page.getByRole("button", { name: /(Edit 1 selected|Editar 1 seleccionado)$/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await settled(page);
  await audit(page, `${where} bulk edit dialog`, found);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  // A delete's confirm over a record's page, once it has asked what points at the record.
  await go(page, `/customers/show/${await firstId(page, "customers")}`);
  await pageReady(page);
  await page
    .locator("main")
    .getByRole("button", { name: /(Delete|Eliminar)$/ })
    .click();
  const confirm = page.locator(".ant-popover:visible");
  await expect(confirm.getByRole("button", { name: /^(Delete|Eliminar)$/ })).toBeVisible();
  await expect(confirm.getByText(/^(Checking what points at it|Comprobando qué registros)/)).toHaveCount(0);
  await settled(page);
  await audit(page, `${where} delete confirm`, found);
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);

  // The conflict dialog: a customer of this test's own, changed through the API while its form is open.
  const staff = (await (await page.request.get("/api/staff?_end=100")).json()) as { id: number; email: string }[];
  const ownerId = staff.find((s) => s.email === ACCOUNTS.manager)?.id;
  const name = unique("Axe Customer");
  const made = await page.request.post("/api/customers", { data: { name, email: `${name.split(" ").pop()}@axe.example`, ownerId } });
  expect(made.status(), await made.text()).toBe(201);
  const customer = (await made.json()) as { id: number; version: number };
  await go(page, `/customers/edit/${customer.id}`);
  await pageReady(page);
  const nameField = page.locator("main input#name");
  await expect(nameField).toHaveValue(name);
  const changed = await page.request.patch(`/api/customers/${customer.id}`, { data: { notes: "Their notes", version: customer.version } });
  expect(changed.ok(), await changed.text()).toBe(true);
  await nameField.fill(`${name} mine`);
  await page.getByRole("button", { name: /(^|\s)(Save|Guardar)$/ }).click();
  await expect(page.getByRole("dialog", { name: /^(Someone else changed this record|Otra persona ha cambiado este registro)$/ })).toBeVisible();
  await settled(page);
  await audit(page, `${where} conflict dialog`, found);
}

/** One browser page as `account` walks `steps`; every violation found is listed, then the test fails on any. */
async function check(browser: Browser, baseURL: string, account: DemoAccount, mode: Mode, steps: (page: Page, where: string, found: Found) => Promise<void>) {
  const found: Found = [];
  const page = await openAs(browser, baseURL, account, mode);
  try {
    await steps(page, `${account} ${mode.name}`, found);
  } finally {
    // What was found before a step failed is still worth seeing.
    if (found.length) console.log(found.join("\n"));
    await page.context().close();
  }
  expect(found, found.join("\n")).toEqual([]);
}

const noSerious = "no serious or critical axe violation";

for (const mode of [LIGHT_EN, DARK_ES]) {
  test.describe(mode.name, () => {
    // Slow: some twenty pages each, antd's styles built for each, on a shared 2-core machine.
    test.slow();

    test(`admin: dashboard; orders, customers, products (list, show, edit, create): ${noSerious}`, async ({ browser, baseURL }) => {
      await check(browser, baseURL!, "admin", mode, async (page, where, found) => {
        await visit(page, "/", where, found);
        await resourcePages(page, where, found, ["orders", "customers", "products"]);
      });
    });

    test(`admin: categories, staff, roles; audit log, views, profile, trash, import: ${noSerious}`, async ({ browser, baseURL }) => {
      await check(browser, baseURL!, "admin", mode, async (page, where, found) => {
        await resourcePages(page, where, found, ["categories", "staff", "roles"]);
        await otherPages(page, where, found);
      });
    });

    test(`admin: the command palette, the bulk edit, delete confirm and conflict dialogs: ${noSerious}`, async ({ browser, baseURL }) => {
      await check(browser, baseURL!, "admin", mode, dialogs);
    });

    for (const account of ["manager", "agent", "auditor"] as const)
      test(`${account}: dashboard, orders and customers, on a desktop and a phone: ${noSerious}`, async ({ browser, baseURL }) => {
        const lists = async (page: Page, where: string, found: Found) => {
          for (const path of ["/", "/orders", "/customers"]) await visit(page, path, where, found);
        };
        await check(browser, baseURL!, account, mode, lists);
        // Lists lay out differently on a phone.
        await check(browser, baseURL!, account, { ...mode, name: `${mode.name} phone`, viewport: PHONE }, lists);
      });
  });
}
