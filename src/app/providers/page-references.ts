import type { BaseRecord, DataProvider } from "@refinedev/core";
import type { QueryClient } from "@tanstack/react-query";
import { arrivedAnswer, readBeside } from "../lib/boot-requests";
import { answeredRows, restReadUrl } from "./early-answers";

/**
 * A table page's references come with the page, not after it.
 *
 * A list's rows name other records (an order its customer), which the page looks up once it has
 * rendered the rows: one wait after another, and a second render when the names arrive. Here, the
 * moment a list's page of rows arrives, the look-ups its table will make are sent, and the rows are
 * handed over with their names' answers in. The page's own look-ups then take those answers
 * (lib/boot-requests.ts) and its first render already has the names (early-answers.ts).
 */

/** The meta a list query carries for its answer to come with its references (entity-list.tsx). */
export const WITH_PAGE_REFERENCES = { pageReferences: true } as const;

/** Rows shown are kept at most this long waiting for their names: past it, they come without. */
export const PAGE_REFERENCES_WAIT_MS = 2_000;

/** A page change waits at most this long for its rows before it shows the old ones under a spinner. */
export const PAGE_AHEAD_WAIT_MS = 300;

/** A look-up the table page on screen makes of its rows' `field`. */
export interface ReferenceLookup {
  field: string;
  resource: string;
}

/** What the one table page of a resource on screen looks up, as it last rendered. */
export interface TablePage {
  /** The look-ups it makes (the reference columns shown that the role may read). */
  lookups: readonly ReferenceLookup[];
  /** The ids each look-up asks for now, by field: those queries are up and read no more. */
  idsNow: ReadonlyMap<string, readonly number[]>;
  /** Rows are on screen: the next ones may wait for their names rather than show without them. */
  hasRows: boolean;
}

const tablePages = new Map<string, TablePage>();

/** The table page of `resource` is on screen (`PageReferences`, as what it looks up changes); returns its removal. */
export function showTablePage(resource: string, page: TablePage): () => void {
  tablePages.set(resource, page);
  return () => {
    if (tablePages.get(resource) === page) tablePages.delete(resource);
  };
}

/** The distinct, sorted ids of a reference column on these rows (a stable query key). */
export function idsOf(rows: readonly Record<string, unknown>[] | undefined, name: string): number[] {
  const ids = new Set<number>();
  for (const row of rows ?? []) {
    const v = row[name];
    if (typeof v === "number") ids.add(v);
  }
  return [...ids].sort((a, b) => a - b);
}

/** `work`, waited for at most `ms`: the caller goes on either way. */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/** Whether Refine's query `key` is a table's own list (read WITH_PAGE_REFERENCES). */
const isTableList = (key: readonly unknown[]) => key[3] === "list" && (key[4] as Record<string, unknown> | undefined)?.pageReferences === true;

const sameIds = (a: readonly number[] | undefined, b: readonly number[]) => !!a && a.length === b.length && a.every((id, i) => id === b[i]);

/** The URLs of the look-ups `page` will make of these rows that it does not make now. */
function newLookupUrls(apiUrl: string, page: TablePage, rows: readonly Record<string, unknown>[]): string[] {
  const urls = [];
  for (const { field, resource } of page.lookups) {
    const ids = idsOf(rows, field);
    // No ids, or the ones already asked for (a list read again unchanged): the page asks nothing new.
    if (!ids.length || sameIds(page.idsNow.get(field), ids)) continue;
    const url = restReadUrl(apiUrl, ["data", "default", resource, "many", ids, {}]);
    if (url) urls.push(url);
  }
  return urls;
}

/** The look-ups `page` will make of these rows, sent now; their answers. */
function readReferencesBeside(apiUrl: string, page: TablePage, rows: readonly Record<string, unknown>[]) {
  return newLookupUrls(apiUrl, page, rows).map(readBeside);
}

/**
 * Whether rows that arrived early for the list query `key` may be shown now: always, unless they
 * would replace the rows of a table page on screen before their names' answers are in. Such rows
 * are left to the query's own read, which waits for the names (withPageReferences), so a page
 * change whose look-up is slow shows the old rows under a spinner, never the new ones as "#5".
 */
export function mayShowEarlyRows(apiUrl: string, key: readonly unknown[], rows: readonly Record<string, unknown>[]): boolean {
  if (!isTableList(key)) return true;
  const page = tablePages.get(key[2] as string);
  if (!page?.hasRows) return true;
  return newLookupUrls(apiUrl, page, rows).every((url) => arrivedAnswer(url) !== undefined);
}

/**
 * `provider` (simple-rest) whose lists asked for WITH_PAGE_REFERENCES send their table page's
 * look-ups as soon as their rows arrive. Rows replacing rows on screen (the next page, a sort, a
 * filter) wait for those answers, up to PAGE_REFERENCES_WAIT_MS; a first page does not wait.
 */
export function withPageReferences(provider: DataProvider, apiUrl: string): DataProvider {
  return {
    ...provider,
    getList: async <TData extends BaseRecord = BaseRecord>(params: Parameters<DataProvider["getList"]>[0]) => {
      const result = await provider.getList<TData>(params);
      const page = params.meta?.pageReferences === true ? tablePages.get(params.resource) : undefined;
      if (!page) return result;
      const answers = readReferencesBeside(apiUrl, page, result.data);
      if (page.hasRows && answers.length) await waitAtMost(Promise.all(answers), PAGE_REFERENCES_WAIT_MS);
      return result;
    },
  };
}

/**
 * The table page of `resource` on screen is going to page `currentPage`: its read is sent now, and
 * its rows' references as soon as its rows are in. Resolves once those answers are in (or there is
 * nothing to wait for): a change of the table's page made then renders once, with the rows and their
 * names (early-answers.ts starts its queries with them). The read is the list query's own, its page
 * changed: found from the query the table observes, its URL built by simple-rest (early-answers.ts),
 * so the query's request takes the answer. Nothing is sent unless exactly one such list is on screen.
 */
export async function readListPageBeside(client: QueryClient, apiUrl: string, resource: string, currentPage: number): Promise<void> {
  const lists = client
    .getQueryCache()
    .findAll({ queryKey: ["data", "default", resource, "list"], type: "active" })
    .filter((query) => isTableList(query.queryKey));
  if (lists.length !== 1) return;
  const key = lists[0].queryKey;
  const params = key[4] as { pagination?: Record<string, unknown> };
  const url = restReadUrl(apiUrl, [...key.slice(0, 4), { ...params, pagination: { ...params.pagination, currentPage } }]);
  if (!url) return;
  const rows = answeredRows(await readBeside(url));
  const page = tablePages.get(resource);
  if (page && rows) await Promise.all(readReferencesBeside(apiUrl, page, rows));
}
