import { useCustomMutation } from "@refinedev/core";
import { Button, Card, Descriptions, Form, Input, Space, Tag } from "antd";
import { staff } from "../../domain/entities";
import { ruleFor } from "../components/fields/field-input";
import { useSessionUser } from "../hooks/use-session";
import { API_URL } from "../config";
import { humanize } from "../lib/entity-view";
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
  const { mutate, mutation } = useCustomMutation();

  const submit = ({ currentPassword, newPassword }: PasswordValues) =>
    mutate(
      {
        url: `${API_URL}/auth/password`,
        method: "post",
        values: { currentPassword, newPassword },
        successNotification: { type: "success", message: "Password changed", description: "Your other sessions were signed out." },
        errorNotification: (error) => {
          const e = error as AppHttpError | undefined;
          return e?.errors && Object.keys(e.errors).length ? false : { type: "error", message: "Could not change the password", description: e?.message };
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
      <Card title="Your account">
        <Descriptions column={1} bordered>
          <Descriptions.Item label="Name">{user?.name}</Descriptions.Item>
          <Descriptions.Item label="Email">{user?.email}</Descriptions.Item>
          <Descriptions.Item label="Role">{user && <Tag>{humanize(user.role)}</Tag>}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="Change password">
        <Form<PasswordValues> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="currentPassword" label="Current password" rules={[{ required: true, message: "Required" }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="newPassword" label="New password" rules={[ruleFor(staff.fields.password)]} extra={`At least ${staff.fields.password.min} characters.`} validateFirst>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label="Repeat the new password"
            dependencies={["newPassword"]}
            rules={[
              { required: true, message: "Required" },
              ({ getFieldValue }) => ({
                validator: async (_rule, value) => {
                  if (value && value !== getFieldValue("newPassword")) throw new Error("The two passwords differ");
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </Form>
      </Card>
    </Space>
  );
}
