import { Alert, Button, Modal, Space, Tag } from "antd";
import type { FieldDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import type { ConflictRow } from "../../lib/conflict";
import { DiffTable, DiffValue as Value } from "./diff-table";

interface ConflictDialogProps {
  open: boolean;
  rows: ConflictRow[];
  fields: Record<string, FieldDef>;
  /** An overwrite is on its way. */
  saving: boolean;
  onReload: () => void;
  onOverwrite: () => void;
  onKeepEditing: () => void;
}

/**
 * VERSION_CONFLICT (a stale `version`): what the other person saved next to what this form holds, field by
 * field, and the operator's choice. Overwriting sends only this form's own changes, on their
 * version: a field only they changed keeps their value. Reloading drops this form's changes, and
 * says so. Closing keeps editing; nothing is lost without a click that says it.
 */
export function ConflictDialog({ open, rows, fields, saving, onReload, onOverwrite, onKeepEditing }: ConflictDialogProps) {
  const { t } = useLocale();
  const clashes = rows.filter((r) => r.clash).length;
  return (
    <Modal
      open={open}
      title={t("conflict.title")}
      width={760}
      onCancel={onKeepEditing}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onKeepEditing}>{t("conflict.keepEditing")}</Button>
          <Button onClick={onReload} disabled={saving}>
            {t("conflict.reload")}
          </Button>
          <Button type="primary" danger={clashes > 0} onClick={onOverwrite} loading={saving}>
            {t("conflict.overwrite")}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert
          type="warning"
          showIcon
          message={t("conflict.notSaved")}
          description={clashes ? t("conflict.clashes", { count: clashes }) : t("conflict.noClash")}
        />
        <DiffTable<ConflictRow>
          rows={rows}
          fields={fields}
          label={t("conflict.table")}
          marks={(r) => r.clash && <Tag color="red">{t("conflict.bothChanged")}</Tag>}
          columns={[
            { key: "base", title: t("conflict.opened"), render: (r) => <Value field={fields[r.name]} value={r.base} /> },
            {
              key: "theirs",
              title: t("conflict.theirs"),
              render: (r) => (r.theyChanged ? <Value field={fields[r.name]} value={r.theirs} /> : <Tag>{t("conflict.unchanged")}</Tag>),
            },
            {
              key: "mine",
              title: t("conflict.yours"),
              render: (r) => (r.iChanged ? <Value field={fields[r.name]} value={r.mine} /> : <Tag>{t("conflict.unchanged")}</Tag>),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
