import { useCustomMutation, useInvalidate, type BaseRecord } from "@refinedev/core";
import { Button, Form, Input, Modal, Space, Typography } from "antd";
import { useState } from "react";
import { orders } from "../../../domain/entities";
import { REASON_REQUIRED, STOCK_EFFECT, type OrderStatus } from "../../../domain/order-lifecycle";
import { allowedTransitions } from "../../../domain/policy";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import type { AppHttpError } from "../../providers/http-client";
import { ruleFor } from "../fields/field-input";
import { TRANSITION_ACTION } from "./order-labels";

type Target = Exclude<OrderStatus, "draft">;
const REASON_FIELD = { ...orders.fields.reason, required: true };

interface TransitionButtonsProps {
  order: BaseRecord;
  /** After a transition was made or refused: the page reloads the order and its timeline. */
  onSettled: () => void;
}

/**
 * The transitions this role may make on this order from its state (the same policy the server
 * enforces), one button each. Cancel and refund ask for a reason first.
 */
export function TransitionButtons({ order, onSettled }: TransitionButtonsProps) {
  const ability = useAbility();
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord>();
  const [asking, setAsking] = useState<Target | null>(null);
  const [pending, setPending] = useState<Target | null>(null);
  const [form] = Form.useForm<{ reason: string }>();
  const targets = allowedTransitions(ability, order) as Target[];
  if (!targets.length) return null;
  const number = String(order.number);

  const move = async (to: Target, reason?: string) => {
    setPending(to);
    let changed = true;
    try {
      await mutateAsync({
        url: `${API_URL}/orders/${String(order.id)}/transitions`,
        method: "post",
        values: { to, version: order.version, ...(reason !== undefined ? { reason } : {}) },
        successNotification: () => ({ type: "success", message: `${number}: ${TRANSITION_ACTION[to].toLowerCase()} done`, description: `The order is now ${to}.` }),
        errorNotification: (error) => {
          const e = error as AppHttpError | undefined;
          if (e?.code === "VALIDATION_FAILED" && e.errors?.reason) return false;
          const conflict = e?.code === "VERSION_CONFLICT";
          return {
            type: "error",
            key: `order-${String(order.id)}-transition`,
            message: conflict ? "Someone else changed this order meanwhile" : `Could not ${TRANSITION_ACTION[to].toLowerCase()}`,
            description: conflict ? "Nothing was changed. The page now shows the order as it is; check it and try again." : (e?.message ?? "Unexpected error"),
          };
        },
      });
      setAsking(null);
    } catch (error) {
      const e = error as AppHttpError;
      // A refusal changed nothing; only one that says the order moved on needs it shown again.
      changed = e.code === "VERSION_CONFLICT" || e.code === "INVALID_TRANSITION";
      if (e.code === "VALIDATION_FAILED" && e.errors?.reason) form.setFields([{ name: "reason", errors: e.errors.reason }]);
      else setAsking(null);
    } finally {
      setPending(null);
      if (changed) {
        if (STOCK_EFFECT[to]) void invalidate({ resource: "products", invalidates: ["all"] });
        void invalidate({ resource: "orders", invalidates: ["list", "many"] });
        onSettled();
      }
    }
  };

  return (
    <>
      <Space wrap aria-label="Transitions" role="group">
        {targets.map((to) => {
          const needsReason = REASON_REQUIRED.includes(to);
          return (
            <Button
              key={to}
              type={to === targets[0] && !needsReason ? "primary" : "default"}
              danger={needsReason}
              loading={pending === to && !needsReason}
              disabled={mutation.isPending}
              onClick={() => (needsReason ? setAsking(to) : void move(to))}
            >
              {TRANSITION_ACTION[to]}
            </Button>
          );
        })}
      </Space>
      <Modal
        open={asking !== null}
        title={asking ? `${TRANSITION_ACTION[asking]}: ${number}` : ""}
        okText={asking ? TRANSITION_ACTION[asking] : "OK"}
        okButtonProps={{ danger: true, loading: mutation.isPending }}
        cancelText="Back"
        onCancel={() => setAsking(null)}
        onOk={() => form.submit()}
        // A new dialog starts empty: the form goes with it when it closes.
        destroyOnHidden
      >
        <Typography.Paragraph>
          {asking === "cancelled" ? "The stock of its lines goes back to the catalogue." : "The stock is not given back."} Say why; the reason is kept on the order and
          in its timeline.
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={({ reason }) => asking && void move(asking, reason.trim())}>
          <Form.Item name="reason" label="Reason" required rules={[ruleFor(REASON_FIELD)]} validateFirst>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={REASON_FIELD.max} showCount autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
