import { describe, expect, it } from "vitest";
import { ENTITIES } from "../../domain/entities";
import { ERROR_STATUS } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { EN } from "./catalogues/en";
import { ES } from "./catalogues/es";
import { ES_DEFINITIONS } from "../../domain/i18n/es-definitions";
import { definitionCatalogue, fieldKey, optionKey, relatedLabelKey } from "./definition-keys";
import type { Tree } from "./catalogue-tree";
import { ES_PACK } from "./es-pack";
import { EN_CATALOGUE } from "./index";
import { LOGIN_EN, LOGIN_ES } from "./login-catalogue";

/** Every leaf key, dotted; plural forms (_one, _other) counted as their base key. */
function keys(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === "object") return keys(v as Tree, key);
    expect(typeof v, key).toBe("string");
    expect(v, key).not.toBe("");
    return [key];
  });
}
const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, "");
const keySet = (tree: Tree) => new Set(keys(tree).map(pluralBase));

describe("the catalogues", () => {
  const en = keySet(EN_CATALOGUE);
  const es = keySet(ES_PACK.catalogue);

  it("Spanish has every English key", () => expect([...en].filter((k) => !es.has(k))).toEqual([]));
  it("English has every Spanish key (no stale translations)", () => expect([...es].filter((k) => !en.has(k))).toEqual([]));

  it("the light sign-in page's catalogue is complete in both languages", () => {
    const a = keySet(LOGIN_EN);
    const b = keySet(LOGIN_ES);
    expect([...a].filter((k) => !b.has(k))).toEqual([]);
    expect([...b].filter((k) => !a.has(k))).toEqual([]);
  });

  it("every key the definitions give rise to is translated", () => {
    const derived = keys(definitionCatalogue());
    expect(derived.length).toBeGreaterThan(100);
    const spanish = keySet(ES_DEFINITIONS);
    expect(derived.filter((k) => !spanish.has(k))).toEqual([]);
    // and the views' key builders point inside them
    for (const def of ENTITIES) {
      expect(es.has(`entities.${def.name}.label`) && es.has(`entities.${def.name}.singular`)).toBe(true);
      expect(es.has(`${def.name}.titles.list`) && es.has(`${def.name}.${def.name}`)).toBe(true);
      for (const [name, f] of Object.entries(def.fields)) {
        expect(es.has(`${fieldKey(def.name, name)}.label`), `${def.name}.${name}`).toBe(true);
        for (const o of f.options ?? []) expect(es.has(optionKey(def.name, name, o)), `${def.name}.${name}=${o}`).toBe(true);
      }
      for (const r of def.related ?? []) expect(es.has(relatedLabelKey(def.name, r))).toBe(true);
    }
    for (const name of ["id", "createdAt", "updatedAt", "version"]) expect(es.has(`${fieldKey("customers", name)}.label`)).toBe(true);
  });

  it("every error code of the catalogue and every domain message has its words", () => {
    for (const code of [...Object.keys(ERROR_STATUS), "UNAVAILABLE"]) {
      expect(en.has(`errors.${code}`), code).toBe(true);
      expect(es.has(`errors.${code}`), code).toBe(true);
    }
    for (const key of Object.keys(MESSAGES)) expect(es.has(`validation.${key}`), key).toBe(true);
  });

  it("Refine's and @refinedev/antd's own keys are there", () => {
    for (const key of [
      "buttons.create",
      "buttons.save",
      "buttons.edit",
      "buttons.show",
      "buttons.delete",
      "buttons.refresh",
      "buttons.list",
      "buttons.cancel",
      "buttons.confirm",
      "buttons.filter",
      "buttons.clear",
      "buttons.undo",
      "buttons.export",
      "buttons.logout",
      "pages.login.title",
      "pages.login.signin",
      "pages.login.fields.email",
      "pages.login.fields.password",
      "pages.login.errors.requiredEmail",
      "pages.error.404",
      "pages.error.backHome",
      "table.actions",
      "warnWhenUnsavedChanges",
      "actions.create",
      "actions.edit",
      "actions.show",
      "notifications.success",
      "notifications.error",
      "notifications.undoable",
      "notifications.createSuccess",
      "notifications.editSuccess",
      "notifications.deleteSuccess",
      "notifications.createError",
      "notifications.editError",
      "notifications.deleteError",
    ])
      expect(es.has(key) && en.has(key), key).toBe(true);
  });

  it("keeps the same {{placeholders}} in both languages, so no value is dropped", () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const leaf = (tree: Tree, key: string) => key.split(".").reduce<unknown>((n, p) => (n as Tree | undefined)?.[p], tree);
    // "taken" and "LAST_ADMIN" may say less in Spanish, never more
    for (const key of keys(EN as unknown as Tree)) {
      const spanish = leaf(ES as unknown as Tree, key);
      if (typeof spanish !== "string") continue;
      for (const p of placeholders(spanish)) expect(placeholders(leaf(EN as unknown as Tree, key) as string), key).toContain(p);
    }
  });
});
