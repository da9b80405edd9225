/** Every edge of the order lifecycle, for every role, on own and others' orders. */
import { describe, expect, it } from "vitest";
import { REFUND_WINDOW_DAYS } from "./constants";
import type { Role } from "./entities/staff";
import {
  canTransition,
  ORDER_STATUSES,
  refundWindowOpen,
  REASON_REQUIRED,
  STOCK_EFFECT,
  stockShortages,
  describeShortages,
  type OrderStatus,
} from "./order-lifecycle";
import { allowedTransitions, canDo, defineAbilityFor } from "./policy";

const SELF = 3;
const OTHER = 4;
const ROLES: Role[] = ["admin", "manager", "agent", "auditor"];

/** Who may take an order to each status, given the lifecycle allows it. */
function roleMay(role: Role, to: OrderStatus, own: boolean): boolean {
  switch (role) {
    case "admin":
    case "manager":
      return true;
    case "agent":
      return own && !REASON_REQUIRED.includes(to) && to !== "draft";
    case "auditor":
      return false;
  }
}

describe("transitions: role × own/other × from × to", () => {
  for (const role of ROLES) {
    const ability = defineAbilityFor({ id: SELF, role });
    for (const own of [true, false]) {
      for (const from of ORDER_STATUSES) {
        const order = { id: 1, status: from, assigneeId: own ? SELF : OTHER };
        const allowed = allowedTransitions(ability, order);
        for (const to of ORDER_STATUSES) {
          const expected = canTransition(from, to) && roleMay(role, to, own);
          it(`${role} on ${own ? "own" : "another's"} ${from} order → ${to}: ${expected ? "allowed" : "refused"}`, () => {
            expect(allowed.includes(to)).toBe(expected);
          });
        }
      }
    }
  }

  it("nobody signed in moves anything", () => {
    for (const from of ORDER_STATUSES) expect(allowedTransitions(defineAbilityFor(null), { id: 1, status: from, assigneeId: SELF })).toEqual([]);
  });

  it("an unknown status offers nothing rather than failing", () => {
    expect(allowedTransitions(defineAbilityFor({ id: SELF, role: "admin" }), { id: 1, status: "lost" })).toEqual([]);
  });

  it("the policy never lets an agent cancel or refund, whoever's order and whatever the state", () => {
    const agent = defineAbilityFor({ id: SELF, role: "agent" });
    for (const status of ORDER_STATUSES)
      for (const to of REASON_REQUIRED) expect(canDo(agent, "transition", "orders", { status, assigneeId: SELF }, to)).toBe(false);
  });
});

describe("stock effects", () => {
  it("placing takes, cancelling gives back, nothing else touches stock", () => {
    expect(STOCK_EFFECT).toEqual({ placed: -1, cancelled: 1 });
  });

  it("shortages sum the lines of one product and name each product short, with by how much", () => {
    const products: Record<number, { name: string; stock: number }> = {
      1: { name: "Anvil", stock: 2 },
      2: { name: "Bell", stock: 5 },
      3: { name: "Candle", stock: 9 },
    };
    const lines = [
      { productId: 1, quantity: 3 },
      { productId: 2, quantity: 3 },
      { productId: 2, quantity: 3 },
      { productId: 3, quantity: 9 },
    ];
    const shortages = stockShortages(lines, (id) => products[id]);
    expect(shortages).toEqual([
      { productId: 1, name: "Anvil", requested: 3, available: 2, short: 1 },
      { productId: 2, name: "Bell", requested: 6, available: 5, short: 1 },
    ]);
    expect(describeShortages(shortages)).toBe("Not enough stock: Anvil is short by 1 (2 in stock, 3 ordered); Bell is short by 1 (5 in stock, 6 ordered).");
  });

  it("exactly the stock left is enough; a missing product has none", () => {
    expect(stockShortages([{ productId: 1, quantity: 4 }], () => ({ name: "A", stock: 4 }))).toEqual([]);
    expect(stockShortages([{ productId: 9, quantity: 1 }], () => undefined)).toEqual([{ productId: 9, name: "#9", requested: 1, available: 0, short: 1 }]);
  });
});

describe("the refund window", () => {
  const delivered = new Date("2026-01-01T00:00:00.000Z");
  const after = (ms: number) => new Date(delivered.getTime() + ms);
  const DAY = 86_400_000;

  it(`is open up to ${REFUND_WINDOW_DAYS} days after delivery, to the millisecond, and closed after`, () => {
    expect(refundWindowOpen(delivered.toISOString(), after(0))).toBe(true);
    expect(refundWindowOpen(delivered.toISOString(), after(REFUND_WINDOW_DAYS * DAY))).toBe(true);
    expect(refundWindowOpen(delivered.toISOString(), after(REFUND_WINDOW_DAYS * DAY + 1))).toBe(false);
  });

  it("is closed when there is no delivery date to count from", () => {
    expect(refundWindowOpen(undefined, after(0))).toBe(false);
    expect(refundWindowOpen("not a date", after(0))).toBe(false);
  });
});
