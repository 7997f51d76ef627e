// The public timeline is the buyer's (§1), honest dates (§2), lookups
// that forgive and open NDR requests (§4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueInvoiceNumber } from '../../db/billing/numbers';
import { addTrail, setOrderStatus, updateOrder } from '../../db/orders/status';
import { nowIso } from '../../domain/ids';
import { reattemptDates, type PublicShipmentDetails, type PublicTracking } from '../../domain/tracking';
import { BUYER_STATUS_EVENTS, isDeliveryDay, NATIONAL_HOLIDAYS } from '../../domain/tracking-events';
import { dialects } from '../db/dialects';
import { anonymous, makeTestApp, type TestApp } from './helpers';

type Db = Awaited<ReturnType<typeof makeTestApp>>['db'];
let app: TestApp;
let db: Db;
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const pgHandle = process.env.TEST_DIALECT === 'postgres' ? await (await dialects()).find((d) => d.name === 'postgres')?.open() : undefined;
  if (process.env.TEST_DIALECT === 'postgres' && !pgHandle) throw new Error('PostgreSQL is not reachable');
  drop = pgHandle?.drop;
  ({ app, db, dbh } = await makeTestApp({ orders: 300, dbh: pgHandle }));
}, 120_000);
afterAll(async () => drop?.());

async function orderWith(status: string, n = 0) {
  const rows = await db.selectFrom('orders').selectAll().where('status', '=', status).where('tracking_number', 'is not', null).orderBy('id').execute();
  return rows[n];
}
const track = async (awb: string) => {
  const res = await anonymous(app).request(`/api/order/${encodeURIComponent(awb)}`);
  return { status: res.status, text: res.status === 200 ? await res.text() : '', body: res.status === 200 ? null : await res.json() };
};
const details = async (awb: string) => (await anonymous(app).json(`/api/order/${encodeURIComponent(awb)}/details`)) as { status: number; body: { data: PublicShipmentDetails; message?: string } };
const actor = { actorId: 'user-test', actorName: 'Seller Person', source: 'user' as const };

