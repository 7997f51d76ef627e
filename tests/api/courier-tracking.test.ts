// Live couriers' tracking onto the orders: Delhivery's scan push and
// Shiprocket's tracking webhook (token in `x-api-key`), deduplicated, and the
// hourly poll of shipments with no event for hours, against local servers
// answering as the couriers document (fixtures in tests/fixtures/couriers/).
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { bookOnce } from '../../edge-api/carriers/live/booking';
import { pollHandler, type PollResult } from '../../edge-api/carriers/live/tracking-poll';
import type { Shipment } from '../../edge-api/carriers/types';
import { IST_OFFSET_MS } from '../../domain/india-time';
import { delhiveryServer, listen, shiprocketServer } from '../db/courier-servers';
import { anonymous, makeTestApp, signInDemo, type Agent } from './helpers';
import { company } from './orders-fixtures';

const fixture = (name: string) => JSON.parse(readFileSync(new URL(`../fixtures/couriers/${name}.json`, import.meta.url), 'utf8'));
const log = pino({ level: 'silent' });
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
const DL_TOKEN = 'dl-push-token-0123456789';
const SR_TOKEN = 'sr-hook-token-0123456789';

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
const dl = delhiveryServer();
const sr = shiprocketServer();
const conns = {} as Record<'delhivery' | 'shiprocket' | 'otherDelhivery', { id: string; companyId: string }>;

/** India time without an offset, as the couriers stamp it. */
const istStamp = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19);

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 150 });
  seller = await signInDemo(ctx.app, 'seller');
  const admin = await signInDemo(ctx.app, 'admin');
  const [dlUrl, srUrl] = [await listen(dl.server), await listen(sr.server)];
  const make = async (who: Agent, body: Record<string, unknown>) => {
    const r = await who.json('/api/integrations/connections', { method: 'POST', body });
    expect(r.status).toBe(201);
    expect(JSON.stringify(r.body)).not.toContain(DL_TOKEN);
    return { id: r.body.connection.id as string, companyId: r.body.connection.companyId as string };
  };
  conns.delhivery = await make(seller, { kind: 'delhivery', label: 'Delhivery', baseUrl: dlUrl, settings: { defaultPickupLocation: 'OKHLA SURFACE' }, secrets: { token: 'dl-token', webhookToken: DL_TOKEN } });
  conns.shiprocket = await make(seller, { kind: 'shiprocket', label: 'Shiprocket', baseUrl: srUrl, settings: { defaultPickupLocation: 'Okhla Home' }, secrets: { email: 'api@seller.in', password: 'pw', webhookToken: SR_TOKEN } });
  const other = conns.delhivery.companyId === company(0) ? company(1) : company(0);
  conns.otherDelhivery = await make(admin, { kind: 'delhivery', label: 'Other Delhivery', companyId: other, baseUrl: dlUrl, settings: {}, secrets: { token: 'dl-other', webhookToken: 'other-company-token-99' } });
}, 120_000);
afterAll(() => {
  dl.server.close();
  sr.server.close();
});

const used = new Set<string>();
const BOOKED_AT = '2026-11-25T00:00:00.000Z';
/** An order of the seller's company booked through the live connection before the couriers' documented scans: its id and AWB. */
async function booked(kind: 'delhivery' | 'shiprocket', status = 'READY_TO_SHIP') {
  const conn = conns[kind];
  const row = (await ctx.db.selectFrom('orders').select('id').where('company_id', '=', conn.companyId).orderBy('id').execute()).find((o) => !used.has(o.id))!;
  used.add(row.id);
  const shipment: Shipment = {
    orderId: row.id, shopOrderId: `SO-${row.id}`, originPincode: '110001', destPincode: '560001', paymentMode: 'prepaid', weightG: 500, codPaise: 0,
    consignee: { name: 'Asha Rao', phone: '9876543210', city: 'Bengaluru', state: 'Karnataka' },
  };
  const r = await bookOnce(ctx.dbh, config, log, { connectionId: conn.id, companyId: conn.companyId, shipment });
  if (!r.ok) throw new Error(`booking failed: ${JSON.stringify(r)}`);
  // Its timeline starts afresh (the seeded one came from the demo couriers), at a fixed moment before the
  // fixtures' first scan (2026-11-25 11:59 IST): a scan older than the order's last event does not move it, so a
  // booking dated from today's clock ("two days ago") overtook the fixtures' scans as the days went by.
  await ctx.db.updateTable('orders').set({ status, tracking_number: r.awb }).where('id', '=', row.id).execute();
  await ctx.db.deleteFrom('order_trails').where('order_id', '=', row.id).execute();
  await ctx.db.insertInto('order_trails').values({
    id: `trail-${row.id}`, order_id: row.id, status, description: 'Marked ready to ship', city: null, is_return: 0, source: 'user', actor_id: null, actor_name: 'Seller',
    event_id: null, created_at: BOOKED_AT,
  }).execute();
  return { id: row.id, awb: r.awb };
}

