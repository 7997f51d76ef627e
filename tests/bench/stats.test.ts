import { describe, expect, it } from 'vitest';
import { percentile } from './stats';

describe('the benchmarks\' percentile (nearest rank)', () => {
  it('takes the sample at rank ceil(q*n)', () => {
    const hundred = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted on purpose
    expect(percentile(hundred, 0.99)).toBe(99);
    expect(percentile(hundred, 0.95)).toBe(95);
    expect(percentile(hundred, 0.5)).toBe(50);
    expect(percentile(hundred, 1)).toBe(100);
    expect(percentile([7], 0.99)).toBe(7);
    expect(percentile([3, 1, 2], 0.5)).toBe(2);
    expect(percentile([], 0.5)).toBeNaN();
  });
});
