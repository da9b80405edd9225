import { Empty, Timeline, Typography } from "antd";
import { isOrderStatus } from "../../../domain/order-lifecycle";
import { DateTimeValue } from "../fields/field-value";
import { useLocale } from "../../i18n/use-locale";
import { stepLabelKey } from "./order-labels";

/** One step of an order's lifecycle, as GET /api/orders/:id/transitions answers it. */
export interface OrderStep {
  id: number;
  at: string;
  actorName: string | null;
  action: "create" | "transition";
  from: string | null;
  to: string | null;
  reason?: string;
}

const COLORS: Record<string, string> = { cancelled: "red", refunded: "orange", delivered: "green", draft: "gray" };

/** Who took the order to each status, and when; reasons for cancel and refund. */
export function OrderTimeline({ steps, loading }: { steps: OrderStep[] | undefined; loading: boolean }) {
  const { t } = useLocale();
  if (!loading && !steps?.length) return <Empty description={t("orderPage.noSteps")} />;
  return (
    <Timeline
      aria-label={t("orderPage.timelineLabel")}
      pending={loading ? t("common.loading") : undefined}
      items={(steps ?? []).map((step) => ({
        key: step.id,
        color: COLORS[step.to ?? ""] ?? "blue",
        children: (
          <div data-testid="timeline-step">
            <Typography.Text strong>{isOrderStatus(step.to) ? t(stepLabelKey(step.to)) : String(step.to)}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {t("orderPage.by", { name: step.actorName ?? t("orderPage.system") })} <DateTimeValue value={step.at} />
              </Typography.Text>
            </div>
            {step.reason && <Typography.Paragraph style={{ marginBottom: 0 }}>{t("orderPage.reason", { reason: step.reason })}</Typography.Paragraph>}
          </div>
        ),
      }))}
    />
  );
}
