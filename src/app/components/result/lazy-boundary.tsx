import { Button } from "antd";
import { Suspense } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { useLocale } from "../../i18n/use-locale";
import { isChunkLoadError } from "../../lib/lazy-retry";

function Failed({ error }: { error: unknown }) {
  const { t } = useLocale();
  // Code that did not arrive even on its retry (lazyRetry): the connection, said as such.
  const unreachable = isChunkLoadError(error);
  return (
    <div role="alert" style={{ padding: 16 }}>
      <p style={{ margin: "0 0 8px", fontWeight: 600 }}>{t("results.partFailed")}</p>
      <p style={{ margin: "0 0 12px" }}>{unreachable ? t("errors.network") : error instanceof Error ? error.message : String(error)}</p>
      <Button onClick={() => window.location.reload()}>{unreachable ? t("common.retry") : t("common.reload")}</Button>
    </div>
  );
}

/**
 * Around what renders code fetched on demand (a page, a dialog, an editor). If that fetch fails —
 * offline, or a deploy replaced the files this tab knows — or the part throws while rendering, it
 * says so in place and offers a reload, instead of React unmounting the whole app. Whatever is
 * outside (a half-filled form, say) stays as it is. `fallback` shows while the code is on its way.
 */
export function LazyBoundary({ children, fallback = null, resetKey }: { children: React.ReactNode; fallback?: React.ReactNode; resetKey?: unknown }) {
  return (
    <ErrorBoundary resetKeys={[resetKey]} fallbackRender={({ error }) => <Failed error={error} />}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
