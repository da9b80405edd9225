import { ApiOutlined } from "@ant-design/icons";
import { ThemedLayout, ThemedTitle } from "@refinedev/antd";
import { CanAccess } from "@refinedev/core";
import { Spin } from "antd";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { APP_TITLE } from "../../config";
import { ForbiddenResult } from "../result/error-result";
import { AppHeader } from "./app-header";
import { AppSider } from "./app-sider";

const Title = ({ collapsed }: { collapsed: boolean }) => <ThemedTitle collapsed={collapsed} text={APP_TITLE} icon={<ApiOutlined />} />;

export const PageSpinner = () => (
  <div style={{ display: "grid", placeItems: "center", minHeight: 240 }}>
    <Spin />
  </div>
);

/**
 * The signed-in frame. Its outlet is wrapped in one <CanAccess>, so every route is guarded here
 * with the route's resource and action: a route the role may not use renders the 403 page.
 */
export default function AppShell() {
  return (
    <ThemedLayout
      Header={AppHeader}
      Title={Title}
      Sider={AppSider}
    >
      <CanAccess fallback={<ForbiddenResult />}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </CanAccess>
    </ThemedLayout>
  );
}
