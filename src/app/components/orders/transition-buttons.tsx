import { useCustomMutation, useInvalidate, type BaseRecord } from "@refinedev/core";
import { Button, Space } from "antd";
import { useEffect, useState } from "react";
import { REASON_REQUIRED, STOCK_EFFECT, type OrderStatus } from "../../../domain/order-lifecycle";
import { orders } from "../../../domain/entities";
import { allowedTransitions } from "../../../domain/policy";
import { API_URL } from "../../config";
import { useAbility } from "../../hooks/use-session";
import type { AppHttpError } from "../../providers/http-client";
import { LazyBoundary } from "../result/lazy-boundary";
import { useLocale } from "../../i18n/use-locale";
import { transitionActionKey } from "./order-labels";
import { lazyRetry } from "../../lib/lazy-retry";

// Asked only on cancel and refund: the dialog (a form with the definition's rule) is not part of
// the order page's download; it is fetched once the page shows a button that needs it.
const loadReasonDialog = () => import("./reason-dialog");
const ReasonDialog = lazyRetry(loadReasonDialog);

type Target = Exclude<OrderStatus, "draft">;

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
  const { t, option } = useLocale();
  const actionText = (to: Target) => t(transitionActionKey(to));
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord>();
  // The move the reason dialog is for. It stays mounted through its closing animation (open false),
  // so antd hands focus back to the button.
  const [dialogFor, setDialogFor] = useState<Target | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [pending, setPending] = useState<Target | null>(null);
  const targets = allowedTransitions(ability, order) as Target[];
  const asksReason = targets.some((to) => REASON_REQUIRED.includes(to));
  useEffect(() => {
    if (asksReason) void loadReasonDialog().catch(() => undefined);
  }, [asksReason]);
  if (!targets.length) return null;
  const number = String(order.number);

  /** Makes the move; answers the server's objections to the reason, if that is what it refused. */
  const move = async (to: Target, reason?: string): Promise<string[] | undefined> => {
    setPending(to);
    let changed = true;
    try {
      await mutateAsync({
        url: `${API_URL}/orders/${String(order.id)}/transitions`,
        method: "post",
        values: { to, version: order.version, ...(reason !== undefined ? { reason } : {}) },
        // "Order SO-000601 refunded": what happened, in one sentence (status names are participles).
        successNotification: () => ({ type: "success", message: t("orderPage.moved", { number, status: option(orders, "status", to).toLowerCase() }) }),
        errorNotification: (error) => {
          const e = error as AppHttpError | undefined;
          if (e?.code === "VALIDATION_FAILED" && e.errors?.reason) return false;
          const conflict = e?.code === "VERSION_CONFLICT";
          return {
            type: "error",
            key: `order-${String(order.id)}-transition`,
            message: conflict ? t("orderPage.conflictTitle") : t("orderPage.moveFailed", { action: actionText(to).toLowerCase() }),
            description: conflict ? t("orderPage.conflictDescription") : (e?.message ?? t("errors.unexpected")),
          };
        },
      });
      setDialogOpen(false);
    } catch (error) {
      const e = error as AppHttpError;
      // A refusal changed nothing; only one that says the order moved on needs it shown again.
      changed = e.code === "VERSION_CONFLICT" || e.code === "INVALID_TRANSITION";
      if (e.code === "VALIDATION_FAILED" && e.errors?.reason) return ([] as string[]).concat(e.errors.reason);
      setDialogOpen(false);
    } finally {
      setPending(null);
      if (changed) {
        // "resourceAll": the products' reads only ("all" is every read of the page, the order and its names included).
        // The move's answer names its stock events, which this tab then skips: this is their refresh,
        // so a read already under way (begun before the move) is not taken for it.
        if (STOCK_EFFECT[to]) void invalidate({ resource: "products", invalidates: ["resourceAll"], invalidationOptions: { cancelRefetch: true } });
        void invalidate({ resource: "orders", invalidates: ["list", "many"] });
        onSettled();
      }
    }
  };

  return (
    <>
      <Space wrap aria-label={t("orderPage.transitions")} role="group">
        {targets.map((to) => {
          const needsReason = REASON_REQUIRED.includes(to);
          return (
            <Button
              key={to}
              type={to === targets[0] && !needsReason ? "primary" : "default"}
              danger={needsReason}
              loading={pending === to && !needsReason}
              disabled={mutation.isPending}
              onClick={() => {
                if (!needsReason) return void move(to);
                setDialogFor(to);
                setDialogOpen(true);
              }}
            >
              {actionText(to)}
            </Button>
          );
        })}
      </Space>
      {dialogFor && (
        <LazyBoundary>
          <ReasonDialog
            key={dialogFor}
            open={dialogOpen}
            afterClose={() => setDialogFor(null)}
            action={actionText(dialogFor)}
            number={number}
            givesStockBack={dialogFor === "cancelled"}
            saving={mutation.isPending}
            onCancel={() => setDialogOpen(false)}
            onSubmit={(reason) => move(dialogFor, reason)}
          />
        </LazyBoundary>
      )}
    </>
  );
}
