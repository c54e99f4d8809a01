/** Small helpers the benchmarks share: timing, percentiles, formatting. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export async function timeRuns(n: number, fn: (i: number) => Promise<unknown>): Promise<{ p50: number; p95: number; mean: number }> {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

export const ms = (v: number) => `${v.toFixed(2)} ms`;
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** Times two ways of doing the same work alternately, so a busy machine slows both alike. */
export async function timeAlternating(n: number, a: () => Promise<unknown>, b: () => Promise<unknown>) {
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < n; i++) {
    for (const [fn, out] of (i % 2
      ? [
          [b, tb],
          [a, ta],
        ]
      : [
          [a, ta],
          [b, tb],
        ]) as [() => Promise<unknown>, number[]][]) {
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
  }
  const p = (xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return { p50: percentile(s, 50), p95: percentile(s, 95) };
  };
  return [p(ta), p(tb)] as const;
}
