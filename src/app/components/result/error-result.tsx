import { Button } from "antd";
import { lazy, Suspense, type ComponentProps } from "react";
import { ErrorBoundary } from "react-error-boundary";
import { Link } from "react-router";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";

// antd's Result carries its 403/404/500 illustrations (~10 kB gzipped): fetched when a page fails,
// not with the app shell that every route loads. Until it arrives, or if it cannot (offline), the
// same words without the picture.
const AntdResult = lazy(() => import("antd/es/result"));
type ResultProps = ComponentProps<typeof AntdResult>;
const PlainResult = ({ title, subTitle, extra }: ResultProps) => (
  <div role="status" style={{ textAlign: "center", padding: "48px 32px" }}>
    <h3 style={{ margin: "0 0 8px", fontSize: 24, fontWeight: 400 }}>{title}</h3>
    <p style={{ margin: "0 0 24px", color: "rgba(0,0,0,0.45)" }}>{subTitle}</p>
    {extra}
  </div>
);
const Result = (props: ResultProps) => (
  <ErrorBoundary fallbackRender={() => <PlainResult {...props} />}>
    <Suspense fallback={<PlainResult {...props} />}>
      <AntdResult {...props} />
    </Suspense>
  </ErrorBoundary>
);

/** `what`: the kind of thing that was asked for, in the operator's language ("customer"); a page by default. */
export function NotFoundResult({ what }: { what?: string }) {
  const { t } = useLocale();
  return (
    <Result
      status="404"
      title={t("results.notFoundTitle")}
      subTitle={t("results.notFound", { what: what ?? t("results.page") })}
      extra={
        <Link to="/">
          <Button type="primary">{t("results.backToDashboard")}</Button>
        </Link>
      }
    />
  );
}

export function ForbiddenResult() {
  const { t } = useLocale();
  return (
    <Result
      status="403"
      title={t("results.forbiddenTitle")}
      subTitle={t("results.forbidden")}
      extra={
        <Link to="/">
          <Button type="primary">{t("results.backToDashboard")}</Button>
        </Link>
      }
    />
  );
}

/**
 * How a page answers a failed load: 404 and 403 as results, anything else with its message and
 * a Retry (`onRetry`: ask again in place; without it the page reloads).
 */
export function LoadErrorResult({ error, what, onRetry }: { error: unknown; what: string; onRetry?: () => void }) {
  const { t } = useLocale();
  const e = error as Partial<AppHttpError> | undefined;
  if (e?.statusCode === 404) return <NotFoundResult what={what} />;
  if (e?.statusCode === 403) return <ForbiddenResult />;
  return (
    <Result
      status="error"
      title={t("results.loadFailed", { what })}
      subTitle={[e?.message, e?.requestId ? t("common.request", { id: e.requestId }) : ""].filter(Boolean).join(" ")}
      extra={<Button onClick={onRetry ?? (() => window.location.reload())}>{t("common.retry")}</Button>}
    />
  );
}
