// READY TO SHIP through the company's own Delhivery account, against a local
// server answering as Delhivery documents (tests/fixtures/couriers/): a refusal
// leaves the order PLACED with Delhivery's own words; the courier down puts the
// booking in the retry queue the seller sees, and its later success moves the
// order to READY_TO_SHIP with the courier's AWB, booked once.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { delhiveryServer, listen } from '../db/courier-servers';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { makeTestApp, signInDemo, type Agent } from './helpers';
import { company, orderPicker } from './orders-fixtures';
import { reattemptDates } from '../../domain/tracking';

const log = pino({ level: 'silent' });
const config = defaultConfig({ dataDir: `/tmp/shipdesk-test-${process.pid}` });
let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let orderIn: ReturnType<typeof orderPicker>;
let companyIndex = 0;
const dl = delhiveryServer();

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 200 });
  seller = await signInDemo(ctx.app, 'seller');
  orderIn = orderPicker(ctx.db);
  const r = await seller.json('/api/integrations/connections', {
    method: 'POST', body: { kind: 'delhivery', label: 'Delhivery', baseUrl: await listen(dl.server), settings: { defaultPickupLocation: 'OKHLA SURFACE', timeoutS: 1 }, secrets: { token: 'dl-token' } },
  });
  expect(r.status).toBe(201);
  companyIndex = [0, 1, 2, 3].find((i) => company(i) === r.body.connection.companyId)!;
}, 120_000);
afterAll(() => dl.server.close());

const placed = () => orderIn(companyIndex, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null });
const orderRow = (id: string) => ctx.db.selectFrom('orders').select(['status', 'tracking_number', 'shipper']).where('id', '=', id).executeTakeFirstOrThrow();
const rts = (id: string) => seller.json(`/api/orders/${id}/ready-to-ship?courier=delhivery`, { method: 'PATCH' });

describe('READY TO SHIP through a live Delhivery account', () => {
  it("books at Delhivery and ships with Delhivery's AWB", async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    const r = await rts(id);
    expect(r.status).toBe(200);
    const o = await orderRow(id);
    expect(o.status).toBe('READY_TO_SHIP');
    expect(o.tracking_number).toBe(dl.st.byRef.get(id));
  });

  it('books from the pickup location the seller named for the order\'s warehouse; the API never shows the credentials', async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    const { warehouse_id: warehouse } = await ctx.db.selectFrom('orders').select('warehouse_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(warehouse).toBeTruthy();
    const list = await seller.json('/api/integrations/connections?kind=delhivery');
    const conn = list.body.connections[0];
    const patch = await seller.json(`/api/integrations/connections/${conn.id}`, {
      method: 'PATCH', body: { settings: { ...conn.settings, pickupLocations: { [warehouse!]: 'BLR WAREHOUSE 2' } }, secrets: { webhookToken: 'push-token-0123456789' } },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.connection.settings.pickupLocations).toEqual({ [warehouse!]: 'BLR WAREHOUSE 2' });
    expect(patch.body.connection.secretsSet).toEqual(['token', 'webhookToken']);
    expect(JSON.stringify(patch.body)).not.toMatch(/dl-token|push-token-0123456789/);
    expect(patch.body.connection.baseUrl).toBe(conn.baseUrl);
    expect((await rts(id)).status).toBe(200);
    expect(dl.st.pickups.at(-1)).toBe('BLR WAREHOUSE 2');
  });

  it("a refusal leaves the order PLACED, with Delhivery's own reason on the answer, the booking and the timeline", async () => {
    dl.st.mode = 'refuse';
    const id = await placed();
    const r = await rts(id);
    dl.st.mode = 'ok';
    expect(r.status).toBe(409);
    // The reason is the remark of the documented refusal (tests/fixtures/couriers/delhivery-create-refused.json).
    expect(r.body.message).toMatch(/^Delhivery refused the booking: .*pincode/i);
    expect((await orderRow(id)).status).toBe('PLACED');
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'refused', awb: null, courierCode: 'delhivery' });
    expect(booking.body.data.reason).toMatch(/pincode/i);
    const trail = await ctx.db.selectFrom('order_trails').select('description').where('order_id', '=', id).orderBy('created_at', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(trail.description).toBe(r.body.message);
  });

  it('the courier down queues the booking where the seller sees it; its later success moves the order to READY_TO_SHIP, booked once', async () => {
    dl.st.mode = 'fail';
    const id = await placed();
    const before = dl.st.creates;
    const r = await rts(id);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/^Delhivery could not take the booking now \(.*500.*\); it is queued and will be tried again$/);
    expect((await orderRow(id)).status).toBe('PLACED');
    const queue = await seller.json('/api/integrations/tasks?status=pending');
    const mine = queue.body.tasks.filter((t: { subjectId: string }) => t.subjectId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ kind: 'courier.book' });
    expect(mine[0].lastError).toMatch(/500/);

    dl.st.mode = 'ok';
    const later = new Date(Date.now() + 3600_000);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS, { now: () => later });
    const o = await orderRow(id);
    expect(o.status).toBe('READY_TO_SHIP');
    expect(o.tracking_number).toBe(dl.st.byRef.get(id));
    expect(dl.st.creates - before).toBe(1);
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'booked', awb: o.tracking_number, courierCode: 'delhivery' });
    // Asking again answers the order as it is: shipped, nothing booked twice.
    const again = await rts(id);
    expect(again.status).toBe(409);
    expect(dl.st.creates - before).toBe(1);
  });

  it('a queued booking the courier refuses later leaves the order PLACED with its reason', async () => {
    dl.st.mode = 'fail';
    const id = await placed();
    expect((await rts(id)).status).toBe(409);
    dl.st.mode = 'refuse';
    const later = new Date(Date.now() + 3600_000);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS, { now: () => later });
    dl.st.mode = 'ok';
    expect((await orderRow(id)).status).toBe('PLACED');
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'refused', awb: null });
    const failed = await seller.json('/api/integrations/tasks?status=failed');
    expect(failed.body.tasks.filter((t: { subjectId: string }) => t.subjectId === id)).toHaveLength(1);
  });
});

