// Shiprocket at READY TO SHIP, through the company's own account, against a
// local server answering as Shiprocket documents (tests/fixtures/couriers/):
// offered in the courier choice only to a company connected to it, with the
// rate Shiprocket itself answers (its rate table when it does not), booked
// through the live booking path; then its pickup and NDR calls.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { drainJobs } from '../../edge-api/jobs/runner';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { reattemptDates } from '../../domain/tracking';
import { listen, shiprocketServer } from '../db/courier-servers';
import { makeTestApp, signInDemo, type Agent } from './helpers';
import { company, orderPicker } from './orders-fixtures';

const log = pino({ level: 'silent' });
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let admin: Agent;
let orderIn: ReturnType<typeof orderPicker>;
let srUrl = '';
let companyIndex = 0;
let connId = '';
const sr = shiprocketServer();

type Quote = { code: string; name: string; serviceable: boolean; ratePaise: number | null; reason: string | null; rateNote: string | null; via: { id: string; name: string } | null };

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 200 });
  seller = await signInDemo(ctx.app, 'seller');
  admin = await signInDemo(ctx.app, 'admin');
  orderIn = orderPicker(ctx.db);
  srUrl = await listen(sr.server);
}, 120_000);
afterAll(() => sr.server.close());

const sellerCompany = async () => (await ctx.db.selectFrom('users').select('company_id').where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow()).company_id!;
const placed = (i = companyIndex) => orderIn(i, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null, payment_mode: 'prepaid' });
const orderRow = (id: string) => ctx.db.selectFrom('orders').select(['status', 'tracking_number', 'shipper', 'warehouse_id', 'weight_g']).where('id', '=', id).executeTakeFirstOrThrow();
const quotesOf = async (who: Agent, id: string): Promise<Quote[]> => {
  const r = await who.json(`/api/orders/${id}/couriers`);
  expect(r.status).toBe(200);
  return r.body.data.quotes;
};
const rts = (id: string) => seller.json(`/api/orders/${id}/ready-to-ship?courier=shiprocket`, { method: 'PATCH' });

