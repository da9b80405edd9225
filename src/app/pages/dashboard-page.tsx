import { useCustom } from "@refinedev/core";
import { Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography, theme } from "antd";
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatMoney } from "../../domain/format";
import { OPEN_STATUSES, type DashboardStats } from "../../domain/stats";
import { OrdersByStatusChart, OrdersPerDayChart } from "../components/dashboard/charts";
import { Panel } from "../components/layout/panel";
import { LoadErrorResult } from "../components/result/error-result";
import { API_URL } from "../config";
import { useSessionUser } from "../hooks/use-session";
import { humanize } from "../lib/entity-view";
import { listUrl } from "../lib/list-url";

dayjs.extend(utc);

/** The products list, filtered the way the low-stock figure counts (through the list's own URL state). */
const lowStockListUrl = (threshold: number) =>
  listUrl(
    "products",
    [
      { field: "status", operator: "in", value: ["active"] },
      { field: "stock", operator: "lte", value: threshold },
    ],
    [{ field: "stock", order: "asc" }],
  );

/** A figure card; its title names the region, so a reader (and a test) finds the figure by what it is. */
function Figure({ title, value, note, to }: { title: string; value: string; note?: string; to?: string }) {
  const body = (
    <>
      <Statistic valueRender={() => value} />
      {note && <Typography.Text type="secondary">{note}</Typography.Text>}
    </>
  );
  return (
    <Col xs={24} sm={12} xl={6}>
      <Panel title={title}>
        {to ? (
          <Link to={to} className="sb-figure-link" aria-label={`${title}: ${value}${note ? ` (${note})` : ""}`} style={{ display: "block", color: "inherit" }}>
            {body}
          </Link>
        ) : (
          body
        )}
      </Panel>
    </Col>
  );
}

/**
 * A short list of rows, each with its figure at the right. Not antd's List: that one brings its
 * pagination (and with it the Select of page sizes), some 30 kB gzipped, for five rows.
 */
function ShortList<T>({ items, empty, render }: { items: T[]; empty: string; render: (item: T, i: number) => { main: ReactNode; figure: ReactNode } }) {
  const { token } = theme.useToken();
  if (!items.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {items.map((item, i) => {
        const { main, figure } = render(item, i);
        return (
          <li
            key={i}
            style={{ display: "flex", justifyContent: "space-between", alignItems: "center", gap: 12, padding: "8px 0", borderTop: i ? `1px solid ${token.colorSplit}` : undefined }}
          >
            <span style={{ minWidth: 0 }}>{main}</span>
            {figure}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * What an operator sees first: this month's money, the work in hand, what is running out and who
 * buys most. An agent's figures are their own (the server computes them over their rows only).
 */
export default function DashboardPage() {
  const user = useSessionUser();
  const { query } = useCustom<DashboardStats>({ url: `${API_URL}/stats/dashboard`, method: "get" });
  const stats = query.data?.data;

  if (query.isError) return <LoadErrorResult error={query.error} what="dashboard" />;
  if (!stats) return <Skeleton active paragraph={{ rows: 12 }} />;

  const own = stats.scope === "own";
  const my = (s: string) => (own ? `My ${s.charAt(0).toLowerCase()}${s.slice(1)}` : s);
  const month = (iso: string) => dayjs.utc(iso).format("MMMM YYYY");
  const statuses = Object.entries(stats.ordersByStatus)
    .filter(([s]) => !own || OPEN_STATUSES.includes(s as never))
    .map(([status, count]) => ({ status, label: humanize(status), count }));
  const perDayTotal = stats.ordersPerDay.reduce((n, d) => n + d.count, 0);

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {own ? "My work" : "Dashboard"}
        </Typography.Title>
        <Typography.Text type="secondary">
          {user ? `${user.name} · ` : ""}
          {own ? "Figures over the orders assigned to you and the customers you own" : "Figures over every order and customer"}
        </Typography.Text>
      </div>

      <Row gutter={[16, 16]}>
        <Figure title={my("Revenue this month")} value={formatMoney(stats.revenue.thisMonth)} note={month(stats.revenue.thisMonthStart)} />
        <Figure title={my("Revenue last month")} value={formatMoney(stats.revenue.lastMonth)} note={month(stats.revenue.lastMonthStart)} />
        <Figure title={my("Open orders")} value={stats.openOrders.toLocaleString("en-US")} note="Draft, placed, paid or shipped" to={listUrl("orders", [{ field: "status", operator: "in", value: OPEN_STATUSES }])} />
        <Figure title={my("Customers")} value={stats.customers.toLocaleString("en-US")} note={own ? "Customers you own" : "All customers"} to="/customers" />
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Panel title={my("Orders per day")} extra={<Typography.Text type="secondary">Last 30 days · {perDayTotal} placed</Typography.Text>}>
            <OrdersPerDayChart data={stats.ordersPerDay} />
          </Panel>
        </Col>
        <Col xs={24} xl={10}>
          <Panel title={own ? "My open orders by status" : "Orders by status"}>
            <OrdersByStatusChart data={statuses} />
          </Panel>
        </Col>
      </Row>

      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Panel
            title="Low stock"
            extra={
              <Link to={lowStockListUrl(stats.lowStock.threshold)}>
                Active products at {stats.lowStock.threshold} or fewer
              </Link>
            }
          >
            <ShortList
              items={stats.lowStock.items}
              empty="Nothing is running low."
              render={(p) => ({
                main: (
                  <Space>
                    <Link to={`/products/show/${p.id}`}>{p.name}</Link>
                    <Typography.Text type="secondary">{p.sku}</Typography.Text>
                  </Space>
                ),
                figure: <Tag color={p.stock === 0 ? "red" : "orange"}>{p.stock === 0 ? "Out of stock" : `${p.stock} left`}</Tag>,
              })}
            />
          </Panel>
        </Col>
        <Col xs={24} xl={12}>
          <Panel title={my("Top customers this year")} extra={<Typography.Text type="secondary">By revenue paid in {dayjs.utc(stats.asOf).year()}</Typography.Text>}>
            <ShortList
              items={stats.topCustomers}
              empty="No paid orders this year."
              render={(c, i) => ({
                main: (
                  <Space>
                    <Typography.Text type="secondary">{i + 1}.</Typography.Text>
                    <Link to={`/customers/show/${c.id}`}>{c.name}</Link>
                    <Typography.Text type="secondary">
                      {c.orders} {c.orders === 1 ? "order" : "orders"}
                    </Typography.Text>
                  </Space>
                ),
                figure: <span className="sb-number">{formatMoney(c.revenue)}</span>,
              })}
            />
          </Panel>
        </Col>
      </Row>

      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        As of {dayjs.utc(stats.asOf).format("D MMM YYYY HH:mm")} UTC; months and days are UTC. Revenue — {stats.basis.revenue}. Orders per day —{" "}
        {stats.basis.ordersPerDay}.
      </Typography.Paragraph>
    </Space>
  );
}
