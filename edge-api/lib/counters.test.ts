import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DbCounter, MemoryCounter, sharedRateCounter, type Counter } from './counters';

let dbh: DbHandle;
let t = 1_000_000_000_000;
const now = () => t;
beforeAll(async () => {
  dbh = connect({ file: ':memory:' });
  await migrateToLatest(dbh.db);
});
afterAll(() => dbh.destroy());

describe.each<[string, () => Counter]>([
  ['memory', () => new MemoryCounter(now)],
  ['database', () => new DbCounter(dbh, now)],
])('counter in %s', (_, make) => {
  it('counts per key within a window and starts again in the next', async () => {
    const c = make();
    t = 60_000 * 1000 + 5_000;
    for (let i = 1; i <= 3; i++) expect((await c.take(`k-${_}`, 60_000)).count).toBe(i);
    expect((await c.take(`other-${_}`, 60_000)).count).toBe(1);
    expect(await c.peek(`k-${_}`, 60_000)).toEqual({ count: 3, resetAt: 60_000 * 1001 });
    t = 60_000 * 1001;
    expect((await c.peek(`k-${_}`, 60_000)).count).toBe(0);
    expect((await c.take(`k-${_}`, 60_000)).count).toBe(1);
  });

  it('adds a cost of more than one, and forgets a key on reset', async () => {
    const c = make();
    t = 60_000 * 2000 + 1_000;
    expect((await c.take(`cost-${_}`, 60_000, 30)).count).toBe(30);
    expect((await c.take(`cost-${_}`, 60_000)).count).toBe(31);
    await c.reset(`cost-${_}`, 60_000);
    expect((await c.peek(`cost-${_}`, 60_000)).count).toBe(0);
    expect((await c.take(`cost-${_}`, 60_000, 5)).count).toBe(5);
  });
});

it('two counters on one database share their counts, as two processes do', async () => {
  const a = new DbCounter(dbh, now);
  const b = new DbCounter(dbh, now);
  await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('shared', 60_000)));
  expect((await a.peek('shared', 60_000)).count).toBe(10);
});

it('a public lookup budget over the database counter is one budget for two processes, apart from other names', async () => {
  t = 600_000 * 5000 + 60_000;
  const a = sharedRateCounter(new DbCounter(dbh, now), 'lookup-budget', 600_000, now);
  const b = sharedRateCounter(new DbCounter(dbh, now), 'lookup-budget', 600_000, now);
  const seen = sharedRateCounter(new DbCounter(dbh, now), 'lookup-seen', 600_000, now);
  expect(await a.take('198.51.100.9', 30)).toEqual({ count: 30, resetMs: 540_000 });
  expect((await b.take('198.51.100.9', 5)).count).toBe(35);
  expect((await seen.peek('198.51.100.9')).count).toBe(0);
  await b.reset('198.51.100.9');
  expect((await a.peek('198.51.100.9')).count).toBe(0);
});
