import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { company, lastTrail, orderPicker, snapshot } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let dbh: Awaited<ReturnType<typeof makeTestApp>>['dbh'];
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent; // company 0: Clickpost active
let admin: Agent;
let warehouse: Agent;
let orderIn: ReturnType<typeof orderPicker>;

const PREFS = {
  printItemLabel: true, hideCustomerPhoneOnLabel: false,
  courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: null, returnToOtherWarehouse: false,
};

beforeAll(async () => {
  ({ app, dbh, db } = await makeTestApp({ orders: 300 }));
  [seller, admin, warehouse] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin'), signInDemo(app, 'warehouse')]);
  orderIn = orderPicker(db);
}, 60_000);

/** A PLACED order of `companyIndex` with no courier yet, shipping between two known pincodes. */
const placed = (companyIndex: number, set: Record<string, unknown> = {}) =>
  orderIn(companyIndex, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null, pickup_pincode: '421302', shipping_pincode: '560001', weight_g: 800, payment_mode: 'prepaid', cod_paise: 0, ...set });

describe('delivery partners and company search', () => {
  it('lists the delivery partners as responseBody.deliveryPartners{name, status}', async () => {
    const r = await seller.json('/api/ums/profile/deliveryPartners');
    expect(r.status).toBe(200);
    const names = r.body.responseBody.deliveryPartners.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['Delhivery', 'Blue Dart', 'Xpressbees', 'Ekart Logistics', 'Clickpost']));
    expect(r.body.responseBody.deliveryPartners[0]).toMatchObject({ name: expect.any(String), status: 1 });
  });

  it('finds companies by part of their name, for admins only', async () => {
    const r = await admin.json('/api/ums/profile/companies/find?companyName=khadi');
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual([{ id: company(1), name: 'Khadi Threads LLP' }]);
    expect((await seller.json('/api/ums/profile/companies/find?companyName=khadi')).status).toBe(403);
  });
});

describe('preferences', () => {
  it('starts from the defaults, saves the switches and courier order, and reads them back', async () => {
    const first = await seller.json('/api/ums/profile/preferences');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ printItemLabel: false, courierProvider1: null, companyId: company(0), clickpostActive: true, canEditMaxWeight: false });
    const saved = await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, courierProvider1: 'delhivery', courierProvider2: 'bluedart' } });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Preferences saved');
    const again = await seller.json('/api/ums/profile/preferences');
    expect(again.body.data).toMatchObject({ printItemLabel: true, courierProvider1: 'delhivery', courierProvider2: 'bluedart' });
  });

  it('lets only an admin change the maximum weight for white label', async () => {
    const r = await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, maxWeightWhiteLabelG: 5000 } });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Only an admin can change the maximum weight for white label');
    expect((await seller.json('/api/ums/profile/preferences')).body.data.maxWeightWhiteLabelG).toBeNull();
  });

  it('needs a company chosen first in the admin view', async () => {
    const r = await admin.json('/api/ums/profile/preferences');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Please select a company');
    const ok = await admin.json(`/api/ums/profile/preferences?companyId=${company(1)}`);
    expect(ok.body.data).toMatchObject({ companyName: 'Khadi Threads LLP', canEditMaxWeight: true, clickpostActive: false });
  });

  it('allows return-to-other-warehouse only when the company ships through Clickpost', async () => {
    const refused = await admin.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, companyId: company(1), returnToOtherWarehouse: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Return to other warehouse is available only when the Clickpost provider is active');
    const ok = await admin.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, companyId: company(0), returnToOtherWarehouse: true, courierProvider1: 'delhivery', courierProvider2: 'bluedart' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.returnToOtherWarehouse).toBe(true);
  });

  it('refuses a courier that is not an active partner and the same courier twice', async () => {
    const bad = await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, courierProvider1: 'dhl' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please select an active courier');
    const twice = await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, courierProvider1: 'ekart', courierProvider2: 'ekart' } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Please choose two different couriers');
  });

  it('is not for warehouse users', async () => {
    expect((await warehouse.json('/api/ums/profile/preferences')).status).toBe(403);
  });
});

