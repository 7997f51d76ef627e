// Bookings at a live courier are never doubled: local servers answer as
// Shiprocket's and Delhivery's documented APIs do (fixtures from their
// documentation's examples), slowly, failing, refusing, or after our timeout.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { findTask } from '../../db/integrations/tasks';
import { loadConfig } from '../../edge-api/config';
import { bookOnce } from '../../edge-api/carriers/live/booking';
import { COURIER_KINDS } from '../../edge-api/carriers/live/registry';
import { createConnection } from '../../edge-api/integrations/connections';
import type { Shipment } from '../../edge-api/carriers/types';
import { delhiveryServer, listen, shiprocketServer } from './courier-servers';
import { dialects } from './dialects';

const targets = await dialects();
const log = pino({ level: 'silent' });
const config = loadConfig({});
const admin = { id: 'u1', name: 'Admin', role: 'admin', scope: null } as never;

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

  it('Shiprocket: a booking names the courier its quote priced (courier_id); with none named, Shiprocket chooses', async () => {
    const pinned = await bookOnce(h, config, log, { connectionId: conns.shiprocket!, companyId: 'c1', shipment: { ...shipment('sr-pinned'), viaCourierId: '43' } }, { now });
    expect(pinned.ok).toBe(true);
    expect(sr.st.assigns.at(-1)).toEqual({ shipment_id: sr.st.orders.get('sr-pinned')!.shipmentId, courier_id: 43 });
    await book('shiprocket', 'sr-unpinned');
    expect(sr.st.assigns.at(-1)).toEqual({ shipment_id: sr.st.orders.get('sr-unpinned')!.shipmentId });
  });

  it("Shiprocket: the priced courier no longer available is a refusal in Shiprocket's words, with no other courier tried", async () => {
    sr.st.unavailableCouriers.add(10);
    const assigned = sr.st.assigns.length;
    const r = await bookOnce(h, config, log, { connectionId: conns.shiprocket!, companyId: 'c1', shipment: { ...shipment('sr-gone'), viaCourierId: '10' } }, { now });
    sr.st.unavailableCouriers.delete(10);
    expect(r).toEqual({ ok: false, refused: true, reason: 'Selected courier (10) is not available for this shipment. Please select another courier.' });
    expect(sr.st.assigns.slice(assigned)).toEqual([{ shipment_id: sr.st.orders.get('sr-gone')!.shipmentId, courier_id: 10 }]);
  });

  it('Delhivery: every call carries the token header', () => {
    expect(new Set(dl.st.auth)).toEqual(new Set(['Token dl-token']));
  });
});
