/**
 * The main journeys again, in a Spanish browser (project "es": locale es-ES, nothing stored):
 * the app starts in Spanish by itself, and every step is asserted in the words a Spanish
 * operator reads.
 */
import type { Page } from "@playwright/test";
import { choose, chooseFirst, expect, fieldError, test, unique } from "./fixtures";

type Rec = Record<string, unknown> & { id: number };

async function signIn(page: Page, email: string) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill("not-the-password");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText("Correo electrónico o contraseña incorrectos.");
  await page.getByLabel("Contraseña").fill("switchboard-demo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
}

test("sign in, and find a customer by search", async ({ page }) => {
  await signIn(page, "manager@example.com");
  await expect(page.getByRole("heading", { name: "Panel" })).toBeVisible();
  const [customer] = (await (await page.request.get("/api/customers?_sort=id&_order=desc&_end=1")).json()) as Rec[];

  await page.getByRole("link", { name: "Clientes", exact: true }).click();
  await expect(page.getByRole("columnheader", { name: "Nivel" })).toBeVisible();
  await page.getByRole("searchbox", { name: "Buscar" }).fill(String(customer.name));
  await expect(page.locator(".ant-table-row")).toHaveCount(1);
  await page.locator(".ant-table-row").first().getByRole("button", { name: "Ver:" }).click();
  await expect(page).toHaveURL(new RegExp(`/customers/show/${customer.id}$`));
  await expect(page.getByRole("heading", { name: String(customer.name) })).toBeVisible();
  // The record's own field, by its Spanish label (the record page may show it more than once; the
  // list it came from, hidden until Back, names it too).
  await expect(page.getByText("Límite de crédito").filter({ visible: true }).first()).toBeVisible();
});

test("create and edit a customer", async ({ page }) => {
  await signIn(page, "manager@example.com");
  const name = unique("Cliente Nuevo");
  await page.goto("/customers");
  await page.getByRole("button", { name: /Crear/ }).click();
  await expect(page).toHaveURL(/\/customers\/create$/);

  await page.getByRole("button", { name: /Guardar/ }).click();
  await expect(fieldError(page, "Nombre")).toHaveText("Obligatorio");
  await page.getByLabel("Nombre", { exact: true }).fill(name);
  await page.getByLabel("Correo electrónico", { exact: true }).fill(`${Date.now().toString(36)}@example.es`);
  await page.getByLabel("Teléfono").fill("abc");
  await expect(fieldError(page, "Teléfono")).toHaveText(/^Solo dígitos/);
  await page.getByLabel("Teléfono").fill("+34 600 000 000");
  await page.getByLabel("Límite de crédito").fill("1500,5");
  await chooseFirst(page, "Propietario");
  await choose(page, "Nivel", "Oro");
  await page.getByRole("button", { name: /Guardar/ }).click();

  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  // The record page itself, not the form still on screen while it loads.
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Oro", { exact: true })).toBeVisible();
  await expect(page.getByText(/^1500,50\s?US\$$/)).toBeVisible();

  await page
    .getByRole("button", { name: /Editar/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
  // The form itself, not the record page (whose "Empresa" is no input) still on screen while it loads.
  await expect(page.getByRole("heading", { name: `Editar ${name}` })).toBeVisible();
  await page.getByLabel("Empresa").fill("Compañía Ejemplo");
  await page.getByRole("button", { name: /Guardar/ }).click();
  await expect(page).toHaveURL(/\/customers\/show\/\d+$/);
  await expect(page.getByText("Compañía Ejemplo")).toBeVisible();
});

test("move an order through a transition", async ({ page }) => {
  await signIn(page, "manager@example.com");
  const [order] = (await (await page.request.get("/api/orders?status=placed&_sort=id&_order=asc&_end=1")).json()) as Rec[];
  await page.goto(`/orders/show/${order.id}`);
  await expect(page.getByRole("heading", { name: `Pedido ${String(order.number)}` })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Realizado");
  const transitions = page.getByRole("group", { name: "Transiciones" });
  await transitions.getByRole("button", { name: "Marcar como pagado" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Pagado");
  await expect(page.getByTestId("timeline-step").last()).toContainText("Pagado");
  await expect(page.getByTestId("timeline-step").last()).toContainText("por ");

  await transitions.getByRole("button", { name: "Cancelar pedido" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Las existencias de sus líneas vuelven al catálogo.");
  await dialog.getByLabel("Motivo").fill("no");
  await dialog.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(dialog).toContainText("Debe tener al menos 3 caracteres");
  await dialog.getByLabel("Motivo").fill("El cliente ya no lo quiere");
  await dialog.getByRole("button", { name: "Cancelar pedido" }).click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelado");
  await expect(page.getByTestId("timeline-step").last()).toContainText("Motivo: El cliente ya no lo quiere");
});
