import { InboxOutlined } from "@ant-design/icons";
import { Progress, Typography, Upload } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "../../../domain/constants";
import { useLocale } from "../../i18n/use-locale";
import { ACCEPT } from "../../lib/import";
import type { Phase } from "./use-import-request";

const MB = 1024 * 1024;

/** The progress of the call under way: the file going up, then the server checking it. */
export function CallProgress({ phase, percent, name }: { phase: Phase; percent: number; name?: string }) {
  const { t } = useLocale();
  if (phase === "idle") return null;
  const text = phase === "uploading" ? t("import.uploading", { name: name ?? "" }) : t("import.processing");
  return (
    <div role="status" style={{ marginTop: 16 }}>
      <Typography.Text>{text}</Typography.Text>
      <Progress percent={phase === "uploading" ? percent : 100} status="active" showInfo={phase === "uploading"} aria-label={text} />
    </div>
  );
}

interface FileStepProps {
  def: EntityDef;
  disabled: boolean;
  onFile: (file: File) => void;
}

/**
 * Drop a file or pick one. antd does not send it (beforeUpload answers false): the screen does,
 * with the query the contract wants. The picker offers only .csv and .xlsx; a file dropped
 * anyway is refused by the screen, in words.
 */
export function FileStep({ def, disabled, onFile }: FileStepProps) {
  const { t, number, singular, fieldLabel } = useLocale();
  const key = Object.entries(def.fields).find(([, f]) => f.unique)?.[0];
  return (
    <Upload.Dragger
      accept={ACCEPT}
      multiple={false}
      maxCount={1}
      showUploadList={false}
      disabled={disabled}
      beforeUpload={(file) => {
        onFile(file);
        return false;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{t("import.drop")}</p>
      <p className="ant-upload-hint">
        {t("import.limits", { mb: number(IMPORT_MAX_BYTES / MB), rows: number(IMPORT_MAX_ROWS) })}{" "}
        {key
          ? t("import.matchBy", { key: fieldLabel(def, key), what: singular(def).toLowerCase() })
          : t("import.matchById", { what: singular(def).toLowerCase() })}
      </p>
    </Upload.Dragger>
  );
}
