/**
 * i18next for the whole app, and Refine's i18nProvider over it. The language is decided once
 * at start (language.ts: the stored choice, else the browser's) and changed by the header's
 * control, which stores it. Every catalogue is bundled: two small languages do not earn a
 * backend that fetches them.
 */
import type { I18nProvider } from "@refinedev/core";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { setErrorLocalizer } from "../providers/http-client";
import { EN } from "./catalogues/en";
import { ES } from "./catalogues/es";
import { ES_DEFINITIONS } from "../../domain/i18n/es-definitions";
import { definitionCatalogue } from "./definition-keys";
import { DEFAULT_LANGUAGE, detectLanguage, intlLocale, LANGUAGES, storeLanguage, toLanguage, type Language } from "./language";
import { localizeError, localizeMessage } from "./server-messages";

type Tree = { [key: string]: unknown };
const merge = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === "object" && out[k] && typeof out[k] === "object" ? merge(out[k] as Tree, v as Tree) : v;
  return out;
};

export const CATALOGUES: Record<Language, Tree> = {
  en: merge(EN, definitionCatalogue()),
  es: merge(ES, ES_DEFINITIONS),
};

const setDocumentLanguage = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: CATALOGUES[l] }])),
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(i18n.language);
i18n.on("languageChanged", setDocumentLanguage);

export const currentLanguage = (): Language => toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
export const currentLocale = () => intlLocale(currentLanguage());
/**
 * Strings as i18next gives them, remembered by language, key and options. A page of rows asks for
 * the same few strings again and again on every render (each row's action titles, its status
 * labels, its delete confirm), and i18next resolves each call anew: some 10 µs a call, about 15 ms
 * of a page change. The catalogues are bundled and do not change while the app runs.
 */
const remembered = new Map<string, string>();
/** Counts in strings ("1,204 orders") make new entries: past this many, start again. */
const REMEMBERED_MAX = 5_000;

export function t(key: string, options: Record<string, unknown> = {}): string {
  const id = `${i18n.language}\u0000${key}\u0000${JSON.stringify(options)}`;
  let text = remembered.get(id);
  if (text === undefined) {
    text = i18n.t(key, options);
    if (remembered.size >= REMEMBERED_MAX) remembered.clear();
    remembered.set(id, text);
  }
  return text;
}

/** A domain message (client rule or server answer) in the chosen language. */
export const localize = (text: string) => localizeMessage(text, t, currentLocale());

// Errors reach the views through the one HTTP client: they arrive already in the chosen language.
setErrorLocalizer((error) => localizeError(error, t, currentLanguage(), currentLocale()));

export async function changeLanguage(language: string) {
  const chosen = toLanguage(language) ?? DEFAULT_LANGUAGE;
  storeLanguage(chosen);
  await i18n.changeLanguage(chosen);
}

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) =>
    typeof options === "string"
      ? t(key, { defaultValue: options })
      : t(key, { ...(options as object), ...(defaultMessage !== undefined ? { defaultValue: defaultMessage } : {}) }),
  changeLocale: changeLanguage,
  getLocale: () => currentLanguage(),
};

export { i18n };
