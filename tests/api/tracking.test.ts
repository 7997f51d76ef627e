import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connect';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEFAULT_TRACKING_LAYOUT, reattemptDates, type PublicTracking } from '../../domain/tracking';
import { createApp } from '../../edge-api/app';
import { DATA_VERSION_EVERY_MS } from '../../db/tracking/stamp';
import { signBody } from '../../edge-api/routes/tracking/webhooks';
import { dialects } from '../db/dialects';
import { anonymous, makeTestApp, signInDemo, type TestApp } from './helpers';
import { png } from './tracking-fixtures';

type Db = Awaited<ReturnType<typeof makeTestApp>>['db'];
let app: TestApp;
let db: Db;
let drop: (() => Promise<void>) | undefined;

// SQLite by default; TEST_DIALECT=postgres runs the same suite on PostgreSQL (DATABASE_URL_TEST).
beforeAll(async () => {
  const pgHandle = process.env.TEST_DIALECT === 'postgres' ? await (await dialects()).find((d) => d.name === 'postgres')?.open() : undefined;
  if (process.env.TEST_DIALECT === 'postgres' && !pgHandle) throw new Error('PostgreSQL is not reachable');
  drop = pgHandle?.drop;
  ({ app, db } = await makeTestApp({ orders: 300, dbh: pgHandle }));
}, 120_000);
afterAll(async () => drop?.());

/** An order of the seed with an AWB, by status (and optionally company). */
async function orderWith(status: string, companyId?: string) {
  let q = db.selectFrom('orders').selectAll().where('status', '=', status).where('tracking_number', 'is not', null);
  if (companyId) q = q.where('company_id', '=', companyId);
  const o = await q.orderBy('id').executeTakeFirstOrThrow();
  return o;
}
const track = (awb: string, headers: Record<string, string> = {}) => anonymous(app).request(`/api/order/${encodeURIComponent(awb)}`, { headers });
async function trackJson(awb: string) {
  const res = await track(awb);
  return { res, body: (await res.json()) as any };
}

