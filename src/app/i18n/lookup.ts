/**
 * A few lines of i18next's behaviour for the light /login page, over the same catalogue: dotted
 * keys, {{name}} interpolation and _one/_other plurals by Intl.PluralRules.
 */
type Catalogue = { [key: string]: string | Catalogue };

function find(catalogue: Catalogue, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

export function makeTranslate(catalogue: Catalogue, fallback: Catalogue, locale: string) {
  const plurals = new Intl.PluralRules(locale);
  return (key: string, params: Record<string, string | number> = {}): string => {
    const count = params.count;
    const plural = typeof count === "number" ? `${key}_${plurals.select(count)}` : undefined;
    const text = (plural && (find(catalogue, plural) ?? find(fallback, plural))) ?? find(catalogue, key) ?? find(fallback, key) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export type Translate = (key: string, params?: Record<string, string | number>) => string;