const push = (connectionId: string, body: unknown, token?: string) =>
  anonymous(ctx.app).request(`/api/webhooks/courier/${connectionId}`, {
    method: 'POST', body: typeof body === 'string' ? body : JSON.stringify(body), headers: { 'content-type': 'application/json', ...(token ? { 'x-api-key': token } : {}) },
  });
const orderOf = (id: string) => ctx.db.selectFrom('orders').select(['status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
const carrierTrails = (id: string) =>
  ctx.db.selectFrom('order_trails').select(['status', 'description', 'city', 'actor_name', 'created_at']).where('order_id', '=', id).where('source', '=', 'carrier').orderBy('created_at').execute();
const delhiveryPush = (awb: string, over: Record<string, unknown> = {}) => {
  const f = fixture('delhivery-push');
  return { Shipment: { ...f.Shipment, AWB: awb, ...over, Status: { ...f.Shipment.Status, ...((over.Status as object) ?? {}) } } };
};

describe('POST /api/webhooks/courier/{connectionId}: Delhivery scan push', () => {
  it('moves the order by the Delhivery table, with the scan on its timeline; the same push again changes nothing', async () => {
    const o = await booked('delhivery');
    const r = await push(conns.delhivery.id, delhiveryPush(o.awb), DL_TOKEN);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: true, message: '1 applied, 0 already recorded, 0 ignored' });
    expect((await orderOf(o.id)).status).toBe('IN_TRANSIT');
    expect(await carrierTrails(o.id)).toEqual([
      { status: 'IN_TRANSIT', description: 'Shipment picked up', city: 'Nagpur_Hub (Maharashtra)', actor_name: 'Delhivery', created_at: '2026-11-26T12:40:52.752Z' },
    ]);
    const before = await orderOf(o.id);
    const again = await push(conns.delhivery.id, delhiveryPush(o.awb), DL_TOKEN);
    expect(await again.json()).toEqual({ status: true, message: '0 applied, 1 already recorded, 0 ignored' });
    expect(await orderOf(o.id)).toEqual(before);
    expect(await carrierTrails(o.id)).toHaveLength(1);
  });

  it('a failed delivery attempt (Pending with an EOD code) makes the order UNDELIVERED', async () => {
    const o = await booked('delhivery', 'OUT_FOR_DELIVERY');
    const r = await push(conns.delhivery.id, delhiveryPush(o.awb, { NSLCode: 'EOD-11', Status: { Status: 'Pending', StatusType: 'UD', Instructions: 'Consignee unavailable' } }), DL_TOKEN);
    expect(r.status).toBe(200);
    expect((await orderOf(o.id)).status).toBe('UNDELIVERED');
  });

  it('refuses a missing or wrong token, and an unknown connection, alike, changing nothing', async () => {
    const o = await booked('delhivery');
    const before = await orderOf(o.id);
    for (const [conn, token] of [[conns.delhivery.id, undefined], [conns.delhivery.id, 'wrong-token-0123456789'], [conns.delhivery.id, SR_TOKEN], ['0190aaaa-0000-7000-8000-000000000000', DL_TOKEN], ['not-a-uuid', DL_TOKEN]] as const) {
      const r = await push(conn, delhiveryPush(o.awb), token);
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ status: false, message: 'Invalid webhook token' });
    }
    expect(await orderOf(o.id)).toEqual(before);
  });

  it("another company's connection cannot move this company's order", async () => {
    const o = await booked('delhivery');
    const before = await orderOf(o.id);
    const r = await push(conns.otherDelhivery.id, delhiveryPush(o.awb), 'other-company-token-99');
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: true, message: '0 applied, 0 already recorded, 1 ignored' });
    expect(await orderOf(o.id)).toEqual(before);
  });

  it('a status outside the table is acknowledged and ignored; a body that is not JSON is refused', async () => {
    const o = await booked('delhivery');
    const before = await orderOf(o.id);
    const r = await push(conns.delhivery.id, delhiveryPush(o.awb, { Status: { Status: 'Canceled', StatusType: 'CN' } }), DL_TOKEN);
    expect(await r.json()).toEqual({ status: true, message: '0 applied, 0 already recorded, 1 ignored' });
    const bad = await push(conns.delhivery.id, '{"Shipment": ', DL_TOKEN);
    expect(bad.status).toBe(400);
    expect(await orderOf(o.id)).toEqual(before);
  });
});

