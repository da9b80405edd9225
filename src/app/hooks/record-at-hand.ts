import { keys, type BaseKey, type BaseRecord, type GetListResponse, type GetOneResponse } from "@refinedev/core";
import { API_URL } from "../config";
import { arrivedAnswer } from "../lib/boot-requests";
import { recordReadUrl } from "../lib/route-modules";
import { queryClient } from "../providers/query-client";

/** The keys of a resource's reads in Refine's cache, by the one data provider the app reads records through. */
const cachedReads = (resource: string) => keys().data("default").resource(resource);

/**
 * A record this tab already holds, as a record page's own request would answer it: what the page
 * shows at once while that request is on its way (react-query's placeholder, replaced by the
 * answer). First the record itself if it was read ahead as the app navigated here and has arrived
 * (the page's request then takes that same answer); else a row of a list this tab has loaded. Rows
 * and records come from the same API under the same rules, so they hold the same fields; a row
 * older than the record is corrected when the answer arrives.
 */
export function recordAtHand(resource: string, id: BaseKey | undefined): GetOneResponse<BaseRecord> | undefined {
  if (id === undefined || id === "") return undefined;
  const ahead = arrivedAnswer(recordReadUrl(API_URL, resource, id));
  if (ahead?.status === 200) {
    try {
      return { data: JSON.parse(ahead.body) as BaseRecord };
    } catch {
      // Not a record after all: the page's own request says what it is.
    }
  }
  const lists = queryClient.getQueriesData<GetListResponse<BaseRecord>>({ queryKey: cachedReads(resource).action("list").get() });
  for (const [, list] of lists) {
    const row = list?.data?.find((r) => String(r.id) === String(id));
    if (row) return { data: row };
  }
  return undefined;
}

/**
 * A save's answer is the record as the server now holds it, stripped for its reader as a read of
 * it is: the record's cached read takes it, so the record's page a save goes to shows what was
 * saved at once, not what the tab held before, and the form's own query does not read it again.
 * The page's read as it opens still confirms it.
 */
export function keepSavedRecord(resource: string, id: BaseKey, saved: BaseRecord | undefined) {
  if (!saved) return;
  queryClient.setQueriesData<GetOneResponse<BaseRecord>>({ queryKey: cachedReads(resource).action("one").id(id).get() }, (held) =>
    held ? { ...held, data: saved } : held,
  );
}
