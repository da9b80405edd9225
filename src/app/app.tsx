import { useNotificationProvider } from "@refinedev/antd";
import { Authenticated, Refine, useParsed } from "@refinedev/core";
import { RefineKbarProvider } from "@refinedev/kbar";
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp, ConfigProvider } from "antd";
import enUS from "antd/es/locale/en_US";
import esES from "antd/es/locale/es_ES";
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { UNDO_MS } from "../domain/constants";
import { ENTITIES } from "../domain/entities";
import { APP_TITLE } from "./config";
import { LoadingSkeleton } from "./components/layout/loading-skeleton";
import { safeReturnPath } from "./lib/return-path";
import { accessControlProvider } from "./providers/access-control-provider";
import { liveProvider } from "./providers/live-provider";
import { ColorModeProvider } from "./providers/color-mode";
import { authProvider } from "./providers/auth-provider";
import { dataProvider } from "./providers/data-provider";
import { queryClient } from "./providers/query-client";
import { i18nProvider, t } from "./i18n";
import { useLocale } from "./i18n/use-locale";
import { useResources } from "./resources";

// Everything behind sign-in is loaded on demand: the login page pays only for itself.
const AppShell = lazy(() => import("./components/layout/app-shell"));
const LoginPage = lazy(() => import("./pages/login-page"));
const DashboardPage = lazy(() => import("./pages/dashboard-page"));
const ProfilePage = lazy(() => import("./pages/profile-page"));
const ListPage = lazy(() => import("./pages/list-page"));
const ShowPage = lazy(() => import("./pages/show-page"));
const CreatePage = lazy(() => import("./pages/create-page"));
const EditPage = lazy(() => import("./pages/edit-page"));
const NotFoundPage = lazy(() => import("./pages/not-found-page"));
const CommandPalette = lazy(() => import("./components/command-palette").then((m) => ({ default: m.CommandPalette })));


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

// antd's own words (table sorters, pagination, pickers, confirm buttons) in the chosen language too.
const ANTD_LOCALES = { en: enUS, es: esES };

export function App() {
  const resources = useResources();
  const { language } = useLocale();
  return (
    <BrowserRouter>
      <ColorModeProvider>
        <ConfigProvider locale={ANTD_LOCALES[language]}>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={useNotificationProvider}
            i18nProvider={i18nProvider}
            liveProvider={liveProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              reactQuery: { clientConfig: queryClient },
              title: { text: APP_TITLE },
              // Lists and records refetch when someone else changes what they show (GET /api/events).
              liveMode: "auto",
              // A delete asks for undoable mode itself (RecordActions); its window is the product's 5 seconds.
              undoableTimeout: UNDO_MS,
            }}
          >
            <RefineKbarProvider>
              <Suspense fallback={<LoadingSkeleton />}>
                <Routes>
                  <Route
                    element={
                      <Authenticated key="app" fallback={<CatchAllNavigate to="/login" />} loading={<LoadingSkeleton />}>
                        <AppShell />
                        <CommandPalette />
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
                      </Route>
                    ))}
                    <Route path="/profile" element={<ProfilePage />} />
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
            </RefineKbarProvider>
          </Refine>
        </AntdApp>
        </ConfigProvider>
      </ColorModeProvider>
    </BrowserRouter>
  );
}
