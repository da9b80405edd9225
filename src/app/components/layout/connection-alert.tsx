import { Alert, Button, theme } from "antd";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { API_URL } from "../../config";
import { useLocale } from "../../i18n/use-locale";
import { connection, httpClient } from "../../providers/http-client";
import { queryClient } from "../../providers/query-client";
import { HEADER_HEIGHT } from "./header-height";

/** The health poll while the server does not answer: soon at first, then every few seconds. */
const POLL_FIRST_MS = 1_000;
const POLL_MAX_MS = 4_000;

/** Asks everything on screen again: lists, records, the names their references show. */
const refetchOnScreen = () => queryClient.refetchQueries({ type: "active" });

/**
 * What failed on screen while the server was away, asked again. Only that: a record loaded
 * before, refetched, would reset the edit form holding it under what the user typed meanwhile.
 */
const refetchFailed = () => queryClient.refetchQueries({ type: "active", predicate: (query) => query.state.status === "error" });

/**
 * While the server does not answer, it is asked (GET /api/health, through the one HTTP client,
 * whose answer clears the state) with a growing pause, and at once when the browser says it is
 * back online. Nothing else would ask: a page that failed to load waits for a user, and the
 * live feed reconnects outside the HTTP client.
 */
function useHealthPoll(unreachable: boolean) {
  useEffect(() => {
    if (!unreachable) return;
    let delay = POLL_FIRST_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = () => {
      clearTimeout(timer);
      void httpClient
        .get(`${API_URL}/health`)
        .catch(() => undefined)
        .finally(() => {
          if (stopped) return;
          delay = Math.min(delay * 2, POLL_MAX_MS);
          timer = setTimeout(ask, delay);
        });
    };
    timer = setTimeout(ask, delay);
    window.addEventListener("online", ask);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", ask);
    };
  }, [unreachable]);
}

/**
 * Said once, at the top of the page (below the header) while the server does not answer: what is
 * wrong in the operator's words and a Retry that asks again for everything on screen. Pages keep
 * what they already show. When the server answers again, by the health poll or any request, it
 * goes by itself and what failed on screen meanwhile (a list, the names behind its references)
 * is asked again, so it fills in without a Retry.
 */
export function ConnectionAlert() {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const unreachable = useSyncExternalStore(connection.subscribe, connection.isUnreachable);
  const [retrying, setRetrying] = useState(false);
  const wasUnreachable = useRef(unreachable);
  useHealthPoll(unreachable);
  useEffect(() => {
    if (wasUnreachable.current && !unreachable) void refetchFailed();
    wasUnreachable.current = unreachable;
  }, [unreachable]);
  if (!unreachable) return null;
  const retry = async () => {
    setRetrying(true);
    try {
      await refetchOnScreen();
    } finally {
      setRetrying(false);
    }
  };
  return (
    <div style={{ position: "sticky", top: HEADER_HEIGHT + token.paddingXS, zIndex: 9, marginBottom: token.margin }}>
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
