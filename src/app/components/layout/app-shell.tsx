import { ApiOutlined } from "@ant-design/icons";
import { CanAccess } from "@refinedev/core";
import { Grid, Layout, Spin } from "antd";
import { Link, Outlet, useLocation } from "react-router";
import { APP_TITLE } from "../../config";
import { ForbiddenResult } from "../result/error-result";
import { LazyBoundary } from "../result/lazy-boundary";
import { AppHeader } from "./app-header";
import { AppSider } from "./app-sider";

const Title = ({ collapsed }: { collapsed: boolean }) => (
  <Link to="/" style={{ display: "inline-flex", alignItems: "center", gap: 8, fontSize: 16, fontWeight: 700, color: "inherit" }} aria-label={APP_TITLE}>
    <ApiOutlined style={{ fontSize: 22, color: "#1d4ed8" }} />
    {!collapsed && <span>{APP_TITLE}</span>}
  </Link>
);

export const PageSpinner = () => (
  <div style={{ display: "grid", placeItems: "center", minHeight: 240 }}>
    <Spin />
  </div>
);

/**
 * The signed-in frame: menu, header, page. Its outlet is wrapped in one <CanAccess>, so every
 * route is guarded here with the route's resource and action: a route the role may not use
 * renders the 403 page. Plain antd Layout rather than Refine's ThemedLayout, which brings
 * ProLayout along (decision 042).
 */
export default function AppShell() {
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  return (
    <Layout hasSider style={{ minHeight: "100vh" }}>
      <AppSider Title={Title} />
      <Layout>
        <AppHeader />
        <Layout.Content style={{ padding: screens.sm ? 24 : 12 }}>
          <CanAccess fallback={<ForbiddenResult />}>
            {/* A page that fails to load or render says so; the next route starts afresh. */}
            <LazyBoundary resetKey={pathname} fallback={<PageSpinner />}>
              <Outlet />
            </LazyBoundary>
          </CanAccess>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
