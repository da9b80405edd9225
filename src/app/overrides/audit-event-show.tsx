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
import { useLocale } from "../i18n/use-locale";
import { humanize, recordLabel } from "../lib/entity-view";
import { recordHistoryUrl } from "../lib/list-url";
import type { OverrideProps } from "./index";
import { BACK_ICON } from "../components/layout/back-icon";
import { AuditActionCell, OrderOfEvent } from "../components/audit/audit-cells";

/** Sign-in events name the staff account they are about. */
const targetOf = (resource: string) => (resource === "auth" ? "staff" : resource);

/**
 * The record an event is about: a link when it still exists and the reader may see it,
 * otherwise said plainly. A missing record is an answer here, not an error to notify.
 */
function RecordLink({ resource, recordId }: { resource: string; recordId: number }) {
  const ability = useAbility();
  const { t, singular } = useLocale();
  const target = targetOf(resource);
  const def = isResourceName(target) && target !== "audit-events" ? getEntity(target) : null;
  const readable = def !== null && canDo(ability, "read", def.name as never);
  const { query, result } = useOne<BaseRecord>({
    resource: target,
    id: recordId,
    queryOptions: { enabled: readable, retry: false },
    errorNotification: false,
  });
  const what = `${def ? singular(def) : humanize(target)} #${recordId}`;
  if (!readable) return <Typography.Text>{t("audit.notVisible", { what })}</Typography.Text>;
  if (query.isError)
    return (
      <Space>
        <Typography.Text>{what}</Typography.Text>
        <Tag color="default">{(query.error as { statusCode?: number }).statusCode === 404 ? t("audit.deleted") : t("audit.notLoaded")}</Tag>
      </Space>
    );
  if (query.isLoading || !result) return <Spin size="small" />;
  const label = recordLabel(def, result);
  return <Link to={`/${def.name}/show/${recordId}`}>{label ? `${label} (${what})` : what}</Link>;
}

/** One audit event as an auditor reads it: who, when, from where, to what, and each field before and after. */
export default function AuditEventShow({ id }: OverrideProps) {
  const { query, result: event } = useShow<BaseRecord>({ resource: "audit-events", id, errorNotification: false });
  const { t, singular, fieldLabel } = useLocale();
  if (query.isError) return <LoadErrorResult error={query.error} what={singular(auditEvents).toLowerCase()} />;

  const resource = typeof event?.resource === "string" ? event.resource : undefined;
  const recordId = typeof event?.recordId === "number" ? event.recordId : null;
  const actorId = typeof event?.actorId === "number" ? event.actorId : null;
  const f = auditEvents.fields;

  return (
    <Show
      goBack={BACK_ICON}
      title={t("audit.title", { id: String(id) })}
      isLoading={query.isLoading}
      headerButtons={
        <>
          <ListButton resource="audit-events">{t("audit.log")}</ListButton>
          {resource && recordId !== null && (
            <Link to={recordHistoryUrl(resource, recordId)}>
              <Button icon={<HistoryOutlined />}>{t("audit.allForRecord")}</Button>
            </Link>
          )}
          <RefreshButton resource="audit-events" recordItemId={id ?? ""} />
        </>
      }
    >
      {event && (
        <Space direction="vertical" size="large" style={{ width: "100%" }}>
          <Descriptions bordered column={1} size="middle" styles={{ label: { width: 200 } }}>
            <Descriptions.Item label={t("audit.when")}>
              <Space direction="vertical" size={0}>
                <DateTimeValue value={event.at} />
                <Typography.Text type="secondary" copyable>
                  {String(event.at)}
                </Typography.Text>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t("audit.who")}>
              {actorId !== null ? (
                <Link to={`/staff/show/${actorId}`}>{String(event.actorName ?? t("audit.staffN", { id: actorId }))}</Link>
              ) : (
                <Typography.Text type="secondary">{t("audit.nobody")}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t("audit.action")}>
              <AuditActionCell event={event} />
            </Descriptions.Item>
            <Descriptions.Item label={t("audit.record")}>
              <Space wrap>
                {resource && <FieldValue field={f.resource} value={resource} />}
                {resource && recordId !== null ? <RecordLink resource={resource} recordId={recordId} /> : <Typography.Text type="secondary">—</Typography.Text>}
              </Space>
            </Descriptions.Item>
            {/* A product's stock taken or given back by an order's step: that order. */}
            {typeof event.orderId === "number" && (
              <Descriptions.Item label={fieldLabel(auditEvents, "orderId")}>
                <OrderOfEvent orderId={event.orderId} />
              </Descriptions.Item>
            )}
            {event.email !== undefined && <Descriptions.Item label={fieldLabel(auditEvents, "email")}>{String(event.email)}</Descriptions.Item>}
            {/* Done by a script: the API token it came with, acting as its owner. */}
            {typeof event.tokenName === "string" && (
              <Descriptions.Item label={fieldLabel(auditEvents, "tokenName")}>
                <Space wrap>
                  <Typography.Text>{event.tokenName}</Typography.Text>
                  {typeof event.tokenId === "number" && <Typography.Text type="secondary">#{event.tokenId}</Typography.Text>}
                </Space>
              </Descriptions.Item>
            )}
            {/* An update that went back to an earlier version ("Restore this version"): which one. */}
            {typeof event.revertOf === "number" && (
              <Descriptions.Item label={fieldLabel(auditEvents, "revertOf")}>
                <Link to={`/audit-events/show/${event.revertOf}`}>{t("revision.eventN", { id: event.revertOf })}</Link>
              </Descriptions.Item>
            )}
            <Descriptions.Item label={fieldLabel(auditEvents, "ip")}>{String(event.ip ?? "—")}</Descriptions.Item>
          </Descriptions>
          <Panel title={t("audit.changes")} size="small">
            <ChangesTable resource={resource} changes={event.changes} />
          </Panel>
        </Space>
      )}
    </Show>
  );
}
