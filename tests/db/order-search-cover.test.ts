import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { down, up } from '../../db/migrations/2026-12-02T0100_order_search_cover';
import { dialects } from './dialects';

const targets = await dialects();

// Migration 2026-12-02T0100_order_search_cover: on PostgreSQL the per-company name index carries the
// name, the sort keys, the id and the status (a sorted search arm reads no rows); SQLite keeps its own.
describe.each(targets)('order search covering index on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
  }, 120_000);
  afterAll(async () => h?.drop());

  const indexes = async (): Promise<Record<string, string>> => {
    if (name === 'sqlite') {
      const rows = (await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND name LIKE 'orders_co_name%'`.execute(h.db)).rows;
      return Object.fromEntries(rows.map((r) => [r.name, r.sql]));
    }
    const rows = (await sql<{ name: string; def: string }>`SELECT indexname AS name, indexdef AS def FROM pg_indexes
      WHERE indexname LIKE 'orders_co_name%' AND schemaname = current_schema()`.execute(h.db)).rows;
    return Object.fromEntries(rows.map((r) => [r.name, r.def]));
  };

  it('replaces the name index by its covering form on PostgreSQL, keeps SQLite as it was, and goes down and up again', async () => {
    const want = async () => {
      const ix = await indexes();
      if (name === 'sqlite') {
        expect(Object.keys(ix)).toEqual(['orders_co_name_lc']);
      } else {
        expect(Object.keys(ix)).toEqual(['orders_co_name_cover']);
        expect(ix.orders_co_name_cover).toMatch(/\(company_id, lower\(customer_name\)\) INCLUDE \(customer_name, total_paise, created_at, updated_at, id, status\)/);
      }
    };
    await want();
    await down(h.db);
    expect(Object.keys(await indexes())).toEqual(['orders_co_name_lc']);
    await up(h.db);
    await want();
  });
});
