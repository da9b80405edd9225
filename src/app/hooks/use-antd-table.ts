import { useTable, type BaseRecord, type CrudSort, type HttpError } from "@refinedev/core";
import type { TableProps } from "antd";
import type { SorterResult } from "antd/es/table/interface";

type CoreProps = NonNullable<Parameters<typeof useTable<BaseRecord, HttpError, BaseRecord>>[0]>;

/** antd's order for a column, from Refine's sorters (null: unsorted, so antd does not keep its own). */
export const sortOrderOf = (field: string, sorters: CrudSort[]) => {
  const order = sorters.find((s) => s.field === field)?.order;
  return order === "asc" ? ("ascend" as const) : order === "desc" ? ("descend" as const) : null;
};

const toCrudSorters = (sorter: SorterResult<BaseRecord> | SorterResult<BaseRecord>[]): CrudSort[] =>
  (Array.isArray(sorter) ? sorter : [sorter]).flatMap((s) =>
    s.order ? [{ field: String(s.columnKey ?? s.field), order: s.order === "ascend" ? ("asc" as const) : ("desc" as const) }] : [],
  );

/**
 * Refine's headless useTable, with the props an antd Table takes: rows, loading, page, page size,
 * total, and header clicks turned into server sorting. Filters stay with the caller (our filter
 * bar sets them), so the table's own filter dropdowns are not used.
 */
export function useAntdTable(props: CoreProps) {
  const table = useTable<BaseRecord, HttpError, BaseRecord>(props);
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, setSorters } = table;
  const onChange: TableProps<BaseRecord>["onChange"] = (pagination, _filters, sorter, extra) => {
    if (extra.action === "sort") {
      setSorters(toCrudSorters(sorter));
      setCurrentPage(1);
      return;
    }
    setCurrentPage(pagination.current ?? 1);
    if (pagination.pageSize) setPageSize(pagination.pageSize);
  };
  return {
    ...table,
    tableProps: {
      dataSource: tableQuery.data?.data,
      // Each page, sort and filter is its own query: loading until it first answers, not on a background refetch.
      loading: !tableQuery.isFetched,
      onChange,
      pagination: { current: currentPage, pageSize, total: tableQuery.data?.total },
      scroll: { x: true },
    } satisfies TableProps<BaseRecord>,
  };
}
