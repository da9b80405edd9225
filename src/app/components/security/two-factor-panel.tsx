import { DownloadOutlined, SafetyCertificateOutlined } from "@ant-design/icons";
import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Form, Input, Space, Tag, Typography, theme, type FormInstance } from "antd";
import { useState } from "react";
import { TOTP_DIGITS } from "../../../domain/constants";
import { API_URL } from "../../config";
import { useSessionUser, useTwoFactor } from "../../hooks/use-session";
import { useLocale } from "../../i18n/use-locale";
import { downloadText } from "../../lib/clipboard";
import type { AppHttpError } from "../../providers/http-client";
import { fetchSessionUser } from "../../providers/session";
import { Panel } from "../layout/panel";
import { CopyButton, OnceText } from "./copy-button";
import "./security.css";

/** `POST /api/auth/2fa/setup`: a new secret, its otpauth URL, and that URL as a QR code (an SVG data URL). */
interface Setup {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

/** "JBSW Y3DP EHPK 3PXP": a base32 key read and typed in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** An answer's field errors on a form's fields, or false when it has none there (then a notification says it). */
function fieldErrorsOn<T>(form: FormInstance<T>, error: unknown, name: keyof T & string, clear = false): boolean {
  const messages = (error as AppHttpError | undefined)?.errors?.[name];
  if (!messages?.length) return false;
  form.setFields([{ name: name as never, errors: messages, ...(clear ? { value: "" } : {}) }]);
  return true;
}

/**
 * Two-factor sign-in on one's own profile: off → set up (QR code and the key as text,
 * confirmed by a code) → on, with the 10 recovery codes shown this once to copy or save; on → off
 * with the password. What the session knows (on; owed) is asked again after each change, so a
 * member whose role requires it gets the rest of the app at once.
 */
export function TwoFactorPanel() {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const user = useSessionUser();
  const { enabled } = useTwoFactor();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [codeForm] = Form.useForm<{ code: string }>();
  const [offForm] = Form.useForm<{ password: string }>();
  const { mutate: start, mutation: starting } = useCustomMutation<Setup>();
  const { mutate: enable, mutation: enabling } = useCustomMutation<{ recoveryCodes: string[] }>();
  const { mutate: disable, mutation: disabling } = useCustomMutation();
  const failed = (error?: AppHttpError) => ({ type: "error" as const, message: t("security.twoFactor.failed"), description: error?.message });

  const begin = () =>
    start(
      { url: `${API_URL}/auth/2fa/setup`, method: "post", values: {}, successNotification: false, errorNotification: (e) => failed(e as AppHttpError) },
      { onSuccess: ({ data }) => setSetup(data) },
    );

  const confirm = ({ code }: { code: string }) =>
    enable(
      {
        url: `${API_URL}/auth/2fa/enable`,
        method: "post",
        values: { code: code.replace(/\s+/g, "") },
        successNotification: false,
        errorNotification: (e) => ((e as AppHttpError | undefined)?.errors?.code ? false : failed(e as AppHttpError)),
      },
      {
        onSuccess: ({ data }) => {
          setCodes(data.recoveryCodes);
          setSetup(null);
          codeForm.resetFields();
          // On now: the session hears it from the server (and a member who owed it gets the app back).
          void fetchSessionUser().catch(() => undefined);
        },
        // A wrong code is cleared for the next one the app shows.
        onError: (e) => void fieldErrorsOn(codeForm, e, "code", true),
      },
    );

  const turnOff = ({ password }: { password: string }) =>
    disable(
      {
        url: `${API_URL}/auth/2fa/disable`,
        method: "post",
        values: { password },
        successNotification: { type: "success", message: t("security.twoFactor.turnedOff") },
        errorNotification: (e) => ((e as AppHttpError | undefined)?.errors?.password ? false : failed(e as AppHttpError)),
      },
      {
        onSuccess: () => {
          setTurningOff(false);
          offForm.resetFields();
          void fetchSessionUser().catch(() => undefined);
        },
        onError: (e) => void fieldErrorsOn(offForm, e, "password"),
      },
    );

  const title = t("security.twoFactor.title");
  const status = (
    <Tag color={enabled ? "green" : "default"} icon={enabled ? <SafetyCertificateOutlined /> : undefined}>
      {enabled ? t("security.twoFactor.on") : t("security.twoFactor.off")}
    </Tag>
  );

  let body: React.ReactNode;
  if (codes) {
    const heading = user?.email ? t("security.twoFactor.fileTitle", { email: user.email }) : t("security.twoFactor.recoveryList");
    const file = [heading, t("security.twoFactor.fileHelp"), "", ...codes, ""].join("\n");
    body = (
      <>
        <Alert type="success" showIcon message={t("security.twoFactor.enabled")} style={{ marginBottom: 16 }} />
        <Typography.Title level={5} id="sb-recovery-title">
          {t("security.twoFactor.recoveryTitle")}
        </Typography.Title>
        <Typography.Paragraph>{t("security.twoFactor.recoveryHelp")}</Typography.Paragraph>
        <ol className="sb-recovery-codes" aria-labelledby="sb-recovery-title" style={{ background: token.colorFillQuaternary }}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Space wrap>
          <CopyButton text={codes.join("\n")}>{t("security.twoFactor.copyCodes")}</CopyButton>
          <Button icon={<DownloadOutlined />} onClick={() => downloadText("switchboard-recovery-codes.txt", file)}>
            {t("security.twoFactor.downloadCodes")}
          </Button>
          <Button type="primary" onClick={() => setCodes(null)}>
            {t("security.twoFactor.saved")}
          </Button>
        </Space>
      </>
    );
  } else if (setup) {
    body = (
      <>
        <Typography.Paragraph strong>{t("security.twoFactor.step1")}</Typography.Paragraph>
        <img className="sb-qr" src={setup.qrCode} alt={t("security.twoFactor.qrAlt")} width={200} height={200} />
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 8 }}>{t("security.twoFactor.cantScan")}</Typography.Paragraph>
        <OnceText value={grouped(setup.secret)} copy={setup.secret} label={t("security.twoFactor.secretLabel")} />
        <Typography.Paragraph style={{ marginTop: 8 }}>
          <Typography.Link href={setup.otpauthUrl}>{t("security.twoFactor.openApp")}</Typography.Link>
        </Typography.Paragraph>
        <Typography.Paragraph strong>{t("security.twoFactor.step2")}</Typography.Paragraph>
        <Form<{ code: string }> form={codeForm} layout="vertical" requiredMark={false} onFinish={confirm}>
          <Form.Item
            name="code"
            label={t("security.twoFactor.code")}
            rules={[{ required: true, whitespace: true, message: t("validation.required") }]}
            style={{ maxWidth: 240 }}
          >
            <Input autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={TOTP_DIGITS + 1} autoFocus spellCheck={false} />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={enabling.isPending}>
              {t("security.twoFactor.enable")}
            </Button>
            <Button
              onClick={() => {
                setSetup(null);
                codeForm.resetFields();
              }}
            >
              {t("security.twoFactor.cancel")}
            </Button>
          </Space>
        </Form>
      </>
    );
  } else if (enabled) {
    body = (
      <>
        <Typography.Paragraph>{t("security.twoFactor.onHelp")}</Typography.Paragraph>
        {turningOff ? (
          <Form<{ password: string }> form={offForm} layout="vertical" requiredMark={false} onFinish={turnOff}>
            <Typography.Paragraph>{t("security.twoFactor.turnOffHelp")}</Typography.Paragraph>
            <Form.Item
              name="password"
              label={t("security.twoFactor.password")}
              rules={[{ required: true, message: t("validation.required") }]}
              style={{ maxWidth: 360 }}
            >
              <Input.Password autoComplete="current-password" autoFocus />
            </Form.Item>
            <Space wrap>
              <Button danger htmlType="submit" loading={disabling.isPending}>
                {t("security.twoFactor.turnOff")}
              </Button>
              <Button
                onClick={() => {
                  setTurningOff(false);
                  offForm.resetFields();
                }}
              >
                {t("security.twoFactor.cancel")}
              </Button>
            </Space>
          </Form>
        ) : (
          <Button onClick={() => setTurningOff(true)}>{t("security.twoFactor.turnOff")}</Button>
        )}
      </>
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>{t("security.twoFactor.offHelp")}</Typography.Paragraph>
        <Button type="primary" icon={<SafetyCertificateOutlined />} onClick={begin} loading={starting.isPending}>
          {t("security.twoFactor.setUp")}
        </Button>
      </>
    );
  }

  return (
    <div id="two-factor">
      <Panel title={title}>
        {/* In the body, not the card's head: a long title (Spanish) keeps its words on a phone. */}
        {!codes && (
          <Typography.Paragraph>
            <Typography.Text type="secondary">{t("security.twoFactor.status")}:</Typography.Text> {status}
          </Typography.Paragraph>
        )}
        {body}
      </Panel>
    </div>
  );
}
