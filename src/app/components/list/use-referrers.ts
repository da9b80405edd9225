import { useDataProvider, type BaseKey } from "@refinedev/core";
import { useQueries } from "@tanstack/react-query";
import { getEntity } from "../../../domain/entities";
import { API_URL } from "../../config";
import { useLocale } from "../../i18n/use-locale";

type Counts = Record<string, number>;

/**
 * What points at each of these records (a delete would be refused for it), asked while `enabled`
 * (a delete's confirm is open), so the confirm says it before anything is sent. A check that
 * fails says nothing: the delete itself is still refused by the server, in words.
 */
export function useReferrers(resource: string, ids: readonly BaseKey[], enabled: boolean) {
  const getProvider = useDataProvider();
  const l = useLocale();
  const answers = useQueries({
    queries: ids.map((id) => ({
      queryKey: ["referrers", resource, String(id)],
      queryFn: async () => (await getProvider().custom!<{ counts: Counts }>({ url: `${API_URL}/${resource}/${id}/referrers`, method: "get" })).data.counts,
      enabled,
      // Asked again each time a confirm opens: what points at a record changes under it.
      staleTime: 0,
      gcTime: 0,
      retry: false,
    })),
  });
  const checking = enabled && answers.some((a) => a.isPending && a.fetchStatus !== "idle");
  const counts = answers.map((a) => (a.data && Object.keys(a.data).length ? a.data : null));
  /** "44 orders and 2 customers", in the chosen language. */
  const describe = (c: Counts) =>
    new Intl.ListFormat(l.locale, { type: "conjunction" }).format(
      Object.entries(c).map(([r, n]) => {
        const def = getEntity(r);
        return l.t("list.referrerCount", { n: l.number(n), what: (n === 1 ? l.singular(def) : l.entityLabel(def)).toLowerCase() });
      }),
    );
  return { checking, counts, describe };
}
