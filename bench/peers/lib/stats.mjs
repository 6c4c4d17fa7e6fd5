// Small statistics over the figures of a run.

/** The median of the finite numbers in `values`, or NaN when there are none. */
export function median(values) {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The `fraction` quantile (0.99 for p99) of `values`, nearest rank. */
export function quantile(values, fraction) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank];
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `task(i)` for i in 0..count-1 with at most `width` at once. */
export async function inBatches(count, width, task) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next;
      next += 1;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, count) }, worker));
}
