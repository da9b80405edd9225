import { LONG_TEXT_MAX, REASON_MAX, REASON_MIN } from "../constants";
import type { EntityDef } from "../fields";

export const orders: EntityDef<"orders"> = {
  name: "orders",
  label: "Orders",
  singular: "Order",
  icon: "ShoppingCartOutlined",
  recordLabel: "number",
  fields: {
    number: { type: "text", label: "Number", write: "never", column: true, search: true },
    customerId: { type: "reference", label: "Customer", required: true, reference: "customers", write: "always", column: true, search: true },
    assigneeId: {
      type: "reference",
      label: "Assignee",
      required: true,
      reference: "staff",
      // An auditor changes nothing and an inactive account cannot sign in: neither can work an order.
      referenceWhere: { active: true, role: ["admin", "manager", "agent"] },
      referenceMessage: "Must be an active admin, manager or agent",
      write: "always",
      column: true,
    },
    items: { type: "items", label: "Items", required: true, write: "always" },
    total: { type: "money", label: "Total", write: "never", column: true },
    status: {
      type: "enum",
      label: "Status",
      options: ["draft", "placed", "paid", "shipped", "delivered", "cancelled", "refunded"],
      write: "never",
      column: true,
    },
    notes: { type: "longtext", label: "Notes", max: LONG_TEXT_MAX, write: "always", search: true },
    placedAt: { type: "datetime", label: "Placed", write: "never", column: true },
    paidAt: { type: "datetime", label: "Paid", write: "never" },
    shippedAt: { type: "datetime", label: "Shipped", write: "never" },
    deliveredAt: { type: "datetime", label: "Delivered", write: "never" },
    cancelledAt: { type: "datetime", label: "Cancelled", write: "never" },
    refundedAt: { type: "datetime", label: "Refunded", write: "never" },
    reason: { type: "text", label: "Reason", min: REASON_MIN, max: REASON_MAX, write: "never" },
  },
  list: { defaultSort: { field: "createdAt", order: "desc" }, systemColumns: ["createdAt"] },
  overrides: { show: "order-show" },
};
