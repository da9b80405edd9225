/**
 * Issue 20, the operator's day (second pass): related lists open their records like lists do,
 * a delete that cannot happen says so on its confirm, lists keep their filters for the session,
 * and date ranges are antd's range picker in the chosen language, typed or picked.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ACCOUNTS, choose, expect, submitLogin, test, unique } from "./fixtures";

interface Row {
  id: number;
  [k: string]: unknown;
}
const seed = JSON.parse(fs.readFileSync(path.resolve(process.env.E2E_DB_JSON ?? "db.json"), "utf8")) as Record<string, Row[]>;
const ordersOf = (customerId: number) => seed.orders.filter((o) => o.customerId === customerId);
const customer = seed.customers.find((c) => ordersOf(c.id).length >= 2)!;
const ordered = (productId: number) => seed.orders.filter((o) => (o.items as { productId: number }[]).some((i) => i.productId === productId)).length;
const product = seed.products.find((p) => ordered(p.id) >= 2)!;

test.use({ timezoneId: "UTC" });

test("a customer's Orders tab is a list: the number is a link, a row opens its order by click and by Enter", async ({ page, login }) => {
  await login("manager", `/customers/show/${customer.id}?tab=related-0`);
  await page.getByRole("tab", { name: "Orders" }).click();
  const panel = page.getByRole("tabpanel");
  const link = panel.getByRole("link", { name: /^SO-/ }).first();
  await expect(link).toHaveAttribute("href", /\/orders\/show\/\d+$/);
  const href = (await link.getAttribute("href"))!;
  const number = (await link.textContent())!;

  // A click on the row, away from its link and buttons, opens it.
  const row = panel.locator(".ant-table-row").filter({ has: page.getByRole("link", { name: number, exact: true }) });
  await row.locator("td").nth(2).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByText(number).first()).toBeVisible();

  // Back, and Enter on the focused row.
  await page.goBack();
  await expect(row).toBeVisible();
  await row.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test("a product that orders point at says so on its delete confirm, with Delete disabled", async ({ page, login }) => {
  const n = ordered(product.id);
  await login("manager", `/products/show/${product.id}`);
  await page.getByRole("button", { name: /Delete$/ }).click();
  const confirm = page.locator(".ant-popover:visible");
  await expect(confirm.getByText(`${n} orders point at this product`)).toBeVisible();
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
});

test("a delete nothing points at waits under a notification whose Undo says so in words, and Undo keeps the record", async ({ page, login }) => {
  await login("manager");
  const name = unique("Undoable");
  const created = await page.evaluate(async (name) => {
    const res = await fetch("/api/categories", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
    return (await res.json()) as { id: number };
  }, name);
  await page.goto(`/categories/show/${created.id}`);
  await page.getByRole("button", { name: /Delete$/ }).click();
  const confirm = page.locator(".ant-popover:visible");
  const ok = confirm.getByRole("button", { name: "Delete" });
  await expect(ok).toBeEnabled();
  await ok.click();
  const undo = page.locator(".ant-notification").getByRole("button", { name: "Undo" });
  await expect(undo).toBeVisible();
  // Its countdown has a name too: the seconds left, in words.
  await expect(page.locator(".ant-notification").getByRole("progressbar", { name: /^You have \d seconds to undo$/ })).toBeVisible();
  await undo.click();
  await page.goto(`/categories/show/${created.id}`);
  await expect(page.getByRole("heading", { name })).toBeVisible();
});

test("a row's delete asks first, by click and by keyboard, keeps the focus on its button, and takes the row away", async ({ page, login }) => {
  await login("manager");
  const name = unique("Row delete");
  await page.evaluate(async (name) => {
    await fetch("/api/categories", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }) });
  }, name);
  await page.goto("/categories");
  await page.getByRole("searchbox", { name: "Search" }).fill(name);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const row = page.locator(".ant-table-row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const remove = row.getByTitle("Delete this category");
  const confirm = page.locator(".ant-popover:visible");

  // By keyboard: Enter opens the confirm, the focus stays on the button, Escape closes it.
  await remove.focus();
  await page.keyboard.press("Enter");
  await expect(confirm.getByText("Delete this category?")).toBeVisible();
  await expect(row.getByTitle("Delete this category")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(1);

  // By click: Delete, and once the undo window has passed the row is gone.
  await row.getByTitle("Delete this category").click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0, { timeout: 15_000 });
});

test("a list reopened from a record's breadcrumb or the menu is as it was left, until signing out", async ({ page, login }) => {
  await login("manager", "/orders");
  const rows = page.locator(".ant-table-row");
  await expect(rows.first()).toBeVisible();
  const status = page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: "Status" }) });
  const placed = page.getByRole("columnheader", { name: "Placed" });
  await choose(page, "Status", "Paid");
  await placed.click();
  await expect(placed).toHaveAttribute("aria-sort", "ascending");
  // Refine writes a sort into the address a moment after the table shows it, and a record opened
  // before that came back to the list without it once in CI (noted as the app's race, not fixed here).
  await expect(page).toHaveURL(/sorters\[0\]\[field\]=placedAt/);
  const asLeft = async () => {
    await expect(status).toContainText("Paid");
    await expect(placed).toHaveAttribute("aria-sort", "ascending");
  };

  // A record, then back by its breadcrumb.
  await rows.first().getByRole("link", { name: /^SO-/ }).click();
  await expect(page).toHaveURL(/\/orders\/show\/\d+$/);
  await page.locator(".ant-breadcrumb").getByRole("link", { name: "Orders" }).click();
  await asLeft();

  // Another list, then this one from the menu.
  await page.getByRole("menuitem", { name: "Customers" }).click();
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Orders" }).click();
  await asLeft();

  // Signed out and in again: the list opens plain.
  await page.locator("header").getByRole("button", { name: "Sign out" }).click();
  await submitLogin(page, ACCOUNTS.manager);
  await expect(page.getByTestId("session")).toBeVisible();
  await page.getByRole("menuitem", { name: "Orders" }).click();
  await expect(rows.first()).toBeVisible();
  await expect(page).toHaveURL((url) => !url.search.includes("paid"));
  await expect(status).not.toContainText("Paid");
});

/** The audit log's "At" range, in the URL as Refine writes it. */
async function atFilter(page: Page) {
  const params = new URL(page.url()).searchParams;
  const found: Record<string, string> = {};
  for (const [k, v] of params) {
    const m = /^filters\[(\d+)\]\[value\]$/.exec(k);
    if (m && params.get(`filters[${m[1]}][field]`) === "at") found[params.get(`filters[${m[1]}][operator]`)!] = v;
  }
  return found;
}

