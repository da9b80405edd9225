import { List, useTable } from "@refinedev/antd";
import { type BaseKey, type BaseRecord, type CrudFilter } from "@refinedev/core";
import { keepPreviousData } from "@tanstack/react-query";
import { Grid, Table, Typography, type TableProps } from "antd";
import { useEffect, useMemo, useRef, useState } from "react";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../../domain/constants";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useHandler } from "../../hooks/use-handler";
import { useListPreferences } from "../../hooks/use-list-preferences";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { columnFields, filterKind, searchFields as searchedFields } from "../../lib/entity-view";
import { recordUrl } from "../../lib/list-url";
import { BulkActions } from "./bulk-actions";
import { fieldColumns } from "./columns";
import { PageReferences } from "./reference-cell";
import { PAGE_AHEAD_WAIT_MS, readListPageBeside, waitAtMost, WITH_PAGE_REFERENCES } from "../../providers/page-references";
import { dataProviderKind } from "../../providers/data-provider";
import { queryClient } from "../../providers/query-client";
import { API_URL } from "../../config";
import { AuditReferences, auditColumns } from "../audit/audit-cells";
import { ExportCsvButton } from "./export-csv-button";
import { ImportButton } from "../import/import-button";
import { ListFilters } from "./list-filters";
import { useRowActions } from "./row-actions";
import { useRowOpen } from "./use-row-open";
import { ColumnChooser } from "./column-chooser";
import { ViewsMenu } from "./views-menu";

/**
 * Refine's useTable asks for a horizontal scroll; one object, so the table is not handed a new one
 * per render. antd's Table otherwise scrolls its body to the top on every page change, an animation
 * of 450 ms whose every frame reads the body's scroll position and so forces a layout while the next
 * page renders; a body that scrolls only sideways is always at its top.
 */
const SCROLL = { x: true, scrollToFirstRowOnChange: false } as const;

