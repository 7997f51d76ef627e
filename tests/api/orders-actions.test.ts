import { beforeAll, describe, expect, it } from 'vitest';
import { availableActions } from '../../domain/orders/actions';
import { addDays, istToday } from '../../domain/orders/ist-dates';
import { countsMatchTable, lastTrail, orderPicker, snapshot } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent; // company 0 (WhatsApp NDR and Clickpost active)
let admin: Agent;
let warehouse: Agent; // company 0 selected
let orderIn: ReturnType<typeof orderPicker>;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 400 }));
  [seller, admin, warehouse] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'admin'), signInDemo(app, 'warehouse')]);
  orderIn = orderPicker(db);
});

/** A refused request answers `status` and leaves the order exactly as it was. */
async function refusedUnchanged(orderId: string, call: () => Promise<{ status: number; body: any }>, status: number) {
  const before = await snapshot(db, orderId);
  const r = await call();
  expect(r.status).toBe(status);
  expect(r.body.status).toBe(false);
  expect(await snapshot(db, orderId)).toEqual(before);
  return r;
}

describe('order detail', () => {
  it('answers the order with exactly the actions the transition table allows this actor', async () => {
    const id = await orderIn(0, { status: 'PLACED', shop_type: 'manual' });
    const s = await seller.json(`/api/orders/${id}`);
    expect(s.status).toBe(200);
    expect(s.body.data.actions).toEqual(
      availableActions(
        { status: 'PLACED', shopType: 'manual', orderType: s.body.data.orderType, paymentMode: s.body.data.paymentMode, inventoryBlocked: s.body.data.inventoryBlocked, hasAwb: !!s.body.data.trackingNumber, clickpostActive: true, whatsappNdrActive: true },
        { role: 'seller' },
      ),
    );
    expect(s.body.data.actions).toEqual(expect.arrayContaining(['readyToShip', 'editOrderDetails', 'cancel', 'clone', 'whatsappMessages']));
    const a = await admin.json(`/api/orders/${id}`);
    expect(a.body.data.actions).toEqual(expect.arrayContaining(['changeWeight', 'reassignWarehouse', 'updateQuantities']));
    expect(a.body.data.actions).not.toContain('clone');
  });
});

describe('ready to ship', () => {
  it('moves a PLACED order to READY_TO_SHIP with a courier, a timeline entry by the user and a new version', async () => {
    const id = await orderIn(0, { status: 'PLACED', tracking_number: null, delivery_partner_id: null, shipper: null });
    const before = await snapshot(db, id);
    const r = await seller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('READY_TO_SHIP');
    expect(r.body.data.trackingNumber).toMatch(/^[A-Z]{2}\d{11}$/);
    expect(r.body.data.shipper).toBe('Clickpost'); // the company ships through Clickpost
    const after = await snapshot(db, id);
    expect(Number(after.order.version)).toBe(Number(before.order.version) + 1);
    expect(after.order.updated_at > before.order.updated_at).toBe(true);
    const t = await lastTrail(db, id);
    expect(t).toMatchObject({ status: 'READY_TO_SHIP', actor_name: 'Ritika Sharma', source: 'user' });
  });

  it('refuses an order that is not PLACED and changes nothing', async () => {
    const id = await orderIn(0, { status: 'SHIPPED' });
    const r = await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' }), 409);
    expect(r.body.message).toBe('READY TO SHIP is not available for an order in status SHIPPED');
  });
});

describe('edit customer details', () => {
  const details = { firstName: 'Meera', lastName: 'Iyer', phone: '9845012345', email: 'meera@example.in', address1: '12, MG Road', address2: 'Near Metro', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };

  it('updates the address of a PLACED or UNSERVICEABLE order', async () => {
    for (const status of ['PLACED', 'UNSERVICEABLE']) {
      const id = await orderIn(0, { status });
      const r = await warehouse.json(`/api/orders/${id}/customer`, { method: 'PATCH', body: details });
      expect(r.status).toBe(200);
      expect(r.body.data.customerAddress).toMatchObject({ firstName: 'Meera', pincode: '560001' });
      expect(r.body.data.shipping).toEqual({ state: 'Karnataka', city: 'Bengaluru', pincode: '560001' });
      expect((await lastTrail(db, id)).description).toBe('Customer details updated');
    }
  });

  it('refuses other states (409) and bad input (400) without changing anything', async () => {
    const shipped = await orderIn(0, { status: 'IN_TRANSIT' });
    await refusedUnchanged(shipped, () => seller.json(`/api/orders/${shipped}/customer`, { method: 'PATCH', body: details }), 409);
    const placed = await orderIn(0, { status: 'PLACED' });
    const r = await refusedUnchanged(placed, () => seller.json(`/api/orders/${placed}/customer`, { method: 'PATCH', body: { ...details, phone: '12345', firstName: '' } }), 400);
    expect(r.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['phone', 'firstName']));
  });
});

