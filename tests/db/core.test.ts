import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, seed } from '../../db/seed';
import { ORDER_STATUSES } from '../../domain/statuses';
import { findOrder } from '../../db/orders/detail';
import { lookupPincode } from '../../db/pincodes/load';
import { dialects } from './dialects';

const targets = await dialects();

describe.each(targets)('core model on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 400 });
  }, 120_000);
  afterAll(async () => h?.drop());

  it('runs on the expected dialect', () => {
    expect(h.dialect).toBe(name);
  });

  it('seeds companies, warehouses linked to several companies, and the three demo logins', async () => {
    const companies = await h.db.selectFrom('companies').selectAll().execute();
    expect(companies.length).toBeGreaterThanOrEqual(3);
    expect(companies.some((c) => c.is_d2r === 1)).toBe(true);
    const links = await h.db.selectFrom('warehouse_companies').select(['warehouse_id', 'company_id']).execute();
    const perWarehouse = new Map<string, number>();
    for (const l of links) perWarehouse.set(l.warehouse_id, (perWarehouse.get(l.warehouse_id) ?? 0) + 1);
    expect(perWarehouse.size).toBeGreaterThanOrEqual(2);
    expect([...perWarehouse.values()].every((n) => n >= 2)).toBe(true);
    const roles = (await h.db.selectFrom('users').select('role').execute()).map((u) => u.role).sort();
    expect(roles).toEqual(expect.arrayContaining(['admin', 'seller', 'warehouse']));
  });

  it('covers every order status, each order with a timeline that ends in its status', async () => {
    const rows = await h.db.selectFrom('orders').select('status').groupBy('status').execute();
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(ORDER_STATUSES));
    const o = await h.db.selectFrom('orders').select(['id', 'status']).where('status', '=', 'RTO_PROCESSED').executeTakeFirstOrThrow();
    const trail = await h.db.selectFrom('order_trails').select('status').where('order_id', '=', o.id).orderBy('created_at').execute();
    expect(trail[0].status).toBe('PLACED');
    expect(trail.at(-1)!.status).toBe('RTO_PROCESSED');
  });

  it('stores realistic Indian data: 6-digit pincodes, 15-character GSTINs, amounts in paise', async () => {
    const o = await h.db.selectFrom('orders').selectAll().limit(50).execute();
    expect(o.every((r) => /^[1-9][0-9]{5}$/.test(r.shipping_pincode))).toBe(true);
    expect(o.every((r) => Number.isInteger(r.total_paise) && r.total_paise > 0)).toBe(true);
    const c = await h.db.selectFrom('companies').select('gst').execute();
    expect(c.every((r) => r.gst.length === 15)).toBe(true);
  });

  it('scopes an order lookup by company', async () => {
    const o = await h.db.selectFrom('orders').select(['id', 'company_id']).where('company_id', '=', DEMO_COMPANIES[1].id).executeTakeFirstOrThrow();
    expect(await findOrder(h, o.id, [DEMO_COMPANIES[0].id])).toBeUndefined();
    expect((await findOrder(h, o.id, [DEMO_COMPANIES[1].id]))?.order.id).toBe(o.id);
    expect((await findOrder(h, o.id, null))?.items.length).toBeGreaterThan(0);
  });

  it('enforces foreign keys and rolls back a failed transaction', async () => {
    await expect(
      h.db.insertInto('order_items').values({
        id: 'x1', order_id: 'no-such-order', catalogue_id: null, title: 't', sku: 's', quantity: 1, final_price_paise: 1,
        return_quantity: 0, is_free: 0, hsn_code: null, gst: null, wsin_mapping: '{}',
      }).execute(),
    ).rejects.toThrow();
    const before = await h.db.selectFrom('companies').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    await expect(
      h.db.transaction().execute(async (tx) => {
        await tx.updateTable('companies').set({ name: 'Changed' }).execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const names = await h.db.selectFrom('companies').select('name').execute();
    expect(names.every((n) => n.name !== 'Changed')).toBe(true);
    const after = await h.db.selectFrom('companies').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("keeps each order's items summary in step with its items, seeded or written later", async () => {
    const summaries = async (ids?: string[]) => {
      let q = h.db.selectFrom('order_items').select(['order_id', 'id', 'sku', 'quantity']).orderBy('order_id').orderBy('id');
      if (ids) q = q.where('order_id', 'in', ids);
      const out = new Map<string, string>();
      for (const i of await q.execute()) {
        const prev = out.get(i.order_id);
        out.set(i.order_id, `${prev ? `${prev}; ` : ''}${i.sku} x ${i.quantity}`);
      }
      return out;
    };
    const expected = await summaries();
    const orders = await h.db.selectFrom('orders').select(['id', 'items_summary']).execute();
    expect(orders.length).toBe(400);
    for (const o of orders) expect(o.items_summary).toBe(expected.get(o.id) ?? null);

    const target = orders[7].id;
    const before = expected.get(target)!;
    await h.db.insertInto('order_items').values({
      id: 'zz-summary-1', order_id: target, catalogue_id: null, title: 'Extra', sku: 'EXTRA-1', quantity: 4, final_price_paise: 100,
      return_quantity: 0, is_free: 1, hsn_code: null, gst: null, wsin_mapping: '{}',
    }).execute();
    const read = async () => (await h.db.selectFrom('orders').select('items_summary').where('id', '=', target).executeTakeFirstOrThrow()).items_summary;
    expect(await read()).toBe(`${before}; EXTRA-1 x 4`);
    await h.db.updateTable('order_items').set({ quantity: 9 }).where('id', '=', 'zz-summary-1').execute();
    expect(await read()).toBe(`${before}; EXTRA-1 x 9`);
    // A return quantity is not part of the summary and leaves it alone.
    await h.db.updateTable('order_items').set({ return_quantity: 1 }).where('id', '=', 'zz-summary-1').execute();
    expect(await read()).toBe(`${before}; EXTRA-1 x 9`);
    await h.db.deleteFrom('order_items').where('id', '=', 'zz-summary-1').execute();
    expect(await read()).toBe(before);
    expect((await summaries([target])).get(target)).toBe(before);
  });

  it('loads the all-India pincode directory', async () => {
    expect(await lookupPincode(h.db, '560001')).toMatchObject({ state: 'Karnataka' });
    const n = await h.db.selectFrom('pincodes').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(n.n)).toBeGreaterThan(19_000);
  });

  it('keeps big money values as numbers', async () => {
    const r = await sql<{ v: number }>`select max(total_paise) as v from orders`.execute(h.db);
    expect(typeof Number(r.rows[0].v)).toBe('number');
    const o = await h.db.selectFrom('orders').select('total_paise').limit(1).executeTakeFirstOrThrow();
    expect(typeof o.total_paise).toBe('number');
  });
});

describe('SQLite file settings', () => {
  it('opens the file in WAL mode with foreign keys on, and seeding is deterministic', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-db-'));
    const a = connect({ file: path.join(dir, 'a.db') });
    const b = connect({ file: path.join(dir, 'b.db') });
    expect(a.sqlite!.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(a.sqlite!.pragma('foreign_keys', { simple: true })).toBe(1);
    for (const x of [a, b]) {
      await migrateToLatest(x.db);
      await seed(x, { orders: 120, pincodes: false });
    }
    const pick = (x: typeof a) => x.db.selectFrom('orders').select(['id', 'status', 'shop_order_id', 'total_paise', 'customer_name']).orderBy('id').execute();
    expect(await pick(a)).toEqual(await pick(b));
    await a.destroy();
    await b.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
