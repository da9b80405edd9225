/**
 * The dashboard's two charts. This is the only module that imports recharts, and only the lazy
 * dashboard page imports it: the chart library stays out of every other route's download.
 */
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import dayjs from "dayjs";

const HEIGHT = 260;

export function OrdersPerDayChart({ data }: { data: { date: string; count: number }[] }) {
  const total = data.reduce((n, d) => n + d.count, 0);
  return (
    <div role="img" aria-label={`Orders per day, ${data[0]?.date ?? ""} to ${data.at(-1)?.date ?? ""}: ${total} in all`} style={{ width: "100%", height: HEIGHT }}>
      <ResponsiveContainer>
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={(d: string) => dayjs(d).format("D MMM")} minTickGap={16} fontSize={12} />
          <YAxis allowDecimals={false} fontSize={12} />
          <Tooltip labelFormatter={(d) => dayjs(String(d)).format("ddd D MMM YYYY")} formatter={(v) => [v, "Orders"]} />
          <Bar dataKey="count" name="Orders" fill="#1d4ed8" />
        </BarChart>
      </ResponsiveContainer>
    </div>
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

export function OrdersByStatusChart({ data }: { data: { status: string; label: string; count: number }[] }) {
  return (
    <div role="img" aria-label={`Orders by status: ${data.map((d) => `${d.label} ${d.count}`).join(", ")}`} style={{ width: "100%", height: HEIGHT }}>
      <ResponsiveContainer>
        <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} fontSize={12} />
          <YAxis type="category" dataKey="label" width={80} fontSize={12} />
          <Tooltip formatter={(v) => [v, "Orders"]} />
          <Bar dataKey="count" name="Orders">
            {data.map((d) => (
              <Cell key={d.status} fill={STATUS_COLORS[d.status] ?? "#1d4ed8"} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
