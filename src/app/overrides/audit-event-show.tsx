import { HistoryOutlined } from "@ant-design/icons";
import { ListButton, RefreshButton, Show } from "@refinedev/antd";
import { useOne, useShow, type BaseRecord } from "@refinedev/core";
import { Button, Descriptions, Space, Spin, Tag, Typography } from "antd";
import { Link } from "react-router";
import { auditEvents, getEntity, isResourceName } from "../../domain/entities";
import { canDo } from "../../domain/policy";
import { DateTimeValue, FieldValue } from "../components/fields/field-value";
import { Panel } from "../components/layout/panel";
import { LoadErrorResult } from "../components/result/error-result";
import { ChangesTable } from "../components/show/history";
import { useAbility } from "../hooks/use-session";
import { humanize } from "../lib/entity-view";
import { recordHistoryUrl } from "../lib/list-url";
import type { OverrideProps } from "./index";

/** Sign-in events name the staff account they are about. */
const targetOf = (resource: string) => (resource === "auth" ? "staff" : resource);

/**
 * The record an event is about: a link when it still exists and the reader may see it,
 * otherwise said plainly. A missing record is an answer here, not an error to notify.
 */
function RecordLink({ resource, recordId }: { resource: string; recordId: number }) {
  const ability = useAbility();
  const target = targetOf(resource);
  const def = isResourceName(target) && target !== "audit-events" ? getEntity(target) : null;
  const readable = def !== null && canDo(ability, "read", def.name as never);
  const { query, result } = useOne<BaseRecord>({
    resource: target,
    id: recordId,
    queryOptions: { enabled: readable, retry: false },
    errorNotification: false,
  });
  const what = `${def?.singular ?? humanize(target)} #${recordId}`;
  if (!readable) return <Typography.Text>{what} (not visible to you)</Typography.Text>;
  if (query.isError)
    return (
      <Space>
        <Typography.Text>{what}</Typography.Text>
        <Tag color="default">{(query.error as { statusCode?: number }).statusCode === 404 ? "Deleted" : "Could not be loaded"}</Tag>
      </Space>
    );
  if (query.isLoading || !result) return <Spin size="small" />;
  const label = def.recordLabel !== "id" && result[def.recordLabel] !== undefined ? String(result[def.recordLabel]) : null;
  return <Link to={`/${def.name}/show/${recordId}`}>{label ? `${label} (${what})` : what}</Link>;
}

/** One audit event as an auditor reads it: who, when, from where, to what, and each field before and after. */
export default function AuditEventShow({ id }: OverrideProps) {
  const { query, result: event } = useShow<BaseRecord>({ resource: "audit-events", id, errorNotification: false });
  if (query.isError) return <LoadErrorResult error={query.error} what="audit event" />;

  const resource = typeof event?.resource === "string" ? event.resource : undefined;
  const recordId = typeof event?.recordId === "number" ? event.recordId : null;
  const actorId = typeof event?.actorId === "number" ? event.actorId : null;
  const f = auditEvents.fields;

  return (
    <Show
      title={`Audit event #${String(id)}`}
      isLoading={query.isLoading}
      headerButtons={
        <>
          <ListButton resource="audit-events">Audit log</ListButton>
          {resource && recordId !== null && (
            <Link to={recordHistoryUrl(resource, recordId)}>
              <Button icon={<HistoryOutlined />}>All events for this record</Button>
            </Link>
          )}
          <RefreshButton resource="audit-events" recordItemId={id ?? ""} />
        </>
      }
    >
      {event && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered column={1} size="middle" styles={{ label: { width: 200 } }}>
            <Descriptions.Item label="When">
              <Space direction="vertical" size={0}>
                <DateTimeValue value={event.at} />
                <Typography.Text type="secondary" copyable>
                  {String(event.at)}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="Who">
              {actorId !== null ? (
                <Link to={`/staff/show/${actorId}`}>{String(event.actorName ?? `Staff #${actorId}`)}</Link>
              ) : (
                <Typography.Text type="secondary">Nobody signed in</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Action">
              <FieldValue field={f.action} value={event.action} />
            </Descriptions.Item>
            <Descriptions.Item label="Record">
              <Space wrap>
                {resource && <FieldValue field={f.resource} value={resource} />}
                {resource && recordId !== null ? <RecordLink resource={resource} recordId={recordId} /> : <Typography.Text type="secondary">—</Typography.Text>}
              </Space>
            </Descriptions.Item>
            {event.email !== undefined && <Descriptions.Item label={f.email.label}>{String(event.email)}</Descriptions.Item>}
            <Descriptions.Item label={f.ip.label}>{String(event.ip ?? "—")}</Descriptions.Item>
          </Descriptions>
          <Panel title="Changes" size="small">
            <ChangesTable resource={resource} changes={event.changes} />
          </Panel>
        </Space>
      )}
    </Show>
  );
}
