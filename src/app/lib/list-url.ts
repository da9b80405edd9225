/**
 * A list page's URL with filters and sorters in the shape Refine's syncWithLocation reads back
 * (`filters[0][field]=…`), so a link opens the list already filtered, with its filter controls set.
 */
export interface UrlFilter {
  field: string;
  operator: "eq" | "in" | "gte" | "lte";
  value: string | number | readonly (string | number)[];
}

export function listUrl(resource: string, filters: UrlFilter[], sorters: { field: string; order: "asc" | "desc" }[] = []): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number) => parts.push(`${key}=${encodeURIComponent(String(value))}`);
  filters.forEach((f, i) => {
    add(`filters[${i}][field]`, f.field);
    add(`filters[${i}][operator]`, f.operator);
    if (Array.isArray(f.value)) f.value.forEach((v: string | number, j: number) => add(`filters[${i}][value][${j}]`, v));
    else add(`filters[${i}][value]`, f.value as string | number);
  });
  sorters.forEach((s, i) => {
    add(`sorters[${i}][field]`, s.field);
    add(`sorters[${i}][order]`, s.order);
  });
  return parts.length ? `/${resource}?${parts.join("&")}` : `/${resource}`;
}

/** Every event about the same record, newest first: the record's whole history in the log. */
export const recordHistoryUrl = (resource: string, recordId: number) =>
  listUrl(
    "audit-events",
    [
      { field: "resource", operator: "in", value: [resource] },
      { field: "recordId", operator: "gte", value: recordId },
      { field: "recordId", operator: "lte", value: recordId },
    ],
    [{ field: "at", order: "desc" }],
  );

/** A record's page or edit form, as the app's routes name them (`/<resource>/show/<id>`). */
export const recordUrl = (resource: string, action: "show" | "edit", id: string | number) => `/${resource}/${action}/${encodeURIComponent(String(id))}`;
