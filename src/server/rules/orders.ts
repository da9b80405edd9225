/**
 * SPEC §3–4 orders, as far as drafts go: the server numbers them, prices their lines from the
 * product's price when the line was added, and totals them; `status` is never the client's.
 */
import { ORDER_NUMBER_DIGITS, ORDER_NUMBER_PREFIX } from "../../domain/constants";
import { AppError, type FieldErrors } from "../../domain/errors";
import { message } from "../../domain/messages";
import { formatOrderNumber } from "../../domain/format";
import { canDo, type AppAbility } from "../../domain/policy";
import { lineMessages } from "../../domain/schema";
import type { DbShape } from "../db-shape";
import { findRow, ITEM_REFERENCE } from "../references";
import type { ResourceRules, WriteState } from "./types";

interface Item {
  productId: number;
  quantity: number;
  unitPrice: number;
}

/** Why a line's product cannot be ordered (none, not visible, not active), or null when it can. */
export function lineProductProblem(db: DbShape, ability: AppAbility, productId: number): string | null {
  const product = findRow(db, ITEM_REFERENCE, productId);
  if (!product || !canDo(ability, "read", ITEM_REFERENCE, product)) return message("noSuch", { what: "product" });
  return product.status === "active" ? null : message("notActive", { name: String(product.name) });
}

function priceItems(w: WriteState, items: { productId: number; quantity: number }[]): Item[] {
  const errors: FieldErrors = {};
  // A line already on the order keeps the price it was added at.
  const previous = [...(((w.before?.items as Item[] | undefined) ?? []) as Item[])];
  const priced = items.map((item, i) => {
    const kept = previous.findIndex((p) => p.productId === item.productId);
    if (kept >= 0) {
      const [p] = previous.splice(kept, 1);
      if (findRow(w.db, ITEM_REFERENCE, item.productId)) return { productId: item.productId, quantity: item.quantity, unitPrice: p.unitPrice };
    }
    const product = findRow(w.db, ITEM_REFERENCE, item.productId);
    const problem = lineProductProblem(w.db, w.ctx.ability, item.productId);
    if (problem) errors[`items.${i}.productId`] = [problem];
    return { productId: item.productId, quantity: item.quantity, unitPrice: Number(product?.price ?? 0) };
  });
  if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "Check the order lines", { items: lineMessages(errors), ...errors });
  return priced;
}

const totalOf = (items: Item[]) => items.reduce((sum, i) => sum + i.quantity * i.unitPrice, 0);

export const orderRules: ResourceRules = {
  managedParts(body) {
    if (!Array.isArray(body.items)) return [];
    return body.items.flatMap((item, i) => (item && typeof item === "object" && "unitPrice" in item ? [`items.${i}.unitPrice`] : []));
  },

  beforeWrite(w) {
    if (!w.before) {
      const taken = new Set(w.db.orders.map((o) => o.number));
      let n = w.db.counters.orderNumber;
      while (taken.has(formatOrderNumber(n, ORDER_NUMBER_PREFIX, ORDER_NUMBER_DIGITS))) n++;
      w.record.number = formatOrderNumber(n, ORDER_NUMBER_PREFIX, ORDER_NUMBER_DIGITS);
      w.prepared.nextOrderNumber = n + 1;
      w.record.status = "draft";
    }
    if (w.values.items !== undefined || !w.before) {
      const items = priceItems(w, (w.record.items as Item[] | undefined) ?? []);
      w.record.items = items;
      w.record.total = totalOf(items);
    }
  },

  afterWrite(w) {
    if (typeof w.prepared.nextOrderNumber === "number") w.db.counters.orderNumber = w.prepared.nextOrderNumber;
  },
};
