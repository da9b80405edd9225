/**
 * Issue 20, words: a Spanish operator reads no English. An admin walks every screen (each
 * resource's list, record, new and edit form; the dashboard, audit log, profile, trash, roles and
 * import) in a Spanish browser, and no text on screen may be one of the English catalogue's
 * strings that Spanish says otherwise.
 */
import type { Page } from "@playwright/test";
import { ENTITIES } from "../../src/domain/entities";
import { BUILT_IN_ROLES } from "../../src/domain/roles/built-in";
import { listUrl } from "../../src/app/lib/list-url";
import { ES_DEFINITIONS } from "../../src/domain/i18n/es-definitions";
import { EN } from "../../src/app/i18n/catalogues/en";
import { ES } from "../../src/app/i18n/catalogues/es";
import { definitionCatalogue } from "../../src/app/i18n/definition-keys";
import { expect, test, refuseAsLastAdmin } from "./fixtures";

type Tree = { [key: string]: unknown };

/** Every leaf string of a catalogue, by its dotted key. */
function leaves(tree: Tree, prefix = "", out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else if (v && typeof v === "object") leaves(v as Tree, key, out);
  }
  return out;
}

const en = new Map([...leaves(EN as unknown as Tree), ...leaves(definitionCatalogue() as Tree)]);
const es = new Map([...leaves(ES as unknown as Tree), ...leaves(ES_DEFINITIONS as unknown as Tree)]);
const spanish = new Set(es.values());

/**
 * The English words a Spanish screen must not show: each key's English where its Spanish differs.
 * Templates ({{name}}) are left out (their text is data-dependent), and so are words Spanish
 * uses too under another key ("Total", "Email" in a product name) and single characters.
 */
const ENGLISH = new Set(
  [...en]
    .filter(([key, text]) => es.has(key) && es.get(key) !== text && !text.includes("{{") && !text.includes("<") && text.trim().length > 1)
    .map(([, text]) => text.trim())
    .filter((text) => !spanish.has(text)),
);

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Correo electrónico").fill("admin@example.com");
  await page.getByLabel("Contraseña").fill("switchboard-demo");
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
}

/** The built-in roles are records, named in English like their catalogue labels: data, on the roles' own pages. */
const ROLE_NAMES = new Set(BUILT_IN_ROLES.map((r) => String(r.name)));

/** A count in the singular said in the plural ("Quedan 1", "1 seleccionados"). */
const WRONG_PLURAL = /(^|\s)(Quedan|quedan|Se eliminarán|Se cambiarán) 1(\s|$)|(^|\s)1 (seleccionados|realizados|pedidos|artículos|reglas)\b/;

/** The visible text nodes (and placeholders) of the page that are English catalogue strings or a wrong plural. */
async function englishOnScreen(page: Page, url: string): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest("script, style, .sb-visually-hidden")) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      out.push(text);
    }
    for (const input of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input[placeholder], textarea[placeholder]"))
      if (input.checkVisibility()) out.push(input.placeholder.trim());
    return out;
  });
  const data = (t: string) => url.startsWith("/roles") && ROLE_NAMES.has(t);
  return [...new Set(texts.filter((t) => (ENGLISH.has(t) && !data(t)) || WRONG_PLURAL.test(t)))];
}

/** Open a screen, wait for it to settle (its data in, no spinner), and list any English on it. */
async function walk(page: Page, url: string, found: Map<string, string[]>) {
  await page.goto(url);
  await expect(page.getByRole("banner").getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton")).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await expect(page.locator("main .ant-spin-spinning, main .ant-skeleton")).toHaveCount(0);
  const english = await englishOnScreen(page, url);
  if (english.length) found.set(url, english);
}

test("every screen an admin opens in Spanish shows no English", async ({ page }) => {
  test.setTimeout(600_000);
  expect(ENGLISH.size, "the catalogues were read").toBeGreaterThan(200);
  await signIn(page);
  const found = new Map<string, string[]>();
  const screens = [
    "/",
    "/audit-events",
    "/profile",
    "/trash",
    // Lists with a filter set show their filter controls filled in, and the way to clear them.
    listUrl("audit-events", [{ field: "action", operator: "in", value: ["login_failed"] }]),
    listUrl("customers", [{ field: "tier", operator: "in", value: ["gold"] }]),
    listUrl("orders", [{ field: "status", operator: "in", value: ["placed"] }]),
  ];
  for (const def of ENTITIES) {
    const [first] = (await (await page.request.get(`/api/${def.name}?_end=1`)).json()) as { id: number }[];
    screens.push(`/${def.name}`);
    if (first) screens.push(`/${def.name}/show/${first.id}`);
    if (!def.readOnly) {
      screens.push(`/${def.name}/create`);
      if (first) screens.push(`/${def.name}/edit/${first.id}`);
    }
    if (def.importable) screens.push(`/${def.name}/import`);
  }
  for (const url of screens) await walk(page, url, found);
  expect(Object.fromEntries(found), "English on Spanish screens").toEqual({});
});

test("an admin editing themselves reads why role and active are locked, and a refusal on the form, in Spanish", async ({ page }) => {
  await signIn(page);
  const { user } = (await (await page.request.get("/api/auth/me")).json()) as { user: { id: number; name: string } };
  await page.goto(`/staff/edit/${user.id}`);
  await expect(page.getByText("El rol y Activo están bloqueados en su propia cuenta", { exact: false })).toBeVisible();
  // The server's refusal when the last admin would go (answered here for the form to show it).
  await refuseAsLastAdmin(page, user);
  await page.getByRole("button", { name: "Guardar" }).click();
  const refusal = page.locator("form").getByRole("alert");
  await expect(refusal).toContainText("El servidor rechazó el guardado");
  await expect(refusal).toContainText(`${user.name} es el último administrador activo. Haga administrador a otra persona primero.`);
});
