import { ArrowLeftOutlined } from "@ant-design/icons";
import { useBack, useBreadcrumb } from "@refinedev/core";
import { Breadcrumb, Button, Space, Spin, Typography } from "antd";
import { Link } from "react-router";
import { Panel } from "./panel";

interface PageProps {
  title: React.ReactNode;
  /** Buttons at the right of the title. */
  extra?: React.ReactNode;
  /** Buttons under the content (a form's Save). */
  footer?: React.ReactNode;
  /** A back arrow and the breadcrumb (record pages, forms); a list is a top-level page. */
  nested?: boolean;
  loading?: boolean;
  children: React.ReactNode;
}

/**
 * The frame of every resource page: breadcrumb, title, header buttons, then the content on a panel.
 * The breadcrumb comes from Refine's headless useBreadcrumb, so it follows the resource definitions.
 */
export function Page({ title, extra, footer, nested = false, loading = false, children }: PageProps) {
  const back = useBack();
  const { breadcrumbs } = useBreadcrumb();
  return (
    <div className="sb-page">
      {nested && breadcrumbs.length > 1 && (
        <Breadcrumb
          style={{ marginBottom: 8 }}
          items={breadcrumbs.map((b) => ({ key: b.label, title: b.href ? <Link to={b.href}>{b.label}</Link> : b.label }))}
        />
      )}
      <div style={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 12, marginBottom: 16 }}>
        {nested && <Button type="text" icon={<ArrowLeftOutlined />} onClick={back} aria-label="Back" />}
        <Typography.Title level={4} style={{ margin: 0, flex: "1 1 auto", minWidth: 0 }} ellipsis>
          {title}
        </Typography.Title>
        {extra && <Space wrap>{extra}</Space>}
      </div>
      <Spin spinning={loading}>
        <Panel bordered={false}>
          {children}
          {footer && <div style={{ display: "flex", justifyContent: "flex-end", marginTop: 24 }}>{footer}</div>}
        </Panel>
      </Spin>
    </div>
  );
}