for (const lang of ["en", "es"] as const) {
  const words =
    lang === "en"
      ? {
          firstWeekday: "Su",
          from: "At from",
          to: "At to",
          typed: ["01/02/2026", "03/04/2026"],
          typedIso: ["2026-01-02", "2026-03-04"],
        }
      : {
          firstWeekday: "Lun",
          from: "Fecha desde",
          to: "Fecha hasta",
          typed: ["02/01/2026", "04/03/2026"],
          typedIso: ["2026-01-02", "2026-03-04"],
        };

  test(`the audit log filters by a date range, typed and picked (${lang})`, async ({ page, login }) => {
    await login("auditor");
    if (lang === "es") await page.evaluate(() => localStorage.setItem("switchboard.language", "es"));
    await page.goto("/audit-events");
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    const from = page.getByPlaceholder(words.from);
    const to = page.getByPlaceholder(words.to);

    // Picked: two days of the month the picker shows.
    await from.click();
    const panel = page.locator(".ant-picker-dropdown:visible");
    // The calendar of the chosen language: its week starts on its own day, named in its words.
    await expect(panel.locator(".ant-picker-content thead th").first()).toHaveText(words.firstWeekday);
    const first = panel.locator("td.ant-picker-cell-in-view:visible").first();
    const firstDay = (await first.getAttribute("title"))!;
    await first.click();
    // Then the end: the last day the picker shows now, whichever months it shows.
    await expect(to).toBeFocused();
    const last = panel.locator("td.ant-picker-cell-in-view:visible").last();
    const lastDay = (await last.getAttribute("title"))!;
    expect(lastDay > firstDay).toBe(true);
    await last.click();
    await expect.poll(() => atFilter(page)).toEqual({ gte: `${firstDay}T00:00:00.000Z`, lte: `${lastDay}T23:59:59.999Z` });

    // Typed in the language's own order of day and month.
    await from.click();
    await from.fill(words.typed[0]);
    await from.press("Enter");
    // The end's input taken first, as a user's click does: typed into while the picker still
    // settled the start, the end was once lost.
    await to.click();
    await expect(to).toBeFocused();
    await to.fill(words.typed[1]);
    await expect(to).toHaveValue(words.typed[1]);
    await to.press("Enter");
    await expect.poll(() => atFilter(page)).toEqual({ gte: `${words.typedIso[0]}T00:00:00.000Z`, lte: `${words.typedIso[1]}T23:59:59.999Z` });
    await expect(from).toHaveValue(words.typed[0]);
  });
}
