import { UndoOutlined } from "@ant-design/icons";
import type { OpenNotificationParams } from "@refinedev/core";
import { Button, Progress } from "antd";
import type { NotificationInstance } from "antd/es/notification/interface";
import { UNDO_MS } from "../../domain/constants";
import { t } from "../i18n";

/**
 * Refine's undoable notification (its "progress" type: seconds left in a ring, the Undo button)
 * with Undo said in words, not only as an icon: the one control that keeps the record.
 */
export function openUndoable(notification: NotificationInstance, { key, message, cancelMutation, undoableTimeout }: OpenNotificationParams) {
  const seconds = Math.round(UNDO_MS / 1000);
  notification.open({
    key,
    message: null,
    duration: 0,
    closeIcon: null,
    description: (
      <div style={{ display: "flex", alignItems: "center", gap: 8, marginTop: -7 }}>
        <Progress
          type="circle"
          percent={((undoableTimeout ?? 0) / seconds) * 100}
          format={() => undoableTimeout}
          size={50}
          status="normal"
          // A progress bar needs a name (axe: serious): the seconds left, in words.
          aria-label={t("notifications.undoable", { seconds: undoableTimeout ?? 0 })}
        />
        <span style={{ flex: 1 }}>{message}</span>
        <Button
          icon={<UndoOutlined />}
          disabled={undoableTimeout === 0}
          onClick={() => {
            cancelMutation?.();
            notification.destroy(key ?? "");
          }}
        >
          {t("buttons.undo")}
        </Button>
      </div>
    ),
  });
}
