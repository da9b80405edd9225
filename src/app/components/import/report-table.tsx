import { Table, Tag, Typography } from "antd";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { allFields } from "../../../domain/entities";
import type { EntityDef, FieldDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import type { ReportRow, RowAction } from "../../lib/import";
import { FieldValue } from "../fields/field-value";
import { ReferenceCell } from "../list/reference-cell";

const COLORS: Record<RowAction, string> = { create: "green", update: "blue", unchanged: "default", error: "red" };
const PAGE_SIZE = 20;
const LINES = { margin: 0, padding: 0, listStyle: "none" } as const;

export function ActionTag({ action }: { action: RowAction }) {
  const { t } = useLocale();
  return <Tag color={COLORS[action]}>{t(`import.actions.${action}`)}</Tag>;
}

/** Every id a reference field's changes name on these rows: one lookup per field for the page. */
function referenceIds(rows: readonly ReportRow[], name: string): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    const change = row.changes?.[name];
    for (const v of [change?.from, change?.to]) if (typeof v === "number") ids.add(v);
  }
  return [...ids].sort((a, b) => a - b);
}

function ChangeValue({ field, value, pageIds }: { field?: FieldDef; value: unknown; pageIds: number[] }) {
  if (!field) return <>{JSON.stringify(value) ?? "—"}</>;
  if (field.type === "reference") return <ReferenceCell field={field} value={value} pageIds={pageIds} />;
  return <FieldValue field={field} value={value} compact />;
}

interface ReportTableProps {
  def: EntityDef;
  rows: readonly ReportRow[];
  label: string;
}

/**
 * The outcome of each row of the file: its number in the spreadsheet, what happens to it, and
 * the values it changes or the reasons it cannot be imported, in words.
 */
export function ReportTable({ def, rows, label }: ReportTableProps) {
  const { t, number, fieldLabel, message, singular } = useLocale();
  const fields = useMemo(() => allFields(def), [def]);
  const [page, setPage] = useState(1);
  const lastPage = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, lastPage);
  const shown = rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const ids = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(fields)
          .filter(([, f]) => f.type === "reference")
          .map(([name]) => [name, referenceIds(shown, name)]),
      ),
    [fields, shown],
  );

  const details = (row: ReportRow) => {
    if (row.errors && Object.keys(row.errors).length) {
      return (
        <ul style={LINES}>
          {Object.entries(row.errors).flatMap(([field, messages]) =>
            messages.map((m, i) => (
              <li key={`${field}-${i}`}>{field === "row" ? message(m) : t("import.fieldProblem", { field: fieldLabel(def, field), message: message(m) })}</li>
            )),
          )}
        </ul>
      );
    }
    const changes = Object.entries(row.changes ?? {});
    const target =
      row.id !== undefined ? <Link to={`/${def.name}/show/${row.id}`}>{t("list.recordN", { what: singular(def), id: String(row.id) })}</Link> : null;
    if (!changes.length) return target ?? <Typography.Text type="secondary">{t("import.preview.noChanges")}</Typography.Text>;
    return (
      <>
        {target}
        <ul style={LINES}>
          {changes.map(([name, change]) => (
            <li key={name}>
              <Typography.Text strong>{fieldLabel(def, name)}:</Typography.Text>{" "}
              {row.action === "update" && (
                <>
                  <ChangeValue field={fields[name]} value={change.from} pageIds={ids[name] ?? []} /> <span aria-hidden>→</span>
                  <span className="sb-visually-hidden">{t("import.preview.becomes")}</span>{" "}
                </>
              )}
              <ChangeValue field={fields[name]} value={change.to} pageIds={ids[name] ?? []} />
            </li>
          ))}
        </ul>
      </>
    );
  };

  return (
    <Table<ReportRow>
      size="small"
      rowKey="row"
      dataSource={shown}
      aria-label={label}
      tableLayout="fixed"
      className="sb-fit-table"
      pagination={
        rows.length > PAGE_SIZE && {
          current,
          pageSize: PAGE_SIZE,
          total: rows.length,
          showSizeChanger: false,
          onChange: setPage,
          showTotal: (total, [from, to]) => t("list.range", { from: number(from), to: number(to), total: number(total) }),
        }
      }
      locale={{ emptyText: <Typography.Text type="secondary">{t("import.preview.noErrors")}</Typography.Text> }}
      columns={[
        { key: "row", title: t("import.preview.row"), width: 64, render: (_, row) => <span className="sb-number">{number(row.row)}</span> },
        { key: "action", title: t("import.preview.outcome"), width: 104, render: (_, row) => <ActionTag action={row.action} /> },
        { key: "details", title: t("import.preview.details"), render: (_, row) => details(row) },
      ]}
    />
  );
}
