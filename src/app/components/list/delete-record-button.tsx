import { DeleteOutlined } from "@ant-design/icons";
import { useDeleteButton, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Button, Popconfirm } from "antd";
import { useState } from "react";
import type { EntityDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import { useReferrers } from "./use-referrers";

interface DeleteRecordButtonProps {
  def: EntityDef;
  id: BaseKey;
  record: BaseRecord;
  hideText: boolean;
  size: "small" | "middle";
  title: string;
  onDeleted?: () => void;
  /** The caller asked the ability already (a table's rows): no access query of the button's own. */
  accessChecked?: boolean;
  /** Mounted by a press on a row's plain button: the confirm opens at once and the button keeps the focus. */
  pressed?: boolean;
}

/**
 * @refinedev/antd's DeleteButton (Refine's own useDeleteButton: access check with the record,
 * undoable mutation), whose confirm first asks what points at the record: a delete that cannot
 * happen is said there, with Delete disabled, not after the undo window.
 */
export function DeleteRecordButton({ def, id, record, hideText, size, title, onDeleted, accessChecked = false, pressed = false }: DeleteRecordButtonProps) {
  const { t, singular } = useLocale();
  const [open, setOpen] = useState(pressed);
  const button = useDeleteButton({
    resource: def.name,
    id,
    meta: { record },
    accessControl: accessChecked ? { enabled: false } : undefined,
    // Sent after 5 seconds in which the notification's Undo keeps the record: a delete is undoable, like every delete in the app.
    mutationMode: "undoable",
    onSuccess: onDeleted,
    // The record by its name, as a save says it: "Customer Ada Lovelace deleted".
    successNotification: () => ({ type: "success", message: t("form.deleted", { what: singular(def), name: String(record[def.recordLabel] ?? id) }) }),
  });
  const { checking, counts, describe } = useReferrers(def.name, [id], open);
  if (button.hidden) return null;
  const what = singular(def).toLowerCase();
  const blocked = counts[0];
  const total = blocked ? Object.values(blocked).reduce((a, b) => a + b, 0) : 0;
  return (
    <Popconfirm
      open={open}
      onOpenChange={setOpen}
      okText={t("buttons.delete")}
      cancelText={t("buttons.cancel")}
      okType="danger"
      title={t("list.confirmDelete", { what })}
      description={checking ? t("list.checkingReferrers") : blocked ? t("list.referrers", { count: total, things: describe(blocked), what }) : undefined}
      okButtonProps={{ disabled: button.loading || checking || !!blocked }}
      onConfirm={() => button.onConfirm()}
      disabled={button.disabled}
    >
      <Button
        danger
        loading={button.loading}
        icon={<DeleteOutlined />}
        title={title}
        aria-label={hideText ? title : undefined}
        disabled={button.disabled}
        size={size}
        autoFocus={pressed}
      >
        {!hideText && button.label}
      </Button>
    </Popconfirm>
  );
}

/**
 * A table row's delete: its button alone until it is first pressed, then the button with its
 * confirm (DeleteRecordButton), open. Each confirm is an antd Popconfirm (a trigger with state and
 * effects of its own) and Refine's useDeleteButton (a delete mutation and the URL's resource): a
 * page of rows rendered twenty of them on every page change for the one row a user may delete.
 * The caller has asked the ability for the row (a button it may not press is not drawn).
 */
export function RowDeleteButton({ def, id, record, title }: Pick<DeleteRecordButtonProps, "def" | "id" | "record" | "title">) {
  const [pressed, setPressed] = useState(false);
  if (pressed) return <DeleteRecordButton def={def} id={id} record={record} hideText size="small" title={title} accessChecked pressed />;
  return <Button danger icon={<DeleteOutlined />} title={title} aria-label={title} size="small" onClick={() => setPressed(true)} />;
}
