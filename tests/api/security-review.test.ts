// Found reviewing the API as an attacker would, beyond what the route walks reach:
// - an AWB typed in another spelling ('ek1000000178', 'EK-1000000178') slipped past the
//   "AWB already used" check, so a seller could hold another company's AWB: the tracking
//   page and the carriers' events, which fold case and drop dashes, then found two orders;
// - a sync command named like an Object property ('constructor', '__proto__') was taken
//   for a handler, failed as a transient fault and stopped the device's outbox for good.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { PAYMENT_DATE_REQUIRED } from '../../domain/invoicing';
import { AWB_FORMAT, AWB_LENGTH } from '../../domain/manual-order';
import { anonymous, makeTestApp, signInDemo, type Agent } from './helpers';

const A = DEMO_COMPANIES[0].id;
const B = DEMO_COMPANIES[1].id;

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let seller: Agent;
let teaId: string;

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 60 });
  seller = await signInDemo(ctx.app, 'seller');
  teaId = (await ctx.db.selectFrom('catalogue_items').select('id').where('company_id', '=', A).orderBy('id').executeTakeFirstOrThrow()).id;
});

const address = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 302, Sea View', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra', gstin: '' };
let n = 0;
const manualOrder = (over: Record<string, unknown>) => ({
  id: `SEC-${Date.now()}-${n++}`, paymentMethod: 'prepaid', shippingAddress: address, sameAsShipping: true,
  whId: DEMO_WAREHOUSES[0].id, items: [{ catalogueId: teaId, quantity: 1 }], awbPartner: 'bluedart', ...over,
});

describe("a seller's own AWB on a manual order", () => {
  it("refuses another company's AWB in any spelling the tracking page would read as the same, and creates nothing", async () => {
    const theirs = await ctx.db.selectFrom('orders').select(['id', 'tracking_number']).where('company_id', '=', B).where('tracking_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    const awb = theirs.tracking_number!;
    const before = await ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', A).executeTakeFirstOrThrow();
    for (const spelling of [awb.toLowerCase(), `${awb.slice(0, 2)}-${awb.slice(2)}`, ` ${awb.slice(0, 4)} ${awb.slice(4)} `]) {
      const r = await seller.json('/api/orders/manual', { method: 'POST', body: manualOrder({ awb: spelling }) });
      expect(r.status, spelling).toBe(409);
      expect(r.body.errors).toEqual([{ path: 'awb', message: `AWB ${awb} is already used by another order` }]);
    }
    const after = await ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('company_id', '=', A).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // The buyer of B's parcel still finds B's shipment.
    const tracked = await anonymous(ctx.app).json(`/api/order/${awb.toLowerCase()}`);
    expect(tracked.body.data.data.shopOrderId).toBe((await ctx.db.selectFrom('orders').select('shop_order_id').where('id', '=', theirs.id).executeTakeFirstOrThrow()).shop_order_id);
  });

  it('refuses an AWB with characters a courier never prints (zero-width space, full-width letters, too long)', async () => {
    for (const [awb, message] of [['OWN12345\u200b', AWB_FORMAT], ['ＯＷＮ12345', AWB_FORMAT], ['OWN/12345', AWB_FORMAT], ['A'.repeat(16), AWB_LENGTH], ['A-B-C', AWB_LENGTH]]) {
      const r = await seller.json('/api/orders/manual', { method: 'POST', body: manualOrder({ awb }) });
      expect(r.status, awb).toBe(400);
      expect(r.body.errors).toContainEqual({ path: 'awb', message });
    }
  });

  it('keeps an AWB as the tracking page looks it up, so the buyer finds the parcel by what is printed', async () => {
    const r = await seller.json('/api/orders/manual', { method: 'POST', body: manualOrder({ awb: ' own-9876 5432 ' }) });
    expect(r.status).toBe(201);
    const row = await ctx.db.selectFrom('orders').select('tracking_number').where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
    expect(row.tracking_number).toBe('OWN98765432');
    expect((await anonymous(ctx.app).json('/api/order/OWN-98765432')).body.data.data.shopOrderId).toBe(r.body.data.shopOrderId);
  });
});

describe('sync push: a command named like an Object property', () => {
  it('is rejected as unknown, and the commands after it are applied or rejected in order', async () => {
    const clientId = `sec-${Date.now()}`;
    const at = new Date().toISOString();
    const names = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const commands = [
      ...names.map((name, i) => ({ seq: i + 1, name, args: {}, createdAt: at })),
      { seq: names.length + 1, name: 'pack.scan', args: { awb: 'NOPE0000', orderId: 'nope', wsin: 'W1' }, createdAt: at },
    ];
    const push = await seller.json('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands } });
    expect(push.status).toBe(200);
    expect(push.body.lastSeq).toBe(commands.length);
    expect(push.body.results).toEqual([
      ...names.map((name, i) => ({ seq: i + 1, status: 'rejected', reason: `Unknown command ${name}` })),
      { seq: names.length + 1, status: 'rejected', reason: 'Order not found' },
    ]);
    // Sent again (a retry): nothing is applied twice, the device is not stuck.
    const again = await seller.json('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands } });
    expect(again.body.lastSeq).toBe(commands.length);
    expect(again.body.results.every((r: { status: string }) => r.status === 'skipped')).toBe(true);
  });
});

describe('an invoice payment dated a day that does not exist', () => {
  it('is refused and records nothing (2026-02-31, 0000-00-00, 2026-13-01)', async () => {
    // An order of the seller's own, marked ready to ship: it gets its invoice.
    const made = await seller.json('/api/orders/manual', { method: 'POST', body: manualOrder({ awb: undefined, awbPartner: undefined }) });
    expect(made.status).toBe(201);
    expect((await seller.json(`/api/orders/${made.body.data.id}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
    const invoice = await ctx.db.selectFrom('invoices').select(['id']).where('order_id', '=', made.body.data.id).executeTakeFirst();
    expect(invoice, 'ready to ship issued the invoice').toBeTruthy();
    for (const paidOn of ['2026-02-31', '0000-00-00', '2026-13-01']) {
      const r = await seller.json(`/api/invoices/${invoice!.id}/payments`, { method: 'POST', body: { amount: '1', mode: 'cash', paidOn } });
      expect(r.status, paidOn).toBe(400);
      expect(r.body.errors, paidOn).toEqual([{ path: 'paidOn', message: PAYMENT_DATE_REQUIRED }]);
    }
    expect(await ctx.db.selectFrom('invoice_payments').select('id').where('invoice_id', '=', invoice!.id).execute()).toEqual([]);
  });
});
