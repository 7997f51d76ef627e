// The manual order form's order id: a free id of today suggested, and a typed id checked against the
// company's orders (another company's ids do not count).
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { indiaToday } from '../../domain/india-time';
import { makeTestApp, signInDemo, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Awaited<ReturnType<typeof signInDemo>>;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 100 }));
  seller = await signInDemo(app, 'seller');
}, 120_000);

const today = indiaToday(); // YYYY-MM-DD
const prefix = `M${today.slice(2, 4)}${today.slice(5, 7)}${today.slice(8, 10)}-`;

describe('the manual order id', () => {
  it('suggests the first free id of today, skipping ids the company has', async () => {
    const first = await seller.json('/api/orders/manual/order-id');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ id: `${prefix}001`, available: true, message: null });

    const theirs = await db.selectFrom('orders').select('id').where('company_id', '=', DEMO_COMPANIES[0].id).orderBy('id').limit(2).execute();
    await db.updateTable('orders').set({ shop_order_id: `${prefix}001` }).where('id', '=', theirs[0].id).execute();
    await db.updateTable('orders').set({ shop_order_id: `${prefix}002` }).where('id', '=', theirs[1].id).execute();
    const next = await seller.json('/api/orders/manual/order-id');
    expect(next.body.data.id).toBe(`${prefix}003`);
  });

  it('says whether a typed id is free, for the caller’s company only', async () => {
    const mine = await db.selectFrom('orders').select('shop_order_id').where('company_id', '=', DEMO_COMPANIES[0].id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const taken = await seller.json(`/api/orders/manual/order-id?id=${encodeURIComponent(mine.shop_order_id)}`);
    expect(taken.body.data).toEqual({ id: mine.shop_order_id, available: false, message: `Order ID ${mine.shop_order_id} already exists` });
    const other = await db.selectFrom('orders').select('shop_order_id').where('company_id', '=', DEMO_COMPANIES[1].id).where('shop_order_id', 'not in', (eb) => eb.selectFrom('orders').select('shop_order_id').where('company_id', '=', DEMO_COMPANIES[0].id)).executeTakeFirstOrThrow();
    const free = await seller.json(`/api/orders/manual/order-id?id=${encodeURIComponent(other.shop_order_id)}`);
    expect(free.body.data.available).toBe(true);
  });

  it('refuses an id longer than an order id may be', async () => {
    const r = await seller.json(`/api/orders/manual/order-id?id=${'X'.repeat(41)}`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Order ID must be at most 40 characters');
  });
});
