import { ApiOutlined } from "@ant-design/icons";
import { ThemedLayout, ThemedSider } from "@refinedev/antd";
import { CanAccess, useSubscription } from "@refinedev/core";
import { Grid, Spin } from "antd";
import { useEffect } from "react";
import { Link } from "react-router";
import { useLocale } from "../../i18n/use-locale";
import { MAIN_ID } from "../../lib/focus";
import { APP_TITLE } from "../../config";
import { PERMISSIONS_CHANNEL } from "../../providers/live-provider";
import { refreshPermissions } from "../../providers/session";
import { useTwoFactor } from "../../hooks/use-session";
import { TwoFactorGate } from "../security/two-factor-gate";
import { ForbiddenResult } from "../result/error-result";
import { AppHeader } from "./app-header";
import { ConnectionAlert } from "./connection-alert";
import { PageOutlet } from "./page-outlet";

const Title = ({ collapsed }: { collapsed: boolean }) => (
  <Link to="/" style={{ display: "inline-flex", alignItems: "center", gap: 8, fontSize: 16, fontWeight: 700, color: "inherit" }} aria-label={APP_TITLE}>
    <ApiOutlined style={{ fontSize: 22, color: "#1d4ed8" }} />
    {!collapsed && <span>{APP_TITLE}</span>}
  </Link>
);

/**
 * ThemedSider without its Logout item: signing out is in our header, beside who is signed in.
 * Below antd's lg breakpoint ThemedSider is a drawer with an unlabelled icon button pinned over
 * the page; that button is hidden (styles.css) and the header's "Menu" button opens the drawer.
 */
function Sider(props: React.ComponentProps<typeof ThemedSider>) {
  // A member who owes two-factor enrolment sees no menu: their profile is all they may use.
  const { setupRequired } = useTwoFactor();
  const sider = <ThemedSider {...props} render={({ items }) => (setupRequired ? null : items)} />;
  return Grid.useBreakpoint().lg === false ? <div className="sb-drawer-sider">{sider}</div> : sider;
}

/**
 * rc-menu makes the sider's list itself a Tab stop (for its arrow keys) ahead of the links in it:
 * Tab stopped on the menu, showing no focus, then on each link. The links are the controls; the
 * list leaves the Tab order, in the sider and in the phone's drawer (mounted when it opens).
 * Watches the DOM for the same reason the names and roles below need it: ThemedSider and antd's
 * Tabs offer no prop for them.
 */
function useSiderMenuOutOfTabOrder() {
  const { t } = useLocale();
  const menuLabel = t("header.menu");
  const homeLabel = t("dashboard.title");
  useEffect(() => {
    const leave = () => {
      for (const menu of document.querySelectorAll<HTMLElement>('.ant-layout-sider .ant-menu-root[tabindex="0"]')) menu.tabIndex = -1;
      // ThemedSider's collapse trigger and the breadcrumb's home link hold only an icon, named by
      // antd's icon names ("left", "dashboard") in every language: they get names in words.
      for (const trigger of document.querySelectorAll<HTMLElement>(".ant-layout-sider-trigger button")) {
        const expanded = String(!trigger.closest(".ant-layout-sider-collapsed"));
        if (trigger.getAttribute("aria-label") !== menuLabel) trigger.setAttribute("aria-label", menuLabel);
        if (trigger.getAttribute("aria-expanded") !== expanded) trigger.setAttribute("aria-expanded", expanded);
      }
      for (const home of document.querySelectorAll<HTMLElement>('.ant-breadcrumb a[href="/"]'))
        if (!home.textContent?.trim() && home.getAttribute("aria-label") !== homeLabel) home.setAttribute("aria-label", homeLabel);
      // rc-tabs gives role="tablist" to the box that also holds its "more" button (shown when the
      // tabs do not fit, as a record's do on a phone), where only tabs belong (axe: critical): the
      // role moves to the list of the tabs themselves.
      for (const nav of document.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
        const list = nav.querySelector<HTMLElement>(":scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list");
        if (!list) continue;
        list.setAttribute("role", "tablist");
        list.setAttribute("aria-orientation", nav.getAttribute("aria-orientation") ?? "horizontal");
        nav.removeAttribute("role");
        nav.removeAttribute("aria-orientation");
      }
    };
    leave();
    const observer = new MutationObserver(leave);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
    return () => observer.disconnect();
  }, [menuLabel, homeLabel]);
}

export const PageSpinner = () => (
  <div style={{ display: "grid", placeItems: "center", minHeight: 240 }}>
    <Spin />
  </div>
);

/**
 * The signed-in frame: Refine's ThemedLayout (its sider lists what the accessControlProvider
 * lets the role list) with our header. Its outlet is wrapped in one <CanAccess>, so every route is
 * guarded here with the route's resource and action: a route the role may not use renders 403.
 */
export default function AppShell() {
  // Open for the whole session, whatever the page: when an admin changes this user's role or its
  // rules the server says so (`permissions`), and menus, buttons and pages follow at once. A
  // `reset` (events missed while away) asks too.
  // Not while two-factor enrolment is owed: the feed, like all else, is refused until then.
  const { setupRequired } = useTwoFactor();
  useSiderMenuOutOfTabOrder();
  useSubscription({ channel: PERMISSIONS_CHANNEL, enabled: !setupRequired, onLiveEvent: () => void refreshPermissions() });
  return (
    <>
      <SkipLink />
      <ThemedLayout Header={AppHeader} Sider={Sider} Title={Title}>
        <ConnectionAlert />
        <div id={MAIN_ID} tabIndex={-1} style={{ outline: "none" }}>
          <TwoFactorGate>
            <CanAccess fallback={<ForbiddenResult />}>
              {/* A page that fails to load or render says so; the next route starts afresh. */}
              <PageOutlet fallback={<PageSpinner />} />
            </CanAccess>
          </TwoFactorGate>
        </div>
      </ThemedLayout>
    </>
  );
}

/**
 * The first thing Tab reaches (WCAG 2.4.1): past the menu and the header to the page itself. It
 * moves focus by hand rather than by following the fragment, which would put "#main-content" into
 * the URL the lists keep their state in.
 */
function SkipLink() {
  const { t } = useLocale();
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sb-skip-link"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      {t("common.skipToMain")}
    </a>
  );
}
