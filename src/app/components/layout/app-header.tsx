import { LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout, useWarnAboutChange } from "@refinedev/core";
import { Button, Layout, Space, Switch, Tag, Typography, theme } from "antd";
import { Link } from "react-router";
import { useSessionUser } from "../../hooks/use-session";
import { humanize } from "../../lib/entity-view";
import { useColorMode } from "../../providers/color-mode";

/**
 * ThemedLayout's header, ours: who is signed in, as what, a link to their profile, and signing
 * out (the controls for language and dark mode sit before them).
 */
export function AppHeader() {
  const { token } = theme.useToken();
  const user = useSessionUser();
  const { mutate: logout, isPending } = useLogout();
  const { mode, setMode } = useColorMode();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const signOut = () => {
    if (warnWhen && !window.confirm("Are you sure you want to leave? You have unsaved changes.")) return;
    setWarnWhen(false);
    logout();
  };
  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0 24px",
        height: 64,
        position: "sticky",
        top: 0,
        zIndex: 10,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Space size="middle">
        {/* Language control: added with the i18n provider. */}
        <Switch
          aria-label="Dark mode"
          checked={mode === "dark"}
          onChange={(dark) => setMode(dark ? "dark" : "light")}
          checkedChildren={<MoonOutlined />}
          unCheckedChildren={<SunOutlined />}
        />
        <Space size="middle" data-testid="session">
          {user && (
            <Link to="/profile" aria-label="Your profile" style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
              <UserOutlined />
              <Typography.Text strong ellipsis style={{ maxWidth: 220, color: "inherit" }}>
                {user.name}
              </Typography.Text>
            </Link>
          )}
          {user && <Tag color="blue">{humanize(user.role)}</Tag>}
          <Button icon={<LogoutOutlined />} onClick={signOut} loading={isPending}>
            Sign out
          </Button>
        </Space>
      </Space>
    </Layout.Header>
  );
}
