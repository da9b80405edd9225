import { median, quantile, sampleWithReplacement } from "simple-statistics";

/**
 * How sure a ratio of medians is: a 90% paired bootstrap interval of median(a) ÷ median(b).
 * `a[i]` and `b[i]` are one run's (the two take turns within a run, so both met the machine in the
 * same state): the runs are drawn again with replacement, both figures of a run together, and the
 * ratio of the draw's medians is taken each time. An interval that holds 1.0 says these runs cannot
 * tell the two apart; one wholly above it says `a` is slower. Below about 9 runs a draw's median
 * can take too few values for the interval to mean 90%.
 */
export function ratioInterval(a: number[], b: number[], { resamples = 4000, random = Math.random } = {}): [number, number] {
  if (a.length !== b.length || !a.length) throw new Error("ratioInterval: one figure of each side per run");
  const runs = a.map((_, i) => i);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const drawn = sampleWithReplacement(runs, runs.length, random);
    ratios.push(median(drawn.map((i) => a[i])) / median(drawn.map((i) => b[i])));
  }
  const [low, high] = quantile(ratios, [0.05, 0.95]);
  return [low, high];
}

/** median(a) ÷ median(b) as the benches print it, with its 90% interval: "1.05 (0.96 – 1.18)". */
export function ratioWithInterval(a: number[], b: number[]): string {
  const [low, high] = ratioInterval(a, b);
  return `${(median(a) / median(b)).toFixed(2)} (${low.toFixed(2)} – ${high.toFixed(2)})`;
}
