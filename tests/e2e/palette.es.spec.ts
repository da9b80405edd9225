import { ACCOUNTS, DEMO_PASSWORD, expect, test } from "./fixtures";

// Issue 20: the palette says in the operator's language when nothing matches.

test("en español, la paleta dice «Sin resultados» cuando nada coincide", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill(ACCOUNTS.manager);
  await page.getByLabel("Contraseña").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByTestId("session")).toBeVisible();
  await page.keyboard.press("Control+k");
  const dialog = page.getByRole("dialog", { name: "Paleta de comandos" });
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const search = dialog.getByRole("combobox", { name: "Paleta de comandos" });
  await expect(search).toBeFocused();
  await page.keyboard.type("zz-nada-coincide-zz", { delay: 2 });
  await expect(search).toHaveValue("zz-nada-coincide-zz");
  await expect(dialog.getByRole("status")).toHaveText("Sin resultados");
  await expect(dialog.getByRole("option")).toHaveCount(0);
});
