import { describe, expect, it } from "vitest";
import { median } from "./child-server";
import { ratioInterval } from "./ratio-interval";

/** A seeded source in [0, 1) (mulberry32): the same draws on every run of the test. */
function seeded(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Nine runs of a step, in ms, as noisy as this machine's.
const stock = [183, 129, 167, 210, 141, 198, 156, 172, 240];

describe("ratioInterval", () => {
  it("holds 1.0 when ours is the stock app's runs in another order", () => {
    const ours = [210, 156, 240, 129, 183, 172, 141, 198, 167];
    const [low, high] = ratioInterval(ours, stock, { random: seeded(1) });
    expect(low).toBeLessThan(1);
    expect(high).toBeGreaterThan(1);
  });

  it("lies wholly above 1.0, around 2, when every run of ours took twice as long", () => {
    const ours = stock.map((ms, i) => 2 * ms + (i % 3) - 1);
    const [low, high] = ratioInterval(ours, stock, { random: seeded(2) });
    expect(low).toBeGreaterThan(1.98);
    expect(high).toBeLessThan(2.02);
  });

  it("leaves out the rare draws: one slow run of ten does not widen it", () => {
    const ours = [100, 100, 100, 100, 100, 100, 100, 100, 100, 1000];
    const stock = ours.map(() => 100);
    // Only a draw holding the slow run five times or more has another median (about 0.2% of draws): far inside the 5% tail.
    expect(ratioInterval(ours, stock, { random: seeded(4) })).toEqual([1, 1]);
  });

  it("holds the ratio of the medians it is about", () => {
    const ours = [244, 198, 301, 176, 260, 231, 187, 290, 215];
    const [low, high] = ratioInterval(ours, stock, { random: seeded(3) });
    const point = median(ours) / median(stock);
    expect(low).toBeLessThanOrEqual(point);
    expect(high).toBeGreaterThanOrEqual(point);
    expect(high - low).toBeGreaterThan(0.1);
  });

  it("refuses runs that do not pair up", () => {
    expect(() => ratioInterval([1, 2], [1])).toThrow(/one figure of each side per run/);
    expect(() => ratioInterval([], [])).toThrow(/one figure of each side per run/);
  });
});
