import { ClearOutlined } from "@ant-design/icons";
import type { CrudFilter, CrudFilters, LogicalFilter } from "@refinedev/core";
import { Button, Input, InputNumber, Select, Space } from "antd";
import { useEffect, useRef, useState } from "react";
import { isResourceName } from "../../../domain/entities";
import { centsToDollars, dollarsToCents } from "../../../domain/format";
import { canDo } from "../../../domain/policy";
import { usePart } from "../../hooks/use-part";
import { useAbility } from "../../hooks/use-session";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { useLocale } from "../../i18n/use-locale";
import { filterKind, type NamedField } from "../../lib/entity-view";
import { PART_MODULES } from "../../lib/route-modules";
import { optionLabel } from "../fields/field-value";
import { OptionsFromSelect } from "../fields/options-from";
import { ReferenceSelect } from "../fields/reference-select";
import type { DateRangeFilterProps } from "./date-range-filter";

/**
 * The date range picker (antd's RangePicker: rc-picker, some 67 kB of code) comes in a chunk of
 * its own: the list's rows do not wait for it, and a list with no date filter never loads it.
 * Until it is in, a disabled box of its size holds its place (decision 112).
 */
function DateRangeFilter(props: DateRangeFilterProps) {
  const Picker = usePart(PART_MODULES.dateRangeFilter)?.default;
  return Picker ? <Picker {...props} /> : <Input disabled aria-label={props.label} placeholder={props.label} style={{ width: 300, maxWidth: "100%" }} />;
}

interface ListFiltersProps {
  fields: NamedField[];
  filters: CrudFilters;
  setFilters: (filters: CrudFilter[]) => void;
  /** Show the search box (the entity has searchable fields this role may read). */
  search: boolean;
  searchPlaceholder: string;
}

const logical = (filters: CrudFilters) => filters.filter((f): f is LogicalFilter => "field" in f);
const valueOf = (filters: CrudFilters, field: string, operator: LogicalFilter["operator"]) =>
  logical(filters).find((f) => f.field === field && f.operator === operator)?.value as unknown;

/** Values read back from the URL are strings; make them the type the control holds. */
const asArray = (v: unknown): unknown[] => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]);
const asNumber = (v: unknown): number | null => (v === undefined || v === null || v === "" || Number.isNaN(Number(v)) ? null : Number(v));
const asBoolean = (v: unknown): boolean | undefined => (v === true || v === "true" ? true : v === false || v === "false" ? false : undefined);

/**
 * The list's search box and one filter per filterable column: enums and references as
 * multi-selects (`field=a&field=b`), booleans as yes/no, numbers and money as ranges
 * (`_gte` / `_lte`), dates as a date range. Everything lives in the table's filters, hence the URL.
 */
