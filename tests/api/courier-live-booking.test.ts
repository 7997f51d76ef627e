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
