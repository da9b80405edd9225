/**
 * Order rules, as far as drafts go: the server numbers them, prices their lines from the
 * product's price when the line was added, and totals them; `status` is never the client's.
 */
import { AppError, type FieldErrors } from "../../domain/errors";
import { message } from "../../domain/messages";
import { canDo, type AppAbility } from "../../domain/policy";
import { lineMessages } from "../../domain/schema";
import type { Row } from "../db-shape";
import { ITEM_REFERENCE } from "../references";
import type { Reader } from "../storage/types";
import type { ResourceRules, WriteState } from "./types";

interface Item {
  productId: number;
  quantity: number;
  unitPrice: number;
}

/** Why a line's product cannot be ordered (none, not visible, not active), or null when it can. */
export function lineProductProblem(product: Row | undefined, ability: AppAbility): string | null {
  if (!product || !canDo(ability, "read", ITEM_REFERENCE, product)) return message("noSuch", { what: "product" });
  return product.status === "active" ? null : message("notActive", { name: String(product.name) });
}

/** The products of these lines, by id, as the store has them now. */
export async function productsOf(reader: Reader, ids: number[]): Promise<Map<number, Row>> {
  const out = new Map<number, Row>();
  for (const id of new Set(ids)) {
    const p = typeof id === "number" ? await reader.get(ITEM_REFERENCE, id) : undefined;
    if (p) out.set(id, p);
  }
  return out;
}

async function priceItems(w: WriteState, items: { productId: number; quantity: number }[]): Promise<Item[]> {
  const errors: FieldErrors = {};
  const products = await productsOf(
    w.tx,
    items.map((i) => i.productId),
  );
  // A line already on the order keeps the price it was added at.
  const previous = [...(((w.before?.items as Item[] | undefined) ?? []) as Item[])];
  const priced = items.map((item, i) => {
    const kept = previous.findIndex((p) => p.productId === item.productId);
    const product = products.get(item.productId);
    if (kept >= 0) {
      const [p] = previous.splice(kept, 1);
      if (product) return { productId: item.productId, quantity: item.quantity, unitPrice: p.unitPrice };
    }
    const problem = lineProductProblem(product, w.ctx.ability);
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

  async beforeWrite(w) {
    if (w.values.items !== undefined || !w.before) {
      const items = await priceItems(w, (w.record.items as Item[] | undefined) ?? []);
      w.record.items = items;
      w.record.total = totalOf(items);
    }
    // Taken last, in the write's transaction: a refused order gives its number back.
    if (!w.before) {
      w.record.number = await w.tx.takeOrderNumber();
      w.record.status = "draft";
    }
  },
};
