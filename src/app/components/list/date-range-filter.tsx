import type { CrudFilter, CrudFilters, LogicalFilter } from "@refinedev/core";
import { DatePicker } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import es from "dayjs/locale/es";
import { useEffect, useMemo, useRef } from "react";
import type { Language } from "../../i18n/language";
import { useLocale } from "../../i18n/use-locale";

// The picker's month and day names in Spanish: antd's locale names "es", dayjs must hold it (registered, not made the default).
dayjs.locale(es, undefined, true);

/** How a day is shown and typed in each language; ISO (2026-01-31) is understood in both. */
const DAY_FORMATS: Record<Language, string[]> = { en: ["MM/DD/YYYY", "YYYY-MM-DD", "M/D/YYYY"], es: ["DD/MM/YYYY", "YYYY-MM-DD", "D/M/YYYY"] };

export interface DateRangeFilterProps {
  name: string;
  label: string;
  filters: CrudFilters;
  setFilters: (filters: CrudFilter[]) => void;
}

const instantOf = (filters: CrudFilters, field: string, operator: "gte" | "lte") => {
  const v = filters.find((f): f is LogicalFilter => "field" in f && f.field === field && f.operator === operator)?.value;
  return v ? String(v) : undefined;
};

/**
 * A date range as `field_gte` (start of the first day) and `field_lte` (end of the last), in the
 * chosen language, picked or typed; either end may stay open. A day typed half-way is not a
 * filter: the picker keeps what was there, and only a whole date changes the list.
 */
export function DateRangeFilter({ name, label, filters, setFilters }: DateRangeFilterProps) {
  const { t, language } = useLocale();
  const from = instantOf(filters, name, "gte");
  const to = instantOf(filters, name, "lte");
  // A new value makes the picker put back what it shows, dropping a day typed and not yet entered:
  // one per range, not per render, or any render of the list (a query settling, a live change)
  // between typing the end and pressing Enter lost the end.
  const value = useMemo<[Dayjs | null, Dayjs | null] | null>(() => (from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null), [from, to]);
  // Each half is labelled on its own ("Placed from", "Placed to"): the picker gives both inputs one aria-label.
  const picker = useRef<{ nativeElement?: HTMLElement } | null>(null);
  const labels = [t("list.from", { label }), t("list.to", { label })];
  useEffect(() => {
    picker.current?.nativeElement?.querySelectorAll("input").forEach((input, i) => input.setAttribute("aria-label", labels[i] ?? label));
  });
  const set = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [null, null];
    setFilters([
      { field: name, operator: "gte", value: from ? from.startOf("day").toISOString() : undefined },
      { field: name, operator: "lte", value: to ? to.endOf("day").toISOString() : undefined },
    ]);
  };
  return (
    <DatePicker.RangePicker
      // Its language: the month names come with the chosen one, not the browser's.
      key={language}
      ref={picker as never}
      value={value}
      onChange={(range) => set(range)}
      allowEmpty={[true, true]}
      format={DAY_FORMATS[language as Language] ?? DAY_FORMATS.en}
      placeholder={[labels[0], labels[1]]}
      style={{ width: 300, maxWidth: "100%" }}
    />
  );
}
