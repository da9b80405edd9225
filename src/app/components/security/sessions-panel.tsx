import { LogoutOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Popconfirm, Skeleton, Tag, Typography, theme } from "antd";
import { API_URL } from "../../config";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import { Panel } from "../layout/panel";
import "./security.css";

/** One of the signed-in member's sessions, as `GET /api/auth/sessions` answers. */
export interface SessionRow {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  /** "Firefox 128 on Linux"; null when the user agent says nothing recognisable. */
  device: string | null;
  current: boolean;
}

/**
 * Where the member is signed in: each session's browser and system in words, address, when it
 * started and was last active, this browser marked; sign one out, or all the others.
 */
export function SessionsPanel() {
  const { t, dateTime } = useLocale();
  const { token } = theme.useToken();
  const { query } = useCustom<SessionRow[]>({ url: `${API_URL}/auth/sessions`, method: "get", errorNotification: false });
  const { mutate, mutation } = useCustomMutation<{ ended: number }>();
  const sessions = query.data?.data;
  const failed = (e: unknown) => ({ type: "error" as const, message: t("security.sessions.failed"), description: (e as AppHttpError | undefined)?.message });
  const refetch = () => void query.refetch();
  const device = (s: SessionRow) => s.device ?? s.userAgent ?? t("security.sessions.unknownDevice");

  const end = (s: SessionRow) =>
    mutate(
      {
        url: `${API_URL}/auth/sessions/${s.id}`,
        method: "delete",
        values: {},
        successNotification: { type: "success", message: t("security.sessions.ended"), description: device(s) },
        errorNotification: failed,
      },
      { onSettled: refetch },
    );
  const endOthers = () =>
    mutate(
      {
        url: `${API_URL}/auth/sessions`,
        method: "delete",
        values: {},
        successNotification: (res) => ({ type: "success", message: t("security.sessions.endedOthers", { count: res?.data.ended ?? 0 }) }),
        errorNotification: failed,
      },
      { onSettled: refetch },
    );

  const others = sessions?.filter((s) => !s.current).length ?? 0;
  // This browser first, then the most recently active.
  const ordered = [...(sessions ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));

  return (
    <Panel title={t("security.sessions.title")}>
      <Typography.Paragraph type="secondary">{t("security.sessions.help")}</Typography.Paragraph>
      {query.isError && !sessions ? (
        <Alert
          type="error"
          showIcon
          message={t("security.sessions.loadFailed")}
          description={(query.error as AppHttpError | null)?.message}
          action={<Button onClick={refetch}>{t("common.retry")}</Button>}
        />
      ) : !sessions ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <ul className="sb-security-list" aria-label={t("security.sessions.title")} style={{ ["--sb-divider" as string]: token.colorSplit }}>
          {ordered.map((s) => (
            <li key={s.id}>
              <div className="sb-security-item">
                <Typography.Text strong>{device(s)}</Typography.Text>{" "}
                {s.current && (
                  <Tag color="green" style={{ marginInlineStart: 4 }}>
                    {t("security.sessions.thisBrowser")}
                  </Tag>
                )}
                <dl className="sb-security-facts">
                  <dt style={{ color: token.colorTextDescription }}>{t("security.sessions.address")}</dt>
                  <dd>{s.ip ?? t("common.none")}</dd>
                  <dt style={{ color: token.colorTextDescription }}>{t("security.sessions.started")}</dt>
                  <dd>{dateTime(s.createdAt)}</dd>
                  <dt style={{ color: token.colorTextDescription }}>{t("security.sessions.lastSeen")}</dt>
                  <dd>{dateTime(s.lastSeenAt)}</dd>
                </dl>
              </div>
              {!s.current && (
                <Button
                  icon={<LogoutOutlined />}
                  onClick={() => end(s)}
                  aria-label={t("security.sessions.signOutLabel", { device: device(s) })}
                  loading={mutation.isPending && mutation.variables?.url === `${API_URL}/auth/sessions/${s.id}`}
                >
                  {t("security.sessions.signOut")}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {sessions && others === 0 && (
        <Typography.Paragraph type="secondary" style={{ margin: "8px 0 0" }}>
          {t("security.sessions.none")}
        </Typography.Paragraph>
      )}
      {sessions && (
        <Popconfirm
          title={t("security.sessions.signOutOthersConfirm")}
          okText={t("security.sessions.signOutOthers")}
          cancelText={t("buttons.cancel")}
          okButtonProps={{ danger: true }}
          onConfirm={endOthers}
          disabled={others === 0}
        >
          <Button
            danger
            disabled={others === 0}
            style={{ marginTop: 12 }}
            loading={mutation.isPending && mutation.variables?.url === `${API_URL}/auth/sessions`}
          >
            {t("security.sessions.signOutOthers")}
          </Button>
        </Popconfirm>
      )}
    </Panel>
  );
}
