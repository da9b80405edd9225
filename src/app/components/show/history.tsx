import { RollbackOutlined } from "@ant-design/icons";
import { useList, useOne, useSubscription, type BaseKey, type BaseRecord } from "@refinedev/core";
import { Button, Empty, List as AntList, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { Trans } from "react-i18next";
import { Link } from "react-router";
import { allFields, auditEvents, getEntity, isResourceName, type ResourceName } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { canDo } from "../../../domain/policy";
import { DateTimeValue, FieldValue } from "../fields/field-value";
import { fieldLabelKey } from "../../i18n/definition-keys";
import { useLocale } from "../../i18n/use-locale";
import { optionLabel } from "../fields/field-value";
import { useAbility } from "../../hooks/use-session";
import { recordHistoryUrl } from "../../lib/list-url";
import { lazyRetry } from "../../lib/lazy-retry";
import { isLatest, isRevision } from "../../lib/revision";
import { LazyBoundary } from "../result/lazy-boundary";
import { ReferenceCell } from "../list/reference-cell";
import { EventOrders, OrderOfEvent, TransitionStep } from "../audit/audit-cells";

// "Restore this version" opens it: fetched on the first click, not with every record page.
const RevertDialog = lazyRetry(() => import("./revert-dialog"));

interface Change {
  from?: unknown;
  to?: unknown;
}

const isChanges = (value: unknown): value is Record<string, Change> =>
  typeof value === "object" &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((c) => typeof c === "object" && c !== null && ("from" in c || "to" in c));

/** An audit event's `{ field: { from, to } }`, each value shown as its field's type says. */
export function ChangesTable({ resource, changes }: { resource?: string; changes: unknown }) {
  const { t } = useLocale();
  if (!isChanges(changes)) return <Typography.Text code>{JSON.stringify(changes)}</Typography.Text>;
  const entries = Object.entries(changes);
  if (!entries.length) return <Typography.Text type="secondary">—</Typography.Text>;
  const fields = resource && isResourceName(resource) ? allFields(getEntity(resource)) : {};
  // A reference by its record's name (the assignee, not #149): one request per field, before and after together.
  const idsOf = (field: string) => [...new Set(Object.values(changes[field]).filter((v): v is number => typeof v === "number"))].sort((a, b) => a - b);
  const show = (field: string, value: unknown) => {
    const f = fields[field];
    if (!f) return <>{JSON.stringify(value) ?? "—"}</>;
    if (f.type === "reference") return <ReferenceCell field={f} value={value} pageIds={idsOf(field)} />;
    return <FieldValue field={f} value={value} compact />;
  };
  return (
    <Table
      size="small"
      pagination={false}
      // Never wider than the page (a phone): long values wrap or are cut (styles.css).
      tableLayout="fixed"
      className="sb-fit-table"
      rowKey="field"
      dataSource={entries.map(([field, change]) => ({ field, ...change }))}
      columns={[
        {
          key: "field",
          title: t("show.field"),
          render: (_, row) => (fields[row.field] ? t(fieldLabelKey(fields[row.field]) ?? "", { defaultValue: fields[row.field].label }) : row.field),
        },
        { key: "from", title: t("show.before"), render: (_, row) => show(row.field, row.from) },
        { key: "to", title: t("show.after"), render: (_, row) => show(row.field, row.to) },
      ]}
    />
  );
}

const HISTORY_PAGE = 50;

/**
 * An update that set the record back to an earlier version (revertOf): which one, by when it was
 * and a link to it in the audit log.
 */
function RevertOf({ eventId, events }: { eventId: number; events: readonly BaseRecord[] }) {
  const { t, dateTime } = useLocale();
  const target = events.find((e) => Number(e.id) === eventId);
  const link = { event: <Link to={`/audit-events/show/${eventId}`} /> };
  // Older than the events on the tab: named by its number, the log has it.
  if (typeof target?.at !== "string")
    return (
      <Typography.Text>
        <Trans i18nKey="revision.revertOf" values={{ when: t("revision.eventN", { id: eventId }) }} components={link} />
      </Typography.Text>
    );
  const values = { when: dateTime(target.at), name: String(target.actorName ?? t("show.system")) };
  return (
    <Typography.Text>
      <Trans i18nKey="revision.revertOfDetail" values={values} components={link} />
    </Typography.Text>
  );
}

/**
 * The record's audit events, newest first: who, when, and each field's from → to. Each version
 * (create, update, transition, restore) can be restored by whoever may edit the record.
 */
export function History({ def, id }: { def: EntityDef; id: BaseKey }) {
  const { t, number, dateTime } = useLocale();
  const ability = useAbility();
  const { result, query } = useList<BaseRecord>({
    resource: "audit-events",
    filters: [
      { field: "resource", operator: "eq", value: def.name },
      { field: "recordId", operator: "eq", value: id },
    ],
    sorters: [{ field: "at", order: "desc" }],
    pagination: { pageSize: HISTORY_PAGE },
  });
  // The log sends no live events of its own: a change of the record is a new event here.
  useSubscription({
    channel: `resources/${def.name}`,
    types: ["*"],
    // No data hook's type: this tab's own change of the record is news here too (own-events.ts).
    params: { id },
    onLiveEvent: () => void query.refetch(),
  });
  // The record as it is now (the page's own query, shared): what a version is compared with.
  const mayEdit = canDo(ability, "update", def.name as ResourceName);
  const { result: record } = useOne<BaseRecord>({ resource: def.name, id, queryOptions: { enabled: mayEdit }, errorNotification: false });
  const mayRevert = !!record && canDo(ability, "update", def.name as ResourceName, record);
  // The event whose version the dialog is about; it stays mounted through its closing animation.
  const [chosen, setChosen] = useState<BaseRecord | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const total = result.total ?? 0;
  if (!query.isLoading && result.data.length === 0) return <Empty description={t("show.noChanges")} />;
  const events = result.data;
  // The newest version is the record as it is; a version can be restored only if later events are all here.
  const versions = events.filter((e) => isRevision(e.action));
  const latestVersion = versions.find((e) => isLatest(events, Number(e.id)));
  return (
    <>
      <EventOrders events={events}>
        <AntList
          loading={query.isLoading}
          dataSource={result.data}
          rowKey={(e) => String(e.id)}
          footer={
            // Older events than a page holds stay reachable: the log has them all, filtered to this record.
            total > HISTORY_PAGE ? (
              <Link to={recordHistoryUrl(def.name, Number(id))}>{t("show.newest", { count: HISTORY_PAGE, total: number(total) })}</Link>
            ) : undefined
          }
          renderItem={(event) => {
            const changes = (event.changes ?? {}) as Record<string, Change>;
            const entries = Object.entries(changes);
            const version = isRevision(event.action);
            const when = typeof event.at === "string" ? dateTime(event.at) : String(event.id);
            return (
              <AntList.Item>
                <Space direction="vertical" style={{ width: "100%" }}>
                  <Space wrap style={{ width: "100%", justifyContent: "space-between" }}>
                    <Space wrap>
                      <Tag>{optionLabel(auditEvents.fields.action, String(event.action), t)}</Tag>
                      <TransitionStep event={event} />
                      {typeof event.orderId === "number" && <OrderOfEvent orderId={event.orderId} />}
                      <Typography.Text strong>{String(event.actorName ?? t("show.system"))}</Typography.Text>
                      <Link to={`/audit-events/show/${String(event.id)}`} title={t("show.openEvent")}>
                        <DateTimeValue value={event.at} />
                      </Link>
                    </Space>
                    {version && mayRevert && event === latestVersion && <Tag color="blue">{t("revision.current")}</Tag>}
                    {version && mayRevert && event !== latestVersion && (
                      <Button
                        size="small"
                        icon={<RollbackOutlined />}
                        aria-label={t("revision.restoreThisLabel", { when })}
                        onClick={() => {
                          setChosen(event);
                          setDialogOpen(true);
                        }}
                      >
                        {t("revision.restoreThis")}
                      </Button>
                    )}
                  </Space>
                  {typeof event.revertOf === "number" && <RevertOf eventId={event.revertOf} events={events} />}
                  {entries.length > 0 && <ChangesTable resource={def.name} changes={changes} />}
                </Space>
              </AntList.Item>
            );
          }}
        />
      </EventOrders>
      {chosen && record && (
        <LazyBoundary>
          <RevertDialog
            key={String(chosen.id)}
            def={def}
            id={id}
            record={record}
            events={events}
            refreshing={query.isFetching}
            event={chosen}
            open={dialogOpen}
            onClose={() => setDialogOpen(false)}
            afterClose={() => setChosen(null)}
          />
        </LazyBoundary>
      )}
    </>
  );
}
