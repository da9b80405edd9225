import { SafetyCertificateOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, type BaseRecord } from "@refinedev/core";
import { Alert, Button, Popconfirm, Space, Tag, Typography } from "antd";
import { canDo } from "../../../domain/policy";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import { fetchSessionUser } from "../../providers/session";

interface Status {
  enabled: boolean;
  enabledAt: string | null;
}

/**
 * A staff member's two-factor sign-in, on their page, for whoever may change their account (the
 * server's own test: an admin): on since when, or off; and "Reset two-factor" for a member who
 * lost their phone and their recovery codes (their sessions end). Nothing for anyone else.
 */
export default function StaffTwoFactor({ record }: { record: BaseRecord }) {
  const ability = useAbility();
  const allowed = canDo(ability, "update", "staff", record);
  if (!allowed || record.id === undefined) return null;
  return <StaffTwoFactorStatus id={record.id} name={String(record.name ?? `#${record.id}`)} />;
}

function StaffTwoFactorStatus({ id, name }: { id: string | number; name: string }) {
  const { t, dateTime } = useLocale();
  const url = `${API_URL}/staff/${id}/two-factor`;
  const { query } = useCustom<Status>({ url, method: "get", errorNotification: false });
  const { mutate, mutation } = useCustomMutation();
  const status = query.data?.data;
  const reset = () =>
    mutate(
      {
        url,
        method: "delete",
        values: {},
        successNotification: {
          type: "success",
          message: t("security.twoFactor.resetDone"),
          description: t("security.twoFactor.resetDoneDescription", { name }),
        },
        errorNotification: (e) => ({ type: "error", message: t("security.twoFactor.resetFailed"), description: (e as AppHttpError | undefined)?.message }),
      },
      {
        onSettled: () => void query.refetch(),
        // An admin who reset their own: their session hears it is off now.
        onSuccess: () => void fetchSessionUser().catch(() => undefined),
      },
    );

  return (
    <section aria-labelledby="sb-staff-two-factor" style={{ marginTop: 24 }}>
      <Typography.Title level={5} id="sb-staff-two-factor">
        {t("security.twoFactor.title")}
      </Typography.Title>
      {query.isError && !status ? (
        <Alert
          type="error"
          showIcon
          message={(query.error as AppHttpError | null)?.message ?? t("errors.unexpected")}
          action={<Button onClick={() => void query.refetch()}>{t("common.retry")}</Button>}
        />
      ) : (
        <Space wrap align="center">
          {!status ? (
            <Typography.Text type="secondary">{t("common.loading")}</Typography.Text>
          ) : status.enabled ? (
            <Tag color="green" icon={<SafetyCertificateOutlined />}>
              {status.enabledAt ? t("security.twoFactor.memberOn", { when: dateTime(status.enabledAt) }) : t("security.twoFactor.on")}
            </Tag>
          ) : (
            <Tag>{t("security.twoFactor.memberOff")}</Tag>
          )}
          {status?.enabled && (
            <Popconfirm
              title={t("security.twoFactor.resetConfirm", { name })}
              description={<div style={{ maxWidth: 320 }}>{t("security.twoFactor.resetHelp")}</div>}
              okText={t("security.twoFactor.reset")}
              cancelText={t("buttons.cancel")}
              okButtonProps={{ danger: true }}
              onConfirm={reset}
            >
              <Button danger loading={mutation.isPending}>
                {t("security.twoFactor.reset")}
              </Button>
            </Popconfirm>
          )}
        </Space>
      )}
    </section>
  );
}
