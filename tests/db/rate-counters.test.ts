// The rate-limit counters kept in the database (every process of a scale-out counts in the same rows), on both
// dialects: costs add up within a window, a new window starts again, takes from two processes at once are atomic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { DbCounter } from '../../edge-api/lib/counters';
import { dialects } from './dialects';

const targets = await dialects();

describe.each(targets)('database counters on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  let t = 0;
  const now = () => t;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
  }, 120_000);
  afterAll(async () => h?.drop());

  it('adds costs within a window, starts again in the next, and forgets a key on reset', async () => {
    const c = new DbCounter(h, now);
    t = 600_000 * 3000 + 1_000;
    expect(await c.take('lookup:198.51.100.1', 600_000, 30)).toEqual({ count: 30, resetAt: 600_000 * 3001 });
    expect((await c.take('lookup:198.51.100.1', 600_000, 5)).count).toBe(35);
    expect((await c.take('lookup:198.51.100.2', 600_000)).count).toBe(1);
    expect((await c.peek('lookup:198.51.100.1', 600_000)).count).toBe(35);
    t = 600_000 * 3001;
    expect((await c.peek('lookup:198.51.100.1', 600_000)).count).toBe(0);
    expect((await c.take('lookup:198.51.100.1', 600_000)).count).toBe(1);
    await c.reset('lookup:198.51.100.1', 600_000);
    expect((await c.peek('lookup:198.51.100.1', 600_000)).count).toBe(0);
  });

  it('counts 60 takes from two processes at once exactly: each count answered once', async () => {
    const a = new DbCounter(h, now);
    const b = new DbCounter(h, now);
    t = 60_000 * 50_000;
    const counts = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).take('auth-address:203.0.113.9', 60_000)));
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });
});
