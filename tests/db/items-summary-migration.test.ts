import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { dialects } from './dialects';

const targets = await dialects();

// The migration 2026-11-23T0100_order_items_summary adds orders.items_summary (kept
// by triggers on order_items); the test steps back to the one before it and up again.
describe.each(targets)('items summary migration on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 60, pincodes: false });
  }, 120_000);
  afterAll(async () => h?.drop());

  const snapshot = async () =>
    (await h.db.selectFrom('orders').select(['id', 'items_summary', 'sync_version' as never]).orderBy('id').execute()) as unknown as {
      id: string;
      items_summary: string | null;
      sync_version: number;
    }[];
  const counter = async () => Number((await h.db.selectFrom('sync_counter' as never).select('version' as never).executeTakeFirstOrThrow() as { version: number }).version);

  it('fills every existing order on the way up without moving any sync version, and undoes cleanly', async () => {
    const before = await snapshot();
    expect(before.every((o) => typeof o.items_summary === 'string' && o.items_summary.length > 0)).toBe(true);
    const versionBefore = await counter();

    await migrateTo(h.db, '2026-11-22T0800_billing');
    await expect(h.db.selectFrom('orders').select('items_summary').limit(1).execute()).rejects.toThrow();
    // Without the triggers an item change leaves the orders as they were.
    const first = before[0].id;
    await h.db.updateTable('order_items').set({ quantity: 7 }).where('order_id', '=', first).execute();

    await migrateToLatest(h.db);
    const after = await snapshot();
    expect(after.map((o) => o.sync_version)).toEqual(before.map((o) => o.sync_version));
    expect(await counter()).toBe(versionBefore);
    // The backfill reads the items as they are now.
    const items = await h.db.selectFrom('order_items').select(['sku', 'quantity']).where('order_id', '=', first).orderBy('id').execute();
    expect(after[0].items_summary).toBe(items.map((i) => `${i.sku} x ${i.quantity}`).join('; '));
    expect(after.slice(1).map((o) => o.items_summary)).toEqual(before.slice(1).map((o) => o.items_summary));

    // An item change after the migration moves the order's sync version, so devices pull it again.
    await h.db.updateTable('order_items').set({ quantity: 8 }).where('order_id', '=', first).execute();
    const moved = (await snapshot())[0];
    expect(moved.sync_version).toBeGreaterThan(after[0].sync_version);
    expect(moved.items_summary).toContain(' x 8');
  });
});
