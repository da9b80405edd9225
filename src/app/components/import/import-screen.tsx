import { PageHeader } from "@refinedev/antd";
import { useInvalidate, useWarnAboutChange } from "@refinedev/core";
import { useDocumentTitle } from "@refinedev/react-router";
import { Alert, Breadcrumb, Button, Card, Checkbox, Space, Steps, Switch, Typography } from "antd";
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import { IMPORT_MAX_BYTES } from "../../../domain/constants";
import type { EntityDef } from "../../../domain/fields";
import { APP_TITLE } from "../../config";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { fileKind, isReport, mayImport, refusal, rowsToWrite, type FileKind, type ImportReport } from "../../lib/import";
import { isHttpError, type AppHttpError } from "../../providers/http-client";
import { BACK_ICON } from "../layout/back-icon";
import { ForbiddenResult } from "../result/error-result";
import { ColumnsStep } from "./columns-step";
import { CallProgress, FileStep } from "./file-step";
import { ImportSummary } from "./import-summary";
import { ReportCounts } from "./report-counts";
import { ReportTable } from "./report-table";
import { TemplateButton } from "./template-button";
import { useImportRequest } from "./use-import-request";

type Step = "file" | "columns" | "preview" | "done";
const STEPS: Step[] = ["file", "columns", "preview", "done"];

/** Something that stopped a step, said in words; `retry` when trying again may help (no answer, a server fault). */
interface Problem {
  type: "error" | "warning";
  title: string;
  description: string;
  retry?: () => void;
}

const MB = 1024 * 1024;

/**
 * `/<resource>/import`: a file (CSV or .xlsx) → how its columns were matched (changeable) → what
 * each row would do → the import → what it did. Every step before the last is a dry run: nothing
 * is written until "Import N rows".
 */
