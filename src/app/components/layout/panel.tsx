import { Card } from "antd";

interface PanelProps {
  /** Names the region too, so a reader (and a test) finds it by what it is. */
  title?: string;
  extra?: React.ReactNode;
  size?: "default" | "small";
  children: React.ReactNode;
}

/**
 * antd's Card as a named region: a landmark a screen reader can jump to by its title. (Card itself
 * is a plain div; @refinedev/antd's page frames already load it on every page.)
 */
export function Panel({ title, extra, size = "default", children }: PanelProps) {
  return (
    <Card role="region" aria-label={title} title={title} extra={extra} size={size} style={{ height: "100%" }}>
      {children}
    </Card>
  );
}