describe('shipping package', () => {
  it('lists packages and changes the package of a PLACED order', async () => {
    const list = await seller.json('/api/shipping-packages');
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(3);
    const pkg = list.body.data.find((p: { code: string }) => p.code === 'BOX-M');
    const id = await orderIn(0, { status: 'PLACED' });
    const r = await seller.json('/api/order-shipping-packages', { method: 'PATCH', body: { orderId: id, selectedValue: 'BOX-M' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ shippingPackageCode: 'BOX-M', shippingPackageName: pkg.name, dimensions: { length: 35, breadth: 25, height: 20 } });
  });

  it('refuses an unknown package (400) and a shipped order (409)', async () => {
    const id = await orderIn(0, { status: 'PLACED' });
    await refusedUnchanged(id, () => seller.json('/api/order-shipping-packages', { method: 'PATCH', body: { orderId: id, selectedValue: 'NOPE' } }), 400);
    const shipped = await orderIn(0, { status: 'SHIPPED' });
    await refusedUnchanged(shipped, () => seller.json('/api/order-shipping-packages', { method: 'PATCH', body: { orderId: shipped, selectedValue: 'BOX-M' } }), 409);
  });
});

describe('edit order details', () => {
  it('edits remarks, e-way bill and PO number of a manual PLACED order', async () => {
    const id = await orderIn(0, { status: 'PLACED', shop_type: 'manual' });
    const r = await seller.json(`/api/orders/${id}/details`, { method: 'PATCH', body: { remarks: 'Gift wrap', ewayBill: '123456789012', purchaseOrderNumber: 'PO-77' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ remarks: 'Gift wrap', ewayBill: '123456789012', purchaseOrderNumber: 'PO-77' });
  });

  it('refuses channel orders (409) and a bad e-way bill (400)', async () => {
    const shop = await orderIn(0, { status: 'PLACED', shop_type: 'shopify' });
    await refusedUnchanged(shop, () => seller.json(`/api/orders/${shop}/details`, { method: 'PATCH', body: { remarks: 'x' } }), 409);
    const manual = await orderIn(0, { status: 'PLACED', shop_type: 'manual' });
    const r = await refusedUnchanged(manual, () => seller.json(`/api/orders/${manual}/details`, { method: 'PATCH', body: { ewayBill: '12' } }), 400);
    expect(r.body.message).toBe('E-way bill number must be 12 digits');
  });
});

describe('cancel', () => {
  it('cancels from the seller panel with a reason, releasing the stock the order held', async () => {
    const id = await orderIn(0, { status: 'PROCESSED', inventory_blocked: 1 });
    const o = await db.selectFrom('orders').select(['warehouse_id']).where('id', '=', id).executeTakeFirstOrThrow();
    const item = await db.selectFrom('order_items').select(['quantity', 'wsin_mapping']).where('order_id', '=', id).executeTakeFirstOrThrow();
    const [wsin, mult] = Object.entries(JSON.parse(item.wsin_mapping) as Record<string, number>)[0];
    await db.updateTable('inventory').set({ blocked: 500 }).where('warehouse_id', '=', o.warehouse_id!).where('wsin', '=', wsin).execute();
    const r = await seller.json(`/api/orders/${id}/cancel`, { method: 'PATCH', body: { reason: 'Customer changed their mind' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Customer changed their mind', inventoryBlocked: false });
    const inv = await db.selectFrom('inventory').select('blocked').where('warehouse_id', '=', o.warehouse_id!).where('wsin', '=', wsin).executeTakeFirstOrThrow();
    expect(inv.blocked).toBeLessThanOrEqual(500 - item.quantity * mult);
  });

  it('refuses a reason over 500 characters and a delivered order', async () => {
    const id = await orderIn(0, { status: 'PLACED' });
    const r = await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/cancel`, { method: 'PATCH', body: { reason: 'x'.repeat(501) } }), 400);
    expect(r.body.message).toBe('Reason cannot be more than 500 characters');
    const delivered = await orderIn(0, { status: 'DELIVERED' });
    await refusedUnchanged(delivered, () => seller.json(`/api/orders/${delivered}/cancel`, { method: 'PATCH', body: { reason: 'late' } }), 409);
  });

  it('lets an admin cancel a delivered retailer order but not a channel order in transit without Clickpost', async () => {
    const retailer = await orderIn(2, { status: 'DELIVERED', order_type: 2 });
    expect((await admin.json(`/api/orders/${retailer}/cancel`, { method: 'PATCH', body: { reason: 'Retailer refused stock' } })).status).toBe(200);
    const transit = await orderIn(1, { status: 'IN_TRANSIT', shop_type: 'shopify' });
    await refusedUnchanged(transit, () => admin.json(`/api/orders/${transit}/cancel`, { method: 'PATCH', body: { reason: 'x' } }), 409);
    // company 0 ships through Clickpost: an admin may cancel it in transit
    const clickpost = await orderIn(0, { status: 'IN_TRANSIT', shop_type: 'shopify' });
    expect((await admin.json(`/api/orders/${clickpost}/cancel`, { method: 'PATCH', body: { reason: 'Lost in transit' } })).status).toBe(200);
  });

  it('answers 404 when the companyId given is not the order\'s', async () => {
    const id = await orderIn(1, { status: 'PLACED', shop_type: 'manual' });
    await refusedUnchanged(id, () => admin.json(`/api/orders/${id}/cancel?companyId=c0000000-0000-7000-8000-000000000003`, { method: 'PATCH', body: { reason: 'x' } }), 404);
  });
});

describe('mark delivered', () => {
  it('is for admins on manual orders and for others only on manual fulfilled-by-warehouse orders', async () => {
    const fbw = await orderIn(0, { status: 'READY_TO_SHIP', shop_type: 'manual_fbw', payment_mode: 'cod' });
    const r = await seller.json(`/api/orders/${fbw}/mark-delivered`, { method: 'PATCH', body: { status: 'DELIVERED', paymentMode: 'cod', d2RDueDate: null } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'DELIVERED', remittanceStatus: { status: 'PROCESSING' } });
    const manual = await orderIn(0, { status: 'READY_TO_SHIP', shop_type: 'manual' });
    await refusedUnchanged(manual, () => seller.json(`/api/orders/${manual}/mark-delivered`, { method: 'PATCH', body: { status: 'DELIVERED' } }), 409);
    expect((await admin.json(`/api/orders/${manual}/mark-delivered`, { method: 'PATCH', body: { status: 'DELIVERED' } })).status).toBe(200);
  });

  it('converts a retailer COD order to credit with a due date from today to 60 days ahead', async () => {
    const id = await orderIn(2, { status: 'READY_TO_SHIP', shop_type: 'manual', order_type: 2, payment_mode: 'cod' });
    const late = addDays(istToday(), 61);
    const bad = await refusedUnchanged(id, () => admin.json(`/api/orders/${id}/mark-delivered`, { method: 'PATCH', body: { status: 'DELIVERED', paymentMode: 'cod', d2RDueDate: late } }), 400);
    expect(bad.body.message).toBe('Due date must be between today and 60 days from today');
    const due = addDays(istToday(), 30);
    const r = await admin.json(`/api/orders/${id}/mark-delivered`, { method: 'PATCH', body: { status: 'DELIVERED', paymentMode: 'cod', d2RDueDate: due } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'DELIVERED', paymentMode: 'credit', d2rDueDate: due });
  });

  it('refuses a due date on an order that is not a retailer COD order', async () => {
    const id = await orderIn(0, { status: 'READY_TO_SHIP', shop_type: 'manual', order_type: 0, payment_mode: 'prepaid' });
    await refusedUnchanged(id, () => admin.json(`/api/orders/${id}/mark-delivered`, { method: 'PATCH', body: { d2RDueDate: istToday() } }), 400);
  });
});

describe('returns', () => {
  async function itemsOf(id: string) {
    return db.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', id).execute();
  }

  it('schedules a return of a delivered order with the quantities given', async () => {
    const id = await orderIn(0, { status: 'DELIVERED' });
    const items = await itemsOf(id);
    const r = await seller.json('/api/schedule_dto', { method: 'POST', body: { splitOrderId: id, items: items.map((i, k) => ({ id: i.id, returnQuantity: k === 0 ? 1 : 0 })) } });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('DTO_PLACED');
    expect(r.body.data.returnAwb).toBeTruthy();
    expect(r.body.data.items.find((i: { id: string }) => i.id === items[0].id).returnQuantity).toBe(1);
  });

  it('refuses more than ordered, nothing at all, or an order not delivered', async () => {
    const id = await orderIn(0, { status: 'DELIVERED' });
    const items = await itemsOf(id);
    const tooMany = await refusedUnchanged(id, () => seller.json('/api/schedule_dto', { method: 'POST', body: { splitOrderId: id, items: [{ id: items[0].id, returnQuantity: items[0].quantity + 1 }] } }), 400);
    expect(tooMany.body.message).toBe('Return quantity cannot be greater than actual');
    const zero = await refusedUnchanged(id, () => seller.json('/api/schedule_dto', { method: 'POST', body: { splitOrderId: id, items: items.map((i) => ({ id: i.id, returnQuantity: 0 })) } }), 400);
    expect(zero.body.message).toBe('Return quantity cannot be zero');
    const transit = await orderIn(0, { status: 'IN_TRANSIT' });
    const ti = await itemsOf(transit);
    await refusedUnchanged(transit, () => seller.json('/api/schedule_dto', { method: 'POST', body: { splitOrderId: transit, items: [{ id: ti[0].id, returnQuantity: 1 }] } }), 409);
  });

  it('cancels a placed return, and refuses a wrong AWB or a return already on its way', async () => {
    const id = await orderIn(0, { status: 'DTO_PLACED', return_awb: 'RCP123456' });
    await refusedUnchanged(id, () => seller.json('/api/cancel-return', { method: 'POST', body: { splitOrderId: id, provider: 'clickpost', awb: 'OTHER' } }), 409);
    const r = await seller.json('/api/cancel-return', { method: 'POST', body: { splitOrderId: id, provider: 'clickpost', awb: 'RCP123456' } });
    expect(r.status).toBe(200);
    expect(r.body.data.status).toBe('DTO_CANCELLED');
    const moving = await orderIn(0, { status: 'DTO_IN_TRANSIT' });
    await refusedUnchanged(moving, () => seller.json('/api/cancel-return', { method: 'POST', body: { splitOrderId: moving } }), 409);
  });
});

describe('admin actions', () => {
  it('unblocks inventory (admin only)', async () => {
    const mine = await orderIn(0, { status: 'PLACED', shop_type: 'manual', inventory_blocked: 1 });
    await refusedUnchanged(mine, () => seller.json(`/api/orders/unblock-inventory/${mine}`, { method: 'PATCH' }), 403);
    const r = await admin.json(`/api/orders/unblock-inventory/${mine}`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    expect(r.body.data.inventoryBlocked).toBe(false);
    expect((await lastTrail(db, mine)).description).toBe('Inventory unblocked');
    // nothing left to unblock
    await refusedUnchanged(mine, () => admin.json(`/api/orders/unblock-inventory/${mine}`, { method: 'PATCH' }), 409);
  });

  it('brings an order back to PLACED (admin only), and says so when it cannot', async () => {
    const id = await orderIn(0, { status: 'CANCELLED', cancel_reason: 'oops' });
    await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/revert-to-placed`, { method: 'PATCH' }), 403);
    const r = await admin.json(`/api/orders/${id}/revert-to-placed`, { method: 'PATCH' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'PLACED', cancelReason: null });
    expect((await lastTrail(db, id)).actor_name).toBe('Platform Admin');
    const delivered = await orderIn(0, { status: 'DELIVERED' });
    await refusedUnchanged(delivered, () => admin.json(`/api/orders/${delivered}/revert-to-placed`, { method: 'PATCH' }), 409);
  });

  it('changes weight, warehouse and quantities of PLACED orders (admin only)', async () => {
    const id = await orderIn(0, { status: 'PLACED' });
    await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/weight`, { method: 'PATCH', body: { weightG: 900 } }), 403);
    expect((await admin.json(`/api/orders/${id}/weight`, { method: 'PATCH', body: { weightG: 900, lengthCm: 30 } })).body.data).toMatchObject({ weightG: 900, dimensions: { length: 30 } });
    await refusedUnchanged(id, () => admin.json(`/api/orders/${id}/weight`, { method: 'PATCH', body: { weightG: 0 } }), 400);
    // warehouse BLR1 serves companies 0 and 2
    const w = await admin.json(`/api/orders/${id}/warehouse`, { method: 'PATCH', body: { warehouseId: 'w0000000-0000-7000-8000-000000000002' } });
    expect(w.status).toBe(200);
    expect(w.body.data.warehouseId).toBe('w0000000-0000-7000-8000-000000000002');
    const k = await orderIn(1, { status: 'PLACED' });
    await refusedUnchanged(k, () => admin.json(`/api/orders/${k}/warehouse`, { method: 'PATCH', body: { warehouseId: 'w0000000-0000-7000-8000-000000000002' } }), 400);
    const items = await db.selectFrom('order_items').select(['id', 'final_price_paise']).where('order_id', '=', id).execute();
    const q = await admin.json(`/api/orders/${id}/items`, { method: 'PATCH', body: { items: items.map((i) => ({ id: i.id, quantity: 2 })) } });
    expect(q.status).toBe(200);
    expect(q.body.data.items.every((i: { quantity: number }) => i.quantity === 2)).toBe(true);
    expect(q.body.data.totalPaise).toBe(items.reduce((n, i) => n + 2 * Number(i.final_price_paise), 0) + q.body.data.shippingPaise);
    const shipped = await orderIn(0, { status: 'SHIPPED' });
    await refusedUnchanged(shipped, () => admin.json(`/api/orders/${shipped}/weight`, { method: 'PATCH', body: { weightG: 900 } }), 409);
  });

  it('generates credit notes for delivered retailer orders, never above the order value', async () => {
    const id = await orderIn(2, { status: 'DELIVERED', order_type: 2, total_paise: 100000 });
    const r = await admin.json(`/api/orders/${id}/credit-notes`, { method: 'POST', body: { amountPaise: 40000, reason: 'Damaged cartons' } });
    expect(r.status).toBe(200);
    expect(r.body.data.creditDebitNotes).toEqual([expect.objectContaining({ amountPaise: 40000, reason: 'Damaged cartons', actorName: 'Platform Admin' })]);
    const over = await refusedUnchanged(id, () => admin.json(`/api/orders/${id}/credit-notes`, { method: 'POST', body: { amountPaise: 70000, reason: 'x' } }), 400);
    expect(over.body.message).toBe('Amount cannot be more than ₹600.00');
    const rest = await admin.json(`/api/orders/${id}/credit-notes`, { method: 'POST', body: { reason: 'Rest of it' } });
    expect(rest.body.data.creditDebitNotes.map((n: { amountPaise: number }) => n.amountPaise)).toEqual([40000, 60000]);
    const plain = await orderIn(0, { status: 'DELIVERED', order_type: 0 });
    await refusedUnchanged(plain, () => admin.json(`/api/orders/${plain}/credit-notes`, { method: 'POST', body: { reason: 'x' } }), 409);
    await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/credit-notes`, { method: 'POST', body: { reason: 'x' } }), 403);
  });
});

describe('documents and messages', () => {
  it('refuses to regenerate documents of an order without an AWB before the documents area runs', async () => {
    const id = await orderIn(0, { status: 'PLACED', tracking_number: null });
    const r = await refusedUnchanged(id, () => seller.json(`/api/orders/${id}/regenerate-documents`, { method: 'POST' }), 409);
    expect(r.body.message).toBe('Regenerate Invoice and Shipping Label is not available for an order in status PLACED');
    const shipped = await orderIn(0, { status: 'READY_TO_SHIP', tracking_number: 'DL99887766' });
    const ok = await seller.json(`/api/orders/${shipped}/regenerate-documents`, { method: 'POST' });
    expect(ok.status).not.toBe(409);
    expect(ok.status).not.toBe(404);
  });

  it('lists WhatsApp NDR messages only when the company has the module', async () => {
    const id = await orderIn(0, { status: 'UNDELIVERED' });
    await db.insertInto('order_trails').values({
      id: '01f00000-0000-7000-8000-0000000000aa', order_id: id, status: 'UNDELIVERED', description: 'WhatsApp: Shall we try again tomorrow? Reply YES',
      city: null, is_return: 0, source: 'whatsapp', actor_id: null, actor_name: 'WhatsApp', event_id: null, created_at: new Date().toISOString(),
    }).execute();
    const r = await seller.json(`/api/orders/${id}/whatsapp-messages`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ message: 'WhatsApp: Shall we try again tomorrow? Reply YES', source: 'whatsapp' })]));
    // other timeline entries are not messages
    expect(r.body.data.every((m: { status: string; source: string }) => m.source === 'whatsapp' || m.status.endsWith('UNDELIVERED'))).toBe(true);
    const other = await orderIn(1, { status: 'UNDELIVERED' });
    expect((await admin.json(`/api/orders/${other}/whatsapp-messages`)).status).toBe(409);
  });
});

