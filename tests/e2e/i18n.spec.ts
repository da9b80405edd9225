/** Issue 11, languages: the header's Language control, the choice kept, the browser's language first, Intl formats. */
import type { Page } from "@playwright/test";
import { allowNoAnswer, choose, expect, fieldError, test } from "./fixtures";

type Rec = Record<string, unknown> & { id: number };

async function firstRows(page: Page, url: string) {
  const res = await page.request.get(url);
  expect(res.ok()).toBe(true);
  return (await res.json()) as Rec[];
}

/** The header's Language control, answered with a language's own name. */
async function chooseLanguage(page: Page, name: "English" | "Español") {
  const control = page.getByRole("combobox", { name: /Language/ });
  await page.locator(".ant-select").filter({ has: control }).click();
  await page.locator(".ant-select-dropdown:visible").getByText(name, { exact: true }).click();
}

test("the Language control puts menu, buttons, lists, forms and server errors in Spanish, and the choice survives a reload", async ({ page, login }) => {
  await login("manager");
  const [a, b] = await firstRows(page, "/api/customers?_sort=id&_order=asc&_end=2");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await chooseLanguage(page, "Español");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("heading", { name: "Panel" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pedidos", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Clientes", exact: true }).click();
  await expect(page).toHaveURL(/\/customers/);

  // A list: its headers, its create button, money in Spanish form
  await expect(page.getByRole("columnheader", { name: "Nombre" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Límite de crédito" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Crear/ })).toBeVisible();
  await expect(page.locator(".ant-table-row").first()).toContainText(/\d,\d{2}\s?US\$/);

  // The choice is kept: a reload comes back in Spanish
  await page.reload();
  await expect(page.getByRole("columnheader", { name: "Nombre" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("switchboard.language"))).toBe("es");

  // A form: its labels, a client rule and a server field error, in Spanish
  await page.goto(`/customers/edit/${a.id}`);
  const name = page.getByLabel("Nombre", { exact: true });
  await expect(name).toHaveValue(String(a.name));
  await name.fill("A");
  await expect(fieldError(page, "Nombre")).toHaveText("Debe tener al menos 2 caracteres");
  await name.fill(String(a.name));
  await page.getByLabel("Correo electrónico", { exact: true }).fill(String(b.email));
  await page.getByRole("button", { name: /Guardar/ }).click();
  await expect(fieldError(page, "Correo electrónico")).toHaveText("Ese valor ya está en uso (correo electrónico)");
  await expect(page.getByText("Nivel")).toBeVisible();

  // Dates in Spanish form on the orders list ("5 mar 2026, 14:07")
  // Leaving the unsaved form: the browser asks first
  page.once("dialog", (dialog) => void dialog.accept());
  await page.goto("/orders");
  await expect(page.getByRole("columnheader", { name: "Realizado" })).toBeVisible();
  // Spanish writes the hour without a leading zero ("0:28" just after midnight, "14:05").
  await expect(page.locator(".ant-table-row time").first()).toHaveText(/^\d{1,2} [a-z]{3,5}\.? \d{4}, \d{1,2}:\d{2}$/);

  // And back
  await chooseLanguage(page, "English");
  await expect(page.getByRole("columnheader", { name: "Placed" })).toBeVisible();
  await expect(page.locator(".ant-table-row time").first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
  expect(await page.evaluate(() => localStorage.getItem("switchboard.language"))).toBe("en");
});

/** Spanish's words, a file of their own (decision 117). */
const SPANISH_FILE = /\/assets\/es-pack-[^/]*\.js$/;

test("a page in English never fetches Spanish's words; a first switch to Spanish that cannot fetch them says so and stays in English", async ({
  page,
  login,
  consoleErrors,
}) => {
  const spanish: string[] = [];
  page.on("request", (r) => {
    if (SPANISH_FILE.test(r.url())) spanish.push(r.url());
  });
  await login("manager", "/customers");
  await expect(page.getByRole("columnheader", { name: "Name" })).toBeVisible();
  expect(spanish).toEqual([]);

  await page.route(SPANISH_FILE, (route) => route.abort("internetdisconnected"));
  await chooseLanguage(page, "Español");
  await expect(page.locator(".ant-message")).toContainText("Can't reach the server — check your connection");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("columnheader", { name: "Name" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /Language/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("switchboard.language"))).toBeNull();
  // The file fetched at last, the same control speaks Spanish.
  await page.unroute(SPANISH_FILE);
  await chooseLanguage(page, "Español");
  await expect(page.getByRole("columnheader", { name: "Nombre" })).toBeVisible();
  allowNoAnswer(consoleErrors);
});

test("a Spanish browser with no stored choice starts in Spanish, from the sign-in page on", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-ES" });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByText("Inicie sesión en su cuenta")).toBeVisible();
  await page.getByLabel("Correo electrónico").fill("manager@example.com");
  await page.getByLabel("Contraseña").fill("switchboard-demo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Panel" })).toBeVisible();
  await expect(page.getByRole("combobox", { name: /Language/ })).toBeVisible();
  // Money on the dashboard in Spanish form
  await expect(page.getByText(/^[\d.]+,\d{2}\s?US\$$/).first()).toBeVisible();
  await context.close();
});

test("a stored choice wins over the browser's language, on the light sign-in page too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "es-ES" });
  // Stored before the first page only: the choice made below must survive the next load.
  await context.addInitScript(() => {
    if (!localStorage.getItem("switchboard.language")) localStorage.setItem("switchboard.language", "en");
  });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  // Its own Language control switches it, and the app after it
  await page.getByRole("combobox", { name: "Language" }).selectOption("es");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page).toHaveTitle(/^Iniciar sesión \|/);
  await page.getByLabel("Correo electrónico").fill("auditor@example.com");
  await page.getByLabel("Contraseña").fill("switchboard-demo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("heading", { name: "Panel" })).toBeVisible();
  await context.close();
});

test("enum options in a form speak the chosen language", async ({ page }) => {
  const signIn = await page.request.post("/api/auth/login", { data: { email: "manager@example.com", password: "switchboard-demo" } });
  expect(signIn.ok()).toBe(true);
  await page.addInitScript(() => localStorage.setItem("switchboard.language", "es"));
  await page.goto("/customers/create");
  await expect(page.getByLabel("Nivel")).toBeVisible();
  await choose(page, "Nivel", "Oro");
  await expect(page.locator(".ant-select").filter({ has: page.getByRole("combobox", { name: /Nivel$/ }) })).toContainText("Oro");
});
