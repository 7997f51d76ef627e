// Problem orders can be worked — NDR (re-attempt, address/phone,
// return to origin), unserviceable (re-check, courier, cancel), buyers' requests
// (accept applies the change, decline with a reason) — each with a timeline
// entry, within the rules, and the buyer's page shows the outcome.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { nowIso, uuidv7 } from '../../domain/ids';
import { reattemptDates } from '../../domain/tracking';
import { anonymous, makeTestApp, signInDemo, type TestApp } from './helpers';

type Db = Awaited<ReturnType<typeof makeTestApp>>['db'];
let app: TestApp;
let db: Db;
let seller: Awaited<ReturnType<typeof signInDemo>>;
const mine: string = DEMO_COMPANIES[0].id;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  seller = await signInDemo(app, 'seller');
}, 120_000);

async function orderIn(status: string, n = 0, company: string = mine) {
  const rows = await db.selectFrom('orders').selectAll().where('status', '=', status).where('company_id', '=', company).orderBy('id').execute();
  if (!rows[n]) throw new Error(`no ${status} order #${n}`);
  return rows[n];
}
/** An order of the demo seller put in `status` (with an AWB when it needs one). */
let made = 0;
async function orderAs(status: string) {
  const from = status === 'UNSERVICEABLE' ? 'PLACED' : 'IN_TRANSIT';
  const rows = await db.selectFrom('orders').selectAll().where('status', '=', from).where('company_id', '=', mine).orderBy('id').execute();
  const o = rows[made++ % rows.length];
  await db.updateTable('orders').set({ status }).where('id', '=', o.id).execute();
  return { ...o, status };
}
const lastTrail = (orderId: string) =>
  db.selectFrom('order_trails').selectAll().where('order_id', '=', orderId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('NDR orders', () => {
  it('requests a re-attempt on a delivery day and slot, with a timeline entry; refuses a Sunday and a delivered order', async () => {
    const o = await orderAs('UNDELIVERED');
    const date = reattemptDates()[0];
    const r = await seller.json(`/api/orders/${o.id}/ndr/reattempt`, { method: 'POST', body: { date, slot: 'morning' } });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('UNDELIVERED');
    const t = await lastTrail(o.id);
    expect(t.description).toMatch(/^Re-attempt requested for .+, 9 am to 12 noon$/);
    expect(t.actor_name).toBeTruthy();
    // the next Sunday is not offered and is refused
    const sunday = Array.from({ length: 8 }, (_, i) => new Date(Date.now() + 5.5 * 3_600_000 + (i + 1) * 86_400_000).toISOString().slice(0, 10)).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)!;
    const bad = await seller.json(`/api/orders/${o.id}/ndr/reattempt`, { method: 'POST', body: { date: sunday, slot: 'evening' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Choose a date in the next 7 days');
    const delivered = await orderIn('DELIVERED');
    const refused = await seller.json(`/api/orders/${delivered.id}/ndr/reattempt`, { method: 'POST', body: { date, slot: 'morning' } });
    expect(refused.status).toBe(409);
  });

  it('changes the address and phone, then returns to origin; another company’s order is a 404', async () => {
    const o = await orderAs('UNDELIVERED');
    const r = await seller.json(`/api/orders/${o.id}/ndr/address`, { method: 'POST', body: { landmark: 'Behind SBI', phone: '9876512345' } });
    expect(r.status).toBe(200);
    const after = await db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after.customer_phone).toBe('9876512345');
    expect(JSON.parse(after.shipping_address).landmark).toBe('Behind SBI');
    expect(after.version).toBe(o.version + 1);
    expect((await lastTrail(o.id)).description).toBe('Delivery landmark, phone updated for the re-attempt');
    expect((await seller.json(`/api/orders/${o.id}/ndr/address`, { method: 'POST', body: { phone: '12345' } })).status).toBe(400);

    const rto = await seller.json(`/api/orders/${o.id}/ndr/rto`, { method: 'POST', body: {} });
    expect(rto.status).toBe(200);
    expect((await db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status).toBe('RTO_IN_TRANSIT');
    // once returning, NDR actions are refused by the rules
    expect((await seller.json(`/api/orders/${o.id}/ndr/rto`, { method: 'POST', body: {} })).status).toBe(409);

    const other = await orderIn('UNDELIVERED', 0, DEMO_COMPANIES[1].id).catch(() => null);
    if (other) expect((await seller.json(`/api/orders/${other.id}/ndr/rto`, { method: 'POST', body: {} })).status).toBe(404);
  });

  it('accepts a buyer’s address request (applying it) and declines another with a reason; the buyer’s page shows both outcomes', async () => {
    const o = await orderAs('UNDELIVERED');
    const mk = async (kind: string, payload: object) => {
      const id = uuidv7();
      await db.insertInto('customer_requests').values({ id, order_id: o.id, company_id: o.company_id, kind, payload: JSON.stringify(payload), status: 'OPEN', created_at: nowIso() }).execute();
      return id;
    };
    const addr = await mk('address', { address1: '12, Lake Road', phone: '9812345678' });
    const ok = await seller.json(`/api/customerRequests/${addr}/accept`, { method: 'POST', body: {} });
    expect(ok.status).toBe(200);
    const after = await db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(JSON.parse(after.shipping_address).address1).toBe('12, Lake Road');
    expect(after.customer_phone).toBe('9812345678');
    expect((await db.selectFrom('customer_requests').selectAll().where('id', '=', addr).executeTakeFirstOrThrow()).status).toBe('ACCEPTED');
    expect((await seller.json(`/api/customerRequests/${addr}/accept`, { method: 'POST', body: {} })).status).toBe(409);

    const re = await mk('reattempt', { date: reattemptDates()[0] });
    expect((await seller.json(`/api/customerRequests/${re}/decline`, { method: 'POST', body: { reason: '' } })).status).toBe(400);
    const no = await seller.json(`/api/customerRequests/${re}/decline`, { method: 'POST', body: { reason: 'Courier cannot reach the village this week' } });
    expect(no.status).toBe(200);
    expect((await lastTrail(o.id)).description).toBe('Buyer’s re-attempt request declined: Courier cannot reach the village this week');

    const details = await anonymous(app).json(`/api/order/${o.tracking_number}/details`);
    const mineReqs = details.body.data.requests.slice(-2);
    expect(mineReqs.map((r: { status: string }) => r.status)).toEqual(['ACCEPTED', 'DECLINED']);
    const pub = await anonymous(app).json(`/api/order/${o.tracking_number}`);
    const text = JSON.stringify(pub.body);
    expect(text).toContain('The seller accepted your request');
    expect(text).toContain('The seller could not accept your request');
    expect(text).not.toContain('village'); // the seller's reason stays private
    expect(text).not.toContain('Lake Road');
  });
});

describe('unserviceable orders', () => {
  it('re-checks serviceability after the address is fixed, changes the courier, and cancels', async () => {
    const a = await orderAs('UNSERVICEABLE');
    // still an unknown pincode: stays, with the reason and a timeline entry
    await db.updateTable('orders').set({ shipping_pincode: '999999' }).where('id', '=', a.id).execute();
    const still = await seller.json(`/api/orders/${a.id}/unserviceable/recheck`, { method: 'POST', body: {} });
    expect(still.status).toBe(200);
    expect(still.body.serviceable).toBe(false);
    expect((await lastTrail(a.id)).description).toBe('Serviceability re-checked: Pincode 999999 is not serviceable');
    // a pincode of the directory: back to PLACED
    const pin = { pincode: '411001' };
    await db.insertInto('pincodes').values({ pincode: '411001', district: 'Pune', state: 'Maharashtra', is_metro: 0, is_special: 0 }).onConflict((oc) => oc.doNothing()).execute();
    await db.updateTable('orders').set({ shipping_pincode: pin.pincode }).where('id', '=', a.id).execute();
    const ok = await seller.json(`/api/orders/${a.id}/unserviceable/recheck`, { method: 'POST', body: {} });
    expect(ok.body).toMatchObject({ serviceable: true, data: { status: 'PLACED' } });

    const couriers = (await seller.json('/api/problem-orders/couriers')).body.data as { id: string; name: string }[];
    expect(couriers.length).toBeGreaterThan(1);
    const b = await orderAs('UNSERVICEABLE');
    const next = couriers.find((c) => c.id !== b.delivery_partner_id)!;
    const ch = await seller.json(`/api/orders/${b.id}/unserviceable/courier`, { method: 'POST', body: { partnerId: next.id } });
    expect(ch.status).toBe(200);
    const row = await db.selectFrom('orders').selectAll().where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row.delivery_partner_id).toBe(next.id);
    const trails = await db.selectFrom('order_trails').select('description').where('order_id', '=', b.id).execute();
    expect(trails.map((t) => t.description)).toContain(`Courier changed to ${next.name}`);
    expect((await seller.json(`/api/orders/${b.id}/unserviceable/courier`, { method: 'POST', body: { partnerId: 'dp-nope' } })).status).toBe(row.status === 'UNSERVICEABLE' ? 400 : 409);

    await db.updateTable('orders').set({ status: 'UNSERVICEABLE' }).where('id', '=', b.id).execute();
    expect((await seller.json(`/api/orders/${b.id}/unserviceable/cancel`, { method: 'POST', body: { reason: '' } })).status).toBe(400);
    const cx = await seller.json(`/api/orders/${b.id}/unserviceable/cancel`, { method: 'POST', body: { reason: 'Buyer moved abroad' } });
    expect(cx.status).toBe(200);
    expect((await db.selectFrom('orders').select(['status', 'cancel_reason']).where('id', '=', b.id).executeTakeFirstOrThrow())).toEqual({ status: 'CANCELLED', cancel_reason: 'Buyer moved abroad' });
    // a PLACED order is not unserviceable: refused
    const placed = await orderIn('PLACED');
    expect((await seller.json(`/api/orders/${placed.id}/unserviceable/cancel`, { method: 'POST', body: { reason: 'x' } })).status).toBe(409);
  });
});

describe('finding orders', () => {
  it('matches the start of the customer’s name in any case, and still order id, AWB and phone', async () => {
    const o = await db.selectFrom('orders').selectAll().where('company_id', '=', mine).where('tracking_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const first = o.customer_name.split(' ')[0];
    const find = async (q: string) => (await seller.json(`/api/orders?tab=all&pageSize=200&q=${encodeURIComponent(q)}`)).body;
    const byName = await find(first.toLowerCase());
    const ids = byName.order.map((r: { id: string }) => r.id);
    expect(ids).toContain(o.id);
    // every hit starts with the name typed (case-insensitive), and every such order of the company is found
    for (const r of byName.order) expect(r.customerName.toLowerCase().startsWith(first.toLowerCase())).toBe(true);
    const expected = await db.selectFrom('orders').select('id').where('company_id', '=', mine).execute();
    const all = await db.selectFrom('orders').select(['id', 'customer_name']).where('company_id', '=', mine).execute();
    expect(ids.length).toBe(Math.min(200, all.filter((r) => r.customer_name.toLowerCase().startsWith(first.toLowerCase())).length));
    expect(expected.length).toBeGreaterThan(0);
    // full name in capitals
    expect((await find(o.customer_name.toUpperCase())).order.map((r: { id: string }) => r.id)).toContain(o.id);
    // not the middle of a name
    expect((await find(first.slice(1) + 'zzz')).order).toEqual([]);
    // the other keys still work
    expect((await find(o.tracking_number!)).order.map((r: { id: string }) => r.id)).toContain(o.id);
    expect((await find(o.customer_phone)).order.map((r: { id: string }) => r.id)).toContain(o.id);
    expect((await find(o.shop_order_id)).order.map((r: { id: string }) => r.id)).toContain(o.id);
    // another company's customer is not found by a seller
    const other = await db.selectFrom('orders').select(['customer_name', 'id']).where('company_id', '!=', mine).orderBy('id').executeTakeFirstOrThrow();
    expect((await find(other.customer_name)).order.map((r: { id: string }) => r.id)).not.toContain(other.id);
  });
});
