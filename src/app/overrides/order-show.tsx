import { ListButton, RefreshButton, Show } from "@refinedev/antd";
import { useCustom, useNavigation, useShow, type BaseRecord } from "@refinedev/core";
import { Col, Descriptions, Row, Space, Tabs, Typography } from "antd";
import { canDo } from "../../domain/policy";
import { ItemsInput, type FormLine } from "../components/fields/items-input";
import { FieldValue } from "../components/fields/field-value";
import { Panel } from "../components/layout/panel";
import { RecordActions } from "../components/list/record-actions";
import { ReferenceCell } from "../components/list/reference-cell";
import { OrderTimeline, type OrderStep } from "../components/orders/order-timeline";
import { TransitionButtons } from "../components/orders/transition-buttons";
import { LoadErrorResult } from "../components/result/error-result";
import { History } from "../components/show/history";
import { API_URL } from "../config";
import { useAbility } from "../hooks/use-session";
import { useFocusAfterSave } from "../hooks/use-focus-after-save";
import { useTabParam } from "../hooks/use-tab-param";
import { useLocale } from "../i18n/use-locale";
import type { OverrideProps } from "./index";
import { BACK_ICON } from "../components/layout/back-icon";
import { recordAtHand } from "../hooks/record-at-hand";

const STAMPS = ["createdAt", "placedAt", "paidAt", "shippedAt", "deliveredAt", "cancelledAt", "refundedAt"] as const;

/**
 * The order page: header, lines with their totals, the lifecycle timeline with who did
 * each step, and exactly the transition buttons this role may use from this state.
 */
export function OrderShow({ def, id }: OverrideProps) {
  const ability = useAbility();
  const { t, fieldLabel, singular, entityLabel } = useLocale();
  const { list } = useNavigation();
  const orderId = id ?? "";
  const { query, result: order } = useShow<BaseRecord>({
    resource: "orders",
    id: orderId,
    errorNotification: false,
    queryOptions: { placeholderData: () => recordAtHand("orders", orderId) },
  });
  useFocusAfterSave(!!order);
  const steps = useCustom<BaseRecord>({
    url: `${API_URL}/orders/${String(orderId)}/transitions`,
    method: "get",
    // The id is in the URL: ask for the timeline alongside the order, not after it.
    queryOptions: { enabled: orderId !== "" },
    errorNotification: false,
  });

  const reload = () => {
    void query.refetch();
    void steps.query.refetch();
  };
  const field = (name: string) => def.fields[name] ?? { type: "datetime" as const, label: name === "createdAt" ? "Created" : name, write: "never" as const };
  const reference = (name: "customerId" | "assigneeId") => order && <ReferenceCell field={def.fields[name]} value={order[name]} />;
  const stamps = STAMPS.filter((name) => order?.[name]);

  const details = order && (
    <Space direction="vertical" size="large" style={{ width: "100%" }}>
      <Descriptions bordered size="middle" column={{ xs: 1, md: 2 }} aria-label={t("orderPage.order")}>
        <Descriptions.Item label={fieldLabel(def, "number")}>{String(order.number)}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(def, "status")}>
          <span data-testid="order-status">
            <FieldValue field={def.fields.status} value={order.status} />
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={fieldLabel(def, "customerId")}>{reference("customerId")}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(def, "assigneeId")}>{reference("assigneeId")}</Descriptions.Item>
        <Descriptions.Item label={fieldLabel(def, "total")}>
          <FieldValue field={def.fields.total} value={order.total} />
        </Descriptions.Item>
        {stamps.map((name) => (
          <Descriptions.Item key={name} label={fieldLabel(def, name)}>
            <FieldValue field={field(name)} value={order[name]} />
          </Descriptions.Item>
        ))}
        {order.reason !== undefined && (
          <Descriptions.Item label={fieldLabel(def, "reason")} span={2}>
            {String(order.reason)}
          </Descriptions.Item>
        )}
        {order.notes !== undefined && (
          <Descriptions.Item label={fieldLabel(def, "notes")} span={2}>
            <FieldValue field={def.fields.notes} value={order.notes} />
          </Descriptions.Item>
        )}
      </Descriptions>
      <TransitionButtons order={order} onSettled={reload} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Panel title={t("orderPage.items")} size="small">
            <ItemsInput value={(order.items ?? []) as FormLine[]} readOnly checkStock={order.status === "draft"} customerId={order.customerId} />
          </Panel>
        </Col>
        <Col xs={24} lg={8}>
          <Panel title={t("orderPage.timeline")} size="small">
            {/* Until it answers, useCustom's data is an empty object, not an empty list. */}
            <OrderTimeline steps={Array.isArray(steps.result.data) ? (steps.result.data as OrderStep[]) : undefined} loading={steps.query.isLoading} />
          </Panel>
        </Col>
      </Row>
    </Space>
  );

  const tabs = [
    { key: "order", label: t("orderPage.order"), children: details },
    ...(canDo(ability, "read", "audit-events") ? [{ key: "history", label: t("orderPage.history"), children: <History def={def} id={orderId} /> }] : []),
  ];

  const [tab, openTab] = useTabParam(tabs.map((x) => x.key));
  if (query.isError) return <LoadErrorResult error={query.error} what={singular(def).toLowerCase()} />;

  return (
    <Show
      goBack={BACK_ICON}
      title={order ? t("orderPage.orderNumber", { number: String(order.number) }) : t("orderPage.order")}
      isLoading={query.isLoading}
      headerButtons={
        <>
          <ListButton resource="orders">{entityLabel(def)}</ListButton>
          {order && <RecordActions def={def} record={order} compact={false} show={false} onDeleted={() => list("orders")} />}
          <RefreshButton resource="orders" recordItemId={orderId} onClick={reload} />
        </>
      }
    >
      {order ? (
        <Tabs items={tabs} activeKey={tab} onChange={openTab} destroyOnHidden />
      ) : (
        <Typography.Text type="secondary">{t("common.loading")}</Typography.Text>
      )}
    </Show>
  );
}
