/** The order lifecycle, as data both the server and the order page read. */
import { REFUND_WINDOW_DAYS } from "./constants";

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

/**
 * What a transition does to stock: placing takes it, cancelling gives it back (only placed and
 * paid orders can be cancelled, and both took it), everything else leaves it alone.
 */
export const STOCK_EFFECT: Partial<Record<OrderStatus, -1 | 1>> = { placed: -1, cancelled: 1 };

export const REFUND_WINDOW_MS = REFUND_WINDOW_DAYS * 24 * 60 * 60 * 1000;

/** A refund only within the window after delivery (a delivered order without a date has none left). */
export function refundWindowOpen(deliveredAt: unknown, now: Date): boolean {
  const at = typeof deliveredAt === "string" ? Date.parse(deliveredAt) : NaN;
  return Number.isFinite(at) && now.getTime() - at <= REFUND_WINDOW_MS;
}

export interface OrderLine {
  productId: number;
  quantity: number;
}

export interface StockShortage {
  productId: number;
  name: string;
  requested: number;
  available: number;
  short: number;
}

/**
 * The lines' quantities summed per product, against each product's stock. Lines of the same
 * product count together: two lines of 3 need 6.
 */
export function stockShortages(lines: readonly OrderLine[], product: (id: number) => Record<string, unknown> | undefined): StockShortage[] {
  const out: StockShortage[] = [];
  for (const [productId, requested] of quantitiesByProduct(lines)) {
    const p = product(productId);
    const available = typeof p?.stock === "number" ? p.stock : 0;
    if (requested > available) out.push({ productId, name: String(p?.name ?? `#${productId}`), requested, available, short: requested - available });
  }
  return out;
}

/** Each product's quantity over all lines. */
export function quantitiesByProduct(lines: readonly OrderLine[]): Map<number, number> {
  const wanted = new Map<number, number>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? 0) + l.quantity);
  return wanted;
}

export const describeShortages = (shortages: readonly StockShortage[]) =>
  `Not enough stock: ${shortages.map((s) => `${s.name} is short by ${s.short} (${s.available} in stock, ${s.requested} ordered)`).join("; ")}.`;
