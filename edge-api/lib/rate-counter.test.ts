import { describe, expect, it } from 'vitest';
import { memoryRateCounter } from './rate-counter';

describe('memoryRateCounter', () => {
  it('adds costs per key within a window, starts again after it, and forgets a key on reset', async () => {
    let t = 1_000;
    const c = memoryRateCounter({ windowMs: 60_000, now: () => t });
    expect(await c.take('a', 5)).toEqual({ count: 5, resetMs: 60_000 });
    t += 10_000;
    expect(await c.take('a')).toEqual({ count: 6, resetMs: 50_000 });
    expect(await c.peek('b')).toEqual({ count: 0, resetMs: 50_000 });
    expect((await c.peek('a')).count).toBe(6);
    await c.reset('a');
    expect((await c.peek('a')).count).toBe(0);
    await c.take('a', 3);
    t += 55_000; // the next window
    expect(await c.peek('a')).toEqual({ count: 0, resetMs: 55_000 });
  });

  it('holds at most maxKeys keys, dropping the oldest', async () => {
    const c = memoryRateCounter({ windowMs: 60_000, maxKeys: 2 });
    await c.take('a', 1);
    await c.take('b', 2);
    await c.take('c', 3);
    expect([(await c.peek('a')).count, (await c.peek('b')).count, (await c.peek('c')).count]).toEqual([0, 2, 3]);
  });
});