describe('courier choice at ready-to-ship', () => {
  it('quotes every courier with price, delivery date and COD, defaulting to the preference order', async () => {
    await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, courierProvider1: 'bluedart', courierProvider2: 'delhivery' } });
    const id = await placed(0);
    const r = await seller.json(`/api/orders/${id}/couriers`);
    expect(r.status).toBe(200);
    expect(r.body.data.defaultCourier).toBe('bluedart');
    const bd = r.body.data.quotes.find((q: { code: string }) => q.code === 'bluedart');
    // Bhiwandi (MH) → Bengaluru: rest of India; 800 g = first 500 g + one 500 g slab of the Blue Dart card.
    expect(bd).toMatchObject({ serviceable: true, zone: 'rest_of_india', ratePaise: 8600 + Math.round(8600 * 0.8), codAvailable: true, edd: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const cheapest = r.body.data.quotes[0];
    expect(cheapest.ratePaise).toBeLessThanOrEqual(bd.ratePaise);
  });

  it('books the default courier and records courier, rate and AWB on the order', async () => {
    const id = await placed(0);
    const r = await seller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'READY_TO_SHIP', shipper: 'Blue Dart' });
    expect(r.body.data.trackingNumber).toMatch(/^BD\d{11}$/);
    const b = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(b.body.data).toMatchObject({ courierCode: 'bluedart', awb: r.body.data.trackingNumber, ratePaise: 8600 + 6880, status: 'booked' });
  });

  it('books the courier the seller picked instead of the default', async () => {
    const id = await placed(0);
    const r = await seller.json(`/api/orders/${id}/ready-to-ship?courier=xpressbees`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    expect(r.body.data.shipper).toBe('Xpressbees');
    expect(r.body.booking).toMatchObject({ courierCode: 'xpressbees', awb: r.body.data.trackingNumber, ratePaise: 6200 + Math.round(6200 * 0.8) });
  });

  it('leaves the order PLACED with the partner reason when the courier refuses', async () => {
    const id = await placed(0, { weight_g: 25_000 });
    const before = await snapshot(db, id);
    const r = await seller.json(`/api/orders/${id}/ready-to-ship?courier=xpressbees`, { method: 'PATCH' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Xpressbees refused the booking: Xpressbees carries at most 20 kg');
    const after = await snapshot(db, id);
    expect(after.order.status).toBe('PLACED');
    expect(after.order.tracking_number).toBeNull();
    expect(after.trails).toBe(before.trails + 1);
    expect((await lastTrail(db, id)).description).toBe('Xpressbees refused the booking: Xpressbees carries at most 20 kg');
    const b = await seller.json(`/api/orders/${id}/courier-booking`);
    expect(b.body.data).toMatchObject({ status: 'refused', reason: 'Xpressbees carries at most 20 kg', awb: null });
  });

  it('refuses a COD order to a courier that collects no cash there', async () => {
    // Guwahati-region pincodes (79…) are served by Blue Dart without COD.
    const id = await placed(0, { shipping_pincode: '795001', payment_mode: 'cod', cod_paise: 50_000 });
    const q = await seller.json(`/api/orders/${id}/couriers`);
    expect(q.body.data.quotes.find((x: { code: string }) => x.code === 'bluedart')).toMatchObject({ serviceable: false, codAvailable: false });
    expect(q.body.data.quotes.find((x: { code: string }) => x.code === 'xpressbees')).toMatchObject({ serviceable: false, reason: 'Xpressbees does not deliver to pincode 795001' });
    const r = await seller.json(`/api/orders/${id}/ready-to-ship?courier=bluedart`, { method: 'PATCH' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Blue Dart refused the booking: Blue Dart does not collect cash on delivery at pincode 795001');
  });

  it('enforces the maximum weight for white label set by the admin', async () => {
    const set = await admin.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, companyId: company(0), courierProvider1: 'bluedart', maxWeightWhiteLabelG: 2000 } });
    expect(set.status).toBe(200);
    const heavy = await placed(0, { weight_g: 2500 });
    const before = await snapshot(db, heavy);
    const r = await seller.json(`/api/orders/${heavy}/ready-to-ship`, { method: 'PATCH' });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Order weight 2500 g is above the maximum weight for white label (2000 g)');
    expect(await snapshot(db, heavy)).toEqual(before);
    const light = await placed(0, { weight_g: 2000 });
    expect((await seller.json(`/api/orders/${light}/ready-to-ship`, { method: 'PATCH' })).status).toBe(200);
    await admin.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, companyId: company(0), courierProvider1: 'bluedart', maxWeightWhiteLabelG: null } });
  });

  it('books bulk ready-to-ship through the same allocation and reports refusals', async () => {
    const ok = await placed(0);
    const tooHeavyForAll = await placed(0, { weight_g: 60_000 });
    const r = await seller.json('/api/bulkreadytoship/', { method: 'POST', body: { orderids: `${ok},${tooHeavyForAll}` } });
    expect(r.status).toBe(202);
    await drainJobs(dbh, defaultConfig(), pino({ level: 'silent' }), JOB_HANDLERS);
    const job = await seller.json(`/api/jobs/${r.body.jobId}`);
    expect(job.body.job.result).toMatchObject({ succeeded: 1, failed: [{ orderId: tooHeavyForAll, reason: 'No courier can take this order' }] });
    const b = await seller.json(`/api/orders/${ok}/courier-booking`);
    expect(b.body.data).toMatchObject({ courierCode: 'bluedart', status: 'booked' });
  });
});

