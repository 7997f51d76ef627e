// The one percentile of the benchmarks: nearest rank (the smallest sample with
// at least q of the samples at or below it), so p99 of 100 samples is the 99th.
export function percentile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
}

export const round = (n: number, d = 2) => Number(n.toFixed(d));

export type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };
