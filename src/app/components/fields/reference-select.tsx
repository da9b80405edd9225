import { useSelect } from "@refinedev/antd";
import type { BaseKey, BaseRecord, CrudFilter } from "@refinedev/core";
import { Select, type SelectProps } from "antd";
import { useRef, useState } from "react";
import { getEntity } from "../../../domain/entities";
import { useLocale } from "../../i18n/use-locale";

interface ReferenceSelectProps {
  /** The resource pointed at. */
  resource: string;
  value?: BaseKey | BaseKey[] | null;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
  allowClear?: boolean;
  /** What the records offered must also be (the definition's `referenceWhere`). */
  where?: Record<string, unknown>;
}

const whereFilters = (where: Record<string, unknown> = {}): CrudFilter[] =>
  Object.entries(where).map(([field, value]) => (Array.isArray(value) ? { field, operator: "in", value } : { field, operator: "eq", value }));

/**
 * A picker for a referenced record that searches the server (`q`) as you type. The records it
 * offers are asked for when the operator reaches for it (pointer over it, focus, open), not when
 * it mounts: a list's filter bar holds several pickers that most page views never open, and their
 * requests and option lists were made beside the page's own rows. The chosen records' labels are
 * asked for at once.
 */
export function ReferenceSelect({ resource, value, onChange, multiple, disabled, placeholder, id, style, allowClear = true, where }: ReferenceSelectProps) {
  const { t } = useLocale();
  const target = getEntity(resource);
  const selected = value === null || value === undefined ? [] : Array.isArray(value) ? value : [value];
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const { selectProps, query, defaultValueQuery } = useSelect<BaseRecord>({
    resource,
    optionLabel: ((record: BaseRecord) => String(record[target.recordLabel] ?? `#${String(record.id)}`)) as never,
    optionValue: "id" as never,
    defaultValue: selected.map((v) => Number(v)),
    onSearch: (q) => (q ? [{ field: "q", operator: "eq", value: q }] : []),
    sorters: [{ field: target.recordLabel, order: "asc" }],
    pagination: { pageSize: 20, mode: "server" },
    filters: whereFilters(where),
    errorNotification: false,
    queryOptions: { enabled: wanted },
    // Given none, the chosen records' query takes the options' and their labels would wait for a reach too.
    defaultValueQueryOptions: {},
  });
  // Every label seen: a record just picked from a search keeps its label while the list goes back to the default.
  const seen = useRef(new Map<unknown, React.ReactNode>());
  for (const o of selectProps.options ?? []) seen.current.set(o.value, o.label);
  // Until the chosen record's label is in, antd would show the bare id as the label: say it is loading instead.
  const labelRender = ({ value: v }: { label?: React.ReactNode; value: string | number }) =>
    seen.current.get(v) ??
    (defaultValueQuery.isPending || defaultValueQuery.isFetching ? <span className="sb-label-loading">{t("common.loading")}</span> : `#${String(v)}`);
  const normalized = multiple ? selected.map((v) => Number(v)) : selected.length ? Number(selected[0]) : undefined;
  return (
    <Select
      {...(selectProps as SelectProps)}
      id={id}
      aria-label={placeholder}
      mode={multiple ? "multiple" : undefined}
      value={normalized as never}
      onChange={(v: unknown) => onChange?.(v ?? null)}
      disabled={disabled}
      placeholder={placeholder}
      allowClear={allowClear}
      style={{ minWidth: 200, ...style }}
      onMouseEnter={want}
      onFocus={want}
      onOpenChange={(open) => open && want()}
      loading={selectProps.loading || query.isFetching}
      // Opened before its records are in, it says so rather than "no matches".
      notFoundContent={!wanted || query.isPending ? t("common.loading") : t("common.noMatches")}
      labelRender={labelRender}
    />
  );
}
