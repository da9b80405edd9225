import dataProviderSimpleRest from "@refinedev/simple-rest";
import type { QueryClient } from "@tanstack/react-query";
import type { AxiosInstance } from "axios";
import { DEFAULT_PAGE_SIZE } from "../../domain/constants";
import type { EntityDef } from "../../domain/fields";
import { arrivedAnswer, type BootAnswer } from "../lib/boot-requests";

/**
 * simple-rest itself, over a client that only notes the URL it is asked for: the URL a list or a
 * look-up of Refine's would read, built by the same code that builds it for the real request.
 */
let asked: string | undefined;
const recorder = {
  get: (url: string) => {
    asked = url;
    return new Promise(() => undefined);
  },
} as unknown as AxiosInstance;

const ignore = () => undefined;

/** One recording provider per API address: restReadUrl runs for every query the app builds. */
const recording = new Map<string, ReturnType<typeof dataProviderSimpleRest>>();

/**
 * The REST URL that Refine's query `key` reads through simple-rest (a list's page, a look-up of
 * records by id), or undefined for a query of any other kind or provider. Keys are Refine's:
 * `["data", provider, resource, "list", { ...meta, filters, pagination, sorters }]` and
 * `["data", provider, resource, "many", ids, meta]`.
 */
export function restReadUrl(apiUrl: string, key: readonly unknown[]): string | undefined {
  const [scope, provider, resource, action, first, second] = key;
  if (scope !== "data" || provider !== "default" || typeof resource !== "string") return undefined;
  let rest = recording.get(apiUrl);
  if (!rest) recording.set(apiUrl, (rest = dataProviderSimpleRest(apiUrl, recorder)));
  asked = undefined;
  if (action === "list" && first && typeof first === "object") {
    const { filters, pagination, sorters, ...meta } = first as Record<string, unknown>;
    // Runs up to its request at once; a method other than GET (which no early answer is) throws, ignored.
    void rest.getList({ resource, filters, pagination, sorters, meta } as Parameters<typeof rest.getList>[0]).catch(ignore);
  } else if (action === "many" && Array.isArray(first)) {
    void rest.getMany({ resource, ids: first, meta: (second ?? {}) as Record<string, unknown> }).catch(ignore);
  }
  return asked;
}

/**
 * The first page a list reads when opened by its bare path (`/orders`, nothing after it): the page
 * its table asks for (components/list/entity-list.tsx) before a saved view or page size of the
 * person's can apply, at the definition's default sort and the default page size. Undefined for
 * any other path, and for a list whose address carries its own page, sort or filters.
 */
export function listReadForPath(apiUrl: string, path: string, search: string, defs: readonly EntityDef[]): string | undefined {
  if (search !== "") return undefined;
  const def = defs.find((d) => path === `/${d.name}`);
  if (!def) return undefined;
  const query = { filters: [], pagination: { currentPage: 1, pageSize: DEFAULT_PAGE_SIZE, mode: "server" }, sorters: [def.list.defaultSort] };
  return restReadUrl(apiUrl, ["data", "default", def.name, "list", query]);
}

/** The records an early answer holds: a 200 whose body is a JSON array, else undefined. */
export function answeredRows(answer: BootAnswer | null | undefined): Record<string, unknown>[] | undefined {
  if (answer?.status !== 200) return undefined;
  try {
    const data: unknown = JSON.parse(answer.body);
    return Array.isArray(data) ? (data as Record<string, unknown>[]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A page load's first reads are sent before the app's code (lib/boot-requests.ts), so on a return
 * visit their answers are usually in when the page first renders; but a query only learns its
 * answer a few tasks after it starts, so the page rendered once without its rows and once more with
 * them (and a third time with the rows' names). Here a list or look-up built while the early answer
 * to its own URL is in starts with that answer: the page's first render has its rows and names.
 * The query still makes its own request, which takes that same answer (so nothing is asked twice)
 * and leaves the data as it is; the early answers' rules (that page, that age, no write since) hold,
 * and `mayShow` can keep rows back for their query's own read to deliver. REST only: the GraphQL
 * provider reads otherwise. Returns the unsubscribe.
 */
export function startQueriesWithEarlyAnswers(
  client: QueryClient,
  apiUrl: string,
  mayShow: (key: readonly unknown[], rows: Record<string, unknown>[]) => boolean = () => true,
): () => void {
  return client.getQueryCache().subscribe((event) => {
    if (event.type !== "added") return;
    const { query } = event;
    if (query.state.data !== undefined || (query.options as { enabled?: unknown }).enabled === false) return;
    const url = restReadUrl(apiUrl, query.queryKey);
    const answer = url === undefined ? undefined : arrivedAnswer(url);
    const data = answeredRows(answer);
    if (!answer || !data || !mayShow(query.queryKey, data)) return;
    // As simple-rest reads a list's total: the header, else the rows' count.
    const total = Number(answer.headers["x-total-count"]);
    query.setData(query.queryKey[3] === "list" ? { data, total: total || data.length } : { data });
  });
}
