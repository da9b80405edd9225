import { BarsOutlined, LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from "@ant-design/icons";
import { useLogout, useWarnAboutChange } from "@refinedev/core";
import { useThemedLayoutContext } from "@refinedev/antd";
import { Button, Grid, Layout, Space, Switch, Tag, Typography, theme } from "antd";
import { Link } from "react-router";
import { useSessionUser } from "../../hooks/use-session";
import { staff } from "../../../domain/entities";
import { useOptionsFrom } from "../fields/options-from";
import { LanguageSwitch } from "../../i18n/language-switch";
import { useLocale } from "../../i18n/use-locale";
import { useColorMode } from "../../providers/color-mode";
import { HEADER_HEIGHT } from "./header-height";

/**
 * ThemedLayout's header, ours: who is signed in, as what, a link to their profile, and signing
 * out (the controls for language and dark mode sit before them).
 */
export function AppHeader() {
  const { token } = theme.useToken();
  const user = useSessionUser();
  const { t } = useLocale();
  const { mutate: logout, isPending } = useLogout();
  const { mode, setMode } = useColorMode();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { setMobileSiderOpen } = useThemedLayoutContext();
  const screens = Grid.useBreakpoint();
  // Where ThemedSider is a drawer (below lg), and a phone's width (below md): who is signed in
  // shrinks to their icon and sign-out to its own, so nothing in the header collides.
  const drawer = screens.lg === false;
  const phone = screens.md === false;
  const signOut = () => {
    if (warnWhen && !window.confirm(t("warnWhenUnsavedChanges"))) return;
    setWarnWhen(false);
    logout();
  };
  return (
    <Layout.Header
      style={{
        background: token.colorBgElevated,
        display: "flex",
        justifyContent: drawer ? "space-between" : "flex-end",
        alignItems: "center",
        padding: phone ? "0 12px" : "0 24px",
        height: HEADER_HEIGHT,
        position: "sticky",
        top: 0,
        zIndex: 10,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {drawer && (
        <Button icon={<BarsOutlined />} onClick={() => setMobileSiderOpen(true)}>
          {t("header.menu")}
        </Button>
      )}
      <Space size={phone ? "small" : "middle"}>
        <LanguageSwitch />
        <Switch
          aria-label={t("header.darkMode")}
          checked={mode === "dark"}
          onChange={(dark) => setMode(dark ? "dark" : "light")}
          checkedChildren={<MoonOutlined />}
          unCheckedChildren={<SunOutlined />}
        />
        <Space size={phone ? "small" : "middle"} data-testid="session">
          {user && (
            <Link
              to="/profile"
              aria-label={phone ? t("header.profile") : `${user.name ?? ""} — ${t("header.profile")}`}
              style={{ display: "inline-flex", alignItems: "center", gap: 6 }}
            >
              <UserOutlined />
              {!phone && (
                // Cut by CSS (USER_NAME), not Typography's `ellipsis`: that measures the name after every
                // render of the header, each time forcing the whole page's layout before it paints.
                <Typography.Text strong title={user.name} style={USER_NAME}>
                  {user.name}
                </Typography.Text>
              )}
            </Link>
          )}
          {user && !phone && <RoleTag role={user.role} />}
          <Button icon={<LogoutOutlined />} onClick={signOut} loading={isPending} aria-label={phone ? t("header.signOut") : undefined}>
            {!phone && t("header.signOut")}
          </Button>
        </Space>
      </Space>
    </Layout.Header>
  );
}

/** A long name ends in "…" within the header (a flex item, so its width is bounded). */
const USER_NAME = { maxWidth: 220, color: "inherit", overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

/** The signed-in user's role, by its name. */
function RoleTag({ role }: { role: string }) {
  const { labelOf } = useOptionsFrom(staff.fields.role);
  return <Tag color="blue">{labelOf(role)}</Tag>;
}
