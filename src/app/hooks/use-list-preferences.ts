import { useOne, type BaseKey, type CrudFilter, type CrudSort } from "@refinedev/core";
import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLocation } from "react-router";
import { PAGE_SIZES } from "../../domain/constants";
import type { EntityDef } from "../../domain/fields";
import type { ViewQuery } from "../../domain/views";
import type { NamedField } from "../lib/entity-view";
import { rememberListQuery } from "../lib/last-list-query";
import { arrangeColumns, queryOf, shownFields, visibleNames, type ColumnChoice } from "../lib/list-columns";
import type { AppHttpError } from "../providers/http-client";
import { usePreferences } from "./use-preferences";

/** A saved view as `/api/views` answers it. */
export interface SavedView {
  id: BaseKey;
  name: string;
  resource: string;
  query: ViewQuery;
  shared: "me" | "everyone";
  ownerId: number;
  version: number;
}

/** What of useTable's answer the list's preferences read and set. */
export interface ListTable {
  filters: CrudFilter[];
  sorters: CrudSort[];
  pageSize: number;
  setFilters: (filters: CrudFilter[], behavior?: "merge" | "replace") => void;
  setSorters: (sorters: CrudSort[]) => void;
  setPageSize: (size: number) => void;
  setCurrentPage: (page: number) => void;
}

const isPageSize = (n: unknown): n is number => (PAGE_SIZES as readonly number[]).includes(n as number);
const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) => (a ?? []).join("\u0000") === (b ?? []).join("\u0000");

/**
 * A list's person-specific state on top of its URL: which columns show and in what order, the
 * page size they last chose, the saved view applied, and their default view, applied when the
 * list opens with nothing in its URL.
 */
export function useListPreferences(def: EntityDef, fields: readonly NamedField[], table: ListTable) {
  const prefs = usePreferences(def.name);
  const chosen = prefs.list.columns;
  const locked = fields.some(([name]) => name === def.recordLabel) ? def.recordLabel : undefined;
  const columns = useMemo(() => arrangeColumns(fields, chosen, locked), [fields, chosen, locked]);
  const shown = useMemo(() => shownFields(fields, chosen, locked), [fields, chosen, locked]);
  const [applied, setApplied] = useState<SavedView | null>(null);

  const { update } = prefs;
  const setColumns = useCallback((next: readonly ColumnChoice[]) => update({ columns: visibleNames(next) }), [update]);
  const rememberPageSize = useCallback((size: number) => isPageSize(size) && update({ pageSize: size }), [update]);

  const { setFilters, setSorters, setPageSize, setCurrentPage } = table;
  const apply = useCallback(
    (view: SavedView) => {
      const q = view.query ?? {};
      setFilters((q.filters ?? []) as CrudFilter[], "replace");
      setSorters(q.sorters?.length ? q.sorters : [def.list.defaultSort]);
      if (isPageSize(q.pageSize)) setPageSize(q.pageSize);
      setCurrentPage(1);
      // What a view shows becomes what this person last chose.
      const change = {
        ...(q.columns?.length && !same(q.columns, chosen) ? { columns: q.columns } : {}),
        ...(isPageSize(q.pageSize) && q.pageSize !== prefs.list.pageSize ? { pageSize: q.pageSize } : {}),
      };
      if (Object.keys(change).length) update(change);
      setApplied(view);
    },
    [setFilters, setSorters, setPageSize, setCurrentPage, def, chosen, prefs.list.pageSize, update],
  );

  // Opened with nothing in the URL (the menu, a plain link): the person's page size and default view.
  // Refine writes the list's state into the URL at once, so "nothing" is caught as it happens.
  const { search } = useLocation();
  const [opening, setOpening] = useState<"plain" | "pageSize" | null>(() =>
    search === "" ? "plain" : new URLSearchParams(search).has("pageSize") ? null : "pageSize",
  );
  useEffect(() => {
    if (search === "") setOpening("plain");
  }, [search]);

  const defaultView = prefs.list.defaultView ?? null;
  const wantsView = opening === "plain" && prefs.ready && defaultView !== null;
  const { query: defaultQuery } = useOne<SavedView>({
    resource: "views",
    id: defaultView ?? "",
    queryOptions: { enabled: wantsView },
    errorNotification: false,
  });
  const pageSizeRef = useRef(prefs.list.pageSize);
  pageSizeRef.current = prefs.list.pageSize;

  useEffect(() => {
    if (!opening || !prefs.ready) return;
    if (isPageSize(pageSizeRef.current)) setPageSize(pageSizeRef.current);
    // Nothing on screen changes with it (a view picked meanwhile waits for it), so it is no reason
    // to render the list again before its first rows are painted (this runs in the commit that shows them).
    if (!wantsView) return startTransition(() => setOpening(null));
    if (defaultQuery.data?.data) {
      apply(defaultQuery.data.data);
      setOpening(null);
    } else if (defaultQuery.isError) {
      // The default view is gone (deleted, or no longer shared): the list stays as it is, and forgets it.
      if ((defaultQuery.error as AppHttpError | null)?.statusCode === 404) update({ defaultView: null });
      setOpening(null);
    }
  }, [opening, prefs.ready, wantsView, defaultQuery.data, defaultQuery.isError, defaultQuery.error, apply, setPageSize, update]);

  // Once opened as the person left it (a default view applied, say), what the URL holds is what a
  // plain link to this list reopens. Written as the list renders, not in an effect: react-router
  // renders a navigation as a transition, and one left for another page at once (a sort, then a
  // click on a row) may never commit, while the URL it was rendering for is already the list's.
  const settled = prefs.ready && opening === null && search !== "";
  if (settled) rememberListQuery(def.name, search);

  const current = () => queryOf({ filters: table.filters, sorters: table.sorters, pageSize: table.pageSize, columns: visibleNames(columns) });

  return {
    /** The fields to show as columns, in the person's order. */
    shown,
    /** Every column the person may show, in order, visible or not; `locked` always shows. */
    columns,
    locked,
    setColumns,
    rememberPageSize,
    /** What is on screen, as a view's query. */
    current,
    applied,
    apply,
    /**
     * The list has opened as the person left it and Refine has written its state into the URL: a
     * view applied before that would be undone (useTable resets its filters while the URL's query
     * is empty).
     */
    settled,
    forget: () => setApplied(null),
    defaultView,
    setDefaultView: (id: BaseKey | null) => update({ defaultView: id }),
  };
}

export type ListPreferencesState = ReturnType<typeof useListPreferences>;