describe('the public timeline is the buyer’s', () => {
  it('shows none of the seller’s internal trail entries, in any text of the answer', async () => {
    const o = await orderWith('DELIVERED', 1);
    const before = JSON.parse((await track(o.tracking_number!)).text).data.data as PublicTracking;
    const secrets = [
      'SECRET-NOTE buyer is a reseller, watch out',
      'Weight changed from 500 g to 1200 g',
      'Warehouse changed to Secret Godown Bhiwandi',
      'Credit note CN-SECRET-77 generated for ₹499.00',
      'Quantities updated (SKU-SECRET: 2 → 1)',
      'Shipping package changed to Secret Box XL',
      'Customer details updated',
      'Inventory unblocked',
    ];
    await db.transaction().execute(async (tx) => {
      for (const s of secrets) await updateOrder(tx, o.id, {}, { description: s, ...actor, city: 'Secretabad' });
    });
    // an invoice issued after delivery (its trail entry carries the DELIVERED status)
    const inv = await issueInvoiceNumber(dbh, { orderId: o.id, actor: { id: 'user-test', name: 'Seller Person' }, amountPaise: 49900, buyerName: 'X', buyerGstin: null });
    // a return scheduled and cancelled, and a cancel with a private reason on another order
    const c = await db.selectFrom('orders').selectAll().where('status', '=', 'PLACED').orderBy('id').offset(3).limit(1).executeTakeFirstOrThrow();
    await db.transaction().execute(async (tx) => {
      await updateOrder(tx, c.id, { tracking_number: 'PRIVTEST00001' }, { description: 'AWB assigned', ...actor });
      await setOrderStatus(tx, { orderId: c.id, to: 'CANCELLED', from: ['PLACED'], trail: { description: 'Order cancelled: SECRET-REASON margin too low', ...actor } });
      await addTrail(tx, o.id, 'DTO_PLACED', { description: 'Return scheduled for 1 unit: SECRET-RETURN-REASON', ...actor, status: 'DELIVERED' });
    });

    const after = await track(o.tracking_number!);
    expect(after.status).toBe(200);
    for (const s of [...secrets, inv.invoiceNumber, 'Invoice', 'Secretabad', 'SECRET', 'Seller Person']) expect(after.text).not.toContain(s);
    const d = JSON.parse(after.text).data.data as PublicTracking;
    // the delivered date comes from the delivery event alone, not the invoice issued later
    expect(d.deliveredOn).toBe(before.deliveredOn);
    expect(d.timeline).toEqual(before.timeline);
    // every entry is an allowed buyer event with its fixed text
    for (const e of d.timeline) expect(Object.values(BUYER_STATUS_EVENTS).map((t) => t.en).concat(e.description)).toContain(e.description);
    for (const e of d.timeline) expect(e.status in BUYER_STATUS_EVENTS || e.status.startsWith('NDR_')).toBe(true);

    const cancelled = await track('PRIVTEST00001');
    expect(cancelled.status).toBe(200);
    expect(cancelled.text).not.toContain('SECRET');
    expect(cancelled.text).not.toContain('margin');
    expect(JSON.parse(cancelled.text).data.data.timeline.map((e: { status: string }) => e.status)).toEqual(['PLACED']);
    const det = await details(o.tracking_number!);
    expect(JSON.stringify(det.body)).not.toContain('SECRET');
  });

  it('shows carrier scans with their fixed text and a failed attempt with its reason, never the courier’s own words', async () => {
    const o = await orderWith('IN_TRANSIT', 2);
    const at = new Date(Date.now() - 60_000).toISOString();
    await db.transaction().execute(async (tx) => {
      await addTrail(tx, o.id, 'IN_TRANSIT', { description: 'Bag 7781 misrouted, handed to Ramesh', source: 'carrier', city: 'Nagpur', createdAt: at });
      await setOrderStatus(tx, { orderId: o.id, to: 'UNDELIVERED', trail: { description: 'Consignee not available, phone switched off', source: 'carrier', city: 'Pune' } });
    });
    const { text } = await track(o.tracking_number!);
    expect(text).not.toContain('Ramesh');
    expect(text).not.toContain('switched off');
    const d = JSON.parse(text).data.data as PublicTracking;
    expect(d.timeline.find((e) => e.createdAt === at)).toEqual({ status: 'IN_TRANSIT', createdAt: at, city: 'Nagpur', description: 'Shipment in transit' });
    expect(d.timeline.at(-1)).toMatchObject({ status: 'UNDELIVERED', city: 'Pune', description: 'Delivery attempted: customer not available' });
  });
});

describe('lookups that forgive', () => {
  it('trims, drops spaces and dashes and folds case before the lookup', async () => {
    const o = await orderWith('DELIVERED');
    const awb = o.tracking_number!;
    const spaced = ` ${awb.slice(0, 2).toLowerCase()} ${awb.slice(2, 7)}-${awb.slice(7)} `;
    const r = await track(spaced);
    expect(r.status).toBe(200);
    expect(JSON.parse(r.text).data.data.trackingNumber).toBe(awb);
    expect((await details(spaced)).status).toBe(200);
    const unknown = await track('ZZ 0000 0000 01');
    expect(unknown.status).toBe(404);
  });

  it('lists the buyer’s open requests on the shipment and refuses the same request twice', async () => {
    const o = await orderWith('UNDELIVERED', 4);
    const verify = await anonymous(app).json(`/api/order/${o.tracking_number}/ndr/verify`, { method: 'POST', body: { phoneLast4: o.customer_phone.slice(-4) } });
    expect(verify.status).toBe(200);
    const date = verify.body.reattemptDates[1];
    const send = () => anonymous(app).json(`/api/order/${o.tracking_number}/ndr/requests`, { method: 'POST', body: { kind: 'reattempt', token: verify.body.token, date } });
    expect((await send()).status).toBe(201);
    const again = await send();
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already sent this request. The seller will act on it soon.');
    const det = await details(o.tracking_number!);
    expect(det.body.data.requests.filter((r) => r.status === 'OPEN' && r.kind === 'reattempt' && r.date === date)).toHaveLength(1);
    // the request also shows on the timeline, in fixed words
    const d = JSON.parse((await track(o.tracking_number!)).text).data.data as PublicTracking;
    expect(d.timeline.some((e) => e.status === 'NDR_REQUESTED' && e.description === 'Request for another delivery attempt received')).toBe(true);
    expect(JSON.stringify(det.body)).not.toContain(o.customer_phone);
  });
});

