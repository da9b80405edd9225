import type { OrderStatus } from "../../../domain/order-lifecycle";

/** What the button that takes an order to a status says. */
export const TRANSITION_ACTION: Record<Exclude<OrderStatus, "draft">, string> = {
  placed: "Place order",
  paid: "Mark as paid",
  shipped: "Mark as shipped",
  delivered: "Mark as delivered",
  cancelled: "Cancel order",
  refunded: "Refund",
};

/** How the timeline names the step that reached a status. */
export const STEP_LABEL: Record<OrderStatus, string> = {
  draft: "Created as draft",
  placed: "Placed",
  paid: "Paid",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
  refunded: "Refunded",
};