describe('POST /api/webhooks/courier/{connectionId}: Shiprocket tracking webhook', () => {
  it('records every scan of the documented body by its label and moves the order to the latest', async () => {
    const o = await booked('shiprocket');
    const r = await push(conns.shiprocket.id, { ...fixture('shiprocket-webhook'), awb: o.awb }, SR_TOKEN);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: true, message: '3 applied, 0 already recorded, 0 ignored' });
    expect((await carrierTrails(o.id)).map((t) => [t.status, t.created_at, t.actor_name])).toEqual([
      ['READY_TO_SHIP', '2026-11-25T06:29:16.000Z', 'Shiprocket'],
      ['SHIPPED', '2026-11-25T10:02:17.000Z', 'Shiprocket'],
      ['IN_TRANSIT', '2026-11-26T06:13:52.000Z', 'Shiprocket'],
    ]);
    expect((await orderOf(o.id)).status).toBe('IN_TRANSIT');
    const again = await push(conns.shiprocket.id, { ...fixture('shiprocket-webhook'), awb: o.awb }, SR_TOKEN);
    expect(await again.json()).toEqual({ status: true, message: '0 applied, 3 already recorded, 0 ignored' });
  });

  it("refuses Delhivery's token on the Shiprocket connection", async () => {
    const o = await booked('shiprocket');
    const r = await push(conns.shiprocket.id, { ...fixture('shiprocket-webhook'), awb: o.awb }, DL_TOKEN);
    expect(r.status).toBe(401);
    expect(await carrierTrails(o.id)).toEqual([]);
  });
});

