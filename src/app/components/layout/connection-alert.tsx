import { Alert, Button } from "antd";
import { useState, useSyncExternalStore } from "react";
import { useLocale } from "../../i18n/use-locale";
import { connection } from "../../providers/http-client";
import { queryClient } from "../../providers/query-client";

/**
 * Said once, above whatever page is open, while the server does not answer: what is wrong in the
 * operator's words and a Retry that asks again for everything on screen. Pages keep what they
 * already show; it goes away by itself as soon as a request is answered.
 */
export function ConnectionAlert() {
  const { t } = useLocale();
  const unreachable = useSyncExternalStore(connection.subscribe, connection.isUnreachable);
  const [retrying, setRetrying] = useState(false);
  if (!unreachable) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await queryClient.refetchQueries({ type: "active" });
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div style={{ position: "fixed", top: 12, left: "50%", transform: "translateX(-50%)", zIndex: 1100, width: "min(560px, calc(100vw - 24px))" }}>
      <Alert
        type="error"
        showIcon
        role="alert"
        message={t("errors.network")}
        action={
          <Button size="small" onClick={() => void retry()} loading={retrying}>
            {t("common.retry")}
          </Button>
        }
      />
    </div>
  );
}
