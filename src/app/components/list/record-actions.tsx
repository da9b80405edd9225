import { EditButton, ShowButton } from "@refinedev/antd";
import { useNavigation, type BaseRecord } from "@refinedev/core";
import { Space } from "antd";
import { useEffect } from "react";
import type { EntityDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import { prefetchPath } from "../../lib/route-modules";
import { viewOverride } from "../../overrides";
import { DeleteRecordButton } from "./delete-record-button";

interface RecordActionsProps {
  def: EntityDef;
  record: BaseRecord;
  /** Buttons without text (table rows) or with (page headers). */
  compact?: boolean;
  show?: boolean;
  onDeleted?: () => void;
}

/**
 * Show / edit / delete for one record: @refinedev/antd's buttons, whose own access check asks the
 * accessControlProvider with this very record (`meta.record`), so the row rules count: an agent
 * sees no edit button on someone else's customer, nobody a delete on a placed order.
 */
export function RecordActions({ def, record, compact = true, show = true, onDeleted }: RecordActionsProps) {
  const { t, singular } = useLocale();
  const { editUrl } = useNavigation();
  const editable = !def.readOnly;
  const id = record.id;
  // A record's own page: its edit button is the next click as often as not, and may come before
  // the browser first idles (a list's rows lead to their records first; those it leaves to idle).
  const editAhead = editable && !compact && id !== undefined ? editUrl(def.name, id) : undefined;
  useEffect(() => {
    if (editAhead) prefetchPath(editAhead, viewOverride);
  }, [editAhead]);
  if (id === undefined) return null;
  const meta = { record };
  const size = compact ? "small" : "middle";
  const what = singular(def).toLowerCase();
  const title = (action: "show" | "edit" | "delete") => t(`list.action.${action}`, { what });
  return (
    <Space size={compact ? 4 : 8}>
      {show && (
        <ShowButton
          resource={def.name}
          recordItemId={id}
          meta={meta}
          hideText={compact}
          size={size}
          title={title("show")}
          aria-label={compact ? title("show") : undefined}
        />
      )}
      {editable && (
        <EditButton
          resource={def.name}
          recordItemId={id}
          meta={meta}
          hideText={compact}
          size={size}
          title={title("edit")}
          aria-label={compact ? title("edit") : undefined}
        />
      )}
      {editable && <DeleteRecordButton def={def} id={id} record={record} hideText={compact} size={size} title={title("delete")} onDeleted={onDeleted} />}
    </Space>
  );
}
