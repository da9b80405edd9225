import { useList, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Empty, List as AntList, Space, Table, Tag, Typography } from "antd";
import { allFields } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { DateTimeValue, FieldValue } from "../fields/field-value";
import { humanize } from "../../lib/entity-view";

interface Change {
  from?: unknown;
  to?: unknown;
}

/** The record's audit events, newest first: who, when, and each field's from → to. */
export function History({ def, id }: { def: EntityDef; id: BaseKey }) {
  const { result, query } = useList<BaseRecord>({
    resource: "audit-events",
    filters: [
      { field: "resource", operator: "eq", value: def.name },
      { field: "recordId", operator: "eq", value: id },
    ],
    sorters: [{ field: "at", order: "desc" }],
    pagination: { pageSize: 50 },
  });
  const fields = allFields(def);
  if (!query.isLoading && result.data.length === 0) return <Empty description="No recorded changes." />;
  return (
    <AntList
      loading={query.isLoading}
      dataSource={result.data}
      rowKey={(e) => String(e.id)}
      renderItem={(event) => {
        const changes = (event.changes ?? {}) as Record<string, Change>;
        const entries = Object.entries(changes);
        return (
          <AntList.Item>
            <Space direction="vertical" style={{ width: "100%" }}>
              <Space wrap>
                <Tag>{humanize(String(event.action))}</Tag>
                <Typography.Text strong>{String(event.actorName ?? "System")}</Typography.Text>
                <Typography.Text type="secondary">
                  <DateTimeValue value={event.at} />
                </Typography.Text>
              </Space>
              {entries.length > 0 && (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="field"
                  dataSource={entries.map(([field, change]) => ({ field, ...change }))}
                  columns={[
                    { key: "field", title: "Field", render: (_, row) => fields[row.field]?.label ?? row.field },
                    { key: "from", title: "From", render: (_, row) => (fields[row.field] ? <FieldValue field={fields[row.field]} value={row.from} compact /> : JSON.stringify(row.from)) },
                    { key: "to", title: "To", render: (_, row) => (fields[row.field] ? <FieldValue field={fields[row.field]} value={row.to} compact /> : JSON.stringify(row.to)) },
                  ]}
                />
              )}
            </Space>
          </AntList.Item>
        );
      }}
    />
  );
}
