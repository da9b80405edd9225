/**
 * Which language the app speaks: the one the operator chose (kept in localStorage), else the
 * first of the browser's languages we have, else English. Plain code, no i18next, so the light
 * /login page decides exactly as the app does.
 */
export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";
export const LANGUAGE_STORAGE_KEY = "switchboard.language";

/** The locale Intl formats numbers, money and dates in, per language. */
const INTL_LOCALES: Record<Language, string> = { en: "en-US", es: "es-ES" };
export const intlLocale = (language: string): string => INTL_LOCALES[toLanguage(language) ?? DEFAULT_LANGUAGE];

/** "es-ES", "es_MX", "ES" → "es"; anything we do not speak → null. */
export function toLanguage(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((l) => l === base) ?? null;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy settings): the browser's language still applies
  }
}

export function detectLanguage(
  stored = storage()?.getItem(LANGUAGE_STORAGE_KEY),
  preferred: readonly string[] = typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]),
): Language {
  const chosen = toLanguage(stored);
  if (chosen) return chosen;
  for (const tag of preferred) {
    const language = toLanguage(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

export function storeLanguage(language: Language) {
  try {
    storage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // not kept across reloads then; the choice still holds for this page
  }
}
