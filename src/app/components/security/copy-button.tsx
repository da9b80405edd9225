import { CheckOutlined, CopyOutlined } from "@ant-design/icons";
import { App, Button, Input, type ButtonProps } from "antd";
import { useState } from "react";
import { useLocale } from "../../i18n/use-locale";
import { copyText } from "../../lib/clipboard";

/** A button that copies `text` (shown once by the server) and says so; "Copied" for a moment after. */
export function CopyButton({ text, children, ...rest }: { text: string; children?: React.ReactNode } & Omit<ButtonProps, "onClick">) {
  const { message } = App.useApp();
  const { t } = useLocale();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      {...rest}
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() =>
        copyText(text).then(
          () => {
            setCopied(true);
            void message.success(t("security.copied"));
            setTimeout(() => setCopied(false), 2_000);
          },
          () => void message.error(t("security.copyFailed")),
        )
      }
    >
      {children ?? t("security.copy")}
    </Button>
  );
}

/**
 * Something shown once to be copied (a setup key, a new API token): read-only text that can be
 * selected and is read out by its label, wrapping on a narrow screen, with its copy button.
 */
export function OnceText({ value, copy = value, label, copyLabel, wide }: { value: string; copy?: string; label: string; copyLabel?: string; wide?: boolean }) {
  const { t } = useLocale();
  return (
    <div className="sb-secret-row">
      <Input.TextArea
        readOnly
        autoSize
        value={value}
        aria-label={label}
        className={wide ? "sb-secret sb-secret-wide" : "sb-secret"}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton text={copy} type={copyLabel ? "primary" : "default"} aria-label={copyLabel ? undefined : `${t("security.copy")}: ${label}`}>
        {copyLabel}
      </CopyButton>
    </div>
  );
}
