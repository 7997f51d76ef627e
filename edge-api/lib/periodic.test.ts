import { afterEach, describe, expect, it, vi } from 'vitest';
import { runPeriodically } from './periodic';

describe('runPeriodically', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once and then every interval, logs a failed run and goes on, and stops when told', async () => {
    vi.useFakeTimers();
    const errors: string[] = [];
    const log = { error: (_: unknown, msg: string) => errors.push(msg) } as never;
    let runs = 0;
    const stop = runPeriodically(async () => {
      runs++;
      if (runs === 2) throw new Error('database away');
    }, 1000, log, 'upkeep failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
    expect(errors).toEqual(['upkeep failed']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toBe(3);
  });
});
