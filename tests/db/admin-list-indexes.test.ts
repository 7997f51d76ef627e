import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDeliveryOrders } from '../../db/admin/delivery';
import { migrateToLatest } from '../../db/migrate';
import { down, up } from '../../db/migrations/2026-11-26T0300_admin_list_speed';
import { seed } from '../../db/seed';
import { deliveryListQuerySchema } from '../../domain/delivery';
import { dialects } from './dialects';

const targets = await dialects();
const INDEXES = ['delivery_orders_company_awb', 'delivery_orders_status_awb'];

// Migration 2026-11-26T0300_admin_list_speed: the indexes the admin list walks when
// sorted by AWB under a status or company filter; its down removes them, up restores them.
describe.each(targets)('admin list indexes on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 20, pincodes: false });
  }, 120_000);
  afterAll(async () => h?.drop());

  const present = async () => {
    const rows =
      name === 'sqlite'
        ? (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'delivery_orders'`.execute(h.db)).rows
        : (await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'delivery_orders' AND schemaname = current_schema()`.execute(h.db)).rows;
    return rows.map((r) => r.name).filter((n) => INDEXES.includes(n)).sort();
  };
  const byAwb = async () =>
    (await listDeliveryOrders({ db: h.db, sqlite: h.sqlite }, deliveryListQuerySchema.parse({ orderStatus: 'PLACED,DELIVERED', by: 'awb', order: 'ASC', records: '100' }))).rows.map(
      (o) => o.awb,
    );

  it('adds both indexes, removes them on the way down and restores them, the list unchanged', async () => {
    expect(await present()).toEqual(INDEXES);
    const listed = await byAwb();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).toEqual([...listed].sort());
    await down(h.db);
    expect(await present()).toEqual([]);
    expect(await byAwb()).toEqual(listed);
    await up(h.db);
    expect(await present()).toEqual(INDEXES);
  });
});
