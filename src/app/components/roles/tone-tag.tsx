import { Tag, theme } from "antd";

/** A tag in the tone's light background with the text's own colour: readable (AA) in light and dark. */
export function ToneTag({ tone, children }: { tone: "success" | "primary" | "error"; children: React.ReactNode }) {
  const { token } = theme.useToken();
  const tones = {
    success: [token.colorSuccessBg, token.colorSuccessBorder],
    primary: [token.colorPrimaryBg, token.colorPrimaryBorder],
    error: [token.colorErrorBg, token.colorErrorBorder],
  } as const;
  const [background, borderColor] = tones[tone];
  return <Tag style={{ background, borderColor, color: token.colorText }}>{children}</Tag>;
}
