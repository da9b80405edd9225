/**
 * The yardstick of `npm run bench:bundle` and `npm run bench:pages`: what `npm create refine-app`
 * makes with Ant Design, simple-rest and React Router — Refine with @refinedev/antd's
 * useNotificationProvider, RefineThemes in a ConfigProvider (light / dark switch in the header),
 * ThemedLayout with ThemedSider, the command palette the template always wires in (RefineKbarProvider
 * around the app, <RefineKbar /> inside Refine; its DevtoolsProvider / DevtoolsPanel are for `npm run
 * dev` and left out), and one resource with List / Show / Edit / Create written as the
 * template writes blog_posts (useTable, useShow, useForm, useSelect, MarkdownField, DateField, the
 * record buttons), here on our `orders` (notes in the place of the post's content, the customer in
 * the place of its category). Stock: every page in one bundle, no app code, built with a plain
 * Vite + React config. Never served by the app.
 */
import {
  Create,
  DateField,
  DeleteButton,
  Edit,
  EditButton,
  List,
  MarkdownField,
  NumberField,
  RefineThemes,
  Show,
  ShowButton,
  TextField,
  ThemedLayout,
  ThemedSider,
  useForm,
  useNotificationProvider,
  useSelect,
  useTable,
} from "@refinedev/antd";
import "@refinedev/antd/dist/reset.css";
import { RefineKbar, RefineKbarProvider } from "@refinedev/kbar";
import { Refine, useGetIdentity, useMany, useOne, useShow, type BaseRecord } from "@refinedev/core";
import routerProvider, { DocumentTitleHandler, NavigateToResource, UnsavedChangesNotifier } from "@refinedev/react-router";
import dataProvider from "@refinedev/simple-rest";
import { App as AntdApp, Avatar, ConfigProvider, Form, Input, Layout, Select, Space, Switch, Table, Typography, theme } from "antd";
import { createContext, useContext, useState, type PropsWithChildren } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";

// contexts/color-mode (as the template has it)
const ColorModeContext = createContext<{ mode: string; setMode: (mode: string) => void }>({ mode: "light", setMode: () => undefined });
function ColorModeContextProvider({ children }: PropsWithChildren) {
  const stored = localStorage.getItem("colorMode");
  const system = window.matchMedia("(prefers-color-scheme: dark)").matches;
  const [mode, setModeState] = useState(stored || (system ? "dark" : "light"));
  const setMode = (next: string) => {
    localStorage.setItem("colorMode", next);
    setModeState(next);
  };
  return (
    <ColorModeContext.Provider value={{ mode, setMode }}>
      <ConfigProvider theme={{ ...RefineThemes.Blue, algorithm: mode === "light" ? theme.defaultAlgorithm : theme.darkAlgorithm }}>{children}</ConfigProvider>
    </ColorModeContext.Provider>
  );
}

// components/header
function Header() {
  const { token } = theme.useToken();
  const { data: user } = useGetIdentity<{ name?: string; avatar?: string }>();
  const { mode, setMode } = useContext(ColorModeContext);
  return (
    <Layout.Header
      style={{
        backgroundColor: token.colorBgElevated,
        display: "flex",
        justifyContent: "flex-end",
        alignItems: "center",
        padding: "0px 24px",
        height: "64px",
        position: "sticky",
        top: 0,
        zIndex: 1,
      }}
    >
      <Space>
        <Switch checkedChildren="🌛" unCheckedChildren="🔆" onChange={() => setMode(mode === "light" ? "dark" : "light")} defaultChecked={mode === "dark"} />
        <Space style={{ marginLeft: "8px" }} size="middle">
          {user?.name && <Typography.Text strong>{user.name}</Typography.Text>}
          {user?.avatar && <Avatar src={user.avatar} alt={user.name} />}
        </Space>
      </Space>
    </Layout.Header>
  );
}