describe('Shiprocket in the courier choice at READY TO SHIP', () => {
  it('is not offered to a company with no Shiprocket account, and cannot be booked there', async () => {
    const mine = await sellerCompany();
    companyIndex = [0, 1, 2, 3].find((i) => company(i) === mine)!;
    const id = await placed();
    const quotes = await quotesOf(seller, id);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.map((q) => q.code)).not.toContain('shiprocket');
    const r = await rts(id);
    expect(r.status).toBe(400);
    expect((await orderRow(id)).status).toBe('PLACED');
    expect(sr.st.serviceability).toHaveLength(0);
  });

  it("a company connected to Shiprocket sees it with the rate Shiprocket answers for the order's weight; other companies still do not", async () => {
    const r = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'shiprocket', label: 'Shiprocket', baseUrl: srUrl, settings: { defaultPickupLocation: 'Okhla Home' }, secrets: { email: 'api@seller.in', password: 'sr-secret-pw' } },
    });
    expect(r.status).toBe(201);
    connId = r.body.connection.id;
    const id = await placed();
    const { weight_g } = await orderRow(id);
    const quotes = await quotesOf(seller, id);
    const shiprocket = quotes.find((q) => q.code === 'shiprocket');
    // The fixture's recommended courier (Ekart Logistics Surface, id 43) costs ₹71.25.
    expect(shiprocket).toMatchObject({ name: 'Shiprocket', serviceable: true, ratePaise: 7125, reason: null, rateSource: 'courier', rateNote: null, via: { id: '43', name: 'Ekart Logistics Surface' } });
    const asked = sr.st.serviceability.at(-1)!;
    expect(asked).toMatchObject({ delivery_postcode: expect.stringMatching(/^\d{6}$/), cod: '0', weight: String(Number(weight_g) / 1000) });

    const other = [0, 1, 2, 3].find((i) => i !== companyIndex)!;
    const theirs = await quotesOf(admin, await placed(other));
    expect(theirs.map((q) => q.code)).not.toContain('shiprocket');
  });

  it("Shiprocket down leaves it in the choice, priced by Shiprocket's rate table", async () => {
    const id = await placed();
    sr.st.serviceabilityDown = true;
    const quotes = await quotesOf(seller, id);
    sr.st.serviceabilityDown = false;
    const shiprocket = quotes.find((q) => q.code === 'shiprocket')!;
    expect(shiprocket.serviceable).toBe(true);
    expect(shiprocket.ratePaise).toBeGreaterThan(0);
    expect(shiprocket.ratePaise).not.toBe(7125);
    expect(shiprocket).toMatchObject({ rateSource: 'table', via: null, rateNote: "Shiprocket did not give its price (Shiprocket answered 503); this is its rate table's price" });
  });

  it("Shiprocket answering after our wait: its rate table's price, said so, asked once", async () => {
    const id = await placed();
    const conn = (await seller.json('/api/integrations/connections?kind=shiprocket')).body.connections[0];
    const setTimeoutS = async (timeoutS: number | undefined) => expect((await seller.json(`/api/integrations/connections/${connId}`, { method: 'PATCH', body: { settings: { ...conn.settings, timeoutS } } })).status).toBe(200);
    await setTimeoutS(1);
    sr.st.serviceabilityMode = 'late';
    const asked = sr.st.serviceability.length;
    const shiprocket = (await quotesOf(seller, id)).find((q) => q.code === 'shiprocket')!;
    sr.st.serviceabilityMode = 'ok';
    await setTimeoutS(undefined);
    expect(sr.st.serviceability.length - asked).toBe(1);
    expect(shiprocket).toMatchObject({ serviceable: true, rateSource: 'table', via: null, rateNote: "Shiprocket did not give its price (Shiprocket did not answer within 1 s); this is its rate table's price" });
    expect(shiprocket.ratePaise).not.toBe(7125);
  });

  it("a pincode Shiprocket serves with no courier is unserviceable in Shiprocket's words", async () => {
    const id = await placed();
    await ctx.db.updateTable('orders').set({ shipping_pincode: '999999' }).where('id', '=', id).execute();
    const shiprocket = (await quotesOf(seller, id)).find((q) => q.code === 'shiprocket')!;
    expect(shiprocket).toMatchObject({ serviceable: false, ratePaise: null, reason: 'No courier serviceable for this pincode' });
  });

  it("books through the live path: READY TO SHIP with Shiprocket's AWB, once, the booking at Shiprocket's rate", async () => {
    sr.st.mode = 'ok';
    const id = await placed();
    const before = sr.st.creates;
    const r = await rts(id);
    expect(r.status).toBe(200);
    const o = await orderRow(id);
    expect(o).toMatchObject({ status: 'READY_TO_SHIP', shipper: 'Shiprocket', tracking_number: sr.st.orders.get(id)!.awb });
    expect(sr.st.creates - before).toBe(1);
    // Pinned to the courier that was priced (Ekart Logistics Surface, 43), not left to Shiprocket's choice.
    expect(sr.st.assigns.at(-1)).toEqual({ shipment_id: sr.st.orders.get(id)!.shipmentId, courier_id: 43 });
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'booked', courierCode: 'shiprocket', courierName: 'Shiprocket', awb: o.tracking_number, ratePaise: 7125 });
    expect((await rts(id)).status).toBe(409);
    expect(sr.st.creates - before).toBe(1);
  });

  it("the seller's pick names the courier they saw priced; a courier no longer available is Shiprocket's refusal, the order stays PLACED, nothing re-routed", async () => {
    const id = await placed();
    const quote = (await quotesOf(seller, id)).find((q) => q.code === 'shiprocket')!;
    expect(quote.via).toEqual({ id: '43', name: 'Ekart Logistics Surface' });
    const assigned = sr.st.assigns.length;
    sr.st.unavailableCouriers.add(43);
    const r = await seller.json(`/api/orders/${id}/ready-to-ship?courier=shiprocket&via=43`, { method: 'PATCH' });
    sr.st.unavailableCouriers.delete(43);
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Shiprocket refused the booking: Selected courier (43) is not available for this shipment. Please select another courier.');
    expect((await orderRow(id)).status).toBe('PLACED');
    // One assign call, naming 43: no second try with another courier or with none.
    expect(sr.st.assigns.slice(assigned)).toEqual([{ shipment_id: sr.st.orders.get(id)!.shipmentId, courier_id: 43 }]);
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'refused', courierCode: 'shiprocket', awb: null });

    // Once the courier takes shipments again, a new attempt finds the order at Shiprocket and assigns the same courier on it.
    const creates = sr.st.creates;
    const again = await seller.json(`/api/orders/${id}/ready-to-ship?courier=shiprocket&via=43`, { method: 'PATCH' });
    expect(again.status).toBe(200);
    expect(sr.st.creates).toBe(creates);
    expect(sr.st.assigns.at(-1)).toEqual({ shipment_id: sr.st.orders.get(id)!.shipmentId, courier_id: 43 });
    expect(await orderRow(id)).toMatchObject({ status: 'READY_TO_SHIP', tracking_number: sr.st.orders.get(id)!.awb });
  });

  it('a pick priced with a courier Shiprocket no longer offers first is refused before anything is booked: look again', async () => {
    const id = await placed();
    const [creates, assigned] = [sr.st.creates, sr.st.assigns.length];
    const r = await seller.json(`/api/orders/${id}/ready-to-ship?courier=shiprocket&via=10`, { method: 'PATCH' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe("Shiprocket's offer for this order changed since you looked; please check the price and confirm again");
    expect([sr.st.creates, sr.st.assigns.length]).toEqual([creates, assigned]);
    expect((await orderRow(id)).status).toBe('PLACED');
  });

  it("a refusal leaves the order PLACED with Shiprocket's own reason", async () => {
    const id = await placed();
    sr.st.mode = 'refuse';
    const r = await rts(id);
    sr.st.mode = 'ok';
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Shiprocket refused the booking: .*Delivery pincode is not serviceable/);
    expect((await orderRow(id)).status).toBe('PLACED');
  });
});