describe("the courier's own label", () => {
  const labels = async (ids: string[]) => {
    const r = await seller.request('/api/download/label', { method: 'POST', body: { orderId: ids } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/pdf');
    return readPdf(Buffer.from(await r.arrayBuffer()));
  };
  const shipAtDelhivery = async () => {
    const id = await placed();
    expect((await rts(id)).status).toBe(200);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    return id;
  };

  it("is fetched after the booking and printed in place of ours; a bulk download holds it beside our labels of other orders", async () => {
    dl.st.mode = 'ok';
    dl.st.noLabel = false;
    const id = await shipAtDelhivery();
    const [page] = await labels([id]);
    expect(page!.text).toContain('COURIER OWN LABEL');

    const demo = await orderIn(companyIndex, { status: 'READY_TO_SHIP', tracking_number: 'DL9876543210', shipper: 'Delhivery' });
    const pages = await labels([demo, id]);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.text).toContain('COURIER OWN LABEL');
    expect(pages[1]!.text).toContain('DL9876543210');
    expect(pages[1]!.text).not.toContain('COURIER OWN LABEL');
  });

  it('a courier that gives no label leaves our 4x6 label with its AWB', async () => {
    dl.st.noLabel = true;
    const id = await shipAtDelhivery();
    dl.st.noLabel = false;
    const awb = (await orderRow(id)).tracking_number!;
    const [page] = await labels([id]);
    expect(page!.text).toContain(awb);
    expect(page!.text).not.toContain('COURIER OWN LABEL');
  });
});

describe('NDR instructions sent on to the courier', () => {
  const undelivered = async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    expect((await rts(id)).status).toBe(200);
    await ctx.db.updateTable('orders').set({ status: 'UNDELIVERED' }).where('id', '=', id).execute();
    return { id, awb: (await orderRow(id)).tracking_number! };
  };
  const timeline = async (id: string) =>
    (await ctx.db.selectFrom('order_trails').select(['description', 'source']).where('order_id', '=', id).orderBy('created_at').orderBy('id').execute()).map((t) => t.description);

  it("the seller's re-attempt and address change reach Delhivery, and its answer is on the timeline", async () => {
    const o = await undelivered();
    const sent = dl.st.ndr.length;
    const r = await seller.json(`/api/orders/${o.id}/ndr/reattempt`, { method: 'POST', body: { date: reattemptDates()[0], slot: 'morning' } });
    expect(r.status).toBe(200);
    const a = await seller.json(`/api/orders/${o.id}/ndr/address`, { method: 'POST', body: { address1: '14, 2nd Cross, Indiranagar', phone: '9876501234' } });
    expect(a.status).toBe(200);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    const asked = dl.st.ndr.slice(sent);
    expect(asked).toEqual([
      { waybill: o.awb, act: 'RE-ATTEMPT' },
      { waybill: o.awb, act: 'EDIT_DETAILS', action_data: { add: '14, 2nd Cross, Indiranagar', phone: '9876501234' } },
    ]);
    const t = await timeline(o.id);
    expect(t).toContain(`Delhivery accepted the re-attempt request: request id req-${sent + 1}`);
    expect(t).toContain(`Delhivery accepted the address change request: request id req-${sent + 2}`);
  });

  it("a return to origin Delhivery's API does not take is said on the timeline and left in the seller's failed list", async () => {
    const o = await undelivered();
    const r = await seller.json(`/api/orders/${o.id}/ndr/rto`, { method: 'POST', body: {} });
    expect(r.status).toBe(200);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    expect(await timeline(o.id)).toContain('Delhivery refused the return to origin request: Delhivery takes no return-to-origin request through its API: ask its support desk');
    const failed = await seller.json('/api/integrations/tasks?status=failed&kind=courier.ndr');
    expect(failed.body.tasks.filter((t: { subjectId: string }) => t.subjectId === o.id)).toHaveLength(1);
  });

  it('an order of a demo courier sends nothing', async () => {
    const demo = await orderIn(companyIndex, { status: 'UNDELIVERED', tracking_number: 'DL5555555555', shipper: 'Delhivery' });
    const sent = dl.st.ndr.length;
    expect((await seller.json(`/api/orders/${demo}/ndr/reattempt`, { method: 'POST', body: { date: reattemptDates()[0], slot: 'evening' } })).status).toBe(200);
    await drainTasks(ctx.dbh, config, log, TASK_HANDLERS);
    expect(dl.st.ndr.length).toBe(sent);
  });
});

