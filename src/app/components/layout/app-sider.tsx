import { DashboardOutlined } from "@ant-design/icons";
import { useMenu } from "@refinedev/core";
import { Layout, Menu, theme, type MenuProps } from "antd";
import { useState } from "react";
import { Link, useLocation } from "react-router";
import { isResourceName } from "../../../domain/entities";
import { canDo } from "../../../domain/policy";
import { useAbility } from "../../hooks/use-session";

interface AppSiderProps {
  Title?: React.FC<{ collapsed: boolean }>;
}

/**
 * The menu: one item per resource the role may list, asked of the same policy as every route
 * and button. Ours rather than ThemedSider because that one builds antd's Menu from children,
 * which antd 5 reports as deprecated on every render (a console error in development).
 */
export function AppSider({ Title }: AppSiderProps) {
  const { token } = theme.useToken();
  const ability = useAbility();
  const { menuItems, selectedKey } = useMenu();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const dashboard = { key: "/", icon: <DashboardOutlined />, label: <Link to="/">Dashboard</Link> };
  const items: MenuProps["items"] = [dashboard, ...menuItems
    .filter((item) => isResourceName(item.name) && canDo(ability, "read", item.name))
    .map((item) => ({
      key: item.key,
      icon: item.meta?.icon as React.ReactNode,
      label: <Link to={item.list ?? "/"}>{String(item.meta?.label ?? item.label ?? item.name)}</Link>,
    }))];
  return (
    <Layout.Sider
      width={220}
      breakpoint="lg"
      collapsible
      collapsed={collapsed}
      onCollapse={setCollapsed}
      theme="light"
      style={{ borderRight: `1px solid ${token.colorBorderSecondary}`, position: "sticky", top: 0, height: "100vh", overflow: "auto" }}
    >
      {Title && (
        <div style={{ height: 64, display: "flex", alignItems: "center", justifyContent: collapsed ? "center" : "flex-start", padding: collapsed ? 0 : "0 16px" }}>
          <Title collapsed={collapsed} />
        </div>
      )}
      <Menu mode="inline" selectedKeys={pathname === "/" ? ["/"] : selectedKey ? [selectedKey] : []} items={items} style={{ border: "none" }} aria-label="Main menu" />
    </Layout.Sider>
  );
}