describe('saved preferences take effect on the label PDF', () => {
  it('adds one item label per item line when printItemLabel is on', async () => {
    const id = await orderIn(0, { status: 'READY_TO_SHIP', tracking_number: 'DL12345678901' });
    const items = await db.selectFrom('order_items').select(['sku']).where('order_id', '=', id).execute();
    const label = async () => {
      const r = await seller.request('/api/download/label', { method: 'POST', body: { orderId: [id] } });
      expect(r.status).toBe(200);
      return readPdf(Buffer.from(await r.arrayBuffer()));
    };
    await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, printItemLabel: false } });
    expect(await label()).toHaveLength(1);
    await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, printItemLabel: true } });
    const pages = await label();
    expect(pages).toHaveLength(1 + items.length);
    expect(pages.slice(1).every((p) => p.text.includes('ITEM LABEL'))).toBe(true);
    const printed = pages.slice(1).map((p) => p.text.match(/SKU: (\S+)/)?.[1]);
    expect(printed.sort()).toEqual(items.map((i) => i.sku).sort());
  });
});

describe('hideCustomerPhoneOnLabel', () => {
  it("leaves the buyer's phone off the label when on", async () => {
    const id = await orderIn(0, { status: 'READY_TO_SHIP', tracking_number: 'DL12345678902' });
    const { customer_phone } = await db.selectFrom('orders').select('customer_phone').where('id', '=', id).executeTakeFirstOrThrow();
    const firstPage = async () => {
      const r = await seller.request('/api/download/label', { method: 'POST', body: { orderId: [id] } });
      return (await readPdf(Buffer.from(await r.arrayBuffer())))[0].text;
    };
    await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, printItemLabel: false, hideCustomerPhoneOnLabel: false } });
    expect(await firstPage()).toContain(customer_phone);
    await seller.json('/api/ums/profile/preferences', { method: 'POST', body: { ...PREFS, printItemLabel: false, hideCustomerPhoneOnLabel: true } });
    expect(await firstPage()).not.toContain(customer_phone);
  });
});
