import fs from "node:fs";
import path from "node:path";
import { formatMoney } from "../../src/domain/format";
import { ACCOUNTS, choose, DEMO_PASSWORD, expect, submitLogin, test, unique } from "./fixtures";

interface SeedEvent {
  id: number;
  at: string;
  actorName: string;
  action: string;
  resource: string;
  recordId: number;
  changes: Record<string, { from: unknown; to: unknown }>;
}

// The data set the server started from (global-setup copies it), read to pick a known change.
const seed = JSON.parse(fs.readFileSync(path.resolve(process.env.E2E_DB_JSON ?? "db.json"), "utf8")) as {
  "audit-events": SeedEvent[];
  customers: { id: number; name: string }[];
};

// The newest credit limit change in the data set, and the customer it is about.
const creditChange = seed["audit-events"].findLast((e) => e.resource === "customers" && e.action === "update" && "creditLimit" in e.changes);
const changedCustomer = seed.customers.find((c) => c.id === creditChange?.recordId);

test.use({ timezoneId: "UTC" });

test("an auditor finds who changed a customer's credit limit, and when, from the screens alone", async ({ page, login }) => {
  expect(creditChange && changedCustomer, "the data set has a credit limit change").toBeTruthy();
  const change = creditChange!;
  const customer = changedCustomer!;
  const { recordId, changes } = change;
  const history = seed["audit-events"].filter((e) => e.resource === "customers" && e.recordId === recordId);

  await login("auditor");
  await page.getByRole("menu").getByRole("menuitem", { name: "Audit log" }).click();
  await expect(page.locator(".ant-table-row").first()).toBeVisible();

  // Down to one record's history: the resource, then the record number.
  await choose(page, "Resource", "Customers");
  await page.getByLabel("Record from").fill(String(recordId));
  await page.getByLabel("Record to").fill(String(recordId));
  await page.getByLabel("Record to").press("Tab");
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(history.length);
  for (const row of await rows.all()) {
    await expect(row).toContainText("Customers");
    // The record by its name, not its number.
    await expect(row.getByRole("cell", { name: customer.name, exact: true })).toBeVisible();
  }

  // The update: open it.
  await rows.filter({ hasText: "Update" }).getByRole("button", { name: "Show this" }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-events/show/${change.id}$`));
  await expect(page.getByRole("heading", { name: `Audit event #${change.id}` })).toBeVisible();

  const details = page.locator(".ant-descriptions");
  await expect(details.getByRole("row", { name: /^Who/ })).toContainText(change.actorName);
  await expect(details.getByRole("row", { name: /^When/ })).toContainText(change.at);
  await expect(details.getByRole("row", { name: /^Action/ })).toContainText("Update");

  // Before and after, as money.
  const creditRow = page.getByRole("region", { name: "Changes" }).getByRole("row", { name: /Credit limit/ });
  await expect(page.getByRole("region", { name: "Changes" }).getByRole("columnheader")).toHaveText(["Field", "Before", "After"]);
  await expect(creditRow.getByRole("cell")).toHaveText([
    "Credit limit",
    formatMoney(changes.creditLimit.from as number),
    formatMoney(changes.creditLimit.to as number),
  ]);

  // And on to the customer it is about.
  await details.getByRole("link", { name: `${customer.name} (Customer #${recordId})` }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${recordId}$`));
  await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
});

test("…or from the customer's own page: the History tab says who, when, and the credit limit before and after", async ({ page, login }) => {
  const change = creditChange!;
  const customer = changedCustomer!;
  const { from, to } = change.changes.creditLimit;

  await login("auditor");
  await page.getByRole("menu").getByRole("menuitem", { name: "Customers" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(customer.name);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const row = page.locator(".ant-table-row").filter({ hasText: customer.name });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Show this" }).click();
  await page.getByRole("tab", { name: "History" }).click();

  const update = page.getByRole("listitem").filter({ hasText: "Update" });
  await expect(update).toContainText(change.actorName);
  // The browser runs in UTC (test.use above), so the shown minute is the stored one.
  // Shown as Intl formats it for en-US, to the minute (issue 11: dates in the chosen locale).
  const shown = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" }).format(new Date(change.at));
  await expect(update).toContainText(shown);
  await expect(update.getByRole("row", { name: /Credit limit/ }).getByRole("cell")).toHaveText([
    "Credit limit",
    formatMoney(from as number),
    formatMoney(to as number),
  ]);

  // Its time leads to the event itself in the audit log.
  await update.getByRole("link", { name: shown }).click();
  await expect(page).toHaveURL(new RegExp(`/audit-events/show/${change.id}$`));
  await expect(page.getByRole("row", { name: /Credit limit/ }).getByRole("cell")).toHaveText([
    "Credit limit",
    formatMoney(from as number),
    formatMoney(to as number),
  ]);
});

test("an event about a deleted record says so, without an error, and leads to that record's whole history", async ({ page, login, playwright, baseURL }) => {
  // A manager makes and removes a category through the API.
  const manager = await playwright.request.newContext({ baseURL });
  expect((await manager.post("/api/auth/login", { data: { email: ACCOUNTS.manager, password: DEMO_PASSWORD } })).status()).toBe(200);
  const name = unique("Short-lived");
  const created = await (await manager.post("/api/categories", { data: { name } })).json();
  expect((await manager.delete(`/api/categories/${created.id}`)).status()).toBe(200);
  const [deletion] = await (await manager.get(`/api/audit-events?resource=categories&recordId=${created.id}&action=delete`)).json();
  await manager.dispose();

  await login("auditor", `/audit-events/show/${deletion.id}`);
  const record = page.locator(".ant-descriptions").getByRole("row", { name: /^Record/ });
  await expect(record).toContainText(`Category #${created.id}`);
  await expect(record).toContainText("Deleted");
  await expect(record.getByRole("link")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Changes" }).getByRole("row", { name: /Name/ }).getByRole("cell")).toHaveText(["Name", name, "—"]);
  await expect(page.locator(".ant-notification-notice")).toHaveCount(0);

  await page.getByRole("link", { name: "All events for this record" }).click();
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Delete");
  await expect(rows.nth(1)).toContainText("Create");
});

test("a failed sign-in is in the log with the email tried and the address, never the password", async ({ page, login }) => {
  const email = `${unique("nobody").replace(/\W+/g, ".")}@example.com`;
  const password = "not-the-password-9d2f";
  await page.goto("/login");
  await submitLogin(page, email, password);
  await expect(page.getByRole("alert")).toContainText(/wrong email or password/i);

  await login("auditor", "/audit-events");
  await choose(page, "Action", "Login failed");
  await page.getByRole("searchbox", { name: "Search" }).fill(email);
  await page.getByRole("searchbox", { name: "Search" }).press("Enter");
  const rows = page.locator(".ant-table-row");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(email);
  await expect(rows.first()).toContainText("127.0.0.1");
  await rows.first().getByRole("button", { name: "Show this" }).click();
  const details = page.locator(".ant-descriptions");
  await expect(details.getByRole("row", { name: /^Email tried/ })).toContainText(email);
  await expect(details.getByRole("row", { name: /^Who/ })).toContainText("Nobody signed in");
  await expect(details.getByRole("row", { name: /^Address/ })).toContainText("127.0.0.1");
  await expect(page.locator("body")).not.toContainText(password);
});
