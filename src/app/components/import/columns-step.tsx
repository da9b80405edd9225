import { Select, Table, Typography } from "antd";
import { useMemo } from "react";
import type { EntityDef } from "../../../domain/fields";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { columnChoices, type ImportReport } from "../../lib/import";

interface ColumnsStepProps {
  def: EntityDef;
  /** The server's own matching: the file's headers, and why it ignored those it ignored. */
  matching: ImportReport;
  /** Where each column of the file goes, in the file's order (null: ignored). */
  columns: readonly (string | null)[];
  disabled: boolean;
  onChange: (columns: (string | null)[]) => void;
}

const IGNORE = "";

/** Each header of the file with the field it goes to; an ignored one says why. */
export function ColumnsStep({ def, matching, columns, disabled, onChange }: ColumnsStepProps) {
  const { t, fieldLabel, message } = useLocale();
  const ability = useAbility();
  const options = useMemo(() => {
    const names = ["id", ...columnChoices(def, ability).map(([name]) => name)];
    // A field the server matched that this list does not offer still shows by its name.
    for (const field of columns) if (field && !names.includes(field)) names.push(field);
    return [{ value: IGNORE, label: t("import.columns.ignore") }, ...names.map((name) => ({ value: name, label: fieldLabel(def, name) }))];
  }, [def, ability, columns, t, fieldLabel]);

  const rows = matching.columns.map((c, index) => ({ index, header: c.header }));
  const reasonOf = (index: number, header: string) => {
    if (columns[index]) return undefined;
    // The server's reason for a column it could not match; the operator's own choice otherwise.
    const reason = matching.columns[index]?.field ? undefined : matching.ignored.find((i) => i.header === header)?.reason;
    return reason ? message(reason) : t("import.columns.ignoredByChoice");
  };

  return (
    <Table
      size="small"
      pagination={false}
      rowKey="index"
      dataSource={rows}
      aria-label={t("import.columns.title")}
      tableLayout="fixed"
      className="sb-fit-table"
      columns={[
        {
          key: "header",
          title: t("import.columns.header"),
          render: (_, row) => <Typography.Text strong>{row.header || t("import.columns.noHeader", { n: row.index + 1 })}</Typography.Text>,
        },
        {
          key: "field",
          title: t("import.columns.field"),
          render: (_, row) => {
            const reason = reasonOf(row.index, row.header);
            const reasonId = `import-column-reason-${row.index}`;
            return (
              <>
                <Select
                  value={columns[row.index] ?? IGNORE}
                  options={options}
                  disabled={disabled}
                  style={{ width: "100%" }}
                  aria-label={t("import.columns.fieldFor", { header: row.header })}
                  aria-describedby={reason ? reasonId : undefined}
                  onChange={(value: string) => onChange(columns.map((f, i) => (i === row.index ? value || null : f)))}
                />
                {reason && (
                  <Typography.Text id={reasonId} type="secondary" style={{ display: "block", marginTop: 4 }}>
                    {reason}
                  </Typography.Text>
                )}
              </>
            );
          },
        },
      ]}
    />
  );
}
