import { keys, type BaseKey, type BaseRecord, type GetListResponse, type GetOneResponse } from "@refinedev/core";
import { queryClient } from "../providers/query-client";

/**
 * A record already in a list this tab has loaded, as a record page's own request would answer it:
 * what the page shows at once while that request is on its way (react-query's placeholder, replaced
 * by the answer). Rows and records come from the same API under the same rules, so they hold the
 * same fields; a row older than the record is corrected when the answer arrives.
 */
export function recordFromLists(resource: string, id: BaseKey | undefined): GetOneResponse<BaseRecord> | undefined {
  if (id === undefined || id === "") return undefined;
  const lists = queryClient.getQueriesData<GetListResponse<BaseRecord>>({ queryKey: keys().data("default").resource(resource).action("list").get() });
  for (const [, list] of lists) {
    const row = list?.data?.find((r) => String(r.id) === String(id));
    if (row) return { data: row };
  }
  return undefined;
}