describe('a pickup asked of Delhivery', () => {
  const today = () => new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  it("asks for the warehouse's waiting parcels at its named pickup location, and answers in Delhivery's words", async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    expect((await rts(id)).status).toBe(200);
    const { warehouse_id: warehouse } = await ctx.db.selectFrom('orders').select('warehouse_id').where('id', '=', id).executeTakeFirstOrThrow();
    const conn = (await seller.json('/api/integrations/connections?kind=delhivery')).body.connections[0];
    const waiting = await ctx.db.selectFrom('orders').select('id').where('status', '=', 'READY_TO_SHIP').where('warehouse_id', '=', warehouse!)
      .where('id', 'in', [...dl.st.byRef.keys()]).execute();
    const r = await seller.json(`/api/integrations/connections/${conn.id}/pickup`, { method: 'POST', body: { warehouseId: warehouse, date: today(), time: '14:30' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: true, ok: true, parcels: waiting.length });
    expect(r.body.message).toMatch(new RegExp(`^Delhivery will collect ${waiting.length} parcel\\(s\\) on ${today()} \\(pickup id \\d+\\)$`));
    expect(dl.st.pickupRequests.at(-1)).toEqual({
      pickup_time: '14:30:00', pickup_date: today(), pickup_location: conn.settings.pickupLocations?.[warehouse!] ?? 'OKHLA SURFACE', expected_package_count: waiting.length,
    });

    dl.st.mode = 'refuse';
    const refused = await seller.json(`/api/integrations/connections/${conn.id}/pickup`, { method: 'POST', body: { warehouseId: warehouse, date: today(), time: '14:30' } });
    dl.st.mode = 'ok';
    expect(refused.body).toMatchObject({ ok: false, message: 'Delhivery refused the pickup: ClientWarehouse matching query does not exist.' });
  });

  it('refuses a day outside the week ahead, a warehouse with nothing waiting, and asks nothing of Delhivery', async () => {
    const conn = (await seller.json('/api/integrations/connections?kind=delhivery')).body.connections[0];
    const sent = dl.st.pickupRequests.length;
    const past = await seller.json(`/api/integrations/connections/${conn.id}/pickup`, { method: 'POST', body: { warehouseId: 'w-none', date: '2020-01-01', time: '10:00' } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Choose a pickup date from today to 7 days ahead');
    const badTime = await seller.json(`/api/integrations/connections/${conn.id}/pickup`, { method: 'POST', body: { warehouseId: 'w-none', date: today(), time: '25:00' } });
    expect(badTime.status).toBe(400);
    const none = await seller.json(`/api/integrations/connections/${conn.id}/pickup`, { method: 'POST', body: { warehouseId: 'w-none', date: today(), time: '10:00' } });
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No parcel of this warehouse is waiting for this courier');
    expect(dl.st.pickupRequests.length).toBe(sent);
  });
});

describe('the courier choice asks Delhivery itself, falling back to the rate tables', () => {
  const delhiveryQuote = async (id: string) => {
    const r = await seller.json(`/api/orders/${id}/couriers`);
    expect(r.status).toBe(200);
    return { delhivery: r.body.data.quotes.find((q: { code: string }) => q.code === 'delhivery'), others: r.body.data.quotes.filter((q: { code: string }) => q.code !== 'delhivery') };
  };
  const setLive = async (status: 'active' | 'disabled') => {
    const conn = (await seller.json('/api/integrations/connections?kind=delhivery')).body.connections[0];
    expect((await seller.json(`/api/integrations/connections/${conn.id}`, { method: 'PATCH', body: { status } })).status).toBe(200);
  };

  it("a pincode Delhivery says it does not serve is unserviceable in Delhivery's words, while the tables would take it; Delhivery down leaves the tables' answer", async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    const { shipping_pincode: pin } = await ctx.db.selectFrom('orders').select('shipping_pincode').where('id', '=', id).executeTakeFirstOrThrow();
    await setLive('disabled');
    const tables = await delhiveryQuote(id);
    await setLive('active');
    expect(tables.delhivery.serviceable).toBe(true);

    dl.st.unserved.add(pin);
    const asked = dl.st.pinChecks;
    const live = await delhiveryQuote(id);
    dl.st.unserved.delete(pin);
    expect(dl.st.pinChecks).toBeGreaterThan(asked);
    expect(live.delhivery).toMatchObject({ serviceable: false, reason: `Delhivery does not deliver to pincode ${pin}`, ratePaise: null });
    expect(live.others).toEqual(tables.others);

    dl.st.mode = 'fail';
    const down = await delhiveryQuote(id);
    dl.st.mode = 'ok';
    expect(down.delhivery).toEqual({ ...tables.delhivery, rateNote: "Delhivery did not give its price (Delhivery answered 500); this is its rate table's price" });
    expect(tables.delhivery).toMatchObject({ rateSource: 'table', rateNote: null });
  });

  it("shows Delhivery's own price for the order (its total_amount, to the paisa), asked with the order's lane, weight and payment; the booking is at that price", async () => {
    dl.st.mode = 'ok';
    dl.st.rateMode = 'ok';
    const id = await placed();
    const o = await ctx.db.selectFrom('orders').select(['pickup_pincode', 'shipping_pincode', 'weight_g', 'payment_mode']).where('id', '=', id).executeTakeFirstOrThrow();
    const asked = dl.st.rateRequests.length;
    const { delhivery } = await delhiveryQuote(id);
    // tests/fixtures/couriers/delhivery-charges.json: total_amount 97.9636 (gross_amount 83.02 plus 18% tax).
    expect(delhivery).toMatchObject({ serviceable: true, ratePaise: 9796, rateSource: 'courier', rateNote: null, via: null });
    expect(dl.st.rateRequests.slice(asked)).toEqual([{
      md: 'S', ss: 'Delivered', o_pin: o.pickup_pincode, d_pin: o.shipping_pincode, cgm: String(o.weight_g), pt: o.payment_mode === 'cod' ? 'COD' : 'Pre-paid',
      ...(o.payment_mode === 'cod' ? { cod: expect.any(String) } : {}), authorization: 'Token dl-token',
    }]);

    expect((await rts(id)).status).toBe(200);
    const booking = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(booking.body.data).toMatchObject({ status: 'booked', courierCode: 'delhivery', ratePaise: 9796 });
  });

  it('a cash-on-delivery order is priced with its COD amount in rupees, COD charge included', async () => {
    dl.st.rateMode = 'ok';
    const id = await orderIn(companyIndex, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null, payment_mode: 'cod', cod_paise: 124_950 });
    const { delhivery } = await delhiveryQuote(id);
    expect(dl.st.rateRequests.at(-1)).toMatchObject({ pt: 'COD', cod: '1249.5' });
    // The local Delhivery adds its documented COD charge: total_amount 133.3636.
    expect(delhivery).toMatchObject({ serviceable: true, ratePaise: 13336, rateSource: 'courier' });
  });

  it("Delhivery's price call failing, answering after our wait or throttling us: the rate table's price, and the choice says so", async () => {
    dl.st.mode = 'ok';
    const id = await placed();
    await setLive('disabled');
    const tables = (await delhiveryQuote(id)).delhivery;
    await setLive('active');

    dl.st.rateMode = 'fail';
    const failed = (await delhiveryQuote(id)).delhivery;
    expect(failed).toEqual({ ...tables, rateNote: "Delhivery did not give its price (Delhivery answered 500); this is its rate table's price" });

    dl.st.rateMode = 'late';
    const asked = dl.st.rateRequests.length;
    const late = (await delhiveryQuote(id)).delhivery;
    dl.st.rateMode = 'ok';
    // The connection waits 1 s (timeoutS); the price call is tried once while the seller waits.
    expect(dl.st.rateRequests.length - asked).toBe(1);
    expect(late).toEqual({ ...tables, rateNote: "Delhivery did not give its price (Delhivery did not answer within 1 s); this is its rate table's price" });
    expect(late.ratePaise).not.toBe(9796);

    // Throttled (more than 40 price calls a minute): not waited for while the seller waits.
    dl.st.rateMode = 'throttled';
    const throttled = (await delhiveryQuote(id)).delhivery;
    dl.st.rateMode = 'ok';
    expect(throttled).toEqual({ ...tables, rateNote: "Delhivery did not give its price (Delhivery asked us to slow down); this is its rate table's price" });
  });
});
