import { DeleteOutlined, KeyOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation } from "@refinedev/core";
import { Alert, Button, Checkbox, Form, Input, InputNumber, Popconfirm, Skeleton, Tag, Typography, theme } from "antd";
import { useState } from "react";
import { TOKEN_EXPIRY_MAX_DAYS, TOKEN_EXPIRY_MIN_DAYS, TOKEN_NAME_MAX } from "../../../domain/constants";
import { API_URL } from "../../config";
import { useSessionUser } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import type { AppHttpError } from "../../providers/http-client";
import { Panel } from "../layout/panel";
import { OnceText } from "./copy-button";
import "./security.css";

/** An API token as `GET /api/tokens` lists it (never its secret); `staffName` on an admin's list of everyone's. */
export interface TokenRow {
  id: number;
  name: string;
  readOnly: boolean;
  createdAt: string;
  expiresAt: string;
  lastUsedAt: string | null;
  staffId: number;
  staffName?: string;
}

interface NewToken {
  name: string;
  expiresInDays: number;
  readOnly: boolean;
}

const DEFAULT_DAYS = 30;
const FIELDS: (keyof NewToken)[] = ["name", "expiresInDays", "readOnly"];

/**
 * API tokens for scripts: the member's own (an admin's list has everyone's, with the
 * owner's name), made here with a name, an expiry and read-only or not; the token itself shown
 * once, with a copy button; revoked after a confirmation.
 */
