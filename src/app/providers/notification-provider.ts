import { useNotificationProvider } from "@refinedev/antd";
import type { NotificationProvider } from "@refinedev/core";
import { App } from "antd";
import { connection } from "./http-client";
import { openUndoable } from "./undoable-notification";

/**
 * antd's notifications through Refine, less one: an error while the server does not answer.
 * The connection banner (components/layout/connection-alert.tsx) already says that, once, and
 * goes when the server is back; a failed save or load adding "Can't reach the server" again in a
 * toast said the same thing twice. Any answer clears `unreachable` before the caller hears of its
 * error, so an error the server did answer (a 409, a 422) is still told here.
 */
export function useAppNotificationProvider(): NotificationProvider {
  const antd = useNotificationProvider();
  const { notification } = App.useApp();
  return {
    open: (params) => {
      if (params.type === "error" && connection.isUnreachable()) return;
      if (params.type === "progress") return openUndoable(notification, params);
      antd.open(params);
    },
    close: antd.close,
  };
}
