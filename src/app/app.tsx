import { useNotificationProvider } from "@refinedev/antd";
import { Authenticated, Refine, useParsed } from "@refinedev/core";
import routerProvider, { CatchAllNavigate, DocumentTitleHandler, UnsavedChangesNotifier } from "@refinedev/react-router";
import { App as AntdApp } from "antd";
import { lazy, Suspense } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes } from "react-router";
import { ENTITIES } from "../domain/entities";
import { APP_TITLE } from "./config";
import { safeReturnPath } from "./lib/return-path";
import { accessControlProvider } from "./providers/access-control-provider";
import { ColorModeProvider } from "./providers/color-mode";
import { authProvider } from "./providers/auth-provider";
import { dataProvider } from "./providers/data-provider";
import { queryClient } from "./providers/query-client";
import { resources } from "./resources";

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

const Blank = () => <div style={{ minHeight: "100vh" }} />;

/** Signed in already: on to the page that was asked for. */
function LeaveLogin() {
  const { params } = useParsed<{ to?: string }>();
  return <Navigate to={safeReturnPath(params?.to)} replace />;
}

const documentTitle = ({ resource, action }: { resource?: { meta?: { label?: string }; name: string }; action?: string }) => {
  const label = resource?.meta?.label ?? resource?.name;
  const what = action === "create" ? "New" : action === "edit" ? "Edit" : action === "show" ? "Record" : "";
  return label ? `${[label, what].filter(Boolean).join(" · ")} | ${APP_TITLE}` : APP_TITLE;
};

export function App() {
  return (
    <BrowserRouter>
      <ColorModeProvider>
        <AntdApp>
          <Refine
            routerProvider={routerProvider}
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            notificationProvider={useNotificationProvider}
            resources={resources}
            options={{
              syncWithLocation: true,
              warnWhenUnsavedChanges: true,
              disableTelemetry: true,
              reactQuery: { clientConfig: queryClient },
              title: { text: APP_TITLE },
            }}
          >
            <Suspense fallback={<Blank />}>
              <Routes>
                <Route
                  element={
                    <Authenticated key="app" fallback={<CatchAllNavigate to="/login" />} loading={<Blank />}>
                      <AppShell />
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
                    <Authenticated key="login" fallback={<Outlet />} loading={<Blank />}>
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
      </ColorModeProvider>
    </BrowserRouter>
  );
}