describe('GET /api/order/:awb (public tracking)', () => {
  it('answers a delivered shipment with its delivered-on date from the DELIVERED entry', async () => {
    const o = await orderWith('DELIVERED');
    const { res, body } = await trackJson(o.tracking_number!);
    expect(res.status).toBe(200);
    expect(body.status).toBe(true);
    const d: PublicTracking = body.data.data;
    const delivered = await db.selectFrom('order_trails').select('created_at').where('order_id', '=', o.id).where('status', '=', 'DELIVERED').executeTakeFirstOrThrow();
    expect(d.deliveredOn).toBe(delivered.created_at);
    expect(d.estimatedDelivery).toBeNull();
    expect(d.status).toBe('DELIVERED');
    expect(d.shopOrderId).toBe(o.shop_order_id);
    expect(d.trackingNumber).toBe(o.tracking_number);
    expect(d.pickup).toEqual({ state: o.pickup_state });
    expect(d.shipping).toEqual({ state: o.shipping_state });
    expect(d.timeline.map((t) => t.status)).toEqual(['PLACED', 'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED']);
    const times = d.timeline.map((t) => t.createdAt);
    expect([...times].sort()).toEqual(times);
    expect(d.pageLayout).toEqual(DEFAULT_TRACKING_LAYOUT);
  });

  it('finds an AWB typed in small letters', async () => {
    const o = await orderWith('DELIVERED');
    expect((await track(o.tracking_number!.toLowerCase())).status).toBe(200);
  });

  it('refuses a malformed AWB with the spec message and an unknown one with the lookup failure', async () => {
    for (const awb of ['AB', 'A'.repeat(21)]) {
      const { res, body } = await trackJson(awb);
      expect(res.status).toBe(400);
      expect(body.message).toBe('Invalid AWB');
    }
    const { res, body } = await trackJson('NOSUCHAWB123');
    expect(res.status).toBe(404);
    expect(body.message).toBe('Kindly enter a valid Tracking Number');
  });

  it('answers only the fields a customer may see: no ids, phone digits, e-mail or street address', async () => {
    for (const status of ['DELIVERED', 'IN_TRANSIT', 'UNDELIVERED']) {
      const o = await orderWith(status);
      const { body } = await trackJson(o.tracking_number!);
      expect(Object.keys(body).sort()).toEqual(['data', 'status']);
      expect(Object.keys(body.data)).toEqual(['data']);
      const d = body.data.data;
      expect(Object.keys(d).sort()).toEqual([
        'customerRequestsAllowed', 'deliveredOn', 'estimatedDelivery', 'pageLayout', 'pickup', 'shipper', 'shipping',
        'shopOrderId', 'status', 'timeline', 'trackingNumber', 'updatedAt',
      ]);
      expect(Object.keys(d.pickup)).toEqual(['state']);
      expect(Object.keys(d.shipping)).toEqual(['state']);
      for (const t of d.timeline) expect(Object.keys(t).sort()).toEqual(['city', 'createdAt', 'description', 'status']);
      expect(Object.keys(d.pageLayout).sort()).toEqual(['bc', 'bg', 'hf', 'hl', 'links', 'pc', 'sc']);

      const text = JSON.stringify(body);
      const addr = JSON.parse(o.shipping_address);
      const phoneDigits = o.customer_phone.replace(/\D/g, '');
      expect(text).not.toContain(phoneDigits);
      expect(text).not.toContain(phoneDigits.slice(-4));
      expect(text).not.toMatch(/(?<![A-Za-z\d])\d{10}(?!\d)/); // no bare 10-digit number (AWBs start with letters)
      expect(text).not.toContain('@');
      expect(text).not.toContain(addr.address1);
      expect(text).not.toContain(addr.address2);
      expect(text).not.toContain(o.customer_name);
      expect(text).not.toContain(o.id);
      expect(text).not.toContain(o.company_id);
      expect(text).not.toContain(o.delivery_partner_id!);
      expect(text).not.toContain(o.warehouse_id!);
    }
  });

  it('carries Cache-Control and a strong ETag, and answers 304 to If-None-Match', async () => {
    const o = await orderWith('IN_TRANSIT');
    const first = await track(o.tracking_number!);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    const body = await first.text();
    const again = await track(o.tracking_number!, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    // the same bytes, the same tag; a list and the weak form of the tag match too (RFC 9110 weak comparison)
    const third = await track(o.tracking_number!);
    expect([third.headers.get('etag'), await third.text()]).toEqual([etag, body]);
    expect((await track(o.tracking_number!, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    // a write of the order (version and updated_at, as every write does) changes the answer and the tag
    await db.updateTable('orders').set((eb) => ({ version: eb('version', '+', 1), updated_at: new Date().toISOString() })).where('id', '=', o.id).execute();
    const changed = await track(o.tracking_number!, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('carries a request id; an unexpected fault is a 500 with that id and no stack trace', async () => {
    const o = await orderWith('DELIVERED');
    const ok = await track(o.tracking_number!, { 'x-request-id': 'trace-me-1' });
    expect(ok.headers.get('x-request-id')).toBe('trace-me-1');
    expect((await track(o.tracking_number!)).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await track('NOSUCHAWB123', { 'x-request-id': 'trace-me-404' })).headers.get('x-request-id')).toBe('trace-me-404');

    const broken = createApp({ dbh: connect({ file: ':memory:' }), logger: pino({ level: 'silent' }) }); // no tables: the lookup fails
    const res = await broken.request(`/api/order/${o.tracking_number}`, { headers: { 'x-request-id': 'trace-me-2' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-me-2');
    const body = await res.json();
    expect(body).toEqual({ status: false, message: 'Something went wrong!', requestId: 'trace-me-2' });
  });

  it('shows the layout of the order’s own company only', async () => {
    const [mine, other] = [DEMO_COMPANIES[0].id, DEMO_COMPANIES[1].id];
    const layout = { ...DEFAULT_TRACKING_LAYOUT, pc: '#aa1100' };
    await db.updateTable('companies').set({ tracking_layout: JSON.stringify(layout) }).where('id', '=', mine).execute();
    try {
      const a = await trackJson((await orderWith('DELIVERED', mine)).tracking_number!);
      const b = await trackJson((await orderWith('DELIVERED', other)).tracking_number!);
      expect(a.body.data.data.pageLayout.pc).toBe('#aa1100');
      expect(b.body.data.data.pageLayout.pc).toBe(DEFAULT_TRACKING_LAYOUT.pc);
    } finally {
      await db.updateTable('companies').set({ tracking_layout: null }).where('id', '=', mine).execute();
    }
  });
});

describe('estimated delivery', () => {
  /** An in-transit order of delhivery, shipped on Monday 16 Nov 2026 (09:30 in India). */
  async function shippedOrder() {
    const o = await db.selectFrom('orders').selectAll().where('status', '=', 'IN_TRANSIT').where('delivery_partner_id', '=', 'dp-delhivery').orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('order_trails').set({ created_at: '2026-11-16T04:00:00.000Z' }).where('order_id', '=', o.id).where('status', '=', 'SHIPPED').execute();
    return o;
  }

  it('counts the partner’s stored days for the zone from the SHIPPED event (no Sundays)', async () => {
    const o = await shippedOrder();
    // both ends in the same city: same_city
    await db.updateTable('orders').set({ pickup_pincode: '411001', pickup_state: 'Maharashtra', shipping_pincode: '411002', shipping_state: 'Maharashtra', shipping_city: 'Pune' }).where('id', '=', o.id).execute();
    await db.insertInto('pincodes').values([
      { pincode: '411001', district: 'Pune', state: 'Maharashtra', is_metro: 0, is_special: 0 },
      { pincode: '411002', district: 'Pune', state: 'Maharashtra', is_metro: 0, is_special: 0 },
      { pincode: '194101', district: 'Leh', state: 'Ladakh', is_metro: 0, is_special: 1 },
    ]).execute();
    await db.updateTable('delivery_partners').set({ service_levels: JSON.stringify({ same_city: 3, same_state: 4, metro_to_metro: 4, rest_of_india: 5, special: 6 }) }).where('id', '=', 'dp-delhivery').execute();
    expect((await trackJson(o.tracking_number!)).body.data.data.estimatedDelivery).toBe('2026-11-19'); // Mon + 3 = Thu

    // the partner's service level is read, not a constant: 6 days skips Sunday 22 Nov
    await db.updateTable('delivery_partners').set({ service_levels: JSON.stringify({ same_city: 6, same_state: 4, metro_to_metro: 4, rest_of_india: 5, special: 6 }) }).where('id', '=', 'dp-delhivery').execute();
    expect((await trackJson(o.tracking_number!)).body.data.data.estimatedDelivery).toBe('2026-11-23');

    // the destination pincode's row in the directory decides the zone: special
    await db.updateTable('delivery_partners').set({ service_levels: JSON.stringify({ same_city: 1, same_state: 2, metro_to_metro: 3, rest_of_india: 4, special: 2 }) }).where('id', '=', 'dp-delhivery').execute();
    await db.updateTable('orders').set({ shipping_pincode: '194101', shipping_state: 'Ladakh', shipping_city: 'Leh' }).where('id', '=', o.id).execute();
    expect((await trackJson(o.tracking_number!)).body.data.data.estimatedDelivery).toBe('2026-11-18'); // Mon + 2
  });

  it('counts from READY_TO_SHIP when there is no SHIPPED event', async () => {
    const o = await db.selectFrom('orders').selectAll().where('status', '=', 'READY_TO_SHIP').where('tracking_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('order_trails').set({ created_at: '2026-11-16T04:00:00.000Z' }).where('order_id', '=', o.id).where('status', '=', 'READY_TO_SHIP').execute();
    const d = (await trackJson(o.tracking_number!)).body.data.data;
    expect(d.estimatedDelivery).toMatch(/^2026-11-(1[7-9]|2\d|30)$/);
    expect(d.deliveredOn).toBeNull();
  });
});

describe('tracking layout (seller)', () => {
  const valid = { ...DEFAULT_TRACKING_LAYOUT, pc: '#1d3557', links: [{ key: 'a', linkName: 'Help', linkURL: 'https://chaipoint.in/help' }] };

  it('gets the default, publishes a layout the public page then shows, and resets', async () => {
    const seller = await signInDemo(app, 'seller');
    const got = await seller.json('/api/ums/profile/get-tracking-layout');
    expect(got.status).toBe(200);
    expect(got.body.responseBody.trackingLayout).toEqual(DEFAULT_TRACKING_LAYOUT);

    const saved = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: valid } });
    expect(saved).toMatchObject({ status: 200, body: { status: true, message: 'Tracking layout published' } });
    expect((await seller.json('/api/ums/profile/get-tracking-layout')).body.responseBody.trackingLayout).toEqual(valid);
    const awb = (await orderWith('DELIVERED', DEMO_COMPANIES[0].id)).tracking_number!;
    expect((await trackJson(awb)).body.data.data.pageLayout).toEqual(valid);

    const reset = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: null } });
    expect(reset.body.message).toBe('Tracking layout reset');
    expect((await trackJson(awb)).body.data.data.pageLayout).toEqual(DEFAULT_TRACKING_LAYOUT);
  });

  it('refuses more than five links, a link without URL or name, with the spec messages, and saves nothing', async () => {
    const seller = await signInDemo(app, 'seller');
    const link = (n: number) => ({ key: `k${n}`, linkName: `L${n}`, linkURL: `brand.in/${n}` });
    const cases: [unknown, string][] = [
      [{ ...valid, links: [1, 2, 3, 4, 5, 6].map(link) }, 'Link should not be more than five'],
      [{ ...valid, links: [{ key: 'a', linkName: 'Help', linkURL: '' }] }, 'Kindly enter URL'],
      [{ ...valid, links: [{ key: 'a', linkName: '', linkURL: 'brand.in' }] }, 'Kindly enter link Name'],
      [{ ...valid, links: [{ key: 'a', linkName: 'x', linkURL: 'javascript:alert(1)' }] }, 'Kindly enter a valid URL'],
    ];
    for (const [trackingLayout, message] of cases) {
      const r = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout } });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(message);
    }
    expect((await seller.json('/api/ums/profile/get-tracking-layout')).body.responseBody.isDefault).toBe(true);
  });

  it('checks the uploaded logo’s size from its header on save', async () => {
    const seller = await signInDemo(app, 'seller');
    const upload = async (bytes: Buffer, fileName: string) => {
      const p = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'logo', fileName, contentType: 'image/png', size: bytes.length } });
      const put = await app.request(p.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(bytes) });
      expect(put.status).toBe(200);
      return { data: p.body.key as string, name: fileName, url: p.body.url as string };
    };
    const big = await upload(png(401, 100), 'wide.png');
    const r = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: { ...valid, hl: big } } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Image dimensions must be 400 x 200');

    const ok = await upload(png(400, 200), 'brand.png');
    const saved = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: { ...valid, hl: ok } } });
    expect(saved.status).toBe(200);
    const awb = (await orderWith('DELIVERED', DEMO_COMPANIES[0].id)).tracking_number!;
    const logoUrl = (await trackJson(awb)).body.data.data.pageLayout.hl.url;
    expect((await anonymous(app).request(logoUrl)).status).toBe(200); // public, no sign-in

    // another company's upload cannot be borrowed
    const admin = await signInDemo(app, 'admin');
    const p = await admin.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'logo', fileName: 'x.png', contentType: 'image/png', size: 100, companyId: DEMO_COMPANIES[1].id } });
    await app.request(p.body.uploadUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png(10, 10)) });
    const borrowed = await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: { ...valid, hl: { data: p.body.key, name: 'x.png', url: p.body.url } } } });
    expect(borrowed.status).toBe(400);
    await seller.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: null } });
  });

  it('is for sellers: anonymous 401, warehouse 403', async () => {
    expect((await anonymous(app).json('/api/ums/profile/get-tracking-layout')).status).toBe(401);
    const wh = await signInDemo(app, 'warehouse');
    expect((await wh.json('/api/ums/profile/get-tracking-layout')).status).toBe(403);
    expect((await wh.json('/api/ums/profile/tracking-layout', { method: 'PATCH', body: { trackingLayout: null } })).status).toBe(403);
  });
});

