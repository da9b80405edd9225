/**
 * The dashboard's two bar charts, drawn with visx (d3 scales and SVG primitives as React
 * components): a few kB where a full chart kit (recharts, with its Redux store) was ~100 kB
 * gzipped. Only the lazy dashboard page imports this module.
 */
import { AxisBottom, AxisLeft } from "@visx/axis";
import { GridColumns, GridRows } from "@visx/grid";
import { Group } from "@visx/group";
import { ParentSize } from "@visx/responsive";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { theme } from "antd";
import { useNavigate } from "react-router";
import { useLocale } from "../../i18n/use-locale";

const HEIGHT = 260;

/**
 * Axis, grid and label colours from antd's tokens, so the charts read in light and dark alike
 * (the tokens follow the algorithm ConfigProvider is given).
 */
function useChartColors() {
  const { token } = theme.useToken();
  return {
    tickLabel: { fontSize: 12, fill: token.colorTextSecondary },
    grid: { stroke: token.colorBorderSecondary, strokeDasharray: "3 3" },
    axis: token.colorBorder,
    bar: token.colorPrimary,
  };
}

type CountScale = ReturnType<typeof scaleLinear<number>>;

/** Counts are whole: no 0.5 orders on an axis or a grid line. */
const wholeTicks = (scale: CountScale) => scale.ticks(5).filter(Number.isInteger);

/**
 * A count axis's ticks and their labels. The values alone are not enough: left to itself the axis
 * formats them by the scale's step, "0.0, 1.0, 2.0" where the step is a half; `number` writes them
 * as counts in the reader's locale.
 */
const countAxis = (scale: CountScale, number: (n: number) => string) => ({ tickValues: wholeTicks(scale), tickFormat: (v: unknown) => number(Number(v)) });

/**
 * A bar that opens the list it counts: a real link (keyboard, middle-click, a new tab) named by
 * what it counts, followed inside the app without reloading it.
 */
function BarLink({ to, name, children }: { to: string; name: string; children: React.ReactNode }) {
  const navigate = useNavigate();
  return (
    <a
      href={to}
      aria-label={name}
      className="sb-bar-link"
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}

// A figure, not an image: its bars are links, which an image's children could not be.
function Responsive({ label, children }: { label: string; children: (width: number) => React.ReactNode }) {
  return (
    <div role="figure" aria-label={label} className="sb-chart" style={{ width: "100%", height: HEIGHT }}>
      <ParentSize debounceTime={50}>{({ width }) => (width > 0 ? children(width) : null)}</ParentSize>
    </div>
  );
}

// The days are UTC days ("2026-03-05"): shown as that day wherever the reader is.
const DAY: Intl.DateTimeFormatOptions = { weekday: "short", day: "numeric", month: "short", year: "numeric", timeZone: "UTC" };
const TICK: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", timeZone: "UTC" };

export function OrdersPerDayChart({ data, linkFor }: { data: { date: string; count: number }[]; linkFor: (date: string) => string }) {
  const { t, date, number } = useLocale();
  const colors = useChartColors();
  const total = data.reduce((n, d) => n + d.count, 0);
  const first = data[0]?.date;
  const last = data.at(-1)?.date;
  return (
    <Responsive label={t("dashboard.chartPerDay", { from: first ? date(first, DAY) : "", to: last ? date(last, DAY) : "", total: number(total) })}>
      {(width) => {
        const margin = { top: 8, right: 8, bottom: 28, left: 36 };
        const innerWidth = width - margin.left - margin.right;
        const innerHeight = HEIGHT - margin.top - margin.bottom;
        const x = scaleBand({ domain: data.map((d) => d.date), range: [0, innerWidth], padding: 0.2 });
        const y = scaleLinear({ domain: [0, Math.max(1, ...data.map((d) => d.count))], range: [innerHeight, 0], nice: true });
        // A date label every so many bars, as many as fit.
        const every = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(innerWidth / 56))));
        return (
          <svg width={width} height={HEIGHT}>
            <Group left={margin.left} top={margin.top}>
              <GridRows scale={y} width={innerWidth} tickValues={wholeTicks(y)} {...colors.grid} />
              {data.map((d) => {
                const name = `${date(d.date, DAY)}: ${t("dashboard.orders", { count: d.count })}`;
                return (
                  <BarLink key={d.date} to={linkFor(d.date)} name={name}>
                    <Bar x={x(d.date)} y={y(d.count)} width={x.bandwidth()} height={innerHeight - y(d.count)} fill={colors.bar}>
                      <title>{name}</title>
                    </Bar>
                  </BarLink>
                );
              })}
              <AxisLeft scale={y} {...countAxis(y, number)} stroke={colors.axis} tickStroke={colors.axis} tickLabelProps={colors.tickLabel} />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={data.filter((_, i) => i % every === 0).map((d) => d.date)}
                tickFormat={(d) => date(String(d), TICK)}
                stroke={colors.axis}
                tickStroke={colors.axis}
                tickLabelProps={colors.tickLabel}
              />
            </Group>
          </svg>
        );
      }}
    </Responsive>
  );
}

const STATUS_COLORS: Record<string, string> = {
  draft: "#94a3b8",
  placed: "#3b82f6",
  paid: "#06b6d4",
  shipped: "#6366f1",
  delivered: "#22c55e",
  cancelled: "#ef4444",
  refunded: "#f97316",
};

export function OrdersByStatusChart({ data, linkFor }: { data: { status: string; label: string; count: number }[]; linkFor: (status: string) => string }) {
  const { t, number } = useLocale();
  const colors = useChartColors();
  return (
    <Responsive label={t("dashboard.chartByStatus", { list: data.map((d) => `${d.label} ${d.count}`).join(", ") })}>
      {(width) => {
        const margin = { top: 8, right: 16, bottom: 28, left: 88 };
        const innerWidth = width - margin.left - margin.right;
        const innerHeight = HEIGHT - margin.top - margin.bottom;
        const y = scaleBand({ domain: data.map((d) => d.label), range: [0, innerHeight], padding: 0.25 });
        const x = scaleLinear({ domain: [0, Math.max(1, ...data.map((d) => d.count))], range: [0, innerWidth], nice: true });
        return (
          <svg width={width} height={HEIGHT}>
            <Group left={margin.left} top={margin.top}>
              <GridColumns scale={x} height={innerHeight} tickValues={wholeTicks(x)} {...colors.grid} />
              {data.map((d) => {
                const name = `${d.label}: ${t("dashboard.orders", { count: d.count })}`;
                return (
                  <BarLink key={d.status} to={linkFor(d.status)} name={name}>
                    <Bar x={0} y={y(d.label)} width={x(d.count)} height={y.bandwidth()} fill={STATUS_COLORS[d.status] ?? colors.bar}>
                      <title>{name}</title>
                    </Bar>
                  </BarLink>
                );
              })}
              <AxisLeft scale={y} stroke={colors.axis} tickStroke={colors.axis} tickLabelProps={colors.tickLabel} />
              <AxisBottom
                top={innerHeight}
                scale={x}
                {...countAxis(x, number)}
                stroke={colors.axis}
                tickStroke={colors.axis}
                tickLabelProps={colors.tickLabel}
              />
            </Group>
          </svg>
        );
      }}
    </Responsive>
  );
}