describe('tenant isolation', () => {
  it('answers 404 for another company\'s order on every order route, and changes nothing', async () => {
    const id = await orderIn(1, { status: 'PLACED', shop_type: 'manual', inventory_blocked: 1 });
    const item = await db.selectFrom('order_items').select('id').where('order_id', '=', id).executeTakeFirstOrThrow();
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/orders/${id}`],
      ['PATCH', `/api/orders/${id}/ready-to-ship`],
      ['PATCH', `/api/orders/${id}/customer`, { firstName: 'A', lastName: 'B', phone: '9845012345', address1: 'a', address2: 'b', city: 'c', state: 'Goa', pincode: '403001' }],
      ['PATCH', `/api/orders/${id}/details`, { remarks: 'x' }],
      ['PATCH', `/api/orders/${id}/cancel`, { reason: 'x' }],
      ['PATCH', `/api/orders/${id}/mark-delivered`, { status: 'DELIVERED' }],
      ['PATCH', `/api/orders/${id}/revert-to-placed`],
      ['PATCH', `/api/orders/unblock-inventory/${id}`],
      ['PATCH', `/api/orders/${id}/weight`, { weightG: 100 }],
      ['PATCH', `/api/orders/${id}/warehouse`, { warehouseId: 'w0000000-0000-7000-8000-000000000001' }],
      ['PATCH', `/api/orders/${id}/items`, { items: [{ id: item.id, quantity: 1 }] }],
      ['POST', `/api/orders/${id}/credit-notes`, { reason: 'x' }],
      ['POST', `/api/orders/${id}/regenerate-documents`],
      ['GET', `/api/orders/${id}/whatsapp-messages`],
      ['PATCH', '/api/order-shipping-packages', { orderId: id, selectedValue: 'BOX-S' }],
      ['POST', '/api/schedule_dto', { splitOrderId: id, items: [{ id: item.id, returnQuantity: 1 }] }],
      ['POST', '/api/cancel-return', { splitOrderId: id }],
      ['POST', '/api/bulkreadytoship/', { orderids: id }],
      ['POST', '/api/bulk-check-serviceability', { orderIds: [id] }],
    ];
    // Routes the role may not call (docs/ROLES.md: admin-only ones; cancel for the warehouse) refuse the role first (403);
    // every other route answers as if the order did not exist.
    const adminOnly = /\/(weight|warehouse|items|revert-to-placed|credit-notes)$|unblock-inventory/;
    const refusedRole = (agent: Agent, path: string) => adminOnly.test(path) || (agent === warehouse && /\/cancel$/.test(path));
    for (const agent of [seller, warehouse]) {
      for (const [method, path, body] of calls) {
        const before = await snapshot(db, id);
        const r = await agent.json(path, { method, body });
        expect({ path, status: r.status }).toEqual({ path, status: refusedRole(agent, path) ? 403 : 404 });
        expect(await snapshot(db, id)).toEqual(before);
      }
    }
    const jobs = await db.selectFrom('jobs').select('id').execute();
    expect(jobs).toEqual([]);
  });
});

describe('status counts', () => {
  it('stay equal to the orders table after all the actions above', async () => {
    const { kept, real } = await countsMatchTable(db);
    expect(kept).toEqual(real);
  });
});