/** The one list screen of every resource, driven by the definition and the signed-in role's ability. */
export function EntityList({ def }: { def: EntityDef }) {
  const { t, number, entityLabel, fieldLabel } = useLocale();
  const ability = useAbility();
  const fields = useMemo(() => columnFields(def, ability), [def, ability]);
  const filterFields = useMemo(() => fields.filter(([, f]) => filterKind(f) !== null), [fields]);
  const searchFields = useMemo(() => searchedFields(def, ability), [def, ability]);
  const mayDelete = !def.readOnly && canDo(ability, "delete", def.name as never);
  const mayUpdate = !def.readOnly && canDo(ability, "update", def.name as never);
  // Rows are ticked to be deleted or edited together.
  const selectable = mayDelete || mayUpdate;
  // Selected rows across pages, by id, with the record as it was shown (for the summary).
  const [selected, setSelected] = useState<Map<BaseKey, BaseRecord>>(new Map());

  // Filters are set by our filter bar (from the definition), not by antd's column dropdowns.
  const { tableProps, tableQuery, sorters, filters, setFilters, setSorters, currentPage, setCurrentPage, pageSize, setPageSize } = useTable<BaseRecord>({
    resource: def.name,
    syncWithLocation: true,
    pagination: { pageSize: DEFAULT_PAGE_SIZE },
    sorters: { initial: [def.list.defaultSort] },
    // The rows shown stay while the next page, sort or filter loads (under a spinner): no empty flash, no jump.
    queryOptions: { placeholderData: keepPreviousData },
    // Each page of rows comes with its references' answers (providers/page-references.ts).
    meta: WITH_PAGE_REFERENCES,
  });
  // The person's columns, page size and saved views, kept on the server so they follow them anywhere.
  const prefs = useListPreferences(def, fields, { filters, sorters, pageSize, setFilters, setSorters, setPageSize, setCurrentPage });

  // A page past the end (an old bookmark, a shared link, rows deleted since) goes to the last page.
  const total = tableQuery.isPlaceholderData ? undefined : tableQuery.data?.total;
  useEffect(() => {
    if (total === undefined) return;
    const last = Math.max(1, Math.ceil(total / pageSize));
    if (currentPage > last) setCurrentPage(last);
  }, [total, pageSize, currentPage, setCurrentPage]);

  // A hand-edited URL may ask for a page size the API refuses.
  useEffect(() => {
    if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) setPageSize(DEFAULT_PAGE_SIZE);
  }, [pageSize, setPageSize]);

  const applyFilters = (next: CrudFilter[]) => {
    setFilters(next);
    setCurrentPage(1);
  };

  // The label column links to the record; an entity whose label is not a column (the audit log's id) links its first.
  const linkField = fields.some(([name]) => name === def.recordLabel) ? def.recordLabel : prefs.shown[0]?.[0];
  const onRow = useRowOpen(def.name);
  const rowActions = useRowActions(def);
  const wide = Grid.useBreakpoint().md !== false;
  const rows = tableProps.dataSource;
  const loading = tableQuery.isLoading || tableQuery.isPlaceholderData;
  const notLoaded = tableQuery.isError;
  const filtered = filters.some((f) => "field" in f && f.value !== undefined);

  // The table is given the same props while what it shows is the same. Refine's useTable and the
  // list make new columns, handlers and pagination on every render, and each render of the list
  // (a query settling, the URL written back, a reference's labels arriving) then rendered every
  // cell of the page again: 100–200 ms a time on this machine, several times per page shown.
  const columns = useMemo(() => {
    const link = linkField ? { field: linkField, href: (record: BaseRecord) => recordUrl(def.name, "show", record.id as BaseKey) } : undefined;
    const shown = fieldColumns(prefs.shown, sorters, link);
    return [
      // The audit log reads as a story: records by label, transitions by their step.
      ...(def.name === "audit-events" ? auditColumns(shown, filters) : shown),
      {
        key: "actions",
        title: <span className="sb-visually-hidden">{t("table.actions")}</span>,
        // Pinned beside the data where there is room; on a phone it scrolls with the row instead of covering it.
        fixed: wide ? ("right" as const) : undefined,
        width: 1,
        render: (_: unknown, record: BaseRecord) => rowActions(record),
      },
    ];
    // t: a new language makes a new t, and the titles fieldColumns reads from i18n itself follow it.
  }, [def.name, linkField, prefs.shown, sorters, filters, rowActions, wide, t]);

  // antd hands the sorter over on a page change too: given to Refine, it would set sorters equal to
  // the current ones anew, and every column (its sort order) would be made again with them.
  // Another page at the same size is shown once its rows and their names are in (or after
  // PAGE_AHEAD_WAIT_MS): one render with them, instead of one with a spinner over the old rows, one
  // with the new rows named "#5", and one with the names. Only the latest change of the table counts.
  const tableChange = useRef(0);
  const onTableChange = useHandler<Parameters<NonNullable<TableProps<BaseRecord>["onChange"]>>, void>((page, tableFilters, sorter, extra) => {
    const change = ++tableChange.current;
    const apply = () => {
      if (change === tableChange.current) tableProps.onChange?.(page, tableFilters, extra.action === "sort" ? sorter : {}, extra);
    };
    if (extra.action !== "paginate" || page.current === currentPage || page.pageSize !== pageSize || dataProviderKind() !== "rest") return apply();
    void waitAtMost(readListPageBeside(queryClient, API_URL, def.name, page.current ?? 1), PAGE_AHEAD_WAIT_MS).then(apply);
  });
  const onShowSizeChange = useHandler((_: number, size: number) => prefs.rememberPageSize(size));
  const refinePagination = tableProps.pagination || undefined;
  const { current, simple, total: pageTotal } = refinePagination ?? {};
  const pagination = useMemo(
    () =>
      refinePagination && {
        ...refinePagination,
        showSizeChanger: true,
        onShowSizeChange,
        pageSizeOptions: PAGE_SIZES.map(String),
        showTotal: (total: number, [from, to]: [number, number]) => t("list.range", { from: number(from), to: number(to), total: number(total) }),
      },
    // Refine's pagination is a new object on every render (its position a new array, as simple
    // follows the breakpoint); its page links change with these.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- refinePagination: see above
    [current, pageSize, pageTotal, simple, sorters, filters, onShowSizeChange, t, number],
  );

  const selectedRowKeys = useMemo(() => [...selected.keys()], [selected]);
  const onSelect = useHandler((keys: React.Key[]) =>
    setSelected((prev) => {
      const next = new Map<BaseKey, BaseRecord>();
      for (const key of keys) {
        const record = prev.get(key as BaseKey) ?? rows?.find((r) => r.id === key);
        if (record) next.set(key as BaseKey, record);
      }
      return next;
    }),
  );
  const rowSelection = useMemo(
    () =>
      selectable
        ? {
            preserveSelectedRowKeys: true,
            selectedRowKeys,
            onChange: onSelect,
            // The policy's row rules decide which rows can be ticked: those the role may edit or delete.
            getCheckboxProps: (record: BaseRecord) => ({
              disabled: !canDo(ability, "delete", def.name as never, record) && !canDo(ability, "update", def.name as never, record),
              "aria-label": t("list.select", { name: String(record[def.recordLabel] ?? record.id) }),
            }),
          }
        : undefined,
    [selectable, selectedRowKeys, onSelect, ability, def, t],
  );
  const what = entityLabel(def).toLowerCase();
  const tableLocale = useMemo(
    () => ({
      emptyText: (
        // Never "No customers yet" for a list that did not load (the banner or a notification says why).
        <Typography.Text type="secondary">{t(notLoaded ? "list.notLoaded" : filtered ? "list.noMatch" : "list.empty", { what })}</Typography.Text>
      ),
    }),
    [notLoaded, filtered, what, t],
  );

  const table = useMemo(
    () => (
      <Table<BaseRecord>
        dataSource={rows}
        onChange={onTableChange}
        scroll={SCROLL}
        loading={loading}
        rowKey="id"
        rowSelection={rowSelection}
        onRow={onRow}
        // Not through onRow: its className would replace antd's own row classes.
        rowClassName="sb-row-link"
        columns={columns}
        pagination={pagination}
        size="middle"
        locale={tableLocale}
      />
    ),
    [rows, onTableChange, loading, rowSelection, onRow, columns, pagination, tableLocale],
  );

  return (
    <List
      title={entityLabel(def)}
      // The create button is List's own (hidden by the accessControlProvider where the role may not create).
      headerButtons={({ defaultButtons }) => (
        <>
          {defaultButtons}
          <ExportCsvButton def={def} filters={filters} sorters={sorters} />
          <ImportButton def={def} />
          <ViewsMenu def={def} state={prefs} />
          <ColumnChooser def={def} columns={prefs.columns} locked={prefs.locked} onChange={prefs.setColumns} />
        </>
      )}
    >
      <ListFilters
        fields={filterFields}
        filters={filters}
        setFilters={applyFilters}
        search={searchFields.length > 0}
        searchPlaceholder={t("list.searchIn", { fields: searchFields.map((name) => fieldLabel(def, name).toLowerCase()).join(", ") })}
      />
      {selectable && <BulkActions def={def} selected={selected} setSelected={setSelected} />}
      <PageReferences def={def} shown={prefs.shown.map(([name]) => name)} rows={rows}>
        {def.name === "audit-events" ? <AuditReferences rows={rows}>{table}</AuditReferences> : table}
      </PageReferences>
    </List>
  );
}