export function ImportScreen({ def }: { def: EntityDef }) {
  const { t, number, entityLabel } = useLocale();
  const ability = useAbility();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { setWarnWhen } = useWarnAboutChange();
  const { phase, percent, busy, send } = useImportRequest(def.name);

  const [step, setStep] = useState<Step>("file");
  const [file, setFile] = useState<{ file: File; kind: FileKind } | null>(null);
  /** The last dry run's report (or the refused import's, which is the same report). */
  const [report, setReport] = useState<ImportReport | null>(null);
  /** The server's own matching of the file's columns (the first dry run), and why it ignored some. */
  const [matching, setMatching] = useState<ImportReport | null>(null);
  /** Where the operator sent each column; null while the server's own matching stands. */
  const [columns, setColumns] = useState<(string | null)[] | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [onlyErrors, setOnlyErrors] = useState(false);

  const what = entityLabel(def).toLowerCase();
  useDocumentTitle(`${t("import.title", { what })} | ${APP_TITLE}`);

  // A file read and checked but not imported is work a stray click away from being lost.
  const pending = step === "columns" || step === "preview";
  useEffect(() => {
    setWarnWhen(pending);
    return () => setWarnWhen(false);
  }, [pending, setWarnWhen]);

  if (!mayImport(def, ability)) return <ForbiddenResult />;

  /** A refusal of the whole call in words: the file's own for 413/415/422, the server's otherwise. */
  const describe = (e: unknown, name: string, retry: () => void, title: string): Problem => {
    const error: AppHttpError = isHttpError(e) ? e : { message: t("errors.unexpected"), statusCode: 0 };
    const fileTitle = t("import.fileRefused");
    if (error.statusCode === 413) return { type: "error", title: fileTitle, description: t("import.tooLarge", { name, mb: number(IMPORT_MAX_BYTES / MB) }) };
    if (error.statusCode === 415) return { type: "error", title: fileTitle, description: t("import.wrongType", { name }) };
    if (error.statusCode === 422 && error.errors?.file?.length) return { type: "error", title: fileTitle, description: error.errors.file.join(" ") };
    const fixable = error.statusCode === 0 || error.statusCode >= 500;
    return { type: "error", title, description: error.message || t("errors.unexpected"), retry: fixable ? retry : undefined };
  };

  const check = async (chosen: { file: File; kind: FileKind }, cols: (string | null)[] | null) => {
    setProblem(null);
    try {
      const answer = await send({ ...chosen, dryRun: true, columns: cols ?? undefined });
      if (!answer) return;
      setReport(answer);
      if (!cols) setMatching(answer);
      setStep((s) => (s === "file" ? "columns" : s));
    } catch (e) {
      setProblem(describe(e, chosen.file.name, () => void check(chosen, cols), t("import.checkFailed")));
    }
  };

  const pick = (picked: File) => {
    setDone(null);
    const refused = refusal(picked);
    const kind = fileKind(picked.name);
    if (refused || !kind) {
      setProblem({
        type: "error",
        title: t("import.fileRefused"),
        description:
          refused === "size" ? t("import.tooLarge", { name: picked.name, mb: number(IMPORT_MAX_BYTES / MB) }) : t("import.wrongType", { name: picked.name }),
      });
      return;
    }
    const chosen = { file: picked, kind };
    setFile(chosen);
    setReport(null);
    setMatching(null);
    setColumns(null);
    setSkipInvalid(false);
    setOnlyErrors(false);
    setStep("file");
    void check(chosen, null);
  };

  const rematch = (next: (string | null)[]) => {
    if (!file) return;
    setColumns(next);
    void check(file, next);
  };

  const runImport = async () => {
    if (!file) return;
    setProblem(null);
    try {
      const answer = await send({ ...file, dryRun: false, skipInvalid, columns: columns ?? undefined });
      if (!answer) return;
      setDone(answer);
      setStep("done");
      void invalidate({ resource: def.name, invalidates: ["list", "many"] });
    } catch (e) {
      // Rows in error (new since the preview, or not skipped): nothing was written; here is why.
      if (isHttpError(e) && e.statusCode === 422 && isReport(e.body)) {
        setReport(e.body);
        setOnlyErrors(true);
        setProblem({
          type: "warning",
          title: t("import.notImported"),
          description: t("import.notImportedHelp", { count: e.body.counts.error, n: number(e.body.counts.error) }),
        });
        return;
      }
      setProblem(describe(e, file.file.name, () => void runImport(), t("import.failed")));
    }
  };

  const startOver = () => {
    setFile(null);
    setReport(null);
    setMatching(null);
    setColumns(null);
    setDone(null);
    setProblem(null);
    setStep("file");
  };

  const listPath = `/${def.name}`;
  const matched = columns ?? matching?.columns.map((c) => c.field) ?? [];
  const errorRows = report?.counts.error ?? 0;
  const toWrite = report ? rowsToWrite(report.counts) : 0;
  const blocked = errorRows > 0 && !skipInvalid;

  const fileLine = file && (
    <Space wrap style={{ justifyContent: "space-between", width: "100%" }}>
      <Typography.Text>{t("import.file", { name: file.file.name })}</Typography.Text>
      <Button onClick={startOver} disabled={busy}>
        {t("import.chooseAnother")}
      </Button>
    </Space>
  );

  return (
    <PageHeader
      title={t("import.title", { what })}
      backIcon={BACK_ICON}
      onBack={() => void navigate(listPath)}
      breadcrumb={<Breadcrumb items={[{ title: <Link to={listPath}>{entityLabel(def)}</Link> }, { title: t("import.button") }]} />}
      extra={<TemplateButton def={def} />}
    >
      <Card>
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Steps size="small" current={STEPS.indexOf(step)} items={STEPS.map((s) => ({ title: t(`import.steps.${s}`) }))} aria-label={t("import.stepsLabel")} />

          {problem && (
            <Alert
              type={problem.type}
              showIcon
              role="alert"
              message={problem.title}
              description={problem.description}
              action={
                problem.retry && (
                  <Button size="small" onClick={problem.retry}>
                    {t("common.retry")}
                  </Button>
                )
              }
            />
          )}

          {step === "file" && (
            <>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t("import.intro", { what })}</Typography.Paragraph>
              <FileStep def={def} disabled={busy} onFile={pick} />
            </>
          )}

          {step === "columns" && matching && (
            <>
              {fileLine}
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t("import.columns.help")}</Typography.Paragraph>
              <ColumnsStep def={def} matching={matching} columns={matched} disabled={busy} onChange={rematch} />
              <Space wrap>
                <Button type="primary" disabled={busy || !!problem} onClick={() => setStep("preview")}>
                  {t("import.columns.next")}
                </Button>
              </Space>
            </>
          )}

          {step === "preview" && report && (
            <>
              {fileLine}
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t("import.preview.help")}</Typography.Paragraph>
              <ReportCounts counts={report.counts} tense="preview" />
              <Space wrap size={[24, 8]}>
                <label style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
                  <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} />
                  {t("import.preview.onlyErrors")}
                </label>
              </Space>
              <ReportTable
                def={def}
                rows={onlyErrors ? report.rows.filter((r) => r.action === "error") : report.rows}
                label={t("import.preview.tableLabel", { what })}
              />
              {errorRows > 0 && (
                <Checkbox checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)}>
                  {t("import.preview.skipInvalid")}
                </Checkbox>
              )}
              {blocked ? (
                <Typography.Text id="import-blocked">{t("import.preview.blocked", { count: errorRows, n: number(errorRows) })}</Typography.Text>
              ) : (
                toWrite === 0 && <Typography.Text id="import-blocked">{t("import.preview.nothingToWrite")}</Typography.Text>
              )}
              <Space wrap>
                <Button
                  type="primary"
                  loading={busy}
                  disabled={blocked || toWrite === 0}
                  aria-describedby={blocked || toWrite === 0 ? "import-blocked" : undefined}
                  onClick={() => void runImport()}
                >
                  {t("import.preview.import", { count: toWrite, n: number(toWrite) })}
                </Button>
                <Button disabled={busy} onClick={() => setStep("columns")}>
                  {t("import.preview.backToColumns")}
                </Button>
              </Space>
            </>
          )}

          <CallProgress phase={phase} percent={percent} name={file?.file.name} />

          {step === "done" && done && <ImportSummary def={def} report={done} onAnother={startOver} />}
        </Space>
      </Card>
    </PageHeader>
  );
}
