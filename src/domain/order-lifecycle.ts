/** SPEC §4: the order lifecycle, as data both the server and the order page read. */
export const ORDER_STATUSES = ["draft", "placed", "paid", "shipped", "delivered", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ["placed"],
  placed: ["paid", "cancelled"],
  paid: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: ["refunded"],
  cancelled: [],
  refunded: [],
};

/** The timestamp each transition sets. */
export const STATUS_TIMESTAMP: Record<Exclude<OrderStatus, "draft">, string> = {
  placed: "placedAt",
  paid: "paidAt",
  shipped: "shippedAt",
  delivered: "deliveredAt",
  cancelled: "cancelledAt",
  refunded: "refundedAt",
};

/** Transitions that need a reason (and, by the policy, a manager or admin). */
export const REASON_REQUIRED: readonly OrderStatus[] = ["cancelled", "refunded"];

export const canTransition = (from: OrderStatus, to: OrderStatus) => ORDER_TRANSITIONS[from].includes(to);

export const isOrderStatus = (s: unknown): s is OrderStatus => typeof s === "string" && (ORDER_STATUSES as readonly string[]).includes(s);
