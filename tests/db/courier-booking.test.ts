// Bookings at a live courier are never doubled: local servers answer as
// Shiprocket's and Delhivery's documented APIs do (fixtures from their
// documentation's examples), slowly, failing, refusing, or after our timeout.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { findTask } from '../../db/integrations/tasks';
import { loadConfig } from '../../edge-api/config';
import { bookOnce } from '../../edge-api/carriers/live/booking';
import { COURIER_KINDS } from '../../edge-api/carriers/live/registry';
import { createConnection } from '../../edge-api/integrations/connections';
import type { Shipment } from '../../edge-api/carriers/types';
import { dialects } from './dialects';

const targets = await dialects();
const log = pino({ level: 'silent' });
const config = loadConfig({});
const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/couriers/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
const admin = { id: 'u1', name: 'Admin', role: 'admin', scope: null } as never;

type Mode = 'ok' | 'fail' | 'late' | 'refuse' | 'expired';

/** Shiprocket as documented: auth/login, orders/create/adhoc, courier/assign/awb, orders?search=. */
function shiprocketServer() {
  const st = { mode: 'ok' as Mode, creates: 0, logins: 0, orders: new Map<string, { id: number; shipmentId: number; awb: string }>(), valid: new Set<string>() };
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    for await (const c of req) raw += c;
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/v1/external/auth/login') {
      st.logins++;
      const token = `tok-${st.logins}`;
      st.valid.add(token);
      return send(200, { id: 1, email: 'api@seller.in', token });
    }
    const token = (req.headers.authorization ?? '').replace('Bearer ', '');
    if (st.mode === 'expired') {
      st.valid.delete(token);
      st.mode = 'ok';
    }
    if (!st.valid.has(token)) return send(401, { message: 'Token has expired', status_code: 401 });
    if (url.pathname === '/v1/external/orders/create/adhoc') {
      if (st.mode === 'fail') return send(503, { message: 'Service Unavailable' });
      const body = JSON.parse(raw) as { order_id: string; billing_pincode: string };
      if (st.mode === 'refuse') return send(422, { message: 'Oops! Invalid Data.', status_code: 422, errors: { billing_pincode: ['Delivery pincode is not serviceable'] } });
      st.creates++;
      const n = 1000 + st.creates;
      st.orders.set(body.order_id, { id: n, shipmentId: n + 5000, awb: `SRAWB${n}` });
      if (st.mode === 'late') await new Promise((r) => setTimeout(r, 1600));
      return send(200, { ...fixture('shiprocket-create-adhoc'), order_id: n, shipment_id: n + 5000 });
    }
    if (url.pathname === '/v1/external/courier/assign/awb') {
      const { shipment_id } = JSON.parse(raw) as { shipment_id: number };
      const o = [...st.orders.values()].find((x) => x.shipmentId === shipment_id)!;
      const f = fixture('shiprocket-assign-awb') as { response: { data: Record<string, unknown> } };
      return send(200, { ...f, response: { data: { ...f.response.data, awb_code: o.awb, shipment_id } } });
    }
    if (url.pathname === '/v1/external/orders') {
      const q = url.searchParams.get('search') ?? '';
      const o = st.orders.get(q);
      return send(200, { data: o ? [{ id: o.id, channel_order_id: q, shipments: [{ id: o.shipmentId, awb: o.awb }] }] : [] });
    }
    send(404, { message: 'Not found' });
  });
  return { server, st };
}

/** Delhivery as documented: cmu/create.json (format=json&data=...), packages/json by ref_ids. */
function delhiveryServer() {
  const st = { mode: 'ok' as Mode, creates: 0, byRef: new Map<string, string>(), auth: [] as string[] };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const c of req) raw += c;
    st.auth.push(String(req.headers.authorization));
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/api/cmu/create.json') {
      if (st.mode === 'fail') return send(500, { error: 'Internal Server Error' });
      const form = new URLSearchParams(raw);
      const data = JSON.parse(form.get('data')!) as { shipments: { order: string; weight: number }[]; pickup_location: { name: string } };
      const ref = data.shipments[0]!.order;
      if (st.mode === 'refuse') return send(200, { ...fixture('delhivery-create-refused') });
      st.creates++;
      const wbn = String(1234567890000 + st.creates);
      st.byRef.set(ref, wbn);
      if (st.mode === 'late') await new Promise((r) => setTimeout(r, 1600));
      const f = fixture('delhivery-create') as { packages: Record<string, unknown>[] };
      return send(200, { ...f, packages: [{ ...f.packages[0], waybill: wbn, refnum: ref }] });
    }
    if (url.pathname === '/api/v1/packages/json/') {
      const ref = url.searchParams.get('ref_ids') ?? '';
      const wbn = st.byRef.get(ref);
      return send(200, { ShipmentData: wbn ? [{ Shipment: { AWB: wbn, ReferenceNo: ref, Status: { Status: 'Manifested', StatusType: 'UD' } } }] : [] });
    }
    send(404, {});
  });
  return { server, st };
}