export function TokensPanel() {
  const { t, dateTime } = useLocale();
  const { token: design } = theme.useToken();
  const user = useSessionUser();
  const [form] = Form.useForm<NewToken>();
  const [made, setMade] = useState<(TokenRow & { token: string }) | null>(null);
  const { query } = useCustom<TokenRow[]>({ url: `${API_URL}/tokens`, method: "get", errorNotification: false });
  const { mutate: create, mutation: creating } = useCustomMutation<TokenRow & { token: string }>();
  const { mutate: revoke, mutation: revoking } = useCustomMutation<TokenRow>();
  const tokens = query.data?.data;
  const refetch = () => void query.refetch();
  // An admin's list holds everyone's: then it says so, and whose each token is.
  const everyones = tokens?.some((x) => x.staffId !== user?.id) ?? false;
  const now = Date.now();

  const submit = (values: NewToken) =>
    create(
      {
        url: `${API_URL}/tokens`,
        method: "post",
        values: { name: values.name.trim(), expiresInDays: values.expiresInDays, readOnly: values.readOnly === true },
        successNotification: false,
        errorNotification: (e) => {
          const errors = (e as AppHttpError | undefined)?.errors ?? {};
          return FIELDS.some((f) => errors[f]?.length)
            ? false
            : { type: "error", message: t("security.tokens.createFailed"), description: (e as AppHttpError | undefined)?.message };
        },
      },
      {
        onSuccess: ({ data }) => {
          setMade(data);
          form.resetFields();
          refetch();
        },
        onError: (e) => {
          const errors = (e as AppHttpError).errors ?? {};
          form.setFields(FIELDS.filter((f) => errors[f]?.length).map((f) => ({ name: f, errors: errors[f] })));
        },
      },
    );

  const remove = (x: TokenRow) =>
    revoke(
      {
        url: `${API_URL}/tokens/${x.id}`,
        method: "delete",
        values: {},
        successNotification: { type: "success", message: t("security.tokens.revoked", { name: x.name }) },
        errorNotification: (e) => ({ type: "error", message: t("security.tokens.revokeFailed"), description: (e as AppHttpError | undefined)?.message }),
      },
      {
        onSettled: () => {
          if (made?.id === x.id) setMade(null);
          refetch();
        },
      },
    );

  return (
    <Panel title={t("security.tokens.title")}>
      <Typography.Paragraph type="secondary">
        {t("security.tokens.help")} {everyones && t("security.tokens.allHelp")}
      </Typography.Paragraph>

      {made && (
        <Alert
          type="success"
          showIcon
          style={{ marginBottom: 16 }}
          message={t("security.tokens.created", { name: made.name })}
          description={
            <>
              <Typography.Paragraph>{t("security.tokens.shownOnce")}</Typography.Paragraph>
              <OnceText value={made.token} label={t("security.tokens.tokenLabel")} copyLabel={t("security.tokens.copyToken")} wide />
              <Button style={{ marginTop: 12 }} onClick={() => setMade(null)}>
                {t("security.tokens.done")}
              </Button>
            </>
          }
        />
      )}

      {query.isError && !tokens ? (
        <Alert
          type="error"
          showIcon
          message={t("security.tokens.loadFailed")}
          description={(query.error as AppHttpError | null)?.message}
          action={<Button onClick={refetch}>{t("common.retry")}</Button>}
        />
      ) : !tokens ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : tokens.length === 0 ? (
        <Typography.Paragraph type="secondary">{t("security.tokens.none")}</Typography.Paragraph>
      ) : (
        <ul className="sb-security-list" aria-label={t("security.tokens.title")} style={{ ["--sb-divider" as string]: design.colorSplit }}>
          {tokens.map((x) => {
            const expired = Date.parse(x.expiresAt) <= now;
            return (
              <li key={x.id}>
                <div className="sb-security-item">
                  <Typography.Text strong>{x.name}</Typography.Text>{" "}
                  <Tag color={x.readOnly ? "blue" : "gold"} style={{ marginInlineStart: 4 }}>
                    {x.readOnly ? t("security.tokens.readOnly") : t("security.tokens.readWrite")}
                  </Tag>
                  {expired && <Tag color="red">{t("security.tokens.expired")}</Tag>}
                  <dl className="sb-security-facts">
                    {everyones && (
                      <>
                        <dt style={{ color: design.colorTextDescription }}>{t("security.tokens.owner")}</dt>
                        <dd>{x.staffId === user?.id ? user.name : (x.staffName ?? `#${x.staffId}`)}</dd>
                      </>
                    )}
                    <dt style={{ color: design.colorTextDescription }}>{t("security.tokens.createdAt")}</dt>
                    <dd>{dateTime(x.createdAt)}</dd>
                    <dt style={{ color: design.colorTextDescription }}>{expired ? t("security.tokens.expired") : t("security.tokens.expires")}</dt>
                    <dd>{dateTime(x.expiresAt)}</dd>
                    <dt style={{ color: design.colorTextDescription }}>{t("security.tokens.lastUsed")}</dt>
                    <dd>{x.lastUsedAt ? dateTime(x.lastUsedAt) : t("security.never")}</dd>
                  </dl>
                </div>
                <Popconfirm
                  title={t("security.tokens.revokeConfirm", { name: x.name })}
                  description={t("security.tokens.revokeHelp")}
                  okText={t("security.tokens.revoke")}
                  cancelText={t("buttons.cancel")}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(x)}
                >
                  <Button
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("security.tokens.revokeLabel", { name: x.name })}
                    loading={revoking.isPending && revoking.variables?.url === `${API_URL}/tokens/${x.id}`}
                  >
                    {t("security.tokens.revoke")}
                  </Button>
                </Popconfirm>
              </li>
            );
          })}
        </ul>
      )}

      <Typography.Title level={5} style={{ marginTop: 16 }} id="sb-new-token">
        {t("security.tokens.newTitle")}
      </Typography.Title>
      <Form<NewToken>
        form={form}
        layout="vertical"
        requiredMark={false}
        aria-labelledby="sb-new-token"
        initialValues={{ expiresInDays: DEFAULT_DAYS, readOnly: false }}
        onFinish={submit}
      >
        <Form.Item
          name="name"
          label={t("security.tokens.name")}
          rules={[
            { required: true, whitespace: true, message: t("validation.required") },
            { max: TOKEN_NAME_MAX, message: t("validation.maxChars", { max: TOKEN_NAME_MAX }) },
          ]}
          style={{ maxWidth: 420 }}
        >
          <Input maxLength={TOKEN_NAME_MAX} placeholder={t("security.tokens.namePlaceholder")} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="expiresInDays"
          label={t("security.tokens.expiresIn")}
          extra={t("security.tokens.expiresInHelp", { min: TOKEN_EXPIRY_MIN_DAYS, max: TOKEN_EXPIRY_MAX_DAYS })}
          rules={[
            { required: true, message: t("validation.required") },
            {
              type: "integer",
              min: TOKEN_EXPIRY_MIN_DAYS,
              max: TOKEN_EXPIRY_MAX_DAYS,
              message: t("security.tokens.expiresInHelp", { min: TOKEN_EXPIRY_MIN_DAYS, max: TOKEN_EXPIRY_MAX_DAYS }),
            },
          ]}
        >
          <InputNumber min={TOKEN_EXPIRY_MIN_DAYS} max={TOKEN_EXPIRY_MAX_DAYS} precision={0} suffix={t("security.tokens.days")} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="readOnly" valuePropName="checked" extra={t("security.tokens.readOnlyHelp")}>
          <Checkbox>{t("security.tokens.readOnly")}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<KeyOutlined />} loading={creating.isPending}>
          {t("security.tokens.create")}
        </Button>
      </Form>
    </Panel>
  );
}
