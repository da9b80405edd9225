import { Alert, Button, Modal, Space, Table, Tag } from "antd";
import type { FieldDef } from "../../../domain/fields";
import type { ConflictRow } from "../../lib/conflict";
import { FieldValue } from "../fields/field-value";
import { ReferenceCell } from "../list/reference-cell";

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

function Value({ field, value }: { field?: FieldDef; value: unknown }) {
  if (!field) return <>{JSON.stringify(value) ?? "—"}</>;
  if (field.type === "reference") return <ReferenceCell field={field} value={value} />;
  return <FieldValue field={field} value={value} compact />;
}

/**
 * SPEC §8 VERSION_CONFLICT: what the other person saved next to what this form holds, field by
 * field, and the operator's choice. Overwriting sends only this form's own changes, on their
 * version: a field only they changed keeps their value. Reloading drops this form's changes, and
 * says so. Closing keeps editing; nothing is lost without a click that says it.
 */
export function ConflictDialog({ open, rows, fields, saving, onReload, onOverwrite, onKeepEditing }: ConflictDialogProps) {
  const clashes = rows.filter((r) => r.clash).length;
  return (
    <Modal
      open={open}
      title="Someone else changed this record"
      width={760}
      onCancel={onKeepEditing}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onKeepEditing}>Keep editing</Button>
          <Button onClick={onReload} disabled={saving}>
            Reload theirs
          </Button>
          <Button type="primary" danger={clashes > 0} onClick={onOverwrite} loading={saving}>
            Overwrite with mine
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: "100%" }}>
        <Alert
          type="warning"
          showIcon
          message="Your changes are not saved yet."
          description={
            clashes
              ? `You both changed ${clashes === 1 ? "one field" : `${clashes} fields`}. Overwrite puts your value there; their other changes stay. Reload theirs drops your changes.`
              : "Overwrite saves your changes on top of theirs; their changes stay. Reload theirs drops your changes."
          }
        />
        <Table<ConflictRow>
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={rows}
          aria-label="Changes on both sides"
          columns={[
            {
              key: "field",
              title: "Field",
              render: (_, r) => (
                <Space size={4} wrap>
                  {r.label}
                  {r.clash && <Tag color="red">both changed</Tag>}
                </Space>
              ),
            },
            { key: "base", title: "When you opened it", render: (_, r) => <Value field={fields[r.name]} value={r.base} /> },
            { key: "theirs", title: "Theirs (saved)", render: (_, r) => (r.theyChanged ? <Value field={fields[r.name]} value={r.theirs} /> : <Tag>unchanged</Tag>) },
            { key: "mine", title: "Yours (not saved)", render: (_, r) => (r.iChanged ? <Value field={fields[r.name]} value={r.mine} /> : <Tag>unchanged</Tag>) },
          ]}
        />
      </Space>
    </Modal>
  );
}
