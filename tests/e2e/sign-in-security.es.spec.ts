/**
 * Issue 17 in a Spanish browser (project "es"): the code step of a two-factor sign-in and what it
 * answers (a wrong code, then the wait once there were too many), and the profile's security
 * sections, each in the words a Spanish operator reads.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { codeFor } from "../../src/server/two-factor";
import { ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";

async function api(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string | undefined,
  email: string,
  password = DEMO_PASSWORD,
) {
  const c = await playwright.request.newContext({ baseURL });
  expect((await c.post("/api/auth/login", { data: { email, password } })).status()).toBe(200);
  return c;
}

async function newMember(admin: APIRequestContext) {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = { name: `Dolores Doble ${tag}`, email: `dolores.${tag}@example.com`, password: `faro-del-puerto-${tag.slice(-4)}-7391` };
  const res = await admin.post("/api/staff", { data: { ...member, role: "agent", active: true } });
  expect(res.status(), await res.text()).toBe(201);
  return member;
}

async function password(page: Page, email: string, pass: string) {
  await page.getByLabel("Correo electrónico").fill(email);
  await page.getByLabel("Contraseña").fill(pass);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("el paso del código: un código incorrecto, y la espera cuando hay demasiados", async ({ page, playwright, baseURL }) => {
  const admin = await api(playwright, baseURL, ACCOUNTS.admin);
  const member = await newMember(admin);
  await admin.dispose();
  const own = await api(playwright, baseURL, member.email, member.password);
  const { secret } = (await (await own.post("/api/auth/2fa/setup")).json()) as { secret: string };
  expect((await own.post("/api/auth/2fa/enable", { data: { code: codeFor(secret, Date.now()) } })).status()).toBe(200);
  await own.dispose();

  await page.goto("/login");
  await password(page, member.email, member.password);
  await expect(page.getByText("Inicio de sesión en dos pasos")).toBeVisible();
  const code = page.getByLabel("Código de su aplicación");
  await expect(code).toBeFocused();
  // Not the app's current code: each wrong one counts toward the sign-in limit (5 in 15 minutes).
  const right = codeFor(secret, Date.now() + 30_000);
  const wrong = right === "000000" ? "111111" : "000000";
  for (let i = 0; i < 5; i++) {
    await code.fill(wrong);
    await page.getByRole("button", { name: "Verificar e iniciar sesión" }).click();
    await expect(page.getByRole("alert")).toHaveText("Ese código es incorrecto o ya se usó. Pruebe con el siguiente que muestre su aplicación.");
    await expect(code).toHaveValue("");
  }
  await code.fill(right);
  await page.getByRole("button", { name: "Verificar e iniciar sesión" }).click();
  await expect(page.getByRole("alert")).toHaveText(/^Demasiados intentos; vuelva a intentarlo dentro de \d+ (minutos?|segundos?)\.$/);

  await page.getByRole("button", { name: "Usar un código de recuperación" }).click();
  await expect(page.getByLabel("Código de recuperación")).toBeVisible();
  await page.getByRole("button", { name: "Iniciar sesión con otra cuenta" }).click();
  await expect(page.getByLabel("Correo electrónico")).toBeVisible();
});

test("el perfil: doble factor, sesiones y tokens de API, en español", async ({ page, playwright, baseURL }) => {
  const admin = await api(playwright, baseURL, ACCOUNTS.admin);
  const member = await newMember(admin);
  await admin.dispose();

  await page.goto("/login");
  await password(page, member.email, member.password);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByRole("region", { name: "Sesiones" }).getByText("Este navegador")).toBeVisible();
  await expect(page.getByText(/Que no sea una de las contraseñas más comunes/)).toBeVisible();
  const tokens = page.getByRole("region", { name: "Tokens de API" });
  await expect(tokens.getByText("Todavía no hay tokens de API.")).toBeVisible();
  await tokens.getByLabel("Nombre").fill("Informe semanal");
  await tokens.getByRole("checkbox", { name: "Solo lectura" }).check();
  await tokens.getByRole("button", { name: "Crear token" }).click();
  await expect(tokens.getByText("Copie el token ahora: no se vuelve a mostrar.", { exact: false })).toBeVisible();
  await expect(tokens.getByRole("list", { name: "Tokens de API" })).toContainText("Solo lectura");

  const section = page.getByRole("region", { name: "Inicio de sesión en dos pasos" });
  await expect(section.getByText("Desactivado", { exact: true })).toBeVisible();
  await section.getByRole("button", { name: "Configurar el inicio de sesión en dos pasos" }).click();
  await expect(section.getByRole("textbox", { name: "Clave de configuración" })).toBeVisible();
  await section.getByLabel("Código de la aplicación").fill("12345");
  await section.getByRole("button", { name: "Activar" }).click();
  await expect(section.locator(".ant-form-item-explain-error")).toHaveText("Código incorrecto o ya usado");
});
