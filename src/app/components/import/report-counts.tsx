import { Badge, Space } from "antd";
import { useLocale } from "../../i18n/use-locale";
import type { ImportReport, RowAction } from "../../lib/import";

const STATUS = { create: "success", update: "processing", unchanged: "default", error: "error" } as const;

/**
 * A report's counts in words ("3 rows to create"), before an import (`preview`) or after it
 * (`done`: created, updated, unchanged, skipped).
 */
export function ReportCounts({ counts, tense }: { counts: ImportReport["counts"]; tense: "preview" | "done" }) {
  const { t, number } = useLocale();
  const order: RowAction[] = ["create", "update", "unchanged", "error"];
  return (
    <Space wrap size={[24, 8]}>
      {order.map((action) => (
        <Badge key={action} status={STATUS[action]} text={t(`import.${tense}.${action}`, { count: counts[action], n: number(counts[action]) })} />
      ))}
    </Space>
  );
}
