import { useGo, useInvalidateAuthStore, useLogin, useParsed } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Typography, theme } from "antd";
import { useState } from "react";
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from "../../domain/constants";
import { APP_TITLE } from "../config";
import { LanguageSwitch } from "../i18n/language-switch";
import { useLocale } from "../i18n/use-locale";
import { safeReturnPath } from "../lib/return-path";

interface LoginValues {
  email: string;
  password: string;
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const { t } = useLocale();
  const { token } = theme.useToken();
  const [error, setError] = useState<string | null>(null);
  const { params } = useParsed<{ to?: string }>();
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  // The answer goes on the form, not in a notification, so the hook's own handling is replaced.
  const { mutate: login, isPending } = useLogin<LoginValues>({
    mutationOptions: {
      onSuccess: async (result) => {
        if (!result.success) {
          setError(result.error?.message ?? t("auth.failed"));
          return;
        }
        await invalidateAuthStore();
        go({ to: safeReturnPath(params?.to), type: "replace" });
      },
      onError: () => setError(t("auth.unreachable")),
    },
  });

  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: 16, background: token.colorBgLayout }}>
      <Card style={{ width: "100%", maxWidth: 400 }}>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 8 }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {APP_TITLE}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        <Typography.Paragraph type="secondary">{t("pages.login.title")}</Typography.Paragraph>
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        <Form<LoginValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => {
            setError(null);
            login({ email: values.email.trim(), password: values.password });
          }}
        >
          <Form.Item name="email" label={t("pages.login.fields.email")} rules={[{ required: true, message: t("pages.login.errors.requiredEmail") }]}>
            <Input type="email" autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label={t("pages.login.fields.password")} rules={[{ required: true, message: t("pages.login.errors.requiredPassword") }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            {t("pages.login.buttons.submit")}
          </Button>
        </Form>
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, fontSize: 12 }}>
          {t("pages.login.demo", { emails: DEMO_ACCOUNT_EMAILS.join(", ") })} <Typography.Text code>{DEMO_PASSWORD}</Typography.Text>
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