describe('bulk Mark Ready To Ship with Shiprocket first in the courier order', () => {
  it("books each order at Shiprocket through the live path; Shiprocket's refusal is that order's reason", async () => {
    const prefs = await seller.json('/api/ums/profile/preferences', {
      method: 'POST', body: { printItemLabel: false, hideCustomerPhoneOnLabel: false, courierProvider1: 'shiprocket', courierProvider2: null, maxWeightWhiteLabelG: null, returnToOtherWarehouse: false },
    });
    expect(prefs.status).toBe(200);
    const [a, b] = [await placed(), await placed()];
    const before = sr.st.creates;
    const run = async (id: string) => {
      const r = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: id } });
      expect(r.status).toBe(202);
      await drainJobs(ctx.dbh, config, log, JOB_HANDLERS);
      return (await seller.json(`/api/jobs/${r.body.jobId}`)).body;
    };
    await run(a);
    expect(await orderRow(a)).toMatchObject({ status: 'READY_TO_SHIP', shipper: 'Shiprocket', tracking_number: sr.st.orders.get(a)!.awb });
    expect(sr.st.creates - before).toBe(1);

    sr.st.mode = 'refuse';
    const job = await run(b);
    sr.st.mode = 'ok';
    expect((await orderRow(b)).status).toBe('PLACED');
    expect(JSON.stringify(job)).toMatch(/Shiprocket refused the booking: .*Delivery pincode is not serviceable/);
    await seller.json('/api/ums/profile/preferences', {
      method: 'POST', body: { printItemLabel: false, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: null, returnToOtherWarehouse: false },
    });
  });
});

