/**
 * The server speaks English (`{ code, message, errors }`); the operator reads their own
 * language. A field message is matched back to the domain's template (src/domain/messages.ts)
 * or a definition's own message and said again from the catalogue; a top-level message is
 * said by its code. Whatever cannot be matched stays as the server wrote it.
 */
import { ENTITIES } from "../../domain/entities";
import { REFUND_WINDOW_DAYS } from "../../domain/constants";
import type { FieldErrors } from "../../domain/errors";
import { matchMessage } from "../../domain/messages";
import type { AppHttpError } from "../providers/http-client";

export type T = (key: string, options?: Record<string, unknown>) => string;

interface Known {
  /** lower-cased English label → its catalogue key (for "Choose a customer" and the like). */
  labels: Map<string, string>;
  /** a definition's own message (patternMessage, referenceMessage) → its catalogue key. */
  messages: Map<string, string>;
}

let known: Known | null = null;
function definitions(): Known {
  if (known) return known;
  const labels = new Map<string, string>();
  const messages = new Map<string, string>();
  for (const def of ENTITIES) {
    labels.set(def.singular.toLowerCase(), `entities.${def.name}.singular`);
    for (const [name, f] of Object.entries(def.fields)) {
      const key = `entities.${def.name}.fields.${name}`;
      if (!labels.has(f.label.toLowerCase())) labels.set(f.label.toLowerCase(), `${key}.label`);
      if (f.patternMessage) messages.set(f.patternMessage, `${key}.patternMessage`);
      if (f.referenceMessage) messages.set(f.referenceMessage, `${key}.referenceMessage`);
    }
  }
  return (known = { labels, messages });
}

const MONEY = /^-?\$[\d,]+(\.\d+)?$/;
const NUMBER = /^-?[\d,]+(\.\d+)?$/;

/** A number or amount the server wrote in en-US, written again in the operator's locale. */
function localizeNumber(value: string, locale: string): string {
  if (MONEY.test(value)) {
    const dollars = Number(value.replace(/[$,]/g, ""));
    return new Intl.NumberFormat(locale, { style: "currency", currency: "USD" }).format(dollars);
  }
  if (NUMBER.test(value)) return Number(value.replace(/,/g, "")).toLocaleString(locale);
  return value;
}

/** One English field message in the operator's language. */
export function localizeMessage(text: string, t: T, locale: string): string {
  const { labels, messages } = definitions();
  const own = messages.get(text);
  if (own) return t(own, { defaultValue: text });
  const matched = matchMessage(text);
  if (!matched) return text;
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(matched.params)) {
    if (name === "message") params[name] = localizeMessage(value, t, locale);
    else if (name === "what") {
      const key = labels.get(value);
      params[name] = key ? t(key, { defaultValue: value }).toLowerCase() : value;
    } else params[name] = localizeNumber(value, locale);
  }
  return t(`validation.${matched.key}`, { ...params, defaultValue: text });
}

export function localizeFieldErrors(errors: FieldErrors, t: T, locale: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => localizeMessage(m, t, locale))]));
}

const entityLabel = (resource: string, count: number, t: T) => {
  const def = ENTITIES.find((e) => e.name === resource);
  if (!def) return resource;
  return (
    count === 1 ? t(`entities.${resource}.singular`, { defaultValue: def.singular }) : t(`entities.${resource}.label`, { defaultValue: def.label })
  ).toLowerCase();
};

/** What the code's message needs to be said in full, from the error body. */
function codeParams(e: AppHttpError, t: T): Record<string, unknown> | null {
  const body = e.body ?? {};
  switch (e.code) {
    case "FORBIDDEN_FIELD":
      return Array.isArray(body.fields) ? { fields: body.fields.join(", ") } : null;
    case "REFERENCED": {
      const counts = body.counts as Record<string, number> | undefined;
      if (!counts) return null;
      return {
        counts: Object.entries(counts)
          .map(([resource, n]) => `${n} ${entityLabel(resource, n, t)}`)
          .join(", "),
      };
    }
    case "INSUFFICIENT_STOCK": {
      const shortages = body.shortages as { name: string; short: number }[] | undefined;
      if (!Array.isArray(shortages)) return null;
      return { products: shortages.map((s) => `${s.name} (−${s.short})`).join("; ") };
    }
    case "LAST_ADMIN": {
      const name = /^(.+) is the last active admin/.exec(e.message)?.[1];
      return name ? { name } : null;
    }
    case "REFUND_WINDOW_CLOSED":
      return { days: REFUND_WINDOW_DAYS };
    default:
      return {};
  }
}

/**
 * An error as the operator reads it. English keeps the server's words (they are English, and
 * name the record); another language says the code's message, or the field template the
 * message matches (NOT_FOUND's "No such customer"), falling back to the server's words.
 */
export function localizeError(e: AppHttpError, t: T, language: string, locale: string): AppHttpError {
  const errors = e.errors ? localizeFieldErrors(e.errors, t, locale) : undefined;
  let message = e.message;
  if (e.statusCode === 0) message = t("errors.network");
  else if (language !== "en") {
    const matched = matchMessage(e.message);
    const params = e.code ? codeParams(e, t) : null;
    if (matched) message = localizeMessage(e.message, t, locale);
    else if (e.code && params) message = t(`errors.${e.code}`, { ...params, defaultValue: e.message });
    else if (!e.code) message = t("errors.status", { status: e.statusCode, defaultValue: e.message });
  }
  return { ...e, message, ...(errors ? { errors } : {}) };
}