const listen = (s: Server) => new Promise<string>((r) => s.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)));

const shipment = (orderId: string): Shipment => ({
  orderId, shopOrderId: `SO-${orderId}`, originPincode: '110001', destPincode: '560001', paymentMode: 'prepaid', weightG: 640, codPaise: 0,
  consignee: { name: 'Asha Rao', phone: '9876543210', city: 'Bengaluru', state: 'Karnataka' }, warehouseId: 'w1',
});

describe.each(targets)('live courier bookings on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  const sr = shiprocketServer();
  const dl = delhiveryServer();
  const conns: Record<string, string> = {};
  let clock = new Date('2026-11-27T10:00:00Z');
  const now = () => clock;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    const [srUrl, dlUrl] = [await listen(sr.server), await listen(dl.server)];
    conns.shiprocket = (await createConnection(h, config, COURIER_KINDS, admin, {
      kind: 'shiprocket', label: 'Shiprocket', companyId: 'c1', baseUrl: srUrl,
      settings: { pickupLocations: { w1: 'Okhla Home' }, timeoutS: 1 }, secrets: { email: 'api@seller.in', password: 'pw' },
    } as never)).id;
    conns.delhivery = (await createConnection(h, config, COURIER_KINDS, admin, {
      kind: 'delhivery', label: 'Delhivery', companyId: 'c1', baseUrl: dlUrl, settings: { pickupLocations: { w1: 'OKHLA SURFACE' }, timeoutS: 1 }, secrets: { token: 'dl-token' },
    } as never)).id;
  }, 120_000);
  afterAll(async () => {
    sr.server.close();
    dl.server.close();
    await h?.drop();
  });

  const book = (code: string, orderId: string) => bookOnce(h, config, log, { connectionId: conns[code]!, companyId: 'c1', shipment: shipment(orderId) }, { now });

  for (const [code, state] of [['shiprocket', sr.st], ['delhivery', dl.st]] as const) {
    it(`${code}: an answer after our timeout is found at the courier, not booked twice; a retry after success answers the first AWB`, async () => {
      const order = `${code}-late`;
      const before = state.creates;
      state.mode = 'late';
      const first = await book(code, order);
      expect(first).toMatchObject({ ok: false, refused: false, queued: true });
      if (first.ok || first.refused) throw new Error('expected a queued booking');
      expect(first.reason).toMatch(/did not answer within 1 s/);
      state.mode = 'ok';
      await new Promise((r) => setTimeout(r, 800)); // the courier has answered (too late) and kept the booking
      clock = new Date(clock.getTime() + 60_000);
      const second = await book(code, order);
      expect(second.ok).toBe(true);
      expect(state.creates - before).toBe(1);
      const third = await book(code, order);
      expect(third).toEqual(second);
      expect(state.creates - before).toBe(1);
      const task = (await findTask(h.db, first.taskId))!;
      expect(task).toMatchObject({ status: 'done', attempts: 2 });
    });

    it(`${code}: the courier down leaves the booking queued for a retry, with the courier's answer`, async () => {
      const order = `${code}-down`;
      state.mode = 'fail';
      const first = await book(code, order);
      expect(first).toMatchObject({ ok: false, queued: true });
      if (!first.ok && !first.refused) expect(first.reason).toMatch(/answered 50[03]/);
      state.mode = 'ok';
      clock = new Date(clock.getTime() + 3600_000);
      const second = await book(code, order);
      expect(second.ok).toBe(true);
    });

    it(`${code}: a refusal comes back in the courier's own words and a later attempt books anew`, async () => {
      const order = `${code}-refused`;
      state.mode = 'refuse';
      const first = await book(code, order);
      expect(first.ok).toBe(false);
      if (first.ok || !first.refused) throw new Error('expected a refusal');
      expect(first.reason).toMatch(code === 'shiprocket' ? /Delivery pincode is not serviceable/ : /non serviceable pincode/);
      state.mode = 'ok';
      const again = await book(code, order);
      expect(again.ok).toBe(true);
    });
  }

  it('Shiprocket: the token is kept between calls, and an expired token is renewed once and the call made again', async () => {
    const logins = sr.st.logins;
    await book('shiprocket', 'sr-token-1');
    expect(sr.st.logins).toBe(logins);
    sr.st.mode = 'expired';
    const r = await book('shiprocket', 'sr-token-2');
    expect(r.ok).toBe(true);
    expect(sr.st.logins).toBe(logins + 1);
  });

  it('Delhivery: every call carries the token header', () => {
    expect(new Set(dl.st.auth)).toEqual(new Set(['Token dl-token']));
  });
});
