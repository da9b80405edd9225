import { useSelect, type BaseOption, type BaseRecord, type HttpError } from "@refinedev/core";
import type { SelectProps } from "antd";

type CoreProps = Parameters<typeof useSelect<BaseRecord, HttpError, BaseRecord, BaseOption>>[0];

/**
 * Refine's headless useSelect (server search debounced, the chosen records fetched by id even when
 * off the first page), with the props an antd Select takes to search the server, not its options.
 */
export function useSelectProps(props: CoreProps) {
  const { query, defaultValueQuery, onSearch, options } = useSelect<BaseRecord, HttpError, BaseRecord, BaseOption>(props);
  const selectProps: SelectProps = {
    options,
    onSearch,
    loading: defaultValueQuery.query.isFetching,
    showSearch: true,
    filterOption: false,
  };
  return { selectProps, query };
}
