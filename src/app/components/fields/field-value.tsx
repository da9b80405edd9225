import { Link } from "react-router";
import { Tag, Tooltip, Typography } from "antd";
import dayjs from "dayjs";
import type { FieldDef } from "../../../domain/fields";
import { formatMoney } from "../../../domain/format";
import { humanize } from "../../lib/entity-view";

const ENUM_COLORS: Record<string, string> = {
  admin: "magenta",
  manager: "geekblue",
  agent: "cyan",
  auditor: "purple",
  active: "green",
  draft: "default",
  archived: "default",
  placed: "blue",
  paid: "cyan",
  shipped: "geekblue",
  delivered: "green",
  cancelled: "red",
  refunded: "orange",
  gold: "gold",
  silver: "default",
  standard: "default",
  login_failed: "red",
  delete: "red",
  create: "green",
};

export const DATE_TIME_FORMAT = "YYYY-MM-DD HH:mm";

export function DateTimeValue({ value }: { value: unknown }) {
  if (typeof value !== "string" || !value) return <Empty />;
  const d = dayjs(value);
  if (!d.isValid()) return <>{value}</>;
  return (
    <Tooltip title={d.format("dddd D MMMM YYYY, HH:mm:ss")}>
      <time dateTime={value}>{d.format(DATE_TIME_FORMAT)}</time>
    </Tooltip>
  );
}

const Empty = () => <Typography.Text type="secondary">—</Typography.Text>;

interface FieldValueProps {
  field: FieldDef;
  value: unknown;
  /** For references: what the referenced record is called, when known. */
  referenceLabel?: string;
  /** Long text is cut to one line in tables. */
  compact?: boolean;
  /** The field's name: identifiers (id, recordId) are shown without digit grouping. */
  name?: string;
}

/** One value of a field, shown as its type says: money as dollars, dates with dayjs, booleans as tags. */
export function FieldValue({ field, value, referenceLabel, compact, name }: FieldValueProps) {
  if (value === undefined || value === null || value === "") return <Empty />;
  switch (field.type) {
    case "money":
      return <span className="sb-number">{formatMoney(value as number)}</span>;
    case "integer":
      return <span className="sb-number">{typeof value === "number" && !(name === "id" || name?.endsWith("Id")) ? value.toLocaleString("en-US") : String(value)}</span>;
    case "boolean":
      return value ? <Tag color="green">Yes</Tag> : <Tag>No</Tag>;
    case "enum":
      return <Tag color={ENUM_COLORS[String(value)] ?? "default"}>{humanize(String(value))}</Tag>;
    case "datetime":
      return <DateTimeValue value={value} />;
    case "email":
      return compact ? <>{String(value)}</> : <Typography.Link href={`mailto:${String(value)}`}>{String(value)}</Typography.Link>;
    case "reference":
      return field.reference ? <Link to={`/${field.reference}/show/${String(value)}`}>{referenceLabel ?? `#${String(value)}`}</Link> : <>{String(value)}</>;
    case "longtext":
      return compact ? (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 320 }}>
          {String(value)}
        </Typography.Text>
      ) : (
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{String(value)}</Typography.Paragraph>
      );
    case "items":
      return <>{Array.isArray(value) ? `${value.length} item${value.length === 1 ? "" : "s"}` : "—"}</>;
    case "json":
      return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    case "password":
      return <Empty />;
    default:
      return compact ? (
        <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: 320 }}>
          {String(value)}
        </Typography.Text>
      ) : (
        <>{String(value)}</>
      );
  }
}
