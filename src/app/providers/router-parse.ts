import { matchResourceFromRoute, QS_PARSE_DEPTH, ResourceContext, type ParseResponse, type RouterProvider } from "@refinedev/core";
import qs from "qs";
import { useCallback, useContext, useMemo } from "react";
import { matchPath, useLocation, useParams } from "react-router";

type Match = ReturnType<typeof matchResourceFromRoute>;

/** The last answer of `compute` for `key`: every caller in one render asks the same question. */
function lastOf<K, V>(compute: (key: K) => V, same: (a: K, b: K) => boolean) {
  let last: { key: K; value: V } | undefined;
  return (key: K): V => {
    if (last && same(last.key, key)) return last.value;
    last = { key, value: compute(key) };
    return last.value;
  };
}

const routeOf = lastOf<{ pathname: string; resources: unknown }, Match>(
  ({ pathname, resources }) => matchResourceFromRoute(pathname, resources as Parameters<typeof matchResourceFromRoute>[1]),
  (a, b) => a.pathname === b.pathname && a.resources === b.resources,
);
const paramsOf = lastOf<{ route: string; pathname: string }, Record<string, string | undefined>>(
  ({ route, pathname }) => matchPath(route, pathname)?.params ?? {},
  (a, b) => a.route === b.route && a.pathname === b.pathname,
);
const searchOf = lastOf<string, qs.ParsedQs>(
  (search) => qs.parse(search, { ignoreQueryPrefix: true, depth: QS_PARSE_DEPTH }),
  (a, b) => a === b,
);

const asNumber = (value: unknown) => (typeof value === "string" && `${Number(value)}` === value ? Number(value) : value);

/**
 * @refinedev/react-router's `parse`, its costly steps done once per address instead of once per
 * hook. Every Refine hook (a button, a reference cell, a record's query) parses the address, and
 * each matched it against every resource's routes, compiled the matched route into a pattern and
 * parsed the query string again: the top of a CPU profile of a list → record click and of a page
 * change. Same answer, shared: the route match by path and resources, the route's params by route
 * and path, the query string by its text.
 */
function useSharedParse(): ReturnType<NonNullable<RouterProvider["parse"]>> {
  let params = useParams();
  const { pathname, search } = useLocation();
  const { resources } = useContext(ResourceContext);
  const { resource, action, matchedRoute } = routeOf({ pathname, resources });
  // Outside a <Route> (the layout, say) useParams is empty: the matched route's own.
  if (Object.keys(params).length === 0 && matchedRoute) params = paramsOf({ route: matchedRoute, pathname });
  const stableParams = useMemo(() => params, [JSON.stringify(params)]); // eslint-disable-line react-hooks/exhaustive-deps -- by value
  return useCallback((): ParseResponse => {
    const combined: Record<string, unknown> = { ...stableParams, ...searchOf(search) };
    return {
      ...(resource && { resource }),
      ...(action && { action }),
      ...(stableParams.id && { id: decodeURIComponent(stableParams.id) }),
      pathname,
      params: {
        ...combined,
        currentPage: asNumber(combined.currentPage) as number | undefined,
        pageSize: asNumber(combined.pageSize) as number | undefined,
        to: combined.to ? decodeURIComponent(combined.to as string) : undefined,
      },
    };
  }, [pathname, search, stableParams, resource, action]);
}

/** Refine calls the router's `parse` as a hook. */
export const parse: NonNullable<RouterProvider["parse"]> = useSharedParse;
