import { useList, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Empty, List as AntList, Space, Table, Tag, Typography } from "antd";
import { Link } from "react-router";
import { allFields, auditEvents, getEntity, isResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { DateTimeValue, FieldValue } from "../fields/field-value";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { useLocale } from "../../i18n/use-locale";
import { optionLabel } from "../fields/field-value";
import { recordHistoryUrl } from "../../lib/list-url";

interface Change {
  from?: unknown;
  to?: unknown;
}

const isChanges = (value: unknown): value is Record<string, Change> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((c) => typeof c === "object" && c !== null && ("from" in c || "to" in c));

/** An audit event's `{ field: { from, to } }`, each value shown as its field's type says. */
export function ChangesTable({ resource, changes }: { resource?: string; changes: unknown }) {
  const { t } = useLocale();
  if (!isChanges(changes)) return <Typography.Text code>{JSON.stringify(changes)}</Typography.Text>;
  const entries = Object.entries(changes);
  if (!entries.length) return <Typography.Text type="secondary">—</Typography.Text>;
  const fields = resource && isResourceName(resource) ? allFields(getEntity(resource)) : {};
  const show = (field: string, value: unknown) => (fields[field] ? <FieldValue field={fields[field]} value={value} compact /> : <>{JSON.stringify(value) ?? "—"}</>);
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="field"
      dataSource={entries.map(([field, change]) => ({ field, ...change }))}
      columns={[
        { key: "field", title: t("show.field"), render: (_, row) => (fields[row.field] ? t(fieldLabelKey(fields[row.field]) ?? "", { defaultValue: fields[row.field].label }) : row.field) },
        { key: "from", title: t("show.before"), render: (_, row) => show(row.field, row.from) },
        { key: "to", title: t("show.after"), render: (_, row) => show(row.field, row.to) },
      ]}
    />
  );
}

const HISTORY_PAGE = 50;

/** The record's audit events, newest first: who, when, and each field's from → to. */
export function History({ def, id }: { def: EntityDef; id: BaseKey }) {
  const { t, number } = useLocale();
  const { result, query } = useList<BaseRecord>({
    resource: "audit-events",
    filters: [
      { field: "resource", operator: "eq", value: def.name },
      { field: "recordId", operator: "eq", value: id },
    ],
    sorters: [{ field: "at", order: "desc" }],
    pagination: { pageSize: HISTORY_PAGE },
  });
  const total = result.total ?? 0;
  if (!query.isLoading && result.data.length === 0) return <Empty description={t("show.noChanges")} />;
  return (
    <AntList
      loading={query.isLoading}
      dataSource={result.data}
      rowKey={(e) => String(e.id)}
      footer={
        // Older events than a page holds stay reachable: the log has them all, filtered to this record.
        total > HISTORY_PAGE ? (
          <Link to={recordHistoryUrl(def.name, Number(id))}>
            {t("show.newest", { count: HISTORY_PAGE, total: number(total) })}
          </Link>
        ) : undefined
      }
      renderItem={(event) => {
        const changes = (event.changes ?? {}) as Record<string, Change>;
        const entries = Object.entries(changes);
        return (
          <AntList.Item>
            <Space direction="vertical" style={{ width: "100%" }}>
              <Space wrap>
                <Tag>{optionLabel(auditEvents.fields.action, String(event.action), t)}</Tag>
                <Typography.Text strong>{String(event.actorName ?? t("show.system"))}</Typography.Text>
                <Link to={`/audit-events/show/${String(event.id)}`} title={t("show.openEvent")}>
                  <DateTimeValue value={event.at} />
                </Link>
              </Space>
              {entries.length > 0 && <ChangesTable resource={def.name} changes={changes} />}
            </Space>
          </AntList.Item>
        );
      }}
    />
  );
}
