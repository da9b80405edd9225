/**
 * The words a person may use for a field or an option in a spreadsheet: its name, its English
 * label, its Spanish label. Compared by `matchKey`, so "Crédito_límite " and "credito limite" meet.
 */
import { ES_DEFINITIONS } from "../../domain/i18n/es-definitions";

/** Case, accents, spaces, `_` and `-` do not tell two headers or two option names apart. */
export const matchKey = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_-]+/g, "");

/** An option's English label, as the app derives it: "on_hold" → "On hold". */
export const humanize = (value: string) => {
  const s = value.replace(/[_-]+/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
};

interface EsField {
  label?: string;
  options?: Record<string, string>;
}

const ES_ENTITIES = ES_DEFINITIONS.entities as Record<string, { fields?: Record<string, EsField> } | undefined>;
const ES_SYSTEM = ES_DEFINITIONS.systemFields as Record<string, EsField | undefined>;

/** The Spanish words for a field of a resource (its own or a system field), when there are any. */
export const esField = (resource: string, field: string): EsField | undefined => ES_ENTITIES[resource]?.fields?.[field] ?? ES_SYSTEM[field];
