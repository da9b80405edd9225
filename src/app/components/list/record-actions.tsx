import { CanAccess, type BaseRecord } from "@refinedev/core";
import { Space } from "antd";
import type { EntityDef } from "../../../domain/fields";
import { DeleteButton, EditButton, ShowButton } from "../buttons";

interface RecordActionsProps {
  def: EntityDef;
  record: BaseRecord;
  /** Buttons without text (table rows) or with (page headers). */
  compact?: boolean;
  show?: boolean;
  onDeleted?: () => void;
}

/**
 * Show / edit / delete for one record, each only where the policy allows it for this very record
 * (an agent sees no edit button on someone else's customer, nobody a delete on a placed order).
 */
export function RecordActions({ def, record, compact = true, show = true, onDeleted }: RecordActionsProps) {
  const id = record.id;
  if (id === undefined) return null;
  const params = { id, data: record };
  const off = { enabled: false };
  const size = compact ? "small" : "middle";
  // Refine titles a button "You don't have permission to access" whenever its own access check is
  // off, as it is here (CanAccess decides, per record): a hover tip that says the opposite of the truth.
  const title = (what: string) => `${what} this ${def.singular.toLowerCase()}`;
  return (
    <Space size={compact ? 4 : 8}>
      {show && (
        <CanAccess resource={def.name} action="show" params={params}>
          <ShowButton resource={def.name} recordItemId={id} hideText={compact} size={size} accessControl={off} title={title("Show")} />
        </CanAccess>
      )}
      {!def.readOnly && (
        <CanAccess resource={def.name} action="edit" params={params}>
          <EditButton resource={def.name} recordItemId={id} hideText={compact} size={size} accessControl={off} title={title("Edit")} />
        </CanAccess>
      )}
      {!def.readOnly && (
        <CanAccess resource={def.name} action="delete" params={params}>
          <DeleteButton
            resource={def.name}
            recordItemId={id}
            hideText={compact}
            size={size}
            accessControl={off}
            title={title("Delete")}
            confirmTitle={`Delete this ${def.singular.toLowerCase()}?`}
            confirmOkText="Delete"
            onSuccess={onDeleted}
          />
        </CanAccess>
      )}
    </Space>
  );
}
