import { PRODUCT_TRANSITIONS, type ProductStatus } from "../../domain/entities/products";
import { AppError } from "../../domain/errors";
import type { ResourceRules } from "./types";

/** SPEC §4 products: `status` moves only along PRODUCT_TRANSITIONS. */
export const productRules: ResourceRules = {
  beforeWrite(w) {
    if (!w.before || w.values.status === undefined) return;
    const from = w.before.status as ProductStatus;
    const to = w.values.status as ProductStatus;
    if (from === to) return;
    const allowed = PRODUCT_TRANSITIONS[from] ?? [];
    if (!allowed.includes(to)) {
      const hint = allowed.length ? `From ${from} it can go to: ${allowed.join(", ")}.` : `It cannot leave ${from}.`;
      throw new AppError("INVALID_TRANSITION", `A product cannot go from ${from} to ${to}. ${hint}`, { status: [`Cannot go from ${from} to ${to}`] });
    }
  },
};