export function ListFilters({ fields, filters, setFilters, search, searchPlaceholder }: ListFiltersProps) {
  const { t } = useLocale();
  const ability = useAbility();
  const active = logical(filters).some((f) => f.value !== undefined && f.value !== "" && !(Array.isArray(f.value) && !f.value.length));
  const reset = () => setFilters(logical(filters).map((f) => ({ ...f, value: undefined })));
  return (
    <Space wrap size={[8, 8]} style={{ marginBottom: 16 }} role="search" aria-label={t("list.filters")}>
      {search && (
        <SearchBox
          value={String(valueOf(filters, "q", "eq") ?? "")}
          placeholder={searchPlaceholder}
          onSearch={(q) => setFilters([{ field: "q", operator: "eq", value: q || undefined }])}
        />
      )}
      {fields.map(([name, field]) => {
        const kind = filterKind(field);
        const key = fieldLabelKey(field);
        const label = key ? t(key, { defaultValue: field.label }) : field.label;
        switch (kind) {
          case "enum":
            if (field.optionsFrom)
              return (
                <OptionsFromSelect
                  key={name}
                  field={field}
                  multiple
                  allowClear
                  aria-label={label}
                  placeholder={label}
                  style={{ minWidth: 160 }}
                  value={asArray(valueOf(filters, name, "in")).map(String)}
                  onChange={(v) => {
                    const values = asArray(v).map(String);
                    setFilters([{ field: name, operator: "in", value: values.length ? values : undefined }]);
                  }}
                />
              );
            return (
              <Select
                key={name}
                mode="multiple"
                allowClear
                aria-label={label}
                placeholder={label}
                style={{ minWidth: 160 }}
                maxTagCount="responsive"
                value={asArray(valueOf(filters, name, "in")).map(String)}
                options={(field.options ?? []).map((o) => ({ value: o, label: optionLabel(field, o, t) }))}
                onChange={(values: string[]) => setFilters([{ field: name, operator: "in", value: values.length ? values : undefined }])}
              />
            );
          case "boolean":
            return (
              <Select
                key={name}
                allowClear
                aria-label={label}
                placeholder={label}
                style={{ minWidth: 120 }}
                value={asBoolean(valueOf(filters, name, "eq"))}
                options={[
                  { value: true, label: t("list.yes", { label }) },
                  { value: false, label: t("list.no", { label }) },
                ]}
                onChange={(v: boolean | undefined) => setFilters([{ field: name, operator: "eq", value: v }])}
              />
            );
          case "reference":
            // A picker of records the reader may not read would only be refused.
            return field.reference && isResourceName(field.reference) && canDo(ability, "read", field.reference) ? (
              <ReferenceSelect
                key={name}
                resource={field.reference}
                multiple
                placeholder={label}
                value={asArray(valueOf(filters, name, "in")).map(Number)}
                onChange={(v) => {
                  const ids = asArray(v);
                  setFilters([{ field: name, operator: "in", value: ids.length ? ids : undefined }]);
                }}
              />
            ) : null;
          case "range":
            return <RangeFilter key={name} name={name} label={label} money={field.type === "money"} filters={filters} setFilters={setFilters} />;
          case "dates":
            return <DateRangeFilter key={name} name={name} label={label} filters={filters} setFilters={setFilters} />;
          default:
            return null;
        }
      })}
      {active && (
        <Button icon={<ClearOutlined />} onClick={reset}>
          {t("list.clearFilters")}
        </Button>
      )}
    </Space>
  );
}

/** How long typing pauses before the list searches: a few keystrokes make one request, not one each. */
const SEARCH_DEBOUNCE_MS = 300;

function SearchBox({ value, placeholder, onSearch }: { value: string; placeholder: string; onSearch: (q: string) => void }) {
  const { t } = useLocale();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  // The parent's handler is a new function on each render; a render must not restart the wait.
  const search = useRef(onSearch);
  useEffect(() => {
    search.current = onSearch;
  }, [onSearch]);
  // Search as the operator types; Enter still searches at once.
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Input.Search
      allowClear
      aria-label={t("list.search")}
      placeholder={placeholder}
      style={{ width: 320 }}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) onSearch("");
      }}
      onSearch={(q) => onSearch(q.trim())}
    />
  );
}

interface RangeProps {
  name: string;
  label: string;
  filters: CrudFilters;
  setFilters: (filters: CrudFilter[]) => void;
}

function RangeFilter({ name, label, money, filters, setFilters }: RangeProps & { money: boolean }) {
  const { t } = useLocale();
  const toShown = (v: unknown) => {
    const n = asNumber(v);
    return n === null ? null : money ? centsToDollars(n) : n;
  };
  const toStored = (v: number | null) => (v === null || v === undefined ? undefined : money ? dollarsToCents(v) : Math.round(v));
  const set = (operator: "gte" | "lte", v: number | null) => setFilters([{ field: name, operator, value: toStored(v) }]);
  return (
    <Space.Compact>
      <InputNumber<number>
        aria-label={t("list.from", { label })}
        placeholder={t("list.from", { label })}
        prefix={money ? "$" : undefined}
        style={{ width: 140 }}
        value={toShown(valueOf(filters, name, "gte"))}
        onChange={(v) => set("gte", v)}
      />
      <InputNumber<number>
        aria-label={t("list.to", { label })}
        placeholder={t("list.toShort")}
        prefix={money ? "$" : undefined}
        style={{ width: 110 }}
        value={toShown(valueOf(filters, name, "lte"))}
        onChange={(v) => set("lte", v)}
      />
    </Space.Compact>
  );
}
