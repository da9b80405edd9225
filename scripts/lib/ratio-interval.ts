import { median, quantile, sampleWithReplacement } from "simple-statistics";

/**
 * How sure a ratio of medians is: a 90% paired bootstrap interval of median(ours) ÷ median(stock).
 * `ours[i]` and `stock[i]` are one run's (the apps take turns within a run, so both met the machine
 * in the same state): the runs are drawn again with replacement, both figures of a run together,
 * and the ratio of the draw's medians is taken each time. An interval that holds 1.0 says the two
 * apps cannot be told apart by these runs; one wholly above it says ours is slower.
 */
export function ratioInterval(ours: number[], stock: number[], { resamples = 4000, random = Math.random } = {}): [number, number] {
  if (ours.length !== stock.length || !ours.length) throw new Error("ratioInterval: one figure of each app per run");
  const runs = ours.map((_, i) => i);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const drawn = sampleWithReplacement(runs, runs.length, random);
    ratios.push(median(drawn.map((i) => ours[i])) / median(drawn.map((i) => stock[i])));
  }
  const [low, high] = quantile(ratios, [0.05, 0.95]);
  return [low, high];
}
