import type { Locale as AntdLocale } from "antd/es/locale";
import type { Tree } from "./catalogue-tree";
import type { Language } from "./language";

/** A language's words: the app's catalogue with the definitions' words, and antd's own. */
export interface LanguagePack {
  catalogue: Tree;
  antd: AntdLocale;
}

/**
 * The languages other than English, each a file fetched when asked for. Imports nothing until
 * then, so the entry can ask for the chosen language's file beside the app's code.
 */
export const LANGUAGE_PACKS: Record<Exclude<Language, "en">, () => Promise<LanguagePack>> = {
  es: () => import("./es-pack").then((m) => m.ES_PACK),
};
