import { DeleteOutlined } from "@ant-design/icons";
import { useDataProvider, useInvalidate, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Alert, Button, List, Modal, Popconfirm, Space, Typography } from "antd";
import { useState } from "react";
import type { EntityDef } from "../../../domain/fields";
import type { AppHttpError } from "../../providers/http-client";

interface Outcome {
  id: BaseKey;
  label: string;
  /** Why the server refused it; absent when it was deleted. */
  refused?: string;
}

const labelOf = (def: EntityDef, record: BaseRecord) =>
  def.recordLabel !== "id" && record[def.recordLabel] !== undefined ? String(record[def.recordLabel]) : `${def.singular} #${String(record.id)}`;

interface BulkDeleteProps {
  def: EntityDef;
  selected: BaseRecord[];
  onClear: () => void;
}

/**
 * Deletes the selected rows one DELETE at a time, so the server checks each row on its own (policy,
 * REFERENCED, draft-only …) and one refusal stops nothing else; then says what happened to each.
 */
export function BulkDelete({ def, selected, onClear }: BulkDeleteProps) {
  const getProvider = useDataProvider();
  const invalidate = useInvalidate();
  const [running, setRunning] = useState(false);
  const [outcomes, setOutcomes] = useState<Outcome[] | null>(null);

  const run = async () => {
    setRunning(true);
    const { deleteOne } = getProvider();
    const results: Outcome[] = [];
    for (const record of selected) {
      const id = record.id as BaseKey;
      try {
        await deleteOne({ resource: def.name, id });
        results.push({ id, label: labelOf(def, record) });
      } catch (e) {
        results.push({ id, label: labelOf(def, record), refused: (e as AppHttpError)?.message ?? "Unexpected error" });
      }
    }
    setRunning(false);
    setOutcomes(results);
    onClear();
    await invalidate({ resource: def.name, invalidates: ["list", "many"] });
  };

  const deleted = outcomes?.filter((o) => !o.refused) ?? [];
  const refused = outcomes?.filter((o) => o.refused) ?? [];
  const noun = (n: number) => (n === 1 ? def.singular.toLowerCase() : def.label.toLowerCase());

  // The summary outlives the selection it reports on, so this stays mounted and the bar comes and goes.
  return (
    <>
      {selected.length > 0 && (
        <Space style={{ marginBottom: 16 }} aria-label="Selection">
          <Typography.Text>{selected.length} selected</Typography.Text>
          <Popconfirm
            title={`Delete ${selected.length} ${noun(selected.length)}?`}
            description="Each is checked on its own; those that cannot be deleted are kept and listed."
            okText="Delete"
            okButtonProps={{ danger: true }}
            onConfirm={run}
          >
            <Button danger icon={<DeleteOutlined />} loading={running}>
              Delete selected
            </Button>
          </Popconfirm>
          <Typography.Link onClick={onClear}>Clear selection</Typography.Link>
        </Space>
      )}
      <Modal
        open={outcomes !== null}
        title="Bulk delete"
        onCancel={() => setOutcomes(null)}
        footer={
          <Button type="primary" onClick={() => setOutcomes(null)}>
            Done
          </Button>
        }
      >
        <Space direction="vertical" style={{ width: "100%" }}>
          <Alert
            type={refused.length ? (deleted.length ? "warning" : "error") : "success"}
            showIcon
            message={`${deleted.length} deleted, ${refused.length} refused`}
          />
          <OutcomeList title="Deleted" outcomes={deleted} />
          <OutcomeList title="Refused" outcomes={refused} />
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
