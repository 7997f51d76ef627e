import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { down, up } from '../../db/migrations/2026-11-28T0700_orders_all_companies_indexes';
import { dialects } from './dialects';

const targets = await dialects();

// Migration 2026-11-28T0700_orders_all_companies_indexes: (status, created_at) on orders, for the
// admin's section counts within a date range; its down removes it, up restores it.
describe.each(targets)('orders index over every company on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
  }, 120_000);
  afterAll(async () => h?.drop());

  const columns = async () => {
    if (name === 'sqlite') {
      const rows = (await sql<{ name: string }>`SELECT name FROM pragma_index_info('orders_status_created') ORDER BY seqno`.execute(h.db)).rows;
      return rows.map((r) => r.name);
    }
    const rows = (await sql<{ def: string }>`SELECT indexdef AS def FROM pg_indexes WHERE indexname = 'orders_status_created' AND schemaname = current_schema()`.execute(h.db)).rows;
    return rows.map((r) => r.def.replace(/^.*\((.*)\)$/, '$1')).flatMap((s) => s.split(', '));
  };

  it('indexes orders by status then date, is removed on the way down and restored on the way up', async () => {
    expect(await columns()).toEqual(['status', 'created_at']);
    await down(h.db);
    expect(await columns()).toEqual([]);
    await up(h.db);
    expect(await columns()).toEqual(['status', 'created_at']);
  });
});
