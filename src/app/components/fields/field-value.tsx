import { Link } from "react-router";
import { Tag, Typography } from "antd";
import type { FieldDef } from "../../../domain/fields";
import { locateField, optionKey } from "../../i18n/definition-keys";
import { useLocale, type Locale } from "../../i18n/use-locale";
import { humanize } from "../../lib/entity-view";
import { OptionsFromTag } from "./options-from";

const ENUM_COLORS: Record<string, string> = {
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

/**
 * A timestamp in the operator's locale (Intl), the whole of it on hover. The browser's own title,
 * not antd's Tooltip: a tooltip is a trigger with its refs, observers and style hooks, and a list
 * rendered twenty of them on every page change for a text only a hover shows.
 */
export function DateTimeValue({ value }: { value: unknown }) {
  const { dateTime, dateTimeLong } = useLocale();
  if (typeof value !== "string" || !value) return <Empty />;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return <>{value}</>;
  return (
    <time dateTime={value} title={dateTimeLong(d)}>
      {dateTime(d)}
    </time>
  );
}

/** An enum value as the operator's language names it (the definition's option key). */
export function optionLabel(field: FieldDef, value: string, t: Locale["t"]): string {
  const at = locateField(field);
  return at ? t(optionKey(at.resource, at.name, value), { defaultValue: humanize(value) }) : humanize(value);
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

/**
 * Text cut to one line in a table cell, whole on hover. CSS does the cutting: antd's measured
 * ellipsis (Typography with a tooltip) forced a layout per cell as a list rendered, twenty rows at
 * a time.
 */
const Clipped = ({ text }: { text: string }) => (
  <span className="sb-clipped" title={text}>
    {text}
  </span>
);

/** One value of a field, shown as its type says: money as dollars, dates with dayjs, booleans as tags. */
export function FieldValue({ field, value, referenceLabel, compact, name }: FieldValueProps) {
  const { t, money, number } = useLocale();
  if (value === undefined || value === null || value === "") return <Empty />;
  switch (field.type) {
    case "money":
      return <span className="sb-number">{money(value as number)}</span>;
    case "integer":
      return <span className="sb-number">{typeof value === "number" && !(name === "id" || name?.endsWith("Id")) ? number(value) : String(value)}</span>;
    case "boolean":
      return value ? <Tag color="green">{t("common.yes")}</Tag> : <Tag>{t("common.no")}</Tag>;
    case "enum":
      if (field.optionsFrom) return <OptionsFromTag field={field} value={String(value)} />;
      return <Tag color={ENUM_COLORS[String(value)] ?? "default"}>{optionLabel(field, String(value), t)}</Tag>;
    case "datetime":
      return <DateTimeValue value={value} />;
    case "email":
      return compact ? <>{String(value)}</> : <Typography.Link href={`mailto:${String(value)}`}>{String(value)}</Typography.Link>;
    case "reference":
      return field.reference ? <Link to={`/${field.reference}/show/${String(value)}`}>{referenceLabel ?? `#${String(value)}`}</Link> : <>{String(value)}</>;
    case "longtext":
      return compact ? (
        <Clipped text={String(value)} />
      ) : (
        <Typography.Paragraph style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}>{String(value)}</Typography.Paragraph>
      );
    case "items":
      return <>{Array.isArray(value) ? t("common.items", { count: value.length }) : "—"}</>;
    case "json":
      return <Typography.Text code>{JSON.stringify(value)}</Typography.Text>;
    case "rules":
      return <>{Array.isArray(value) ? t("roleEditor.ruleCount", { count: value.length }) : "—"}</>;
    case "password":
      return <Empty />;
    default:
      if (compact) return <Clipped text={String(value)} />;
      // A code of a fixed shape (a SKU) is never broken at its hyphen.
      return field.pattern ? <span className="sb-nowrap">{String(value)}</span> : <>{String(value)}</>;
  }
}
