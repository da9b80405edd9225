import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext } from "@playwright/test";
import { ACCOUNTS, DEMO_PASSWORD, expect, test, unique } from "./fixtures";

// Issue 20, the palette: a labelled modal dialog to assistive technology, in the app's font, that
// takes the focus from wherever it was (the skip link too), loses no key however fast they come,
// and says when nothing matches.

async function newProduct(playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } }, baseURL: string | undefined) {
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post("/api/auth/login", { data: { email: ACCOUNTS.manager, password: DEMO_PASSWORD } })).status()).toBe(200);
  const name = unique("Scanned");
  const categoryId = ((await (await api.get("/api/categories?_end=1")).json()) as { id: number }[])[0].id;
  const sku = `SCN-${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1e4)}`.slice(0, 20);
  const res = await api.post("/api/products", { data: { sku, name, categoryId, price: 100, cost: 1, stock: 3, status: "active" } });
  expect(res.status(), await res.text()).toBe(201);
  await api.dispose();
  return { sku, name };
}

test("from the skip link, the palette opens as a labelled dialog with the focus and takes a scanned SKU whole", async ({
  page,
  login,
  playwright,
  baseURL,
}) => {
  const product = await newProduct(playwright, baseURL);
  await login("manager", "/orders");
  await expect(page.getByRole("heading", { name: "Orders" })).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to main content" })).toBeFocused();
  // A barcode scanner: the shortcut, then the SKU at machine speed, before the palette is even there.
  await page.keyboard.press("Control+k");
  await page.keyboard.type(product.sku, { delay: 2 });

  const dialog = page.getByRole("dialog", { name: "Command palette" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const search = dialog.getByRole("combobox", { name: "Command palette" });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(product.sku);
  await expect(dialog.getByRole("option", { name: new RegExp(product.name) })).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).include("[role='dialog']").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  // The app's font, not the browser's default for a field.
  const appFont = await page.getByRole("heading", { name: "Orders" }).evaluate((el) => getComputedStyle(el).fontFamily);
  expect(await search.evaluate((el) => getComputedStyle(el).fontFamily)).toBe(appFont);

  // Nothing matches: said in words, once the server's search has answered.
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.type(`${product.sku}-none`, { delay: 2 });
  await expect(search).toHaveValue(`${product.sku}-none`);
  await expect(dialog.getByRole("status")).toHaveText("No results");
  await expect(dialog.getByRole("option")).toHaveCount(0);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // Opened again over a page: the same, with the keys typed at once.
  await page.keyboard.press("Control+k");
  await page.keyboard.type(product.sku, { delay: 2 });
  await expect(search).toHaveValue(product.sku);
  await expect(dialog.getByRole("option", { name: new RegExp(product.name) })).toBeVisible();
});

test("once the first page is up, the palette's and the other pages' code arrive by themselves: the first Ctrl+K and the first record need no wait", async ({
  page,
  login,
}) => {
  const fetched = (name: string) => page.waitForResponse((r) => new RegExp(`/assets/${name}-[\\w-]+\\.js$`).test(new URL(r.url()).pathname) && r.ok());
  const palette = fetched("command-palette");
  const record = fetched("show-page");
  const form = fetched("edit-page");
  await login("agent", "/customers");
  await expect(page.locator(".ant-table-row").first()).toBeVisible();
  // Nothing pressed, nothing clicked.
  await Promise.all([palette, record, form]);
  const asked: string[] = [];
  page.on("request", (r) => void (r.resourceType() === "script" && asked.push(r.url())));
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("dialog", { name: "Command palette" })).toBeVisible();
  await page.keyboard.press("Escape");
  // The palette gone, then the row's link (a click while it was still closing once went nowhere in CI).
  await expect(page.getByRole("dialog", { name: "Command palette" })).toHaveCount(0);
  await page.locator(".ant-table-row").first().getByRole("link").first().click();
  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.getByRole("tab").first()).toBeVisible();
  expect(asked).toEqual([]);
});
