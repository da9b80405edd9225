import { DeleteOutlined } from "@ant-design/icons";
import { useDataProvider, useInvalidate, useNotification, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Alert, Button, List, Modal, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import { UNDO_MS } from "../../../domain/constants";
import type { EntityDef } from "../../../domain/fields";
import { useLocale, type Locale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import { recordLabel } from "../../lib/entity-view";

interface Outcome {
  id: BaseKey;
  label: string;
  /** Why the server refused it; absent when it was deleted. */
  refused?: string;
}

const labelOf = (def: EntityDef, record: BaseRecord, l: Locale) =>
  recordLabel(def, record) ?? l.t("list.recordN", { what: l.singular(def), id: String(record.id) });

interface BulkDeleteProps {
  def: EntityDef;
  selected: BaseRecord[];
  onClear: () => void;
}

/**
 * Deletes the selected rows one DELETE at a time, so the server checks each row on its own (policy,
 * REFERENCED, draft-only …) and one refusal stops nothing else; then says what happened to each.
 * Nothing is sent for 5 seconds, during which Refine's undoable notification (its "progress" type,
 * counted down each second as Refine's own undoable mutations do) can call it off. Refine's
 * useDeleteMany would undo too, but as one call with one outcome, not a summary per row.
 */
export function BulkDelete({ def, selected, onClear }: BulkDeleteProps) {
  const l = useLocale();
  const { t } = l;
  const getProvider = useDataProvider();
  const invalidate = useInvalidate();
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);
  const noun = (n: number) => (n === 1 ? l.singular(def) : l.entityLabel(def)).toLowerCase();

  const { open, close } = useNotification();

  const schedule = () => {
    const batch = selected;
    const key = `${def.name}-bulk-delete-undo`;
    setRunning(true);
    let left = Math.round(UNDO_MS / 1000);
    const notify = () =>
      open?.({
        key,
        type: "progress",
        message: t("list.bulkUndo", { count: batch.length, what: noun(batch.length), seconds: left }),
        undoableTimeout: left,
        cancelMutation: () => {
          clearInterval(timer);
          setRunning(false);
        },
      });
    notify();
    const timer = setInterval(() => {
      left -= 1;
      if (left > 0) return notify();
      clearInterval(timer);
      close?.(key);
      void run(batch);
    }, 1000);
  };

  const run = async (batch: BaseRecord[]) => {
    const { deleteOne } = getProvider();
    const results: Outcome[] = [];
    for (const record of batch) {
      const id = record.id as BaseKey;
      try {
        await deleteOne({ resource: def.name, id });
        results.push({ id, label: labelOf(def, record, l) });
      } catch (e) {
        results.push({ id, label: labelOf(def, record, l), refused: (e as AppHttpError)?.message ?? t("errors.unexpected") });
      }
    }
    setRunning(false);
    setOutcomes(results);
    onClear();
    await invalidate({ resource: def.name, invalidates: ["list", "many"] });
  };

  const deleted = outcomes?.filter((o) => !o.refused) ?? [];
  const refused = outcomes?.filter((o) => o.refused) ?? [];

  // The summary outlives the selection it reports on, so this stays mounted and the bar comes and goes.
  return (
    <>
      {selected.length > 0 && (
        <Space style={{ marginBottom: 16 }} aria-label={t("list.selection")}>
          <Typography.Text>{t("list.selected", { count: selected.length })}</Typography.Text>
          <Popconfirm
            title={t("list.bulkConfirm", { count: selected.length, what: noun(selected.length) })}
            description={t("list.bulkHow")}
            okText={t("buttons.delete")}
            cancelText={t("buttons.cancel")}
            okButtonProps={{ danger: true }}
            onConfirm={schedule}
          >
            <Button danger icon={<DeleteOutlined />} loading={running}>
              {t("list.deleteSelected")}
            </Button>
          </Popconfirm>
          <Typography.Link onClick={onClear}>{t("list.clearSelection")}</Typography.Link>
        </Space>
      )}
      <Modal
        open={outcomes !== null}
        title={t("list.bulkTitle")}
        onCancel={() => setOutcomes(null)}
        footer={
          <Button type="primary" onClick={() => setOutcomes(null)}>
            {t("list.done")}
          </Button>
        }
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert
            type={refused.length ? (deleted.length ? "warning" : "error") : "success"}
            showIcon
            message={t("list.bulkResult", { deleted: deleted.length, refused: refused.length })}
          />
          <OutcomeList title={t("list.deleted")} outcomes={deleted} />
          <OutcomeList title={t("list.refused")} outcomes={refused} />
        </Space>
      </Modal>
    </>
  );
}

function OutcomeList({ title, outcomes }: { title: string; outcomes: Outcome[] }) {
  if (!outcomes.length) return null;
  return (
    <section aria-label={title}>
      <List
        size="small"
        header={<Typography.Text strong>{title}</Typography.Text>}
        dataSource={outcomes}
        rowKey={(o) => String(o.id)}
        renderItem={(o) => (
          <List.Item>
            <List.Item.Meta title={o.label} description={o.refused} />
          </List.Item>
        )}
      />
    </section>
  );
}
