import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DbCounter, MemoryCounter, type Counter } from './counters';

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
});

it('two counters on one database share their counts, as two processes do', async () => {
  const a = new DbCounter(dbh, now);
  const b = new DbCounter(dbh, now);
  await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).take('shared', 60_000)));
  expect((await a.peek('shared', 60_000)).count).toBe(10);
});