describe('a pickup asked of Shiprocket', () => {
  const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  it("asks for the warehouse's waiting Shiprocket parcels by their shipment ids, and answers in Shiprocket's words", async () => {
    const id = await placed();
    expect((await rts(id)).status).toBe(200);
    const { warehouse_id: warehouse } = await orderRow(id);
    const waiting = await ctx.db.selectFrom('orders').select('id').where('status', '=', 'READY_TO_SHIP').where('warehouse_id', '=', warehouse!)
      .where('id', 'in', [...sr.st.orders.keys()]).execute();
    const r = await seller.json(`/api/integrations/connections/${connId}/pickup`, { method: 'POST', body: { warehouseId: warehouse, date: today(), time: '11:00' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, parcels: waiting.length, message: 'Pickup is scheduled for Nov 28, 2026 between 10:00 AM to 07:00 PM' });
    expect([...sr.st.pickupRequests.at(-1)!].sort()).toEqual(waiting.map((w) => sr.st.orders.get(w.id)!.shipmentId).sort());

    sr.st.pickupRefused = true;
    const refused = await seller.json(`/api/integrations/connections/${connId}/pickup`, { method: 'POST', body: { warehouseId: warehouse, date: today(), time: '11:00' } });
    sr.st.pickupRefused = false;
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ ok: false, message: 'Shiprocket refused the pickup: Already in Pickup Queue.' });
  });
});

describe('NDR instructions sent on to Shiprocket', () => {
  const undelivered = async () => {
    const id = await placed();
    expect((await rts(id)).status).toBe(200);
    await ctx.db.updateTable('orders').set({ status: 'UNDELIVERED' }).where('id', '=', id).execute();
    return { id, awb: (await orderRow(id)).tracking_number! };
  };
  const timeline = async (id: string) => (await ctx.db.selectFrom('order_trails').select('description').where('order_id', '=', id).orderBy('created_at').orderBy('id').execute()).map((t) => t.description);

  it("re-attempt, address change and return to origin reach Shiprocket's NDR action, and its answer is on the timeline", async () => {
    const a = await undelivered();
    const sent = sr.st.ndr.length;
    const date = reattemptDates()[0];
    expect((await seller.json(`/api/orders/${a.id}/ndr/reattempt`, { method: 'POST', body: { date, slot: 'morning' } })).status).toBe(200);
    expect((await seller.json(`/api/orders/${a.id}/ndr/address`, { method: 'POST', body: { address1: '14, 2nd Cross, Indiranagar', phone: '9876501234' } })).status).toBe(200);
    const b = await undelivered();
    expect((await seller.json(`/api/orders/${b.id}/ndr/rto`, { method: 'POST', body: {} })).status).toBe(200);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    expect(sr.st.ndr.slice(sent)).toEqual([
      { awb: a.awb, action: 're-attempt', comments: `Re-attempt on ${date}` },
      { awb: a.awb, action: 're-attempt', comments: expect.stringMatching(/^Re-attempt with new address: 14, 2nd Cross, Indiranagar.*; new phone: 9876501234$/) },
      { awb: b.awb, action: 'return', comments: 'Return to origin requested by the seller' },
    ]);
    const ta = await timeline(a.id);
    expect(ta).toContain('Shiprocket accepted the re-attempt request: Data Updated Sucessfully');
    expect(ta).toContain('Shiprocket accepted the address change request: Data Updated Sucessfully');
    expect(await timeline(b.id)).toContain('Shiprocket accepted the return to origin request: Data Updated Sucessfully');
  });

  it("a refused instruction is said on the timeline in Shiprocket's words and left in the seller's failed list", async () => {
    const o = await undelivered();
    expect((await seller.json(`/api/orders/${o.id}/ndr/reattempt`, { method: 'POST', body: { date: reattemptDates()[0], slot: 'evening' } })).status).toBe(200);
    sr.st.mode = 'refuse';
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    sr.st.mode = 'ok';
    expect(await timeline(o.id)).toContain('Shiprocket refused the re-attempt request: NDR action can not be taken on this AWB');
    const failed = await seller.json('/api/integrations/tasks?status=failed&kind=courier.ndr');
    expect(failed.body.tasks.filter((t: { subjectId: string }) => t.subjectId === o.id)).toHaveLength(1);
  });
});
