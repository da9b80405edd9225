import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";

/**
 * Refine notifications shown with antd's App notification, as @refinedev/antd's
 * useNotificationProvider does. Ours because importing that one at the root pulls the whole of
 * @refinedev/antd (markdown renderer, pro-layout …) into the login page's bundle. The "progress"
 * (undoable) type is not offered: every mutation here is pessimistic.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  return {
    open: ({ key, message, description, type }) => {
      notification.open({
        key,
        message: description ?? message,
        description: description ? message : undefined,
        type: type === "progress" ? "info" : type,
      });
    },
    close: (key) => notification.destroy(key),
  };
}
