import { useList, type BaseRecord } from "@refinedev/core";
import { Select, Tag } from "antd";
import { useMemo } from "react";
import { MAX_PAGE_ROWS } from "../../../domain/constants";
import { getEntity, isResourceName } from "../../../domain/entities";
import type { FieldDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { labelledOptions, locateField, optionKey } from "../../i18n/definition-keys";
import { useLocale } from "../../i18n/use-locale";

/**
 * A field whose options are another resource's records (`optionsFrom`: a staff member's role is
 * the `key` of a role). The records are read once per page (one shared query, however many cells
 * ask) by readers who may read them; a value that has a label in the catalogues (a built-in role)
 * is said in the operator's language, another by its record's name, and, for a reader who may
 * not read the records, as it is.
 */
export function useOptionsFrom(field: FieldDef) {
  const source = field.optionsFrom;
  const ability = useAbility();
  const { t } = useLocale();
  const readable = !!source && isResourceName(source.resource) && canDo(ability, "read", source.resource);
  const labelField = source && isResourceName(source.resource) ? getEntity(source.resource).recordLabel : "id";
  const { result, query } = useList<BaseRecord>({
    resource: source?.resource ?? "",
    pagination: { currentPage: 1, pageSize: MAX_PAGE_ROWS, mode: "server" },
    sorters: [{ field: labelField, order: "asc" }],
    queryOptions: { enabled: readable },
    errorNotification: false,
  });
  return useMemo(() => {
    const at = locateField(field);
    const own = new Map(labelledOptions(field));
    const names = new Map<string, string>();
    for (const r of result.data ?? []) if (source) names.set(String(r[source.field]), String(r[labelField] ?? r[source.field]));
    const labelOf = (value: string) => {
      const fallback = own.get(value);
      if (fallback !== undefined && at) return t(optionKey(at.resource, at.name, value), { defaultValue: fallback });
      return names.get(value) ?? value;
    };
    const values = readable && names.size ? [...names.keys()] : [...own.keys()];
    return { options: values.map((value) => ({ value, label: labelOf(value) })), labelOf, loading: readable && query.isLoading };
    // result.data changes identity only when the records do
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field, result.data, readable, labelField, t, query.isLoading]);
}

/** Tag colours for values not known in advance: the same value always gets the same one. */
// Only colours whose text keeps 4.5:1 on their own background (WCAG AA), light and dark.
const PALETTE = ["geekblue", "magenta", "purple", "blue"];
export function colorOf(value: string): string {
  let h = 0;
  for (const c of value) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length];
}

export function OptionsFromTag({ field, value }: { field: FieldDef; value: string }) {
  const { labelOf } = useOptionsFrom(field);
  return <Tag color={colorOf(value)}>{labelOf(value)}</Tag>;
}

interface OptionsFromSelectProps {
  field: FieldDef;
  value?: string | string[] | null;
  onChange?: (value: unknown) => void;
  multiple?: boolean;
  disabled?: boolean;
  allowClear?: boolean;
  placeholder?: string;
  id?: string;
  style?: React.CSSProperties;
  "aria-label"?: string;
}

/** A select of such a field's values: the records' keys, labelled by their names. */
export function OptionsFromSelect({ field, value, onChange, multiple, disabled, allowClear, placeholder, id, style, ...rest }: OptionsFromSelectProps) {
  const { t } = useLocale();
  const { options, loading } = useOptionsFrom(field);
  return (
    <Select
      id={id}
      aria-label={rest["aria-label"]}
      mode={multiple ? "multiple" : undefined}
      value={value ?? undefined}
      onChange={(v: unknown) => onChange?.(v ?? null)}
      options={options}
      loading={loading}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder}
      maxTagCount={multiple ? "responsive" : undefined}
      optionFilterProp="label"
      showSearch
      notFoundContent={loading ? t("common.loading") : t("common.noMatches")}
      style={style}
    />
  );
}
