import { theme } from "antd";

interface PanelProps {
  /** Names the region too, so a reader (and a test) finds it by what it is. */
  title?: string;
  extra?: React.ReactNode;
  size?: "default" | "small";
  /** A page's own surface has no border; a panel on it has. */
  bordered?: boolean;
  children: React.ReactNode;
}

/**
 * A titled surface, as antd's Card draws it. Ours because Card imports Tabs (for its tab list),
 * some 20 kB gzipped on every page that shows a card.
 */
export function Panel({ title, extra, size = "default", bordered = true, children }: PanelProps) {
  const { token } = theme.useToken();
  const pad = size === "small" ? token.paddingSM : token.paddingLG;
  return (
    <section
      aria-label={title}
      style={{ height: "100%", background: token.colorBgContainer, border: bordered ? `1px solid ${token.colorBorderSecondary}` : undefined, borderRadius: token.borderRadiusLG }}
    >
      {(title || extra) && (
        <header
          style={{
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            justifyContent: "space-between",
            gap: 8,
            minHeight: size === "small" ? 38 : 56,
            padding: `0 ${pad}px`,
            borderBottom: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {title && <span style={{ fontWeight: 600, fontSize: size === "small" ? token.fontSize : token.fontSizeLG }}>{title}</span>}
          {extra}
        </header>
      )}
      <div style={{ padding: pad }}>{children}</div>
    </section>
  );
}
