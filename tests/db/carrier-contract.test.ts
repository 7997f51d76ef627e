// One contract every courier keeps, run over every courier: the five demo
// couriers (rate tables) and the live Delhivery and Shiprocket clients
// (against local servers answering as their documentation says).
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCarriers } from '../../db/carriers/seed';
import { migrateToLatest } from '../../db/migrate';
import { demoCarriers } from '../../edge-api/carriers';
import { liveCarrierOf, COURIER_KINDS } from '../../edge-api/carriers/live/registry';
import type { Carrier, Shipment } from '../../edge-api/carriers/types';
import { loadConfig } from '../../edge-api/config';
import { createConnection } from '../../edge-api/integrations/connections';
import { ZONES } from '../../domain/zones';
import { delhiveryServer, listen, shiprocketServer } from './courier-servers';
import { dialects } from './dialects';

const [sqlite] = await dialects();
const log = pino({ level: 'silent' });
const config = loadConfig({});
const admin = { id: 'u1', name: 'Admin', role: 'admin', scope: null } as never;

const shipment = (orderId: string, destPincode = '560001'): Shipment => ({
  orderId, shopOrderId: `SO-${orderId}`, originPincode: '110001', destPincode, paymentMode: 'prepaid', weightG: 700, codPaise: 0,
  consignee: { name: 'Ravi Kumar', phone: '9876543210', city: 'Bengaluru', state: 'Karnataka' }, warehouseId: 'w1',
});

const h = await sqlite!.open();
const sr = shiprocketServer();
const dl = delhiveryServer();
const couriers: { name: string; carrier: () => Carrier; unserved: string | null }[] = demoCarriers().map((c) => ({ name: `demo ${c.code}`, carrier: () => c, unserved: null }));
const live: Record<string, Carrier> = {};
couriers.push({ name: 'Shiprocket (live)', carrier: () => live.shiprocket!, unserved: '999999' }, { name: 'Delhivery (live)', carrier: () => live.delhivery!, unserved: '999999' });

beforeAll(async () => {
  await migrateToLatest(h.db);
  await seedCarriers(h);
  const [srUrl, dlUrl] = [await listen(sr.server), await listen(dl.server)];
  const a = await createConnection(h, config, COURIER_KINDS, admin, { kind: 'shiprocket', label: 'SR', companyId: 'c1', baseUrl: srUrl, settings: { pickupLocations: { w1: 'Okhla' } }, secrets: { email: 'a@b.in', password: 'pw' } } as never);
  const b = await createConnection(h, config, COURIER_KINDS, admin, { kind: 'delhivery', label: 'DL', companyId: 'c1', baseUrl: dlUrl, settings: { pickupLocations: { w1: 'OKHLA' } }, secrets: { token: 't' } } as never);
  live.shiprocket = (await liveCarrierOf(h, config, log, a.id))!;
  live.delhivery = (await liveCarrierOf(h, config, log, b.id))!;
}, 60_000);
afterAll(async () => {
  sr.server.close();
  dl.server.close();
  await h.drop();
});

describe.each(couriers)('the courier contract: $name', ({ carrier, unserved, name }) => {
  it('says whether a lane is served, with a zone; refuses an unserved pincode with a reason in words', async () => {
    const s = await carrier().serviceability(h.db, { originPincode: '110001', destPincode: '560001', paymentMode: 'prepaid' });
    expect(s.serviceable).toBe(true);
    expect(ZONES).toContain(s.zone);
    expect(s.reason).toBeNull();
    if (unserved) {
      const no = await carrier().serviceability(h.db, { originPincode: '110001', destPincode: unserved, paymentMode: 'prepaid' });
      expect(no.serviceable).toBe(false);
      expect(no.reason).toMatch(/\w{3,}/);
    }
  });

  it('books a shipment and answers an AWB the tracking page can read (4 to 15 letters or digits), with label data for it', async () => {
    const r = await carrier().book(h.db, shipment(`contract-${name}`));
    if (!r.ok) throw new Error(r.reason);
    expect(r.awb).toMatch(/^[A-Z0-9]{4,15}$/);
    const label = carrier().labelData(r.awb);
    expect(label.awb).toBe(r.awb);
    expect(label.courierName).toMatch(/\w/);
    expect(await carrier().cancel(h.db, r.awb)).toEqual({ ok: true, reason: null });
  });

  it("a courier that prices through its own API answers whole paise for the lane, or throws for its rate table to answer", async () => {
    const c = carrier();
    if (!c.courierRate) return;
    const lane = { originPincode: '110001', destPincode: '560001', paymentMode: 'prepaid', weightG: 700, codPaise: 0 };
    const r = await c.courierRate(h.db, lane);
    if (!r.ok) throw new Error(r.reason);
    expect(Number.isSafeInteger(r.ratePaise)).toBe(true);
    expect(r.ratePaise).toBeGreaterThan(0);
    dl.st.rateMode = 'fail';
    await expect(c.courierRate(h.db, lane)).rejects.toThrow(/Delhivery answered 5\d\d/);
    dl.st.rateMode = 'ok';
  });

  it('prices a parcel or says why not', async () => {
    const r = await carrier().rate(h.db, { zone: 'rest_of_india', weightG: 700, codPaise: 0 });
    if (r.ok) expect(r.ratePaise).toBeGreaterThan(0);
    else expect(r.reason).toMatch(/\w{3,}/);
  });
});
