import { useCustom, useDataProvider, type BaseKey } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { App } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";
import { API_URL } from "../config";
import { useLocale } from "../i18n/use-locale";
import type { AppHttpError } from "../providers/http-client";

/** One list's remembered settings, kept on the server so they follow the person to any browser. */
export interface ListPreferences {
  columns?: string[];
  pageSize?: number;
  defaultView?: BaseKey | null;
}

export interface Preferences {
  lists: Record<string, ListPreferences>;
}

const URL = `${API_URL}/auth/preferences`;
// Under "data": the session drops it with the rest of one person's data when another signs in.
const KEY = ["data", "preferences"];
/** Column and page-size changes come in bursts (moving a column down three places): one PATCH per pause. */
const SAVE_DELAY_MS = 700;
const NONE: Preferences = { lists: {} };

type Cached = { data: Preferences };

/**
 * The signed-in person's list preferences (`GET /api/auth/preferences`, one cached query every
 * list shares) and a setter for one list's: shown at once, sent after a pause, the keys sent
 * replacing the stored ones.
 */
export function usePreferences(resource: string) {
  const { t } = useLocale();
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const getProvider = useDataProvider();
  const { query } = useCustom<Preferences>({
    url: URL,
    method: "get",
    // Without them (an older server, a fault) the list is as the definition says: nothing to tell.
    errorNotification: false,
    queryOptions: { queryKey: KEY },
  });
  const pending = useRef<ListPreferences | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sends = useRef(0);
  // This list's changes the server has not confirmed yet, as React state: a checkbox shows its new
  // state in the same render as the click (the query cache tells its readers a tick later, and a
  // controlled checkbox would spring back meanwhile), and a refetch landing before the save was
  // sent cannot undo them.
  const [unsaved, setUnsaved] = useState<ListPreferences | null>(null);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const sent = pending.current;
    if (!sent) return;
    pending.current = null;
    const { custom } = getProvider();
    if (!custom) return;
    const send = ++sends.current;
    custom<Preferences>({ url: URL, method: "patch", payload: { lists: { [resource]: sent } } })
      .then(({ data }) => {
        // An answer to an older change must not undo a newer one, waiting to go or on its way.
        if (pending.current || send !== sends.current || !data?.lists) return;
        queryClient.setQueryData<Cached>(KEY, { data });
        setUnsaved(null);
      })
      .catch((e: AppHttpError) =>
        notification.error({ key: "preferences-save", message: t("views.prefsFailed"), description: e?.message ?? t("errors.unexpected") }),
      );
  }, [getProvider, queryClient, resource, notification, t]);

  const update = useCallback(
    (change: ListPreferences) => {
      queryClient.setQueryData<Cached>(KEY, (old) => {
        const lists = old?.data?.lists ?? {};
        return { data: { lists: { ...lists, [resource]: { ...lists[resource], ...change } } } };
      });
      pending.current = { ...pending.current, ...change };
      setUnsaved((old) => ({ ...old, ...change }));
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [queryClient, resource, flush],
  );

  // Leaving the list (or the page) sends what is waiting rather than losing it.
  useEffect(() => {
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  const preferences = query.data?.data ?? NONE;
  return {
    list: unsaved ? { ...preferences.lists?.[resource], ...unsaved } : (preferences.lists?.[resource] ?? {}),
    /** Asked this time the list opened (or it failed): what it holds is the person's latest, not another list's cached copy. */
    ready: query.isFetchedAfterMount || query.isError,
    update,
  };
}
