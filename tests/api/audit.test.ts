import { beforeAll, describe, expect, it } from 'vitest';
import { company, lastTrail, orderPicker, snapshot } from './orders-fixtures';
import { makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let admin: Agent;
let seller: Agent;
let d2rSeller: Agent;
let orderIn: ReturnType<typeof orderPicker>;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  [admin, seller] = await Promise.all([signInDemo(app, 'admin'), signInDemo(app, 'seller')]);
  d2rSeller = await signIn(app, 'd2r@shipdesk.in', 'Distributor@1234', 'seller');
  orderIn = orderPicker(db);
}, 60_000);

const today = () => new Date().toISOString().slice(0, 10);

describe('audit log of admin actions', () => {
  it("records an admin's writes with the company they touched, filterable by company, user and date", async () => {
    const order = await orderIn(1, { status: 'PLACED', shop_type: 'manual' });
    const cancel = await admin.json(`/api/orders/${order}/cancel`, { method: 'PATCH', body: { reason: 'Buyer asked' } });
    expect(cancel.status).toBe(200);
    const prefs = await admin.json('/api/ums/profile/preferences', {
      method: 'POST',
      body: { companyId: company(3), printItemLabel: true, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: 3000, returnToOtherWarehouse: false },
    });
    expect(prefs.status).toBe(200);
    // A seller's own write and an admin's refused write are not admin actions on the log.
    const mine = await orderIn(0, { status: 'PLACED', shop_type: 'manual' });
    await seller.json(`/api/orders/${mine}/cancel`, { method: 'PATCH', body: { reason: 'Duplicate' } });
    await admin.json(`/api/orders/${order}/cancel`, { method: 'PATCH', body: { reason: 'Again' } });
    // A list asked for by POST is a read, not an action.
    await admin.json('/api/admin/promoter/list', { method: 'POST', body: {} });

    const c1 = await admin.json(`/api/admin/audit-log?companyId=${company(1)}`);
    expect(c1.status).toBe(200);
    expect(c1.body.data).toEqual([expect.objectContaining({ action: 'PATCH orders/cancel', entityId: order, companyName: 'Khadi Threads LLP', actorName: 'Platform Admin', outcome: 200 })]);
    const c3 = await admin.json(`/api/admin/audit-log?companyId=${company(3)}`);
    expect(c3.body.data).toEqual([expect.objectContaining({ action: 'POST ums/profile/preferences', companyId: company(3) })]);
    const c0 = await admin.json(`/api/admin/audit-log?companyId=${company(0)}`);
    expect(c0.body.totalRecords).toBe(0);

    const adminId = c1.body.data[0].actorId;
    expect(c1.body.users).toEqual(expect.arrayContaining([{ id: adminId, name: 'Platform Admin' }]));
    const byUser = await admin.json(`/api/admin/audit-log?userId=${adminId}`);
    expect(byUser.body.totalRecords).toBe(2);
    const byOther = await admin.json('/api/admin/audit-log?userId=someone-else');
    expect(byOther.body.totalRecords).toBe(0);
    const todays = await admin.json(`/api/admin/audit-log?startDate=${today()}&endDate=${today()}&companyId=${company(1)}`);
    expect(todays.body.totalRecords).toBe(1);
    const past = await admin.json(`/api/admin/audit-log?startDate=2020-01-01&endDate=2020-01-02`);
    expect(past.body.totalRecords).toBe(0);
  });

  it('says each action in words, names the record it touched, and lists each changed field before and after', async () => {
    const order = await orderIn(2, { status: 'PLACED', shop_type: 'manual' });
    const shown = await db.selectFrom('orders').select(['shop_order_id', 'tracking_number']).where('id', '=', order).executeTakeFirstOrThrow();
    expect((await admin.json(`/api/orders/${order}/cancel`, { method: 'PATCH', body: { reason: 'Wrong size ordered' } })).status).toBe(200);
    const before = await db.selectFrom('seller_preferences').select('max_weight_white_label_g').where('company_id', '=', company(2)).executeTakeFirst();
    const weight = (before?.max_weight_white_label_g ?? 0) === 4500 ? 4600 : 4500;
    const prefs = await admin.json('/api/ums/profile/preferences', {
      method: 'POST',
      body: { companyId: company(2), printItemLabel: true, hideCustomerPhoneOnLabel: false, courierProvider1: null, courierProvider2: null, maxWeightWhiteLabelG: weight, returnToOtherWarehouse: false },
    });
    expect(prefs.status).toBe(200);

    const log = await admin.json(`/api/admin/audit-log?companyId=${company(2)}`);
    const [prefEntry, cancelEntry] = log.body.data;
    expect(cancelEntry).toMatchObject({ actionText: 'Cancelled the order', entityKind: 'order', entityId: order, entityLabel: shown.shop_order_id });
    expect(cancelEntry.changes).toEqual(expect.arrayContaining([
      { field: 'Status', before: 'PLACED', after: 'CANCELLED' },
      { field: 'Cancellation reason', before: null, after: 'Wrong size ordered' },
    ]));
    // Fields the write left alone are not listed.
    expect(cancelEntry.changes.map((c: { field: string }) => c.field)).not.toContain('Customer');
    expect(prefEntry).toMatchObject({ actionText: 'Changed the preferences', entityKind: 'company', entityId: company(2), entityLabel: prefEntry.companyName });
    expect(prefEntry.changes).toContainEqual({
      field: 'Preferences: max weight white label g',
      before: before?.max_weight_white_label_g == null ? null : String(before.max_weight_white_label_g),
      after: String(weight),
    });
  });

  it('is read by admins only', async () => {
    expect((await seller.json('/api/admin/audit-log')).status).toBe(403);
  });
});