describe('honest dates', () => {
  it('says a parcel whose estimate has passed is delayed, with a new estimate that is not in the past or none', async () => {
    const o = await orderWith('OUT_FOR_DELIVERY');
    // shipped and out for delivery long ago (the estimate is then long past)
    await db.updateTable('order_trails').set({ created_at: '2026-11-09T04:00:00.000Z' }).where('order_id', '=', o.id).where('status', 'in', ['PLACED', 'READY_TO_SHIP', 'SHIPPED']).execute();
    await db.updateTable('order_trails').set({ created_at: '2026-11-14T04:00:00.000Z' }).where('order_id', '=', o.id).where('status', 'in', ['IN_TRANSIT', 'OUT_FOR_DELIVERY']).execute();
    const d = (await details(o.tracking_number!)).body.data;
    expect(d.delayed).toBe(true);
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    if (d.revisedEstimate !== null) expect(d.revisedEstimate >= today).toBe(true);
    // a fresh out-for-delivery event gives a new estimate on a delivery day
    await db.transaction().execute((tx) => addTrail(tx, o.id, 'OUT_FOR_DELIVERY', { description: 'Out for delivery', source: 'carrier', createdAt: nowIso() }));
    const fresh = (await details(o.tracking_number!)).body.data;
    expect(fresh.delayed).toBe(true);
    expect(fresh.revisedEstimate! >= today).toBe(true);
    expect(isDeliveryDay(fresh.revisedEstimate!)).toBe(true);
  });

  it('is not delayed while the estimate is ahead', async () => {
    const o = await orderWith('IN_TRANSIT', 5);
    await db.updateTable('order_trails').set({ created_at: nowIso() }).where('order_id', '=', o.id).execute();
    const d = (await details(o.tracking_number!)).body.data;
    expect(d).toMatchObject({ delayed: false, revisedEstimate: null });
  });

  it('offers re-attempt dates on delivery days only (no Sundays, no national holidays)', () => {
    // from Fri 20 Nov 2026: Sunday 22 Nov is skipped
    const dates = reattemptDates(Date.parse('2026-11-20T06:00:00Z'));
    expect(dates).not.toContain('2026-11-22');
    expect(dates).toEqual(['2026-11-21', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    // before Christmas 2026 (a Friday): the 25th is skipped
    expect(reattemptDates(Date.parse('2026-12-23T06:00:00Z'))).not.toContain('2026-12-25');
    expect(NATIONAL_HOLIDAYS).toContain('2026-12-25');
  });
});

describe('the public page names the seller and nothing a stranger holding the AWB should see', () => {
  it('gives the seller’s name, and neither the items bought nor the seller’s e-mail or phone', async () => {
    const o = await orderWith('IN_TRANSIT');
    const r = await details(o.tracking_number!);
    const d = r.body.data;
    const company = await db.selectFrom('companies').selectAll().where('id', '=', o.company_id).executeTakeFirstOrThrow();
    expect(d.seller.name.length).toBeGreaterThan(0);
    const text = JSON.stringify(r.body);
    const items = await db.selectFrom('order_items').select(['title']).where('order_id', '=', o.id).execute();
    expect(items.length).toBeGreaterThan(0);
    for (const i of items) expect(text).not.toContain(i.title);
    for (const secret of [company.email, company.phone].filter(Boolean)) expect(text).not.toContain(secret);
    expect(Object.keys(d).sort()).toEqual(['delayed', 'requests', 'revisedEstimate', 'seller']);
  });
});
