import { Button, Result, Space, Typography } from "antd";
import { Link } from "react-router";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import type { ImportReport } from "../../lib/import";
import { listUrl } from "../../lib/list-url";
import { ReportCounts } from "./report-counts";
import { ReportTable } from "./report-table";

/** The audit log narrowed to the events one import wrote, newest first. */
export const importEventsUrl = (importId: string) =>
  listUrl("audit-events", [{ field: "importId", operator: "eq", value: importId }], [{ field: "at", order: "desc" }]);

/** What a real import wrote, where to see it, and the rows it skipped with their reasons. */
export function ImportSummary({ def, report, onAnother }: { def: EntityDef; report: ImportReport; onAnother: () => void }) {
  const { t, entityLabel } = useLocale();
  const ability = useAbility();
  const skipped = report.rows.filter((r) => r.action === "error");
  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Result
        status="success"
        title={t("import.done.title")}
        subTitle={<ReportCounts counts={report.counts} tense="done" />}
        extra={
          <Space wrap style={{ justifyContent: "center" }}>
            <Link to={`/${def.name}`}>{t("import.done.backToList", { what: entityLabel(def).toLowerCase() })}</Link>
            {canDo(ability, "read", "audit-events") && <Link to={importEventsUrl(report.importId)}>{t("import.done.auditLink")}</Link>}
            <Button onClick={onAnother}>{t("import.done.another")}</Button>
          </Space>
        }
      />
      {skipped.length > 0 && (
        <section aria-labelledby="import-skipped">
          <Typography.Title level={2} id="import-skipped" style={{ fontSize: 16 }}>
            {t("import.done.skippedRows")}
          </Typography.Title>
          <ReportTable def={def} rows={skipped} label={t("import.done.skippedRows")} />
        </section>
      )}
    </Space>
  );
}