describe('the tracking poll of shipments with no event for hours', () => {
  const runPoll = async (connectionId: string, at: Date) =>
    (await pollHandler({
      dbh: ctx.dbh, config, log, now: () => at,
      task: { id: 't', kind: 'courier.track-poll', key: 'k', companyId: null, connectionId, subjectType: null, subjectId: null, payload: { connectionId }, attempts: 1 },
    })) as PollResult;

  it('a booking schedules the poll of its connection, once per hour however many bookings', async () => {
    await booked('delhivery');
    await booked('delhivery');
    const polls = await ctx.db.selectFrom('integration_tasks').select(['key', 'next_attempt_at']).where('kind', '=', 'courier.track-poll').where('connection_id', '=', conns.delhivery.id).execute();
    expect(polls.length).toBeGreaterThanOrEqual(1);
    expect(new Set(polls.map((p) => p.key)).size).toBe(polls.length);
    for (const p of polls) expect(Date.parse(p.next_attempt_at)).toBeGreaterThan(Date.now() + 3 * 3600_000);
  });

  it('asks Delhivery about quiet shipments only, records their scans once (a scan already pushed is not doubled) and schedules the next run', async () => {
    const quiet = await booked('delhivery');
    const delivered = await booked('delhivery', 'DELIVERED');
    const fresh = await booked('delhivery');
    // A scan pushed a minute ago: this shipment is not quiet.
    await push(conns.delhivery.id, delhiveryPush(fresh.awb, { Status: { StatusDateTime: istStamp(new Date(Date.now() - 60_000)) } }), DL_TOKEN);
    // The quiet one had its pickup scan pushed already.
    await push(conns.delhivery.id, delhiveryPush(quiet.awb, { Status: { Status: 'In Transit', StatusType: 'UD', StatusDateTime: '2026-11-25T18:10:52', StatusLocation: 'Okhla_Hub (Delhi)' } }), DL_TOKEN);
    const asked = dl.st.tracks;
    const at = new Date(Date.now() + 4 * 3600_000 - 5 * 60_000);
    const r = await runPoll(conns.delhivery.id, at);
    expect(dl.st.tracks - asked).toBe(r.asked);
    expect((await orderOf(quiet.id)).status).toBe('OUT_FOR_DELIVERY');
    expect((await carrierTrails(quiet.id)).map((t) => t.status)).toEqual(['READY_TO_SHIP', 'IN_TRANSIT', 'OUT_FOR_DELIVERY']);
    expect((await orderOf(delivered.id)).status).toBe('DELIVERED');
    expect(await carrierTrails(delivered.id)).toEqual([]);
    expect((await carrierTrails(fresh.id)).map((t) => t.status)).toEqual(['IN_TRANSIT']);
    expect(r.duplicates).toBeGreaterThanOrEqual(1);
    expect(r.next).toBe(new Date(at.getTime() + 3600_000).toISOString());
    const nextHour = Math.floor((at.getTime() + 3600_000) / 3600_000);
    expect(await ctx.db.selectFrom('integration_tasks').select('id').where('key', '=', `courier.track-poll:${conns.delhivery.id}:${nextHour}`).executeTakeFirst()).toBeTruthy();
  });

  it("records the weight Delhivery charged, read from its tracking answer, as a pushed one: once, against packing, counted from its latest scan's day", async () => {
    const weighed = await booked('delhivery');
    const notYet = await booked('delhivery');
    const pushedFirst = await booked('delhivery');
    for (const o of [weighed, notYet, pushedFirst]) {
      await ctx.db.updateTable('orders').set({ packed_weight_g: 1200, packed_length_cm: 30, packed_breadth_cm: 20, packed_height_cm: 10, volumetric_weight_g: 1200, chargeable_weight_g: 1200, weighed_at: '2026-11-20T06:30:00.000Z' }).where('id', '=', o.id).execute();
    }
    // The hub weighed two parcels; the third's answer still says "ChargedWeight": null.
    dl.st.charged.set(weighed.awb, 1700);
    dl.st.charged.set(pushedFirst.awb, 2500);
    // The third had its weight pushed already: the poll does not make a second row of it.
    const pushed = await push(conns.delhivery.id, delhiveryPush(pushedFirst.awb, { ChargedWeight: 1500, Status: { StatusDateTime: istStamp(new Date(Date.now() - 5 * 3600_000)) } }), DL_TOKEN);
    expect(await pushed.text()).toContain('billed weight: 1 recorded');
    const at = new Date(Date.now() + 4 * 3600_000);
    const r = await runPoll(conns.delhivery.id, at);
    expect(r.billed).toBe(1);

    const charges = (awb: string) => ctx.db.selectFrom('weight_charges').selectAll().where('awb', '=', awb).execute();
    // The answer's scans are stamped in India time; the window counts from the day of the latest.
    const scans = (fixture('delhivery-track').ShipmentData[0].Shipment.Scans as { ScanDetail: { StatusDateTime: string } }[]).map((s) => s.ScanDetail.StatusDateTime).sort();
    const day = scans.at(-1)!.slice(0, 10);
    const sevenLater = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86400_000).toISOString().slice(0, 10);
    const [row] = await charges(weighed.awb);
    expect(row).toMatchObject({ source: 'poll', courier: 'delhivery', billed_on: day, dispute_by: sevenLater, status: 'open', order_id: weighed.id, company_id: conns.delhivery.companyId });
    expect(Number(row.billed_weight_g)).toBe(1700);
    expect(Number(row.difference_g)).toBe(500);
    expect(await charges(notYet.awb)).toEqual([]);
    const kept = await charges(pushedFirst.awb);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ source: 'push' });
    expect(Number(kept[0].billed_weight_g)).toBe(1500);

    // Seller and finance see it on Weight disputes, marked as read from the tracking answer.
    const seen = (await seller.json('/api/weight-reconciliation')).body.rows as { awb: string; source: string; billedWeightG: number }[];
    expect(seen.find((x) => x.awb === weighed.awb)).toMatchObject({ source: 'poll', billedWeightG: 1700 });
    // Asked again next hour: nothing doubled.
    const again = await runPoll(conns.delhivery.id, new Date(at.getTime() + 3600_000));
    expect(again.billed).toBe(0);
    expect(await charges(weighed.awb)).toHaveLength(1);
  });

  it('asks Shiprocket by AWB; a courier answering 5xx leaves the shipment for the next run', async () => {
    const o = await booked('shiprocket');
    const at = new Date(Date.now() + 4 * 3600_000);
    sr.st.mode = 'fail';
    const failed = await runPoll(conns.shiprocket.id, at);
    sr.st.mode = 'ok';
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect((await orderOf(o.id)).status).toBe('READY_TO_SHIP');
    await runPoll(conns.shiprocket.id, at);
    expect((await orderOf(o.id)).status).toBe('OUT_FOR_DELIVERY');
    expect((await carrierTrails(o.id)).map((t) => t.description)).toEqual(['Manifested - Manifest uploaded', 'In Transit - Shipment picked up', 'Dispatched - Out for delivery']);
  });
});
