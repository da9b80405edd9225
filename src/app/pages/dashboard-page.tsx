import { useCustom } from "@refinedev/core";
import { Alert, Button, Col, Empty, Row, Skeleton, Space, Statistic, Tag, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { OPEN_STATUSES, type DashboardStats } from "../../domain/stats";
import { OrdersByStatusChart, OrdersPerDayChart } from "../components/dashboard/charts";
import { Panel } from "../components/layout/panel";
import { LoadErrorResult } from "../components/result/error-result";
import { API_URL } from "../config";
import { useSessionUser } from "../hooks/use-session";
import { orders } from "../../domain/entities";
import { useLocale } from "../i18n/use-locale";
import { listUrl } from "../lib/list-url";

/** What the server sends: the figures of what this role may read, the others left out. */
type Figures = Pick<DashboardStats, "asOf" | "scope" | "basis"> & Partial<Omit<DashboardStats, "asOf" | "scope" | "basis">>;

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
          // The title spoken before the figure, not an aria-label over it: a name must hold the words on screen.
          <Link to={to} className="sb-figure-link" style={{ display: "block", color: "inherit" }}>
            <span className="sb-visually-hidden">{title}: </span>
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
            style={{
              display: "flex",
              justifyContent: "space-between",
              alignItems: "center",
              gap: 12,
              padding: "8px 0",
              borderTop: i ? `1px solid ${token.colorSplit}` : undefined,
            }}
          >
            <span style={{ minWidth: 0 }}>{main}</span>
            {figure}
          </li>
        );
      })}
    </ul>
  );
}

/** A UTC day's orders (the per-day chart counts by placedAt's UTC day), newest first. */
const dayOrdersUrl = (day: string) =>
  listUrl(
    "orders",
    [
      { field: "placedAt", operator: "gte", value: `${day}T00:00:00.000Z` },
      { field: "placedAt", operator: "lte", value: `${day}T23:59:59.999Z` },
    ],
    [{ field: "placedAt", order: "desc" }],
  );

/**
 * What an operator sees first: this month's money, the work in hand, what is running out and who
 * buys most. An agent's figures are their own (the server computes them over their rows only).
 */
