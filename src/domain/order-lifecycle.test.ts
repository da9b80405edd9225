import { describe, expect, it } from "vitest";
import { canTransition, ORDER_STATUSES, ORDER_TRANSITIONS, STATUS_TIMESTAMP, type OrderStatus } from "./order-lifecycle";
import { PRODUCT_TRANSITIONS } from "./entities/products";

const ALLOWED: [OrderStatus, OrderStatus][] = [
  ["draft", "placed"],
  ["placed", "paid"],
  ["paid", "shipped"],
  ["shipped", "delivered"],
  ["placed", "cancelled"],
  ["paid", "cancelled"],
  ["delivered", "refunded"],
];

describe("order lifecycle", () => {
  for (const from of ORDER_STATUSES) {
    for (const to of ORDER_STATUSES) {
      const expected = ALLOWED.some(([a, b]) => a === from && b === to);
      it(`${from} → ${to} is ${expected ? "allowed" : "refused"}`, () => expect(canTransition(from, to)).toBe(expected));
    }
  }

  it("cancelled and refunded are final", () => {
    expect(ORDER_TRANSITIONS.cancelled).toEqual([]);
    expect(ORDER_TRANSITIONS.refunded).toEqual([]);
  });

  it("every status after draft has its own timestamp", () => {
    const stamps = Object.values(STATUS_TIMESTAMP);
    expect(new Set(stamps).size).toBe(ORDER_STATUSES.length - 1);
  });
});

describe("product lifecycle", () => {
  it("draft → active → archived → active, nothing else", () => {
    expect(PRODUCT_TRANSITIONS).toEqual({ draft: ["active"], active: ["archived"], archived: ["active"] });
  });
});
