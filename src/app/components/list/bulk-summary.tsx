import type { BaseKey, BaseRecord } from "@refinedev/core";
import { Alert, Button, List, Modal, Space, Typography } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { useLocale, type Locale } from "../../i18n/use-locale";
import { recordLabel } from "../../lib/entity-view";

/** What became of one selected record. */
export interface Outcome {
  id: BaseKey;
  label: string;
  /** Why the server refused it; absent when it was done. */
  refused?: string;
}

/** A record by its label as the list showed it, or "Customer #12" when it has none. */
export const labelOf = (def: EntityDef, record: BaseRecord, l: Locale) =>
  recordLabel(def, record) ?? l.t("list.recordN", { what: l.singular(def), id: String(record.id) });

interface BulkSummaryProps {
  title: string;
  /** null: closed. */
  outcomes: Outcome[] | null;
  /** The one-line count ("2 deleted, 1 refused"). */
  result: (done: number, refused: number) => string;
  /** The heading of the records it was done to ("Deleted", "Changed"). */
  doneTitle: string;
  onClose: () => void;
}

/** After a bulk action, each selected record by its label: done, or refused and why. */
export function BulkSummary({ title, outcomes, result, doneTitle, onClose }: BulkSummaryProps) {
  const { t } = useLocale();
  const done = outcomes?.filter((o) => !o.refused) ?? [];
  const refused = outcomes?.filter((o) => o.refused) ?? [];
  return (
    <Modal
      open={outcomes !== null}
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t("list.done")}
        </Button>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert type={refused.length ? (done.length ? "warning" : "error") : "success"} showIcon message={result(done.length, refused.length)} />
        <OutcomeList title={doneTitle} outcomes={done} />
        <OutcomeList title={t("list.refused")} outcomes={refused} />
      </Space>
    </Modal>
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
