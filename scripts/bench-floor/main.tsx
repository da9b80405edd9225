/**
 * The stack's floor, for `npm run bench:bundle`: the least a signed-in list page can download when
 * built on this project's stack — React DOM, Refine core with its router binding and simple-rest,
 * antd's Layout, Menu, Table, Input, Select and Popconfirm — with no app code at all. Never served.
 */
import { Refine, useDelete, useTable } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import dataProvider from "@refinedev/simple-rest";
import { App as AntdApp, Button, ConfigProvider, Input, Layout, Menu, Popconfirm, Select, Space, Table } from "antd";
import { createRoot } from "react-dom/client";
import { BrowserRouter, Outlet, Route, Routes } from "react-router";

type Customer = { id: number; name: string; email: string };
const items = ["Customers", "Orders", "Products", "Categories", "Staff"].map((label) => ({ key: label, label }));

function CustomerList() {
  const { result, tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, sorters, setSorters, setFilters } = useTable<Customer>({ resource: "customers" });
  const { mutate: remove } = useDelete();
  const order = (field: string) => {
    const s = sorters.find((x) => x.field === field);
    return s ? (s.order === "asc" ? ("ascend" as const) : ("descend" as const)) : null;
  };
  return (
    <>
      <h1>Customers</h1>
      <Space>
        <Input.Search onSearch={(q) => setFilters([{ field: "q", operator: "eq", value: q || undefined }])} />
        <Select options={[{ value: "gold", label: "Gold" }]} onChange={(v) => setFilters([{ field: "tier", operator: "eq", value: v }])} />
      </Space>
      <Table<Customer>
        rowKey="id"
        loading={tableQuery.isLoading}
        dataSource={result.data}
        columns={[
          { title: "Name", dataIndex: "name", sorter: true, sortOrder: order("name") },
          { title: "Email", dataIndex: "email", sorter: true, sortOrder: order("email") },
          {
            key: "actions",
            render: (_, r) => (
              <Popconfirm title="Delete?" onConfirm={() => remove({ resource: "customers", id: r.id })}>
                <Button danger>Delete</Button>
              </Popconfirm>
            ),
          },
        ]}
        pagination={{ current: currentPage, pageSize, total: result.total, showSizeChanger: true, onChange: (p, size) => (setCurrentPage(p), setPageSize(size)) }}
        onChange={(_p, _f, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          setSorters(s?.order ? [{ field: String(s.field), order: s.order === "ascend" ? "asc" : "desc" }] : []);
        }}
      />
    </>
  );
}

const Shell = () => (
  <Layout style={{ minHeight: "100vh" }}>
    <Layout.Sider>
      <Menu mode="inline" items={items} />
    </Layout.Sider>
    <Layout>
      <Layout.Header>
        <Button>Sign out</Button>
      </Layout.Header>
      <Layout.Content>
        <Outlet />
      </Layout.Content>
    </Layout>
  </Layout>
);

createRoot(document.getElementById("root")!).render(
  <BrowserRouter>
    <ConfigProvider>
      <AntdApp>
        <Refine routerProvider={routerProvider} dataProvider={dataProvider("/api")} resources={[{ name: "customers", list: "/customers" }]}>
          <Routes>
            <Route element={<Shell />}>
              <Route path="*" element={<CustomerList />} />
            </Route>
          </Routes>
        </Refine>
      </AntdApp>
    </ConfigProvider>
  </BrowserRouter>,
);
