import { useGo, useInvalidateAuthStore, useLogin, useParsed } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Typography, theme } from "antd";
import { useState } from "react";
import { DEMO_ACCOUNT_EMAILS, DEMO_PASSWORD } from "../../domain/constants";
import { APP_TITLE } from "../config";
import { LanguageSwitch } from "../i18n/language-switch";
import { useLocale } from "../i18n/use-locale";
import { safeReturnPath } from "../lib/return-path";
import type { LoginError } from "../providers/auth-provider";

interface LoginValues {
  email: string;
  password: string;
  /** The second step of a two-factor sign-in: a code from the app, or a recovery code. */
  code?: string;
  recovery?: boolean;
}

export default function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [codeForm] = Form.useForm<{ code: string }>();
  const { t } = useLocale();
  const { token } = theme.useToken();
  const [error, setError] = useState<string | null>(null);
  // The password was right and a code is owed: what was typed, kept in memory to send again with it.
  const [second, setSecond] = useState<{ email: string; password: string } | null>(null);
  const [recovery, setRecovery] = useState(false);
  const { params } = useParsed<{ to?: string }>();
  const go = useGo();
  const invalidateAuthStore = useInvalidateAuthStore();
  // The answer goes on the form, not in a notification, so the hook's own handling is replaced.
  const { mutate: login, isPending } = useLogin<LoginValues>({
    mutationOptions: {
      onSuccess: async (result, values) => {
        if (!result.success) {
          if ((result.error as LoginError | undefined)?.code === "TWO_FACTOR_REQUIRED") {
            setSecond({ email: values.email, password: values.password });
            setRecovery(false);
            return;
          }
          setError(result.error?.message ?? t("auth.failed"));
          if (values.code) codeForm.resetFields();
          return;
        }
        await invalidateAuthStore();
        go({ to: safeReturnPath(params?.to), type: "replace" });
      },
      onError: () => setError(t("auth.unreachable")),
    },
  });

  const startOver = () => {
    setSecond(null);
    setError(null);
    codeForm.resetFields();
  };

  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: 16, background: token.colorBgLayout }}>
      <Card style={{ width: "100%", maxWidth: 400 }}>
        <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 8 }}>
          <Typography.Title level={2} style={{ marginTop: 0 }}>
            {APP_TITLE}
          </Typography.Title>
          <LanguageSwitch />
        </div>
        <Typography.Paragraph type="secondary">{second ? t("pages.login.twoFactor.title") : t("pages.login.title")}</Typography.Paragraph>
        {error && <Alert type="error" role="alert" showIcon message={error} style={{ marginBottom: 16 }} />}
        {second ? (
          <>
            <Form<{ code: string }>
              form={codeForm}
              layout="vertical"
              requiredMark={false}
              aria-label={t("pages.login.twoFactor.title")}
              onFinish={({ code }) => {
                setError(null);
                // An authenticator shows "123 456"; a recovery code is sent as typed (the server reads either way).
                login({ ...second, code: recovery ? code.trim() : code.replace(/\s+/g, ""), recovery });
              }}
            >
              <Typography.Paragraph id="sb-code-help">{t(recovery ? "pages.login.twoFactor.recoveryHelp" : "pages.login.twoFactor.help")}</Typography.Paragraph>
              <Form.Item
                // A new item for each kind, so the browser's one-time-code autofill is offered only for the app's code.
                key={recovery ? "recovery" : "totp"}
                name="code"
                label={t(recovery ? "pages.login.twoFactor.recoveryCode" : "pages.login.twoFactor.code")}
                rules={[{ required: true, whitespace: true, message: t("pages.login.twoFactor.requiredCode") }]}
              >
                <Input
                  autoFocus
                  autoComplete={recovery ? "off" : "one-time-code"}
                  inputMode={recovery ? "text" : "numeric"}
                  pattern={recovery ? undefined : "[0-9 ]*"}
                  maxLength={recovery ? 20 : 7}
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  aria-describedby="sb-code-help"
                  size="large"
                  style={{ letterSpacing: "0.15em", fontVariantNumeric: "tabular-nums" }}
                />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={isPending}>
                {t("pages.login.twoFactor.submit")}
              </Button>
            </Form>
            <div style={{ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: "8px 16px", marginTop: 16 }}>
              <Button
                type="link"
                style={{ padding: 0 }}
                onClick={() => {
                  setRecovery((r) => !r);
                  setError(null);
                  codeForm.resetFields();
                }}
              >
                {t(recovery ? "pages.login.twoFactor.useApp" : "pages.login.twoFactor.useRecovery")}
              </Button>
              <Button type="link" style={{ padding: 0 }} onClick={startOver}>
                {t("pages.login.twoFactor.startOver")}
              </Button>
            </div>
          </>
        ) : (
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
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, fontSize: 12 }}>
          {t("pages.login.demo", { emails: DEMO_ACCOUNT_EMAILS.join(", ") })} <Typography.Text code>{DEMO_PASSWORD}</Typography.Text>
        </Typography.Paragraph>
      </Card>
    </main>
  );
}
