import { useCustomMutation, useInvalidate, useNotification, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Empty, Modal, Space, Tag, Typography } from "antd";
import { useMemo, useRef, useState } from "react";
import { allFields, type ResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { showFields } from "../../lib/entity-view";
import { revisionRows, valuesAfter, type RevisionRow } from "../../lib/revision";
import type { AppHttpError } from "../../providers/http-client";
import { DiffTable, DiffValue } from "../form/diff-table";

interface RevertAnswer {
  record: BaseRecord;
  changed: string[];
  skipped: string[];
}

export interface RevertDialogProps {
  def: EntityDef;
  id: BaseKey;
  /** The record as it is now. */
  record: BaseRecord;
  /** The record's audit events as the History tab holds them (every one since `event`). */
  events: readonly BaseRecord[];
  /** The history is being fetched again: the difference waits for it. */
  refreshing: boolean;
  /** The event whose version is to come back. */
  event: BaseRecord;
  open: boolean;
  onClose: () => void;
  afterClose: () => void;
}

/**
 * "Restore this version": the difference between that version and the record now, in
 * the conflict dialog's table, then the restore, stated on the version shown. A field the role
 * may not change is marked before and named after ("left as it is"). Someone else's change
 * meanwhile (a 409, or one seen live) is said, and the difference is shown again against the
 * record as it now is: restoring again is the operator's choice, as in the edit form's conflict.
 */
export default function RevertDialog({ def, id, record, events, refreshing, event, open, onClose, afterClose }: RevertDialogProps) {
  const ability = useAbility();
  const l = useLocale();
  const { t, dateTime, fieldLabel, singular } = l;
  const invalidate = useInvalidate();
  const { open: notify } = useNotification();
  const { mutateAsync, mutation } = useCustomMutation<RevertAnswer>();
  // The version the dialog opened on: a newer one means someone changed the record meanwhile.
  const openedOn = useRef(record.version);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const changedMeanwhile = conflict || record.version !== openedOn.current;

  const eventId = Number(event.id);
  const fields = useMemo(() => showFields(def, ability, record), [def, ability, record]);
  const rows = useMemo(() => {
    const then = valuesAfter(record, events, eventId);
    return revisionRows(fields, record, then, (name) => canDo(ability, "update", def.name as ResourceName, record, name));
  }, [fields, record, events, eventId, ability, def.name]);
  const changes = rows.filter((r) => !r.stays);
  const stays = rows.filter((r) => r.stays);
  const defFields = allFields(def);
  const when = typeof event.at === "string" ? dateTime(event.at) : `#${eventId}`;
  const what = singular(def).toLowerCase();
  const busy = refreshing || reloading;

  const labels = (names: string[]) => names.map((n) => fieldLabel(def, n)).join(", ");

  const restore = async () => {
    try {
      const { data } = await mutateAsync({
        url: `${API_URL}/${def.name}/${String(id)}/revert`,
        method: "post",
        values: { eventId, version: record.version },
        successNotification: false,
        errorNotification: (error) => {
          const e = error as AppHttpError | undefined;
          if (e?.code === "VERSION_CONFLICT") return false;
          return { type: "error", key: `${def.name}-${String(id)}-revert`, message: t("revision.failed"), description: e?.message ?? t("errors.unexpected") };
        },
      });
      const skipped = data.skipped ?? [];
      notify?.({
        type: "success",
        key: `${def.name}-${String(id)}-revert`,
        message: data.changed?.length ? t("revision.restored", { when }) : t("revision.restoredNothing"),
        description: skipped.length ? t("revision.skipped", { count: skipped.length, fields: labels(skipped) }) : undefined,
      });
      onClose();
      void invalidate({ resource: def.name, invalidates: ["detail"], id });
      void invalidate({ resource: def.name, invalidates: ["list", "many"] });
      void invalidate({ resource: "audit-events", invalidates: ["list"] });
    } catch (error) {
      const e = error as AppHttpError;
      if (e.code !== "VERSION_CONFLICT") return;
      // Theirs is in: the record and its history again, then the difference against them.
      setReloading(true);
      try {
        await Promise.all([invalidate({ resource: def.name, invalidates: ["detail"], id }), invalidate({ resource: "audit-events", invalidates: ["list"] })]);
      } finally {
        setReloading(false);
        setConflict(true);
      }
    }
  };

  const stay = <Tag>{t("revision.stays")}</Tag>;
  return (
    <Modal
      open={open}
      title={t("revision.restoreThis")}
      width={760}
      onCancel={onClose}
      afterClose={afterClose}
      maskClosable={false}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t("buttons.cancel")}</Button>
          <Button type="primary" onClick={() => void restore()} loading={mutation.isPending || busy} disabled={!changes.length}>
            {t("revision.restore")}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Typography.Text type="secondary">
          {t(`revision.after.${String(event.action)}`, { name: String(event.actorName ?? t("show.system")), when })}
        </Typography.Text>
        {changedMeanwhile && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            message={t("revision.changedMeanwhile", { what })}
            description={t(conflict ? "revision.notRestored" : "revision.againstNow", { what })}
          />
        )}
        {rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("revision.nothing")} />
        ) : (
          <>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{changes.length ? t("revision.intro") : t("revision.nothingYours")}</Typography.Paragraph>
            <DiffTable<RevisionRow>
              rows={rows}
              fields={defFields}
              label={t("revision.table")}
              marks={(r) => r.stays && stay}
              columns={[
                { key: "now", title: t("revision.now"), render: (r) => <DiffValue field={defFields[r.name]} value={r.now} /> },
                { key: "then", title: t("revision.then"), render: (r) => <DiffValue field={defFields[r.name]} value={r.then} /> },
              ]}
            />
            {stays.length > 0 && (
              <Alert type="info" showIcon message={t("revision.staysHelp", { count: stays.length, fields: labels(stays.map((r) => r.name)) })} />
            )}
          </>
        )}
      </Space>
    </Modal>
  );
}