export default function DashboardPage() {
  const user = useSessionUser();
  const { t, money, number, date, option } = useLocale();
  const { query } = useCustom<Figures>({ url: `${API_URL}/stats/dashboard`, method: "get" });
  const stats = query.data?.data;

  // Figures it already has stay on screen when a refresh fails, said to be possibly out of date.
  if (query.isError && !stats) return <LoadErrorResult error={query.error} what={t("dashboard.title").toLowerCase()} onRetry={() => void query.refetch()} />;
  if (!stats) return <Skeleton active paragraph={{ rows: 12 }} />;
  const staleBecause = query.isError ? (query.error as { message?: string } | null)?.message : undefined;

  // The server leaves out each figure counted from what this role may not read: only
  // what came is shown, and a role that reads none of it gets a page that says so.
  const { revenue, ordersByStatus, openOrders, customers, ordersPerDay, lowStock, topCustomers } = stats;
  // "My work" is about one's own orders and customers: said only when there are figures of them.
  const ordersOrCustomers = [revenue, ordersByStatus, openOrders, customers, ordersPerDay, topCustomers].some((figure) => figure !== undefined);
  const own = stats.scope === "own" && ordersOrCustomers;
  const my = (key: string) => t(own ? `dashboard.my.${key}` : `dashboard.${key}`);
  const month = (iso: string) => date(iso, { month: "long", year: "numeric", timeZone: "UTC" });
  const statuses = ordersByStatus
    ? Object.entries(ordersByStatus)
        .filter(([s]) => !own || OPEN_STATUSES.includes(s as never))
        .map(([status, count]) => ({ status, label: option(orders, "status", status), count }))
    : [];
  const perDayTotal = (ordersPerDay ?? []).reduce((n, d) => n + d.count, 0);
  const nothing = [revenue, ordersByStatus, openOrders, customers, ordersPerDay, lowStock, topCustomers].every((figure) => figure === undefined);
  const bases = [
    revenue && t("dashboard.basisLine", { what: t("dashboard.basisRevenue"), basis: t("dashboard.basis.revenue") }),
    ordersPerDay && t("dashboard.basisLine", { what: t("dashboard.basisOrdersPerDay"), basis: t("dashboard.basis.ordersPerDay") }),
  ].filter(Boolean);

  return (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {own ? t("dashboard.myTitle") : t("dashboard.title")}
        </Typography.Title>
        <Typography.Text type="secondary">
          {[user?.name, ordersOrCustomers ? (own ? t("dashboard.subtitleOwn") : t("dashboard.subtitleAll")) : undefined].filter(Boolean).join(" · ")}
        </Typography.Text>
      </div>

      {query.isError && (
        <Alert
          type="warning"
          showIcon
          message={t("dashboard.stale", { time: date(stats.asOf, { hour: "2-digit", minute: "2-digit" }) })}
          description={staleBecause}
          action={
            <Button size="small" onClick={() => void query.refetch()} loading={query.isFetching}>
              {t("common.retry")}
            </Button>
          }
        />
      )}

      {nothing && (
        <Panel title={t("dashboard.nothingTitle")}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("dashboard.nothing")} />
        </Panel>
      )}

      {(revenue || openOrders !== undefined || customers !== undefined) && (
        <Row gutter={[16, 16]}>
          {revenue && <Figure title={my("revenueThisMonth")} value={money(revenue.thisMonth)} note={month(revenue.thisMonthStart)} />}
          {revenue && <Figure title={my("revenueLastMonth")} value={money(revenue.lastMonth)} note={month(revenue.lastMonthStart)} />}
          {openOrders !== undefined && (
            <Figure
              title={my("openOrders")}
              value={number(openOrders)}
              note={t("dashboard.openOrdersNote")}
              to={listUrl("orders", [{ field: "status", operator: "in", value: OPEN_STATUSES }])}
            />
          )}
          {customers !== undefined && (
            <Figure title={my("customers")} value={number(customers)} note={own ? t("dashboard.customersOwn") : t("dashboard.customersAll")} to="/customers" />
          )}
        </Row>
      )}

      {(ordersPerDay || ordersByStatus) && (
        <Row gutter={[16, 16]}>
          {ordersPerDay && (
            <Col xs={24} xl={ordersByStatus ? 14 : 24}>
              <Panel title={my("ordersPerDay")} extra={<Typography.Text type="secondary">{t("dashboard.last30Days", { count: perDayTotal })}</Typography.Text>}>
                <OrdersPerDayChart data={ordersPerDay} linkFor={dayOrdersUrl} />
              </Panel>
            </Col>
          )}
          {ordersByStatus && (
            <Col xs={24} xl={ordersPerDay ? 10 : 24}>
              <Panel title={own ? t("dashboard.myOrdersByStatus") : t("dashboard.ordersByStatus")}>
                <OrdersByStatusChart data={statuses} linkFor={(status) => listUrl("orders", [{ field: "status", operator: "in", value: [status] }])} />
              </Panel>
            </Col>
          )}
        </Row>
      )}

      {(lowStock || topCustomers) && (
        <Row gutter={[16, 16]}>
          {lowStock && (
            <Col xs={24} xl={topCustomers ? 12 : 24}>
              <Panel
                title={t("dashboard.lowStock")}
                extra={<Link to={lowStockListUrl(lowStock.threshold)}>{t("dashboard.lowStockLink", { count: lowStock.threshold })}</Link>}
              >
                <ShortList
                  items={lowStock.items}
                  empty={t("dashboard.nothingLow")}
                  render={(p) => ({
                    main: (
                      <Space>
                        <Link to={`/products/show/${p.id}`}>{p.name}</Link>
                        <Typography.Text type="secondary" className="sb-nowrap">
                          {p.sku}
                        </Typography.Text>
                      </Space>
                    ),
                    figure: (
                      <Tag color={p.stock === 0 ? "red" : "orange"}>{p.stock === 0 ? t("dashboard.outOfStock") : t("dashboard.left", { count: p.stock })}</Tag>
                    ),
                  })}
                />
              </Panel>
            </Col>
          )}
          {topCustomers && (
            <Col xs={24} xl={lowStock ? 12 : 24}>
              <Panel
                title={my("topCustomers")}
                extra={<Typography.Text type="secondary">{t("dashboard.paidIn", { year: new Date(stats.asOf).getUTCFullYear() })}</Typography.Text>}
              >
                <ShortList
                  items={topCustomers}
                  empty={t("dashboard.noPaidOrders")}
                  render={(c, i) => ({
                    main: (
                      <Space>
                        <Typography.Text type="secondary" className="sb-nowrap">
                          {i + 1}.
                        </Typography.Text>
                        <Link to={`/customers/show/${c.id}`}>{c.name}</Link>
                        {/* The customer's orders, all of them: the count is this year's paid ones. */}
                        <Link to={listUrl("orders", [{ field: "customerId", operator: "in", value: [c.id] }])}>
                          {t("dashboard.orders", { count: c.orders })}
                          {/* Whose orders, after the words on screen (a name must hold them). */}
                          <span className="sb-visually-hidden"> ({t("dashboard.customerOrders", { name: c.name })})</span>
                        </Link>
                      </Space>
                    ),
                    figure: <span className="sb-number">{money(c.revenue)}</span>,
                  })}
                />
              </Panel>
            </Col>
          )}
        </Row>
      )}

      {!nothing && (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {[t("dashboard.asOf", { when: date(stats.asOf, { dateStyle: "medium", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" }) }), ...bases].join(
            " ",
          )}
        </Typography.Paragraph>
      )}
    </Space>
  );
}