describe('POST /api/webhooks/carrier/:partnerCode', () => {
  const secret = (code: string) => `whsec_${code}_demo`;
  const post = (code: string, event: unknown, sig?: string) => {
    const body = typeof event === 'string' ? event : JSON.stringify(event);
    return app.request(`/api/webhooks/carrier/${code}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature': sig ?? signBody(secret(code), body) },
      body,
    });
  };
  async function shipment() {
    const o = await db.selectFrom('orders').selectAll().where('status', '=', 'SHIPPED').where('delivery_partner_id', 'is not', null)
      .where('id', 'not in', used).orderBy('id').executeTakeFirstOrThrow();
    used.push(o.id);
    return { ...o, code: o.delivery_partner_id!.replace(/^dp-/, '') };
  }
  const used: string[] = ['-'];
  const trails = (orderId: string) => db.selectFrom('order_trails').selectAll().where('order_id', '=', orderId).orderBy('created_at').execute();
  const later = (iso: string, hours: number) => new Date(Date.parse(iso) + hours * 3_600_000).toISOString();

  it('stores a signed event, moves the status, bumps the version and shows it publicly', async () => {
    const o = await shipment();
    const at = later(o.updated_at, 5);
    const r = await post(o.code, { eventId: 'ev-1', awb: o.tracking_number, status: 'In Transit', city: 'Nagpur', occurredAt: at });
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: true, duplicate: false, orderStatus: 'IN_TRANSIT' });
    const after = await db.selectFrom('orders').selectAll().where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after.status).toBe('IN_TRANSIT');
    expect(Number(after.version)).toBe(Number(o.version) + 1);
    const last = (await trails(o.id)).at(-1)!;
    expect(last).toMatchObject({ status: 'IN_TRANSIT', city: 'Nagpur', source: 'carrier', created_at: at, description: 'Shipment in transit' });
    expect(last.actor_name).toBeTruthy();
    expect((await trackJson(o.tracking_number!)).body.data.data.timeline.at(-1)).toEqual({ status: 'IN_TRANSIT', createdAt: at, city: 'Nagpur', description: 'Shipment in transit' });
  });

  it('shows an event on the very next lookup after a remembered one', async () => {
    const o = await shipment();
    const before = await track(o.tracking_number!);
    const etag = before.headers.get('etag')!;
    expect((await track(o.tracking_number!, { 'if-none-match': etag })).status).toBe(304); // answered from memory
    const at = later(o.updated_at, 3);
    expect((await post(o.code, { eventId: 'cached-1', awb: o.tracking_number, status: 'OFD', city: 'Pune', occurredAt: at })).status).toBe(200);
    const after = await track(o.tracking_number!, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    const d = ((await after.json()) as any).data.data as PublicTracking;
    expect(d.status).toBe('OUT_FOR_DELIVERY');
    expect(d.timeline.at(-1)).toEqual({ status: 'OUT_FOR_DELIVERY', createdAt: at, city: 'Pune', description: 'Out for delivery' });
    // and so does the lower-case spelling of the AWB, remembered on its own
    expect((await trackJson(o.tracking_number!.toLowerCase())).body.data.data.status).toBe('OUT_FOR_DELIVERY');
  });

  it('stores the same eventId once and answers duplicate:true', async () => {
    const o = await shipment();
    const ev = { eventId: 'dup-1', awb: o.tracking_number, status: 'IN_TRANSIT', occurredAt: later(o.updated_at, 1) };
    const before = (await trails(o.id)).length;
    const [a, b] = await Promise.all([post(o.code, ev), post(o.code, ev)]);
    const bodies = [await a.json(), await b.json()];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(bodies.filter((x) => x.duplicate === true)).toHaveLength(1);
    const c = await post(o.code, ev);
    expect(await c.json()).toEqual({ status: true, duplicate: true });
    expect((await trails(o.id)).length).toBe(before + 1);
  });

  it('places a late, older event by its time and does not move the status back', async () => {
    const o = await shipment();
    const t1 = later(o.updated_at, 2);
    const t2 = later(o.updated_at, 10);
    expect((await post(o.code, { eventId: 'o-2', awb: o.tracking_number, status: 'OFD', occurredAt: t2 })).status).toBe(200);
    const late = await post(o.code, { eventId: 'o-1', awb: o.tracking_number, status: 'Reached Hub', city: 'Hyderabad', occurredAt: t1 });
    expect(await late.json()).toMatchObject({ orderStatus: 'OUT_FOR_DELIVERY', applied: false });
    const d = (await trackJson(o.tracking_number!)).body.data.data as PublicTracking;
    expect(d.status).toBe('OUT_FOR_DELIVERY');
    expect(d.timeline.slice(-2).map((t) => [t.status, t.createdAt])).toEqual([['IN_TRANSIT', t1], ['OUT_FOR_DELIVERY', t2]]);
  });

  it('refuses bad signatures (401) and malformed events (400), storing nothing', async () => {
    const o = await shipment();
    const before = await trails(o.id);
    const ev = { eventId: 'bad-1', awb: o.tracking_number, status: 'DELIVERED', occurredAt: later(o.updated_at, 3) };
    expect((await post(o.code, ev, 'sha256=' + '0'.repeat(64))).status).toBe(401);
    expect((await post(o.code, ev, '')).status).toBe(401);
    expect((await post(o.code, ev, signBody('wrong-secret', JSON.stringify(ev)))).status).toBe(401);
    // signed for another body
    expect((await post(o.code, { ...ev, status: 'RTO' }, signBody(secret(o.code), JSON.stringify(ev)))).status).toBe(401);
    for (const bad of [
      '{"eventId":',
      { ...ev, occurredAt: 'yesterday' },
      { ...ev, eventId: '' },
      { ...ev, status: 'TELEPORTED' },
      { ...ev, awb: 'X' },
      { ...ev, occurredAt: new Date(Date.now() + 86_400_000).toISOString() },
    ]) {
      expect((await post(o.code, bad)).status).toBe(400);
    }
    expect(await trails(o.id)).toEqual(before);
    expect((await db.selectFrom('orders').select('status').where('id', '=', o.id).executeTakeFirstOrThrow()).status).toBe('SHIPPED');
  });

  it('only accepts AWBs of the partner’s own orders', async () => {
    const o = await shipment();
    const other = o.code === 'bluedart' ? 'ekart' : 'bluedart';
    const r = await post(other, { eventId: 'x-1', awb: o.tracking_number, status: 'DELIVERED', occurredAt: later(o.updated_at, 3) });
    expect(r.status).toBe(404);
    expect((await post('no-such-courier', { eventId: 'x-1' })).status).toBe(404);
  });
});

describe('customer requests on an undelivered shipment (NDR)', () => {
  async function undelivered(n = 0) {
    const rows = await db.selectFrom('orders').selectAll().where('status', '=', 'UNDELIVERED').where('tracking_number', 'is not', null).orderBy('id').execute();
    return rows[n];
  }
  const verify = (awb: string, phoneLast4: string) => anonymous(app).json(`/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4 } });
  const request = (awb: string, body: unknown) => anonymous(app).json(`/api/order/${awb}/ndr/requests`, { method: 'POST', body });
  const wrongDigits = (phone: string) => String((Number(phone.slice(-4)) + 1) % 10_000).padStart(4, '0');

  it('says on the public answer that the customer may act', async () => {
    const o = await undelivered();
    expect((await trackJson(o.tracking_number!)).body.data.data.customerRequestsAllowed).toBe(true);
    expect((await trackJson((await orderWith('DELIVERED')).tracking_number!)).body.data.data.customerRequestsAllowed).toBe(false);
  });

  it('refuses wrong digits, then creates a re-attempt request the seller’s list reads', async () => {
    const o = await undelivered(0);
    const wrong = await verify(o.tracking_number!, wrongDigits(o.customer_phone));
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ message: 'These digits do not match the phone number on this order', attemptsLeft: 4 });
    expect(wrong.body.token).toBeUndefined();

    const ok = await verify(o.tracking_number!, o.customer_phone.slice(-4));
    expect(ok.status).toBe(200);
    expect(ok.body.reattemptDates).toEqual(reattemptDates());
    const token = ok.body.token as string;

    const tooLate = await request(o.tracking_number!, { kind: 'reattempt', token, date: '2099-01-01' });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.message).toBe('Choose a date in the next 7 days');
    const forged = await request(o.tracking_number!, { kind: 'reattempt', token: `${token.split('.')[0]}.AAAA`, date: reattemptDates()[0] });
    expect(forged.status).toBe(401);

    const before = await db.selectFrom('customer_requests').select('id').where('order_id', '=', o.id).execute();
    const date = reattemptDates()[2];
    const made = await request(o.tracking_number!, { kind: 'reattempt', token, date });
    expect(made).toMatchObject({ status: 201, body: { status: true, message: 'Request received' } });
    const rows = await db.selectFrom('customer_requests').selectAll().where('order_id', '=', o.id).orderBy('created_at').execute();
    expect(rows.length).toBe(before.length + 1);
    expect(rows.at(-1)).toMatchObject({ kind: 'reattempt', status: 'OPEN', company_id: o.company_id });
    expect(JSON.parse(rows.at(-1)!.payload)).toEqual({ date });

    const addr = await request(o.tracking_number!, { kind: 'address', token, landmark: 'Opp. SBI Bank', phone: '9876501234' });
    expect(addr.status).toBe(201);
    const last = await db.selectFrom('customer_requests').selectAll().where('order_id', '=', o.id).where('kind', '=', 'address').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(last.payload)).toEqual({ landmark: 'Opp. SBI Bank', phone: '9876501234' });
    expect((await request(o.tracking_number!, { kind: 'address', token })).body.message).toBe('Enter at least one change');
  });

  it('allows five wrong attempts per AWB per hour, then answers 429 even to the right digits', async () => {
    const o = await undelivered(1);
    for (let i = 0; i < 5; i++) {
      const r = await verify(o.tracking_number!, wrongDigits(o.customer_phone));
      expect(r.status).toBe(403);
      expect(r.body.attemptsLeft).toBe(4 - i);
    }
    const blocked = await verify(o.tracking_number!, o.customer_phone.slice(-4));
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe('Too many wrong attempts. Please try again after an hour.');
    // an hour later the window has passed
    await db.updateTable('tracking_buyer_attempts').set({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() }).where('awb', '=', o.tracking_number!).execute();
    expect((await verify(o.tracking_number!, o.customer_phone.slice(-4))).status).toBe(200);
  });

  it('is only for undelivered shipments, and a token of one order does not open another', async () => {
    const delivered = await orderWith('DELIVERED');
    const r = await verify(delivered.tracking_number!, delivered.customer_phone.slice(-4));
    expect(r.status).toBe(409);
    const [a, b] = [await undelivered(2), await undelivered(3)];
    const token = (await verify(a.tracking_number!, a.customer_phone.slice(-4))).body.token;
    expect((await request(b.tracking_number!, { kind: 'reattempt', token, date: reattemptDates()[0] })).status).toBe(401);
    expect((await verify('AB', '1234')).status).toBe(400);
    expect((await verify(a.tracking_number!, '12a4')).body.message).toBe('Enter the last 4 digits of your phone number');
  });
});

