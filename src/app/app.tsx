import { Authenticated, Refine, useParsed } from "@refinedev/core";
import { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import { Suspense, useEffect, useState } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { UNDO_MS } from "../domain/constants";
import { ENTITIES } from "../domain/entities";
import { APP_TITLE } from "./config";
import { LoadingSkeleton } from "./components/layout/loading-skeleton";
import { LazyBoundary } from "./components/result/lazy-boundary";
import { safeReturnPath } from "./lib/return-path";
import { accessControlProvider } from "./providers/access-control-provider";
import { liveProvider } from "./providers/live-provider";
import { ColorModeProvider } from "./providers/color-mode";
import { useAppNotificationProvider } from "./providers/notification-provider";
import { appRouterProvider } from "./providers/router-provider";
import { authProvider, signedOutOnPurpose } from "./providers/auth-provider";
import { dataProvider } from "./providers/data-provider";
import { queryClient } from "./providers/query-client";
import { antdLocale, i18nProvider, t } from "./i18n";
import { useLocale } from "./i18n/use-locale";
import { useResources } from "./resources";
import { lazyRetry } from "./lib/lazy-retry";
import { isPaletteShortcut, listenForTypeAhead } from "./lib/palette-type-ahead";
import { PALETTE_MODULE, ROUTE_MODULES } from "./lib/route-modules";

// Everything behind sign-in is loaded on demand: the login page pays only for itself.
const AppShell = lazyRetry(ROUTE_MODULES.shell);
const LoginPage = lazyRetry(ROUTE_MODULES.login);
const DashboardPage = lazyRetry(ROUTE_MODULES.dashboard);
const ProfilePage = lazyRetry(ROUTE_MODULES.profile);
const TrashPage = lazyRetry(ROUTE_MODULES.trash);
const ListPage = lazyRetry(ROUTE_MODULES.list);
const ShowPage = lazyRetry(ROUTE_MODULES.show);
const CreatePage = lazyRetry(ROUTE_MODULES.create);
const EditPage = lazyRetry(ROUTE_MODULES.edit);
const ImportPage = lazyRetry(ROUTE_MODULES.import);
const NotFoundPage = lazyRetry(ROUTE_MODULES.notFound);
const CommandPalette = lazyRetry(PALETTE_MODULE);

/**
 * The command palette (kbar, ~15 kB gzipped) is not in the first page's code: it is fetched at
 * idle after the first paint (prefetchWhenIdle), or by the first Ctrl+K / ⌘K if that comes first.
 * This listens for that one keypress, then the palette opens and kbar takes the shortcut over.
 */
function PaletteOnDemand() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => listenForTypeAhead(), []);
  useEffect(() => {
    if (wanted) return;
    const onKey = (e: KeyboardEvent) => {
      if (isPaletteShortcut(e)) {
        e.preventDefault();
        setWanted(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [wanted]);
  return wanted ? (
    <LazyBoundary>
      <CommandPalette openAtOnce />
    </LazyBoundary>
  ) : null;
}

/**
 * Not signed in: to the sign-in page, which brings the visitor back here afterwards. Not after a
 * sign-out, though: the old page can still be on screen while the sign-in page's code arrives,
 * and the next person to sign in would land on the page the last one left.
 */
function ToLogin() {
  return signedOutOnPurpose() ? <Navigate to="/login" replace /> : <CatchAllNavigate to="/login" />;
}

/** Signed in already: on to the page that was asked for. */
function LeaveLogin() {
  const { params } = useParsed<{ to?: string }>();
  return <Navigate to={safeReturnPath(params?.to)} replace />;
}

const documentTitle = ({ resource, action }: { resource?: { meta?: { label?: string }; name: string }; action?: string }) => {
  const label = resource?.meta?.label ?? resource?.name;
  const what = action === "create" ? t("documentTitle.new") : action === "edit" ? t("documentTitle.edit") : action === "show" ? t("documentTitle.record") : "";
  return label ? `${[label, what].filter(Boolean).join(" · ")} | ${APP_TITLE}` : APP_TITLE;
};

/**
 * antd's click wave: after each click on a button, checkbox, radio or switch, a ripple drawn by a
 * React root of its own, reading the control's computed colours and position in the next frame,
 * beside the click's own work (the save's request, its answer, the page it opens). Off: the
 * controls keep their pressed and hover states. Measured on an order's save, alternating builds:
 * click to notification painted 150 → 132 ms and 157 → 147 ms (decision 129).
 */
const NO_CLICK_WAVE = { disabled: true };

export function App() {
  const resources = useResources();
  const { language } = useLocale();
  return (
    <BrowserRouter>
      <ColorModeProvider>
        <ConfigProvider locale={antdLocale(language)} wave={NO_CLICK_WAVE}>
          {/* Bottom left: at the top right a toast covered the header buttons clicked next (a saved
              record's Edit), and stayed while the pointer rested on it (decision 120). */}
          <AntdApp notification={{ placement: "bottomLeft" }}>
            <Refine
              routerProvider={appRouterProvider}
              dataProvider={dataProvider}
              authProvider={authProvider}
              accessControlProvider={accessControlProvider}
              notificationProvider={useAppNotificationProvider}
              i18nProvider={i18nProvider}
              liveProvider={liveProvider}
              resources={resources}
              options={{
                syncWithLocation: true,
                warnWhenUnsavedChanges: true,
                disableTelemetry: true,
                // Refine asks the auth provider's check on every path change: here a GET /api/auth/me
                // per click, which the page's own requests waited behind. An ended session is told by
                // the next request's 401 (authProvider.onError); what another tab changed (another
                // sign-in, two-factor) and rules changed while the live stream was down are asked
                // when the tab comes back into view or focus and when the stream opens again
                // (recheckSession).
                disableRouteChangeHandler: true,
                reactQuery: { clientConfig: queryClient },
                title: { text: APP_TITLE },
                // Lists and records refetch when someone else changes what they show (GET /api/events).
                liveMode: "auto",
                // A delete asks for undoable mode itself (RecordActions); its window is the product's 5 seconds.
                undoableTimeout: UNDO_MS,
              }}
            >
              <Suspense fallback={<LoadingSkeleton />}>
                <Routes>
                  <Route
                    element={
                      <Authenticated key="app" fallback={<ToLogin />} loading={<LoadingSkeleton />}>
                        <AppShell />
                        <PaletteOnDemand />
                      </Authenticated>
                    }
                  >
                    <Route index element={<DashboardPage />} />
                    {ENTITIES.map((def) => (
                      <Route key={def.name} path={`/${def.name}`}>
                        <Route index element={<ListPage />} />
                        <Route path="show/:id" element={<ShowPage />} />
                        {!def.readOnly && <Route path="create" element={<CreatePage />} />}
                        {!def.readOnly && <Route path="edit/:id" element={<EditPage />} />}
                        {def.importable && <Route path="import" element={<ImportPage def={def} />} />}
                      </Route>
                    ))}
                    <Route path="/profile" element={<ProfilePage />} />
                    <Route path="/trash" element={<TrashPage />} />
                    <Route path="*" element={<NotFoundPage />} />
                  </Route>
                  <Route
                    element={
                      <Authenticated key="login" fallback={<Outlet />} loading={<LoadingSkeleton variant="login" />}>
                        <LeaveLogin />
                      </Authenticated>
                    }
                  >
                    <Route path="/login" element={<LoginPage />} />
                  </Route>
                </Routes>
              </Suspense>
              <UnsavedChangesNotifier />
              <DocumentTitleHandler handler={documentTitle} />
            </Refine>
          </AntdApp>
        </ConfigProvider>
      </ColorModeProvider>
    </BrowserRouter>
  );
}
