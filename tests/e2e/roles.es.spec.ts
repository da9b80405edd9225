/**
 * The roles screen in a Spanish browser (project "es"): the grid, what a Custom cell holds, the
 * form, and what a staff member may do, all in the words a Spanish admin reads.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function signIn(page: Page, email: string, password = "switchboard-demo") {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
}

test("the roles screen speaks Spanish", async ({ page }) => {
  await signIn(page, "admin@example.com");

  await page.getByRole("menu").getByRole("menuitem", { name: "Roles" }).click();
  await expect(page.getByRole("columnheader", { name: "Clave" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Exige doble factor" })).toBeVisible();
  await page.locator(".ant-table-row", { hasText: "agent" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/roles\/show\/\d+$/);

  const grid = page.getByRole("region", { name: "Permisos por recurso y acción" });
  for (const header of ["Recurso", "Leer", "Crear", "Editar", "Eliminar", "Mover pedidos"])
    await expect(grid.getByRole("columnheader", { name: header })).toBeVisible();
  await expect(grid.getByRole("rowheader", { name: "Pedidos" })).toBeVisible();
  await expect(grid.getByText("A medida").first()).toBeVisible();
  await expect(grid.getByText("Todo").first()).toBeVisible();
  const orderEdits = page.getByRole("region", { name: "Pedidos · Editar" });
  await expect(orderEdits).toContainText("Regla 2");
  await expect(orderEdits).toContainText("Solo las filas en que Responsable es quien ha iniciado sesión y Estado es Borrador");
  await expect(page.getByRole("region", { name: "Pedidos · Mover pedidos" })).toContainText("A los estados: Realizado, Pagado, Enviado, Entregado");
  await page.getByRole("tab", { name: "Miembros" }).click();
  await expect(page.getByRole("tabpanel").getByRole("link", { name: "Alan Agent" })).toBeVisible();

  // The form: a cell turned A medida opens its fields and conditions.
  await page.goto("/roles/create");
  await expect(page.getByRole("heading", { name: "Nuevo registro: rol" })).toBeVisible();
  await page.getByRole("radiogroup", { name: "Clientes: Leer" }).getByText("A medida", { exact: true }).click();
  const read = page.getByRole("region", { name: "Clientes · Leer" });
  await expect(read.getByRole("checkbox", { name: "Límite de crédito" })).toBeChecked();
  await read.getByRole("button", { name: "Añadir una condición" }).click();
  await expect(read.getByRole("group", { name: "Condición sobre Propietario" })).toContainText("es quien ha iniciado sesión");
  await read.getByRole("button", { name: "Añadir una excepción" }).click();
  await expect(read.getByText("Excepción 1")).toBeVisible();

  // What a staff member may do, on their page.
  await page.goto("/staff");
  await page.getByRole("link", { name: "Alan Agent" }).click();
  await page.getByRole("tab", { name: "Qué puede hacer" }).click();
  await expect(page.getByRole("tabpanel")).toContainText("Solo las filas en que Propietario es Alan Agent");
});

test("a role that grants nothing: an empty menu and a polite dashboard", async ({ page, browser, baseURL }) => {
  // An admin makes the role and its member through the API, as a script would.
  const tag = Date.now().toString(36);
  await signIn(page, "admin@example.com");
  const role = await page.request.post("/api/roles", { data: { key: `nada-${tag}`, name: `Nada ${tag}`, rules: [] } });
  expect(role.ok()).toBe(true);
  const email = `nadie.${tag}@example.com`;
  const member = await page.request.post("/api/staff", { data: { name: `Nadie ${tag}`, email, role: `nada-${tag}`, password: "una-contraseña-larga" } });
  expect(member.ok()).toBe(true);

  const theirs = await browser.newContext({ baseURL, locale: "es-ES" });
  const them = await theirs.newPage();
  const errors: string[] = [];
  them.on("pageerror", (e) => errors.push(e.message));
  await signIn(them, email, "una-contraseña-larga");
  await expect(them.getByRole("region", { name: "Todavía no hay nada que mostrar" })).toBeVisible();
  await expect(them.getByText("Su rol no le da acceso a ninguna de estas cifras")).toBeVisible();
  await expect(them.getByRole("menu").getByRole("menuitem")).toHaveText(["Panel"]);
  expect(errors).toEqual([]);
  await theirs.close();
});
