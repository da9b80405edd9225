import { Space, Table } from "antd";
import type { ReactNode } from "react";
import type { FieldDef } from "../../../domain/fields";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { useLocale } from "../../i18n/use-locale";
import { FieldValue } from "../fields/field-value";
import { ReferenceCell } from "../list/reference-cell";

/**
 * One value in a difference, shown as its field's type says (a reference by its label). Long text
 * is shown whole: what is about to be overwritten is read before the choice, on a phone too.
 */
export function DiffValue({ field, value }: { field?: FieldDef; value: unknown }) {
  if (!field) return <>{JSON.stringify(value) ?? "—"}</>;
  if (field.type === "reference") return <ReferenceCell field={field} value={value} />;
  return <FieldValue field={field} value={value} compact={field.type !== "longtext"} />;
}

export interface DiffColumn<R> {
  key: string;
  title: string;
  render: (row: R) => ReactNode;
}

interface DiffTableProps<R extends { name: string; label: string }> {
  rows: R[];
  fields: Record<string, FieldDef>;
  /** The value columns, after the field's own. */
  columns: DiffColumn<R>[];
  /** What the table is, for screen readers. */
  label: string;
  /** Marks beside a field's label (both changed; left as it is). */
  marks?: (row: R) => ReactNode;
}

/**
 * Field by field, the values of two or more versions of a record: the version conflict's
 * opened / theirs / yours, and "Restore this version"'s now / then. One look for both.
 */
export function DiffTable<R extends { name: string; label: string }>({ rows, fields, columns, label, marks }: DiffTableProps<R>) {
  const { t } = useLocale();
  const labelOf = (r: R) => {
    const key = fields[r.name] && fieldLabelKey(fields[r.name]);
    return key ? t(key, { defaultValue: r.label }) : r.label;
  };
  return (
    <Table<R>
      size="small"
      pagination={false}
      rowKey="name"
      dataSource={rows}
      aria-label={label}
      // Never wider than the dialog (a phone's 390 px): long values wrap or are cut (styles.css).
      tableLayout="fixed"
      className="sb-fit-table"
      columns={[
        {
          key: "field",
          title: t("conflict.field"),
          render: (_, r) => (
            <Space size={4} wrap>
              {labelOf(r)}
              {marks?.(r)}
            </Space>
          ),
        },
        ...columns.map((c) => ({ key: c.key, title: c.title, render: (_: unknown, r: R) => c.render(r) })),
      ]}
    />
  );
}
