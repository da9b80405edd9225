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
export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {});

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
      ? i18n.t(key, { defaultValue: options })
      : i18n.t(key, { ...(options as object), ...(defaultMessage !== undefined ? { defaultValue: defaultMessage } : {}) }),
  changeLocale: changeLanguage,
  getLocale: () => currentLanguage(),
};

export { i18n };
