/**
 * i18next for the whole app, and Refine's i18nProvider over it. The language is decided once
 * at start (language.ts: the stored choice, else the browser's) and changed by the header's
 * control, which stores it. English is bundled: it is the default and every string's fallback.
 * Another language comes as a file of its own (its catalogue and antd's words in it) when the app
 * starts in it or switches to it, so a page in English does not fetch and parse Spanish.
 */
import type { I18nProvider } from "@refinedev/core";
import enUS from "antd/es/locale/en_US";
import type { Locale as AntdLocale } from "antd/es/locale";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { setErrorLocalizer } from "../providers/http-client";
import { mergeTrees, type Tree } from "./catalogue-tree";
import { EN } from "./catalogues/en";
import { definitionCatalogue } from "./definition-keys";
import { DEFAULT_LANGUAGE, detectLanguage, intlLocale, LANGUAGES, storeLanguage, toLanguage, type Language } from "./language";
import { LANGUAGE_PACKS, type LanguagePack } from "./language-packs";
import { localizeError, localizeMessage } from "./server-messages";

export const EN_CATALOGUE: Tree = mergeTrees(EN, definitionCatalogue());

/** The languages whose words are in, by language. */
const packs: Partial<Record<Language, LanguagePack>> & { en: LanguagePack } = { en: { catalogue: EN_CATALOGUE, antd: enUS } };

/** Brings a language's words in once (fetching its file the first time); rejects if they cannot be fetched. */
async function loadLanguage(language: Language): Promise<void> {
  if (language === "en" || packs[language]) return;
  const pack = await LANGUAGE_PACKS[language]();
  i18n.addResourceBundle(language, "translation", pack.catalogue);
  packs[language] = pack;
}

/** antd's own words (table sorters, pagination, pickers, confirm buttons) in a language whose words are in, else English. */
export const antdLocale = (language: Language): AntdLocale => (packs[language] ?? packs.en).antd;

const setDocumentLanguage = (language: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = language;
};

// English until the chosen language's words are in: i18next must never say a string in a language
// it has no words of (it would fall back to English, and `t` would remember that for the language).
void i18n.use(initReactI18next).init({
  resources: { en: { translation: EN_CATALOGUE } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
});
setDocumentLanguage(i18n.language);
i18n.on("languageChanged", setDocumentLanguage);

/**
 * The language the app starts in, once its words are in (at once for English). The first render
 * waits for it; if its file cannot be fetched the app stays in English, and the header's control
 * can ask again.
 */
export const startLanguage: Promise<void> = (() => {
  const language = detectLanguage();
  if (language === DEFAULT_LANGUAGE) return Promise.resolve();
  return loadLanguage(language).then(
    () => i18n.changeLanguage(language).then(() => undefined),
    () => undefined,
  );
})();

export const currentLanguage = (): Language => toLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
export const currentLocale = () => intlLocale(currentLanguage());
/**
 * Strings as i18next gives them, remembered by language, key and options. A page of rows asks for
 * the same few strings again and again on every render (each row's action titles, its status
 * labels, its delete confirm), and i18next resolves each call anew: some 10 µs a call, about 15 ms
 * of a page change. A language's words do not change once in, and none is said before they are.
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

/** Switches to a language once its words are in; rejects, changing nothing, if they cannot be fetched. */
export async function changeLanguage(language: string) {
  const chosen = toLanguage(language) ?? DEFAULT_LANGUAGE;
  await loadLanguage(chosen);
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