describe('high-margin D2R approval', () => {
  /** A PLACED D2R order sold at half the catalogue price. */
  async function highMarginOrder() {
    const id = await orderIn(2, { status: 'PLACED', order_type: 2, tracking_number: null, delivery_partner_id: null, shipper: null, weight_g: 900 });
    const items = await db.selectFrom('order_items').innerJoin('catalogue_items', 'catalogue_items.id', 'order_items.catalogue_id').select(['order_items.id', 'catalogue_items.price_paise']).where('order_id', '=', id).execute();
    expect(items.length).toBeGreaterThan(0);
    for (const it of items) await db.updateTable('order_items').set({ final_price_paise: Math.round(Number(it.price_paise) / 2) }).where('id', '=', it.id).execute();
    return id;
  }

  it('holds a high-margin D2R order until an admin approves it, with the approval in the trail', async () => {
    const id = await highMarginOrder();
    const status = await d2rSeller.json(`/api/orders/${id}/high-margin`);
    expect(status.body.data).toMatchObject({ highMargin: true, marginPercent: 50, approved: false });

    const before = await snapshot(db, id);
    const held = await d2rSeller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('This high-margin D2R order needs an admin approval before it can be shipped');
    expect(await snapshot(db, id)).toEqual(before);

    expect((await d2rSeller.json(`/api/orders/${id}/approve-d2r`, { method: 'PATCH' })).status).toBe(403);
    const ok = await admin.json(`/api/orders/${id}/approve-d2r`, { method: 'PATCH' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ approved: true, approvedBy: 'Platform Admin' });
    expect(await lastTrail(db, id)).toMatchObject({ description: 'High-margin D2R order approved (50% below catalogue price)', actor_name: 'Platform Admin' });
    const again = await admin.json(`/api/orders/${id}/approve-d2r`, { method: 'PATCH' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This D2R order is approved already');

    const shipped = await d2rSeller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.status).toBe('READY_TO_SHIP');
  });

  it('refuses to approve an order that is not high-margin', async () => {
    const id = await orderIn(0, { status: 'PLACED', order_type: 0 });
    const r = await admin.json(`/api/orders/${id}/approve-d2r`, { method: 'PATCH' });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Only a high-margin D2R order needs approval');
  });
});

describe('admin Create Order, clone and clone-and-edit', () => {
  it("creates an order for the company the admin chose, pre-fills a clone from another company's order, and logs it", async () => {
    const item = await db.selectFrom('catalogue_items').select('id').where('company_id', '=', company(1)).orderBy('sku').executeTakeFirstOrThrow();
    const body = {
      id: 'ADM-1', orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '0', sameAsShipping: true,
      shippingAddress: { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 302, Sai Residency', address2: 'Indiranagar', zip: '560038', city: 'Bengaluru', state: 'Karnataka', gstin: '' },
      items: [{ catalogueId: item.id, quantity: 1 }],
    };
    const noCompany = await admin.json('/api/orders/manual', { method: 'POST', body });
    expect(noCompany.status).toBe(400);
    const created = await admin.json('/api/orders/manual', { method: 'POST', body: { ...body, companyId: company(1) } });
    expect(created.status).toBe(201);
    const row = await db.selectFrom('orders').select(['id', 'company_id', 'status']).where('shop_order_id', '=', 'ADM-1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_id: company(1), status: 'PLACED' });

    const prefill = await admin.json(`/api/orders/manual/${row.id}/prefill`);
    expect(prefill.status).toBe(200);
    expect(prefill.body.data.companyId).toBe(company(1));

    const log = await admin.json(`/api/admin/audit-log?companyId=${company(1)}`);
    expect(log.body.data.map((e: { action: string }) => e.action)).toContain('POST orders/manual');
  });
});
