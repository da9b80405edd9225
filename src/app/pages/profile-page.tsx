import { useCustomMutation } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input, Space, Tag } from "antd";
import { staff } from "../../domain/entities";
import { ruleFor } from "../components/fields/field-input";
import { useSessionUser } from "../hooks/use-session";
import { API_URL } from "../config";
import { useLocale } from "../i18n/use-locale";
import type { AppHttpError } from "../providers/http-client";

interface PasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The signed-in user's own account, and a change of their password. */
export default function ProfilePage() {
  const user = useSessionUser();
  const [form] = Form.useForm<PasswordValues>();
  const { t, option } = useLocale();
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
      <Card title={t("profile.account")}>
        <Descriptions column={1} bordered>
          <Descriptions.Item label={t("profile.name")}>{user?.name}</Descriptions.Item>
          <Descriptions.Item label={t("profile.email")}>{user?.email}</Descriptions.Item>
          <Descriptions.Item label={t("profile.role")}>{user && <Tag>{option(staff, "role", user.role)}</Tag>}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t("profile.changePassword")}>
        <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="currentPassword" label={t("profile.currentPassword")} rules={[{ required: true, message: t("validation.required") }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label={t("profile.newPassword")} rules={[ruleFor(staff.fields.password)]} extra={t("profile.newPasswordHelp", { min: staff.fields.password.min })} validateFirst>
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
    </Space>
  );
}