// pages/orders/list
function OrderList() {
  const { tableProps } = useTable({ syncWithLocation: true });
  const { result: customers, query: customersQuery } = useMany({
    resource: "customers",
    ids: tableProps?.dataSource?.map((item) => item?.customerId).filter(Boolean) ?? [],
    queryOptions: { enabled: !!tableProps?.dataSource },
  });
  return (
    <List>
      <Table {...tableProps} rowKey="id">
        <Table.Column dataIndex="id" title="ID" />
        <Table.Column dataIndex="number" title="Number" />
        <Table.Column dataIndex="notes" title="Notes" render={(value?: string) => (value ? <MarkdownField value={`${value.slice(0, 80)}...`} /> : "-")} />
        <Table.Column
          dataIndex="customerId"
          title="Customer"
          render={(value) => (customersQuery.isLoading ? <>Loading...</> : customers?.data?.find((item) => item.id === value)?.name)}
        />
        <Table.Column dataIndex="status" title="Status" />
        <Table.Column dataIndex={["createdAt"]} title="Created at" render={(value) => <DateField value={value} />} />
        <Table.Column
          title="Actions"
          dataIndex="actions"
          render={(_, record: BaseRecord) => (
            <Space>
              <EditButton hideText size="small" recordItemId={record.id} />
              <ShowButton hideText size="small" recordItemId={record.id} />
              <DeleteButton hideText size="small" recordItemId={record.id} />
            </Space>
          )}
        />
      </Table>
    </List>
  );
}

// pages/orders/show
function OrderShow() {
  const { result: record, query } = useShow({});
  const { result: customer, query: customerQuery } = useOne({ resource: "customers", id: record?.customerId || "", queryOptions: { enabled: !!record } });
  return (
    <Show isLoading={query.isLoading}>
      <Typography.Title level={5}>ID</Typography.Title>
      <NumberField value={record?.id ?? ""} />
      <Typography.Title level={5}>Number</Typography.Title>
      <TextField value={record?.number} />
      <Typography.Title level={5}>Notes</Typography.Title>
      <MarkdownField value={record?.notes} />
      <Typography.Title level={5}>Customer</Typography.Title>
      <TextField value={customerQuery.isLoading ? <>Loading...</> : <>{customer?.name}</>} />
      <Typography.Title level={5}>Status</Typography.Title>
      <TextField value={record?.status} />
      <Typography.Title level={5}>Created at</Typography.Title>
      <DateField value={record?.createdAt} />
    </Show>
  );
}

function OrderFields({ customerId }: { customerId?: unknown }) {
  const { selectProps } = useSelect({ resource: "customers", optionLabel: "name", defaultValue: customerId as never });
  return (
    <>
      <Form.Item label="Notes" name={["notes"]}>
        <Input.TextArea rows={5} />
      </Form.Item>
      <Form.Item label="Customer" name={["customerId"]} rules={[{ required: true }]}>
        <Select {...selectProps} />
      </Form.Item>
      <Form.Item label="Status" name={["status"]} initialValue="draft">
        <Select defaultValue="draft" options={["draft", "placed", "paid"].map((value) => ({ value, label: value }))} style={{ width: 120 }} />
      </Form.Item>
    </>
  );
}

// pages/orders/edit
function OrderEdit() {
  const { formProps, saveButtonProps, query } = useForm({});
  return (
    <Edit saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical">
        <OrderFields customerId={query?.data?.data?.customerId} />
      </Form>
    </Edit>
  );
}

// pages/orders/create
function OrderCreate() {
  const { formProps, saveButtonProps } = useForm({});
  return (
    <Create saveButtonProps={saveButtonProps}>
      <Form {...formProps} layout="vertical">
        <OrderFields />
      </Form>
    </Create>
  );
}

function App() {
  return (
    <BrowserRouter>
      <RefineKbarProvider>
        <ColorModeContextProvider>
          <AntdApp>
            <Refine
              dataProvider={dataProvider("/api")}
              notificationProvider={useNotificationProvider}
              routerProvider={routerProvider}
              resources={[
                { name: "orders", list: "/orders", create: "/orders/create", edit: "/orders/edit/:id", show: "/orders/show/:id", meta: { canDelete: true } },
              ]}
              options={{ syncWithLocation: true, warnWhenUnsavedChanges: true, disableTelemetry: true }}
            >
              <Routes>
                <Route
                  element={
                    <ThemedLayout Header={Header} Sider={(props) => <ThemedSider {...props} fixed />}>
                      <Outlet />
                    </ThemedLayout>
                  }
                >
                  <Route index element={<NavigateToResource resource="orders" />} />
                  <Route path="/orders">
                    <Route index element={<OrderList />} />
                    <Route path="create" element={<OrderCreate />} />
                    <Route path="edit/:id" element={<OrderEdit />} />
                    <Route path="show/:id" element={<OrderShow />} />
                  </Route>
                </Route>
              </Routes>
              <RefineKbar />
              <UnsavedChangesNotifier />
              <DocumentTitleHandler />
            </Refine>
          </AntdApp>
        </ColorModeContextProvider>
      </RefineKbarProvider>
    </BrowserRouter>
  );
}

createRoot(document.getElementById("root")!).render(<App />);