describe('public answers remembered in memory', () => {
  it(`sees a write made by another process to the SQLite file within ${DATA_VERSION_EVERY_MS} ms`, async () => {
    if (process.env.TEST_DIALECT === 'postgres' || process.env.API_TEST_PG) return; // SQLite only
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-tracking-'));
    const file = path.join(dir, 'app.db');
    const own = await makeTestApp({ orders: 40, dbh: connect({ file }) });
    try {
      const row = await own.db.selectFrom('orders').select(['id', 'tracking_number', 'shop_order_id']).where('tracking_number', 'is not', null).orderBy('id').executeTakeFirstOrThrow();
      const look = async () => (await anonymous(own.app).json(`/api/order/${row.tracking_number}`)).body.data.data as PublicTracking;
      expect((await look()).shopOrderId).toBe(row.shop_order_id);
      expect((await look()).shopOrderId).toBe(row.shop_order_id); // now remembered

      const other = new Database(file); // another connection, as another process would have
      other.prepare('UPDATE orders SET shop_order_id = ?, version = version + 1, updated_at = ? WHERE id = ?').run('OTHER-PROCESS-1', new Date().toISOString(), row.id);
      other.close();
      await new Promise((r) => setTimeout(r, DATA_VERSION_EVERY_MS + 50));
      expect((await look()).shopOrderId).toBe('OTHER-PROCESS-1');
    } finally {
      await own.dbh.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
