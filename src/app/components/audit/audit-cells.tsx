import { type BaseRecord, type CrudFilter } from "@refinedev/core";
import type { TableColumnType } from "antd";
import { Space, Typography } from "antd";
import { Link } from "react-router";
import type { ReactNode } from "react";
import { auditEvents, ENTITIES, getEntity, isResourceName, orders } from "../../../domain/entities";
import type { EntityDef } from "../../../domain/fields";
import { useLocale } from "../../i18n/use-locale";
import { recordLabel } from "../../lib/entity-view";
import { FieldValue, optionLabel } from "../fields/field-value";
import { PageLookups, usePageLookup, useReferenced, type PageLookup, type Referenced } from "../list/reference-cell";

/** Sign-in events name the staff account they are about. */
export const auditTarget = (resource: string) => (resource === "auth" ? "staff" : resource);

/** The definition of what an event is about, when it is a resource of its own (not the log, not tokens). */
function targetDef(resource: string): EntityDef | null {
  const target = auditTarget(resource);
  return isResourceName(target) && target !== auditEvents.name ? getEntity(target) : null;
}

/** The distinct ids of the page's events about `resource` (sign-ins count as staff), sorted: a stable query key. */
function idsOn(rows: readonly BaseRecord[] | undefined, resource: string | null, field: "recordId" | "orderId"): number[] {
  const ids = new Set<number>();
  for (const row of rows ?? []) {
    const id = row[field];
    if (typeof id !== "number") continue;
    if (resource === null || auditTarget(String(row.resource)) === auditTarget(resource)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/** The look-up of a page's events about `resource` (and, for orders, the orders events were made by). */
const lookupKey = (resource: string) => `audit:${resource}`;

/**
 * The records a page of the audit log names, one look-up per resource an event can be about (the
 * same list on every page, an empty one asking for nothing), not one per row.
 */
export function AuditReferences({ rows, children }: { rows: readonly BaseRecord[] | undefined; children: ReactNode }) {
  const lookups: PageLookup[] = ENTITIES.filter((def) => targetDef(def.name) !== null && def.recordLabel !== "id").map((def) => {
    const ids = idsOn(rows, def.name, "recordId");
    const all = def.name === orders.name ? [...new Set([...ids, ...idsOn(rows, null, "orderId")])].sort((a, b) => a - b) : ids;
    return { key: lookupKey(def.name), resource: def.name, ids: all };
  });
  return <PageLookups lookups={lookups}>{children}</PageLookups>;
}

/** The orders a list of events was made by (a product's history), asked for at once rather than one request per order. */
export function EventOrders({ events, children }: { events: readonly BaseRecord[]; children: ReactNode }) {
  return <PageLookups lookups={[{ key: lookupKey(orders.name), resource: orders.name, ids: idsOn(events, null, "orderId") }]}>{children}</PageLookups>;
}

/** Labels by id of what a look-up found. */
function labelsOf(def: EntityDef | null, found: Referenced | undefined): Map<string, string> {
  const labels = new Map<string, string>();
  if (!def || !found) return labels;
  for (const r of found) {
    const label = recordLabel(def, r);
    if (label) labels.set(String(r.id), label);
  }
  return labels;
}

/** The order an event was made by (a product's stock on an order's transition), by its number. */
export function OrderOfEvent({ orderId }: { orderId: number }) {
  const found = usePageLookup(lookupKey(orders.name));
  return found !== undefined ? <OrderNumber orderId={orderId} labels={labelsOf(orders, found)} /> : <OrderOfEventAlone orderId={orderId} />;
}

/** Outside a page of events (an event's own page): the order looked up alone. */
function OrderOfEventAlone({ orderId }: { orderId: number }) {
  return <OrderNumber orderId={orderId} labels={labelsOf(orders, useReferenced(orders.name, [orderId]))} />;
}

function OrderNumber({ orderId, labels }: { orderId: number; labels: Map<string, string> }) {
  const { t } = useLocale();
  return (
    <Typography.Text type="secondary" className="sb-nowrap">
      {t("audit.byOrder")} <Link to={`/orders/show/${orderId}`}>{labels.get(String(orderId)) ?? `#${orderId}`}</Link>
    </Typography.Text>
  );
}

/** The record an event is about, by its label (SO-000601) where it has one, else its id; under `AuditReferences`. */
export function AuditRecordCell({ event }: { event: BaseRecord }) {
  const resource = String(event.resource ?? "");
  const def = targetDef(resource);
  const labels = labelsOf(def, usePageLookup(lookupKey(def?.name ?? "")));
  const recordId = typeof event.recordId === "number" ? event.recordId : null;
  if (recordId === null) return <FieldValue field={auditEvents.fields.recordId} value={null} />;
  const label = labels.get(String(recordId));
  const orderId = typeof event.orderId === "number" ? event.orderId : null;
  return (
    <Space direction="vertical" size={0}>
      <span className="sb-nowrap">{label ?? recordId}</span>
      {orderId !== null && <OrderOfEvent orderId={orderId} />}
    </Space>
  );
}

/** A transition's step, as "Placed → Paid" in the reader's language; null for any other event. */
export function TransitionStep({ event }: { event: BaseRecord }) {
  const { t } = useLocale();
  const def = targetDef(String(event.resource ?? ""));
  const status = (event.changes as Record<string, { from?: unknown; to?: unknown }> | undefined)?.status;
  const field = def?.fields.status;
  if (event.action !== "transition" || !status || !field) return null;
  const say = (v: unknown) => (typeof v === "string" ? optionLabel(field, v, t) : "—");
  return (
    <span className="sb-nowrap">
      {say(status.from)} → {say(status.to)}
    </span>
  );
}

/** An event's action, and for a transition the step it took. */
export function AuditActionCell({ event }: { event: BaseRecord }) {
  return (
    <Space size={4} wrap>
      <FieldValue field={auditEvents.fields.action} value={event.action} compact />
      <TransitionStep event={event} />
    </Space>
  );
}

/** Whether the list shows only failed sign-ins, the one kind of event that has an address tried. */
const failedSignInsOnly = (filters: readonly CrudFilter[]) =>
  filters.some((f) => {
    if (!("field" in f) || f.field !== "action") return false;
    const values = Array.isArray(f.value) ? f.value : [f.value];
    return values.length > 0 && values.every((v) => v === "login_failed");
  });

/**
 * The audit log's columns read as a story: records by label, transitions by their step, and the
 * address tried only where the list is narrowed to failed sign-ins (every other row has none).
 */
export function auditColumns(columns: TableColumnType<BaseRecord>[], filters: readonly CrudFilter[]): TableColumnType<BaseRecord>[] {
  const showEmail = failedSignInsOnly(filters);
  return columns
    .filter((c) => showEmail || c.key !== "email")
    .map((c) => {
      if (c.key === "recordId") return { ...c, align: undefined, render: (_: unknown, event: BaseRecord) => <AuditRecordCell event={event} /> };
      if (c.key === "action") return { ...c, render: (_: unknown, event: BaseRecord) => <AuditActionCell event={event} /> };
      return c;
    });
}
