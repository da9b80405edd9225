import type { APIRequestContext, Page } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expect, managerApi, moveOrder, orderOfOwn, test, unique, type DemoAccount } from "./fixtures";

// Issue 12: moving fast (the command palette) and live data (a second client's change shows without a reload).

async function apiAs(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  account: DemoAccount,
) {
  const api = await playwright.request.newContext({ baseURL });
  const res = await api.post("/api/auth/login", { data: { email: ACCOUNTS[account], password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return api;
}

async function newCustomer(api: APIRequestContext, ownerEmail: string, prefix = "Palette") {
  const staff = (await (await api.get(`/api/staff?email=${encodeURIComponent(ownerEmail)}`)).json()) as { id: number }[];
  const name = unique(prefix);
  const res = await api.post("/api/customers", {
    data: { name, email: `${name.replace(/\W+/g, ".").toLowerCase()}@example.com`, tier: "gold", creditLimit: 0, ownerId: staff[0].id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string; email: string; version: number };
}

/** Ctrl+K once no palette is on screen, then the palette's search box, open and focused. */
async function openPalette(page: Page) {
  const search = page.getByRole("combobox", { name: "Command palette" });
  // A palette that just went somewhere closes with a short animation; Ctrl+K during it brought the
  // old one back, its text still in and its box unfocused.
  await expect(search).toHaveCount(0);
  await page.keyboard.press("Control+k");
  await expect(search).toHaveAttribute("aria-expanded", "true");
  await expect(search).toBeFocused();
  return search;
}

test.describe("command palette", () => {
  test("Ctrl+K opens it anywhere; it goes to a list and to a new form the role may use", async ({ page, login }) => {
    await login("manager");
    const search = await openPalette(page);
    await search.fill("Products");
    // The list filters a moment after each keystroke (kbar throttles it): once it has, the list
    // is first and highlighted, and it stays where it is while records found by the server arrive.
    const products = page.getByRole("option", { name: "Products", exact: true });
    await expect(products).toHaveAttribute("aria-selected", "true");
    await products.click();
    await expect(page).toHaveURL(/\/products(\?|$)/);
    await openPalette(page);
    await search.fill("New customer");
    // What the user sees before pressing Enter: the form's entry, first and highlighted.
    await expect(page.getByRole("option", { name: "New customer", exact: true })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/customers\/create$/);
  });

  test("records the server finds arrive below the lists and forms, never taking the highlight from them", async ({ page, login, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL, "manager");
    const lookalike = await newCustomer(api, ACCOUNTS.manager, "New customer");
    await api.dispose();
    await login("manager");
    await (await openPalette(page)).fill("New customer");
    const record = page.getByRole("option", { name: new RegExp(lookalike.name) });
    await expect(record).toBeVisible();
    const form = page.getByRole("option", { name: "New customer", exact: true });
    await expect(form).toHaveAttribute("aria-selected", "true");
    expect((await form.boundingBox())!.y).toBeLessThan((await record.boundingBox())!.y);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/customers\/create$/);
  });

  test("what is typed right after Ctrl+K goes into the palette, never into the field being edited", async ({ page, login }) => {
    await login("manager", "/customers/create");
    const name = page.getByRole("textbox", { name: "Name" });
    await name.fill("Ada");
    await name.focus();
    const search = page.getByRole("combobox", { name: "Command palette" });
    // The first Ctrl+K fetches the palette's code; later ones only mount its box. Both times the
    // keys follow the shortcut at once, as a fast typist's do.
    for (const typed of ["lovelace", "grace"]) {
      await page.keyboard.press("Control+k");
      await page.keyboard.type(typed);
      await expect(search).toHaveValue(typed);
      await expect(search).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(search).toHaveCount(0);
      await expect(name).toHaveValue("Ada");
      await name.focus();
    }
  });

  test("an auditor is offered every list but no New form", async ({ page, login }) => {
    await login("auditor");
    await openPalette(page);
    // Every "Go to" is there (each resource's access answered)…
    for (const label of ["Orders", "Customers", "Products", "Categories", "Staff", "Audit log"])
      await expect(page.getByRole("option", { name: label, exact: true })).toBeVisible();
    // …and no "New …", which the same answers refused.
    await expect(page.getByRole("option", { name: /^New / })).toHaveCount(0);
  });

  test("finds a customer by email and an order by number through the API, and opens it", async ({ page, login, playwright, baseURL }) => {
    const api = await apiAs(playwright, baseURL, "manager");
    const customer = await newCustomer(api, ACCOUNTS.manager);
    await login("manager");
    const search = await openPalette(page);
    await search.fill(customer.email);
    await page.getByRole("option", { name: new RegExp(customer.name) }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
    await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();

    const order = ((await (await api.get("/api/orders?_end=1")).json()) as { id: number; number: string }[])[0];
    await openPalette(page);
    await search.fill(order.number);
    await page.getByRole("option", { name: new RegExp(order.number) }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/show/${order.id}$`));
    await api.dispose();
  });

  test("an agent finds only their own customers", async ({ page, login, playwright, baseURL }) => {
    const manager = await apiAs(playwright, baseURL, "manager");
    const theirs = await newCustomer(manager, ACCOUNTS.agent2);
    const mine = await newCustomer(manager, ACCOUNTS.agent);
    await login("agent");
    const search = await openPalette(page);
    await search.fill(mine.email);
    await expect(page.getByRole("option", { name: new RegExp(mine.name) })).toBeVisible();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/customers" && new URL(r.url()).searchParams.get("q") === theirs.email);
    await search.fill(theirs.email);
    // The server's answer under the agent's row scope: nothing; and nothing is offered.
    expect(await (await answered).json()).toEqual([]);
    await expect(page.getByRole("option", { name: new RegExp(theirs.name) })).toHaveCount(0);
    await manager.dispose();
  });
});

test.describe("live data", () => {
  test("a customer created by someone else appears in an open list without a reload", async ({ page, login, playwright, baseURL }) => {
    await login("manager", "/customers?sorters[0][field]=id&sorters[0][order]=desc");
    await expect(page.getByRole("table")).toBeVisible();
    let reloaded = false;
    page.on("framenavigated", () => (reloaded = true));
    const admin = await apiAs(playwright, baseURL, "admin");
    const customer = await newCustomer(admin, ACCOUNTS.manager);
    await expect(page.getByRole("cell", { name: customer.name, exact: true })).toBeVisible();
    expect(reloaded).toBe(false);
    await admin.dispose();
  });

  test("an edit page says at once who changed the record, before saving, and keeps what was typed", async ({ page, login, playwright, baseURL }) => {
    const admin = await apiAs(playwright, baseURL, "admin");
    const customer = await newCustomer(admin, ACCOUNTS.manager);
    await login("manager", `/customers/edit/${customer.id}`);
    const notes = page.getByLabel("Notes", { exact: true });
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(customer.name);
    await notes.fill("Typed before their change");
    const res = await admin.patch(`/api/customers/${customer.id}`, { data: { tier: "silver", version: customer.version } });
    expect(res.status()).toBe(200);
    await expect(page.getByRole("alert").filter({ hasText: "Ada Admin changed this customer just now." })).toBeVisible();
    await expect(notes).toHaveValue("Typed before their change");
    await admin.dispose();
  });

  test("a record page shows another's change live", async ({ page, login, playwright, baseURL }) => {
    const admin = await apiAs(playwright, baseURL, "admin");
    const customer = await newCustomer(admin, ACCOUNTS.manager);
    await login("manager", `/customers/show/${customer.id}`);
    await expect(page.getByRole("heading", { name: customer.name })).toBeVisible();
    const renamed = unique("Renamed");
    const res = await admin.patch(`/api/customers/${customer.id}`, { data: { name: renamed, version: customer.version } });
    expect(res.status()).toBe(200);
    await expect(page.getByRole("heading", { name: renamed })).toBeVisible();
    await admin.dispose();
  });

  test("a tab's own change is not read again when its live event comes back; its other tab, and another session's change, still are", async ({
    page,
    login,
    playwright,
    baseURL,
  }) => {
    const api = await managerApi(playwright, baseURL);
    const { order } = await orderOfOwn(api, []);
    const status = (p: Page) => p.getByTestId("order-status");
    await login("manager", `/orders/show/${order.id}`);
    const other = await page.context().newPage();
    await other.goto(`/orders/show/${order.id}`);
    await expect(status(other)).toHaveText("Draft");
    await page.bringToFront();
    await expect(status(page)).toHaveText("Draft");
    const reads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "GET" && new URL(r.url()).pathname === `/api/orders/${order.id}`) reads.push(r.url());
    });
    await page.getByRole("group", { name: "Transitions" }).getByRole("button", { name: "Place order" }).click();
    await expect(status(page)).toHaveText("Placed");
    // The same person's other tab learns of the move from the live stream only.
    await expect(status(other)).toHaveText("Placed");
    // Another session's change is news to this tab as ever. The stream keeps its order: by the time
    // this tab shows that change, it has had its own move's event.
    await moveOrder(api, order.id, "paid");
    await expect(status(page)).toHaveText("Paid");
    // One read as its move was answered, one for the other session's change; none for its own event.
    expect(reads).toHaveLength(2);
    await other.close();
    await api.dispose();
  });

  test("one live stream serves the whole tab, and the session is asked once: moving between lists, records and forms reopens neither", async ({
    page,
    login,
  }) => {
    const streams: string[] = [];
    const sessionChecks: string[] = [];
    page.on("request", (r) => {
      const { pathname } = new URL(r.url());
      if (pathname === "/api/events") streams.push(r.url());
      if (pathname === "/api/auth/me") sessionChecks.push(page.url());
    });
    await login("manager", "/orders");
    await expect(page.locator(".ant-table-row").first()).toBeVisible();
    // Signed in and on the list: every click from here waits only for what its page shows.
    sessionChecks.length = 0;
    const menu = page.getByRole("menu");
    for (const [item, heading] of [
      ["Customers", "Customers"],
      ["Products", "Products"],
      ["Dashboard", "Dashboard"],
      ["Orders", "Orders"],
    ]) {
      await menu.getByRole("link", { name: item, exact: true }).click();
      await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
      if (item !== "Dashboard") {
        await page.locator(".ant-table-row").first().getByRole("link").first().click();
        await expect(page).toHaveURL(/\/show\//);
        // The list it came from stays in the page, hidden, until Back shows it again: the record's own heading.
        await expect(page.locator("main").locator("h1, h2, h3, h4").filter({ visible: true }).first()).toBeVisible();
        await page.goBack();
        await expect(page.locator(".ant-table-row").first()).toBeVisible();
      }
    }
    expect(streams).toHaveLength(1);
    expect(sessionChecks, "GET /api/auth/me sent on these pages").toEqual([]);
  });
});
