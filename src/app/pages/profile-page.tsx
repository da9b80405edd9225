import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from "antd";
import { staff } from "../../domain/entities";
import { ruleFor } from "../components/fields/field-input";
import { OptionsFromTag } from "../components/fields/options-from";
import { SessionsPanel } from "../components/security/sessions-panel";
import { TokensPanel } from "../components/security/tokens-panel";
import { TwoFactorPanel } from "../components/security/two-factor-panel";
import { useSessionUser, useTwoFactor } from "../hooks/use-session";
import { API_URL } from "../config";
import { useLocale } from "../i18n/use-locale";
import type { AppHttpError } from "../providers/http-client";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * The signed-in user's own account: a change of their password, two-factor sign-in, where they
 * are signed in, their API tokens. A member whose role requires two-factor and who has
 * not set it up is sent here and sees only that, with why.
 */
export default function ProfilePage() {
  const user = useSessionUser();
  const { setupRequired } = useTwoFactor();
  const [form] = Form.useForm<PasswordValues>();
  const { t } = useLocale();
  const { mutate, mutation } = useCustomMutation();

  const submit = ({ currentPassword, newPassword }: PasswordValues) =>
    mutate(
      {
        url: `${API_URL}/auth/password`,
        method: "post",
        values: { currentPassword, newPassword },
        successNotification: { type: "success", message: t("profile.changed"), description: t("profile.changedDescription") },
        errorNotification: (error) => {
          const e = error as AppHttpError | undefined;
          return e?.errors && Object.keys(e.errors).length ? false : { type: "error", message: t("profile.changeFailed"), description: e?.message };
        },
      },
      {
        onSuccess: () => form.resetFields(),
        onError: (error) => {
          const errors = (error as AppHttpError).errors ?? {};
          form.setFields(
            Object.entries(errors)
              .filter(([name]) => name === "currentPassword" || name === "newPassword")
              .map(([name, messages]) => ({ name: name as keyof PasswordValues, errors: messages })),
          );
        },
      },
    );

  return (
    <Space direction="vertical" size="large" style={{ width: "100%", maxWidth: 720 }}>
      <Typography.Title key="title" level={3} style={{ margin: 0 }}>
        {t("header.profile")}
      </Typography.Title>
      {setupRequired && (
        <Alert
          key="required"
          type="warning"
          showIcon
          role="alert"
          message={t("security.twoFactor.requiredTitle")}
          description={t("security.twoFactor.required")}
        />
      )}
      <Card key="account" title={t("profile.account")}>
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t("profile.name")}>{user?.name}</Descriptions.Item>
          <Descriptions.Item label={t("profile.email")}>{user?.email}</Descriptions.Item>
          <Descriptions.Item label={t("profile.role")}>{user && <OptionsFromTag field={staff.fields.role} value={user.role} />}</Descriptions.Item>
        </Descriptions>
      </Card>
      {!setupRequired && (
        <Card key="password" title={t("profile.changePassword")}>
          <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item name="currentPassword" label={t("profile.currentPassword")} rules={[{ required: true, message: t("validation.required") }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Form.Item
              name="newPassword"
              label={t("profile.newPassword")}
              rules={[ruleFor(staff.fields.password)]}
              extra={t("profile.newPasswordHelp", { min: staff.fields.password.min, max: staff.fields.password.max })}
              validateFirst
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t("profile.repeatPassword")}
              dependencies={["newPassword"]}
              rules={[
                { required: true, message: t("validation.required") },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value) => {
                    if (value && value !== getFieldValue("newPassword")) throw new Error(t("profile.passwordsDiffer"));
                  },
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={mutation.isPending}>
              {t("profile.changePassword")}
            </Button>
          </Form>
        </Card>
      )}
      {/* Keyed, so enrolling (which brings the sections around it) keeps its recovery codes on screen. */}
      <TwoFactorPanel key="two-factor" />
      {!setupRequired && <SessionsPanel key="sessions" />}
      {!setupRequired && <TokensPanel key="tokens" />}
    </Space>
  );
}
