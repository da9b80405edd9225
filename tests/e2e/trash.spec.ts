/** "Nothing is lost": the trash, and a record's History tab bringing back an earlier version. */
import type { APIRequestContext, Page } from "@playwright/test";
import {
  ACCOUNTS,
  AFTER_UNDO,
  choose,
  DEMO_PASSWORD,
  type DemoAccount,
  expect,
  expectNoSidewaysScroll,
  seriousViolations,
  submitLogin,
  test,
  unique,
} from "./fixtures";

type Rec = Record<string, unknown> & { id: number; version: number };
type Customer = Rec & { name: string; email: string };

async function apiJson<T = Rec>(request: APIRequestContext, method: "get" | "post" | "patch" | "delete", url: string, data?: unknown): Promise<T> {
  const res = await request[method](url, data === undefined ? undefined : { data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

type Playwright = { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } };

/** An API session of its own, for making the data a test looks at (and changing it behind the page's back). */
async function apiAs(playwright: Playwright, baseURL: string | undefined, account: DemoAccount = "manager") {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { email: ACCOUNTS[account], password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

/** A customer of this test's own, so no other test's writes change what it looks at. */
async function newCustomer(api: APIRequestContext, prefix: string, notes?: string): Promise<Customer> {
  const [owner] = await apiJson<Rec[]>(api, "get", "/api/staff?role=agent&active=true&_end=1");
  const name = unique(prefix);
  return apiJson<Customer>(api, "post", "/api/customers", {
    name,
    email: `${name.replace(/\W+/g, ".").toLowerCase()}@trash.example`,
    tier: "gold",
    creditLimit: 150_000,
    ownerId: owner.id,
    ...(notes ? { notes } : {}),
  });
}

/** A page asked for before signing in: the sign-in form, then straight back to it. */
async function openAs(page: Page, account: DemoAccount, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/login\?to=/);
  await submitLogin(page, ACCOUNTS[account], DEMO_PASSWORD);
  await expect(page.getByTestId("session")).toBeVisible();
}

const trashRow = (page: Page, text: string) => page.locator(".ant-table-row").filter({ hasText: text });
const restoreVersion = (page: Page) => page.getByRole("button", { name: /^Restore this version/ });

test("a customer deleted and left past its undo comes back from the trash under its id, and opens again", async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL);
  const me = (await apiJson<{ user: { name: string } }>(api, "get", "/api/auth/me")).user;
  const customer = await newCustomer(api, "Trash");

  await openAs(page, "manager", `/customers/show/${customer.id}`);
  await page.getByRole("main").getByRole("button", { name: "Delete" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Delete" }).click();
  // Sent when the undo window ends, then on to the list.
  await expect(page).toHaveURL(/\/customers(\?|$)/, AFTER_UNDO);

  await page.getByRole("menuitem", { name: "Trash" }).click();
  await expect(page).toHaveURL(/\/trash/);
  await choose(page, "Resource", "Customers");
  const row = trashRow(page, customer.name);
  await expect(row).toContainText(`Customer #${customer.id}`);
  await expect(row).toContainText(me.name);

  // What it was, before restoring it.
  await row.getByRole("button", { name: "Expand row" }).click();
  const values = page.locator(".ant-descriptions").filter({ hasText: "Its values when it was deleted" });
  await expect(values).toContainText(customer.email);
  await expect(values).toContainText("$1,500.00");
  expect(await seriousViolations(page)).toEqual([]);

  // From the keyboard, as an operator without a mouse would.
  await row.getByRole("button", { name: `Restore ${customer.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: `Customer ${customer.name} is back` })).toBeVisible();
  await expect(trashRow(page, customer.name)).toHaveCount(0);

  await page.getByRole("link", { name: `Open ${customer.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
  await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
  await expect(page.getByRole("main")).toContainText(customer.email);
  await api.dispose();
});

test("restoring several: each on its own, a taken email said with who holds it now", async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL);
  const kept = await newCustomer(api, "Bulk kept");
  const clashing = await newCustomer(api, "Bulk clash");
  for (const c of [kept, clashing]) await apiJson(api, "delete", `/api/customers/${c.id}`);
  // Someone else takes the deleted customer's email meanwhile.
  const holder = await apiJson<Customer>(api, "post", "/api/customers", {
    name: unique("Holder"),
    email: clashing.email,
    tier: "standard",
    creditLimit: 0,
    ownerId: clashing.ownerId,
  });

  await openAs(page, "manager", "/trash");
  await choose(page, "Resource", "Customers");
  for (const c of [kept, clashing]) await page.getByRole("checkbox", { name: `Select ${c.name}` }).check();
  await expect(page.getByText("2 selected")).toBeVisible();
  await page.getByRole("button", { name: "Restore selected" }).click();

  const summary = page.getByRole("dialog", { name: "Restore selected" });
  await expect(summary).toContainText("1 restored, 1 refused");
  await expect(summary.getByRole("region", { name: "Restored" }).getByRole("link", { name: `Open ${kept.name}` })).toBeVisible();
  const refused = summary.getByRole("region", { name: "Refused" });
  await expect(refused).toContainText(`Email is taken by ${holder.name} now`);
  await expect(refused.getByRole("link", { name: holder.name })).toHaveAttribute("href", `/customers/show/${holder.id}`);
  await summary.getByRole("button", { name: "Done" }).click();
  await expect(trashRow(page, kept.name)).toHaveCount(0);
  await expect(trashRow(page, clashing.name)).toHaveCount(1);
  await api.dispose();
});

test("a customer's notes restored to an earlier version from the History tab, the difference shown first", async ({ page, playwright, baseURL }) => {
  const api = await apiAs(playwright, baseURL);
  const me = (await apiJson<{ user: { name: string } }>(api, "get", "/api/auth/me")).user;
  const customer = await newCustomer(api, "Revert", "Call before noon");
  await apiJson(api, "patch", `/api/customers/${customer.id}`, { notes: "Call after six", version: customer.version });

  await openAs(page, "manager", `/customers/show/${customer.id}`);
  await page.getByRole("tab", { name: "History" }).click();
  // The newest version is the record as it is; the one it was created as can come back.
  await expect(page.getByText("Current version")).toBeVisible();
  await expect(restoreVersion(page)).toHaveCount(1);
  // Keyboard: Escape leaves the dialog with nothing done; Enter opens it again.
  await restoreVersion(page).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Restore this version" })).toBeVisible();
  // The dialog takes the focus once it has opened.
  await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Restore this version" })).toBeHidden();
  await restoreVersion(page).focus();
  await page.keyboard.press("Enter");

  const dialog = page.getByRole("dialog", { name: "Restore this version" });
  await expect(dialog).toContainText(`As ${me.name} created it`);
  const notes = dialog.getByRole("row").filter({ hasText: "Notes" });
  await expect(notes).toContainText("Call after six");
  await expect(notes).toContainText("Call before noon");
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();

  await expect(page.locator(".ant-notification")).toContainText("is restored");
  await expect(dialog).toBeHidden();
  // The restore is an update that names the version it went back to.
  await expect(page.getByText(/^Restores the version of /)).toBeVisible();
  await page.getByRole("tab", { name: "Details" }).click();
  await expect(page.getByRole("main")).toContainText("Call before noon");
  expect((await apiJson<Customer>(api, "get", `/api/customers/${customer.id}`)).notes).toBe("Call before noon");
  await api.dispose();
});

test("someone else's change while the difference is shown: nothing restored, the difference shown again against theirs", async ({
  page,
  playwright,
  baseURL,
}) => {
  // No live events on this page: the save itself must meet the other change (409 VERSION_CONFLICT).
  await page.route("**/api/events", (route) => route.fulfill({ status: 200, headers: { "content-type": "text/event-stream" }, body: ": quiet\n\n" }));
  const api = await apiAs(playwright, baseURL);
  const customer = await newCustomer(api, "Conflict", "First words");
  const second = await apiJson(api, "patch", `/api/customers/${customer.id}`, { notes: "Second words", version: customer.version });

  await openAs(page, "manager", `/customers/show/${customer.id}?tab=history`);
  await restoreVersion(page).click();
  const dialog = page.getByRole("dialog", { name: "Restore this version" });
  await expect(dialog.getByRole("row").filter({ hasText: "Notes" })).toContainText("Second words");

  await apiJson(api, "patch", `/api/customers/${customer.id}`, { tier: "silver", version: second.version });
  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(dialog.getByRole("alert")).toContainText("Someone else changed this customer while you were looking");
  await expect(dialog.getByRole("alert")).toContainText("Nothing was restored");
  // Their change is in the difference now: restoring that version takes the tier back too.
  await expect(dialog.getByRole("row").filter({ hasText: "Tier" })).toContainText("Silver");
  expect((await apiJson<Customer>(api, "get", `/api/customers/${customer.id}`)).notes).toBe("Second words");

  await dialog.getByRole("button", { name: "Restore", exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await apiJson<Customer>(api, "get", `/api/customers/${customer.id}`)).toMatchObject({ notes: "First words", tier: "gold" });
  await api.dispose();
});

test.describe("on a phone, in the dark", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, colorScheme: "dark" });

  test("the trash and the version dialog fit the screen and pass axe", async ({ page, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL);
    const gone = await newCustomer(api, "Phone trash");
    await apiJson(api, "delete", `/api/customers/${gone.id}`);
    const kept = await newCustomer(api, "Phone revert", "Before");
    await apiJson(api, "patch", `/api/customers/${kept.id}`, { notes: "After", version: kept.version });

    await openAs(page, "manager", "/trash");
    await choose(page, "Resource", "Customers");
    const row = trashRow(page, gone.name);
    await row.getByRole("button", { name: "Expand row" }).click();
    await expect(page.locator(".ant-descriptions").filter({ hasText: gone.email })).toBeVisible();
    await expect(row.getByRole("button", { name: `Restore ${gone.name}` })).toBeInViewport();
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`/customers/show/${kept.id}?tab=history`);
    await restoreVersion(page).click();
    await expect(page.getByRole("dialog").getByRole("row").filter({ hasText: "Notes" })).toContainText("Before");
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);
    await api.dispose();
  });
});
