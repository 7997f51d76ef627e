// Bulk submits (part 2 §7): partial success, all-or-nothing rows, idempotent
// resubmission, and the data each upload feeds.
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueInvoiceNumber } from '../../db/billing/numbers';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { defaultConfig } from '../../edge-api/app';
import { drainJobs } from '../../edge-api/jobs/runner';
import { JOB_HANDLERS } from '../../edge-api/jobs/handlers';
import { makeTestApp, signInDemo, type Agent } from './helpers';

const CP = DEMO_COMPANIES[0].id;

function orderRow(over: Record<string, string> = {}) {
  return {
    id: 'BULK-1', length: '20', breadth: '15', height: '10', weight: '750', paymentMethod: 'cod', itemName: 'Chai', itemQuantity: '2', discount: '0', sku: 'CP-0001',
    name: 'Asha Verma', phone: '9876543210', email: 'asha@example.com', line1: '12 MG Road', line2: 'Near Metro', city: 'Mumbai', state: 'Maharashtra',
    pincode: '400001', awb: '', deliveryPartner: '', shippingLabelUrl: '', invoiceUrl: '', shippingPrice: '50', itemPrice: '', ewayBill: '', warehouseId: '',
    backdate: '', purchaseOrderNumber: '', isb2bOrder: 'no', isD2ROrder: 'no', beatId: '', dueDate: '', ...over,
  };
}

describe('bulk uploads', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let seller: Agent;
  let admin: Agent;
  let wh: Agent;

  beforeAll(async () => {
    t = await makeTestApp({ orders: 300 });
    seller = await signInDemo(t.app, 'seller');
    admin = await signInDemo(t.app, 'admin');
    wh = await signInDemo(t.app, 'warehouse');
  }, 120_000);

  it('orders: valid orders are created, bad rows come back with their reasons, a resubmit creates nothing new', async () => {
    const rows = [
      orderRow({ id: 'BULK-1', sku: 'CP-0001', itemQuantity: '2' }),
      orderRow({ id: 'BULK-1', sku: 'CP-0002', itemQuantity: '1' }),
      orderRow({ id: 'BULK-2', sku: 'NOPE-1' }),
      orderRow({ id: 'BULK-3', pincode: '4000' }),
      orderRow({ id: 'BULK-4', paymentMethod: 'card', city: 'Mu' }),
    ];
    const r = await seller.json('/api/order/bulk', { method: 'POST', body: { rows, fileId: 'file-orders-0001' } });
    expect(r.status).toBe(200);
    expect(r.body.executeSuccess).toBe(2);
    expect(r.body.executeErrors).toBe(3);
    const at = (row: number, col: string) => r.body.errorArray.find((e: any) => e.row === row && e.col === col);
    expect(at(3, 'sku').reason).toMatch(/NOPE-1/);
    expect(at(4, 'pincode')).toMatchObject({ reason: 'Pincode must be exactly 6 digits', value: '4000' });
    expect(at(5, 'paymentMethod').reason).toBe('paymentMethod must be one of cod, prepaid, credit');
    expect(at(5, 'city').reason).toBe('city must be at least 3 characters');

    const made = await t.db.selectFrom('orders').selectAll().where('company_id', '=', CP).where('shop_order_id', 'in', ['BULK-1', 'BULK-2', 'BULK-3', 'BULK-4']).execute();
    expect(made.map((o) => o.shop_order_id)).toEqual(['BULK-1']);
    const o = made[0];
    expect(o.status).toBe('PLACED');
    expect(o.payment_mode).toBe('cod');
    // A normal order: it ships from a warehouse (so it has an invoice series and a packing station).
    expect(o.warehouse_id).toBeTruthy();
    expect([Number(o.length_cm), Number(o.breadth_cm), Number(o.height_cm), Number(o.weight_g)]).toEqual([20, 15, 10, 750]);
    const items = await t.db.selectFrom('order_items').select(['sku', 'quantity']).where('order_id', '=', o.id).orderBy('sku').execute();
    expect(items).toEqual([{ sku: 'CP-0001', quantity: 2 }, { sku: 'CP-0002', quantity: 1 }]);
    const trails = await t.db.selectFrom('order_trails').select('status').where('order_id', '=', o.id).execute();
    expect(trails.map((x) => x.status)).toContain('PLACED');

    // The list the seller sees has it.
    const list = await seller.json(`/api/orders?page=1&pageSize=20&search=BULK-1`);
    expect(JSON.stringify(list.body)).toContain('BULK-1');

    const again = await seller.json('/api/order/bulk', { method: 'POST', body: { rows: rows.slice(0, 2), fileId: 'file-orders-0001' } });
    expect(again.body).toMatchObject({ executeSuccess: 2, executeErrors: 0 });
    const count = await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('company_id', '=', CP).where('shop_order_id', '=', 'BULK-1').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('orders: a row of an order that fails leaves no order and no items behind', async () => {
    const before = await t.db.selectFrom('order_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const r = await seller.json('/api/order/bulk', {
      method: 'POST', body: { rows: [orderRow({ id: 'BULK-9', sku: 'CP-0001' }), orderRow({ id: 'BULK-9', sku: 'NOT-THERE' })] },
    });
    expect(r.body.executeSuccess).toBe(0);
    expect(r.body.executeErrors).toBe(2);
    expect(await t.db.selectFrom('orders').select('id').where('shop_order_id', '=', 'BULK-9').executeTakeFirst()).toBeUndefined();
    const after = await t.db.selectFrom('order_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('orders: more than 100 rows are refused with the spec message', async () => {
    const rows = Array.from({ length: 101 }, (_, i) => orderRow({ id: `MANY-${i}` }));
    const r = await seller.json('/api/order/bulk', { method: 'POST', body: { rows } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Maximum 100 rows are allowed at a time');
  });

  it('orders: the long submit runs as a durable job with progress and the same response', async () => {
    const r = await seller.json('/api/order/bulk', { method: 'POST', body: { rows: [orderRow({ id: 'JOB-1' }), orderRow({ id: 'JOB-2', phone: '12' })], async: true } });
    expect(r.status).toBe(202);
    await drainJobs(t.dbh, defaultConfig(), pino({ level: 'silent' }), JOB_HANDLERS);
    const j = await seller.json(`/api/jobs/${r.body.jobId}`);
    expect(j.body.job.status).toBe('done');
    expect(j.body.job.progress).toBe(2);
    expect(j.body.job.result).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(j.body.job.result.errorArray[0]).toMatchObject({ row: 2, col: 'phone', reason: 'Phone number must be 10 digits' });
  });

  it('COD remittance: PAID updates the order and records the payment on its invoice, once', async () => {
    const o = await t.db.selectFrom('orders').selectAll().where('company_id', '=', CP).where('status', '=', 'DELIVERED').where('payment_mode', '=', 'cod')
      .where('tracking_number', 'is not', null).where('remittance_status', '!=', 'PAID').executeTakeFirstOrThrow();
    const inv = await issueInvoiceNumber(t.dbh, { orderId: o.id, actor: { id: null, name: 'test' }, amountPaise: Number(o.total_paise), buyerName: 'B', buyerGstin: null });
    const amount = (Number(o.total_paise) / 100).toFixed(2);
    const rows = [
      { awb: o.tracking_number, codAmount: amount, remittanceStatus: 'PAID' },
      { awb: 'ZZ00000000', codAmount: '10', remittanceStatus: 'paid' },
      { awb: o.tracking_number, codAmount: '10', remittanceStatus: 'later' },
    ];
    const r = await admin.json('/api/cod-remittance/status/bulk', { method: 'POST', body: { rows } });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 2 });
    expect(r.body.errorArray).toEqual([
      { row: 2, col: 'awb', reason: 'No order with this AWB', value: 'ZZ00000000' },
      { row: 3, col: 'remittanceStatus', reason: 'remittanceStatus must be one of due, paid', value: 'later' },
    ]);
    const after = await t.db.selectFrom('orders').select(['remittance_status', 'version']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after.remittance_status).toBe('PAID');
    const invoice = await t.db.selectFrom('invoices').select(['paid_paise', 'amount_paise']).where('id', '=', inv.invoiceId).executeTakeFirstOrThrow();
    expect(Number(invoice.paid_paise)).toBe(Number(invoice.amount_paise));
    await admin.json('/api/cod-remittance/status/bulk', { method: 'POST', body: { rows: rows.slice(0, 1) } });
    const payments = await t.db.selectFrom('invoice_payments').select('amount_paise').where('invoice_id', '=', inv.invoiceId).execute();
    expect(payments).toHaveLength(1);
    // The seller's order detail shows it.
    const detail = await seller.json(`/api/orders/${o.id}`);
    expect(JSON.stringify(detail.body)).toContain('PAID');
  });

  it('COD remittance is an admin upload', async () => {
    const r = await seller.json('/api/cod-remittance/status/bulk', { method: 'POST', body: { rows: [{ awb: 'AAAA1', codAmount: '1', remittanceStatus: 'due' }] } });
    expect(r.status).toBe(403);
  });

  it('inventory: rows move stock with a trail entry; an unknown WSIN writes nothing; a resubmitted file adds nothing', async () => {
    const w = DEMO_WAREHOUSES[0].id;
    const stock = () => t.db.selectFrom('inventory').select(['quantity']).where('warehouse_id', '=', w).where('company_id', '=', CP).where('wsin', '=', 'WCP000001').executeTakeFirst();
    const before = Number((await stock())?.quantity ?? 0);
    const trailsBefore = await t.db.selectFrom('inventory_trail').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = [
      { wsin: 'WCP000001', inboundAccepted: '5', inboundRejected: '1', remarks: 'GRN 1' },
      { wsin: 'WNOTMINE01', inboundAccepted: '5', inboundRejected: '0', remarks: '' },
    ];
    const r = await wh.json('/api/inventory/bulk', { method: 'POST', body: { rows, fileId: 'inv-file-00001' } });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(r.body.errorArray[0]).toMatchObject({ row: 2, col: 'wsin' });
    expect(Number((await stock())!.quantity)).toBe(before + 5);
    const trailsAfter = await t.db.selectFrom('inventory_trail').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(trailsAfter.n)).toBe(Number(trailsBefore.n) + 1);
    await wh.json('/api/inventory/bulk', { method: 'POST', body: { rows, fileId: 'inv-file-00001' } });
    expect(Number((await stock())!.quantity)).toBe(before + 5);
  });

  it('WSINs generated and mapped appear in the catalogue', async () => {
    const gen = await seller.json('/api/wsin/bulk/generate', { method: 'POST', body: { rows: [{ productName: 'Bulk Tea Tin', wsin: '' }, { productName: 'Given', wsin: 'WBULK0001' }] } });
    expect(gen.body).toMatchObject({ executeSuccess: 2, executeErrors: 0 });
    const generated = await t.db.selectFrom('wsins').select('wsin').where('company_id', '=', CP).where('product_name', '=', 'Bulk Tea Tin').execute();
    expect(generated).toHaveLength(1);
    await seller.json('/api/wsin/bulk/generate', { method: 'POST', body: { rows: [{ productName: 'Bulk Tea Tin', wsin: '' }] } });
    expect(await t.db.selectFrom('wsins').select('wsin').where('product_name', '=', 'Bulk Tea Tin').execute()).toHaveLength(1);

    const item = await t.db.selectFrom('catalogue_items').select(['id', 'sku']).where('company_id', '=', CP).where('sku', '=', 'CP-0002').executeTakeFirstOrThrow();
    const map = await seller.json('/api/catalogue/bulk/map-wsin', {
      method: 'POST',
      body: { rows: [
        { catalogueId: item.id, productTitle: '', productType: '', wsinMap: `${generated[0].wsin}:2, WBULK0001` },
        { catalogueId: item.sku, productTitle: '', productType: '', wsinMap: 'WUNKNOWN99' },
      ] },
    });
    expect(map.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(map.body.errorArray[0]).toMatchObject({ row: 2, col: 'wsinMap', reason: 'WSIN WUNKNOWN99 is not known; upload it first' });
    const shown = await seller.json(`/api/catalogue/${item.id}`);
    expect(JSON.stringify(shown.body)).toContain(generated[0].wsin);
    expect(JSON.stringify(shown.body)).toContain('WBULK0001');
  });

  it('catalogues: new SKUs are created, existing ones updated, bad rows refused', async () => {
    const row = {
      itemName: 'Bulk Green Tea', productId: 'CPP9001', sku: 'CP-9001', hsnCode: '0902', category: 'Tea', status: 'Active', price: '199', length: '10', breadth: '8',
      height: '5', weight: '100', sgst: '2.5', cgst: '2.5', igst: '5', utgst: '', basePrice: '', margin: '', distributorMargin: '',
    };
    const r = await seller.json('/api/catalogue/bulk', {
      method: 'POST', body: { rows: [row, { ...row, sku: 'CP 9002', productId: 'X'.repeat(37), price: '-1', category: '' }] },
    });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    const reasons = r.body.errorArray.map((e: any) => `${e.col}:${e.reason}`);
    expect(reasons).toEqual(expect.arrayContaining([
      'sku:SKU ID must not contain space', 'productId:Product ID must be at most 36 characters', 'price:price must be a number of at least 0', 'category:category is required',
    ]));
    await seller.json('/api/catalogue/bulk', { method: 'POST', body: { rows: [{ ...row, price: '249' }] } });
    const items = await t.db.selectFrom('catalogue_items').select(['price_paise']).where('company_id', '=', CP).where('sku', '=', 'CP-9001').execute();
    expect(items).toEqual([{ price_paise: 24900 }]);
  });

  it('shipping-charge adjustments are recorded per order with who and when, once per change', async () => {
    const o = await t.db.selectFrom('orders').select(['id', 'tracking_number']).where('company_id', '=', CP).where('tracking_number', 'is not', null).executeTakeFirstOrThrow();
    const rows = [{ awb: o.tracking_number, shippingPrice: '72.5', isDto: 'no' }];
    const r = await admin.json('/api/charges/adjust-shipping-charges', { method: 'POST', body: { rows } });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 0 });
    await admin.json('/api/charges/adjust-shipping-charges', { method: 'POST', body: { rows } });
    const list = await seller.json(`/api/orders/${o.id}/shipping-adjustments`);
    expect(list.body.adjustments).toHaveLength(1);
    expect(list.body.adjustments[0]).toMatchObject({ shippingPaise: 7250, isDto: false });
    expect(list.body.adjustments[0].by).toBeTruthy();
    expect(list.body.adjustments[0].at).toMatch(/^\d{4}-/);
  });

  it('D2R discounts change the store price; beats group stores; external retailers appear in the retailer list', async () => {
    const store = await seller.json('/api/d2r/store-address', {
      method: 'POST', body: { storeName: 'Bulk Store', phone: '9876500001', address1: 'Shop 1', address2: 'Market', zip: '400001', city: 'Mumbai', state: 'Maharashtra' },
    });
    expect(store.status).toBeLessThan(300);
    const storeId = store.body.data?.id ?? store.body.storeAddress?.id ?? store.body.id;
    expect(storeId).toBeTruthy();
    const item = await t.db.selectFrom('catalogue_items').select(['id']).where('company_id', '=', CP).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
    const d = await seller.json(`/api/catalogue/pricing/${CP}/${storeId}`, { method: 'POST', body: { rows: [{ catalogueId: item.id, discount: '7.5' }, { catalogueId: item.id, discount: '120' }] } });
    expect(d.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(d.body.errorArray[0]).toMatchObject({ row: 2, col: 'discount', reason: 'Discount must be between 0 and 100' });
    const prices = await seller.json(`/api/catalogue/pricing/${CP}/${storeId}`);
    expect(prices.body.prices).toEqual([expect.objectContaining({ catalogueId: item.id, discount: 7.5 })]);

    const beatRows = [{ Name: 'Monday Andheri', Description: 'West', salesmanId: '', retailerIds: storeId }, { Name: 'Bad', Description: '', salesmanId: '', retailerIds: 'no-such-store' }];
    const b = await seller.json(`/api/d2r/bulk-upload-beats/${CP}`, { method: 'POST', body: { rows: beatRows } });
    expect(b.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    await seller.json(`/api/d2r/bulk-upload-beats/${CP}`, { method: 'POST', body: { rows: beatRows.slice(0, 1) } });
    const beats = await seller.json('/api/d2r/beats');
    expect(beats.body.beats.filter((x: any) => x.name === 'Monday Andheri')).toEqual([expect.objectContaining({ storeIds: [storeId], companyId: CP })]);

    const ext = {
      externalId: 'EXT-1', storeName: 'Sai Kirana Bulk', firstName: 'Sai', lastName: 'Prasad', phone: '9876512345', alternatePhone: '', email: '', addressLine1: '14 Station Road',
      addressLine2: 'Opp Bus Stand', landmark: '', city: 'Pune', state: 'Maharashtra', pincode: '411001', gstin: '', pan: '', class: 'B', type: 'Kirana', cluster: 'Mumbai Metro',
      salesmanId: '', beatName: '', creditLimit: '', creditDays: '', latitude: '', longitude: '',
    };
    const e = await seller.json('/api/bulk/external-retailers', { method: 'POST', body: { rows: [ext, { ...ext, externalId: 'EXT-2', class: 'F', cluster: 'Mars', phone: '123' }] } });
    expect(e.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(e.body.errorArray.map((x: any) => x.col).sort()).toEqual(['class', 'cluster', 'phone']);
    await seller.json('/api/bulk/external-retailers', { method: 'POST', body: { rows: [ext] } });
    const list = await seller.json('/api/d2r/store-address/list?searchOptionType=text&searchText=Sai%20Kirana%20Bulk&page=1&limit=10');
    expect(list.body.storeAddressData).toHaveLength(1);
  });

  it('lightning orders become delivery orders once', async () => {
    const row = {
      referenceId: 'LN-1', quantity: '1', weight: '500', totalPrice: '499', paymentMethod: 'prepaid', shippingPersonName: 'Ravi Kumar', phone: '9876543210', email: '',
      addressLine1: '4 Residency Road', addressLine2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560025', awb: 'LNBULK0001',
    };
    const r = await seller.json('/api/lightning/orders/bulk', { method: 'POST', body: { rows: [row, { ...row, awb: 'LNBULK0002', paymentMethod: 'credit' }] } });
    expect(r.body).toMatchObject({ executeSuccess: 1, executeErrors: 1 });
    expect(r.body.errorArray[0]).toMatchObject({ col: 'paymentMethod', reason: 'paymentMethod must be one of cod, prepaid' });
    await seller.json('/api/lightning/orders/bulk', { method: 'POST', body: { rows: [row] } });
    const d = await t.db.selectFrom('delivery_orders').select(['awb', 'total_paise', 'company_id']).where('awb', '=', 'LNBULK0001').execute();
    expect(d).toEqual([{ awb: 'LNBULK0001', total_paise: 49900, company_id: CP }]);
  });

  it('serves a real .xlsx template per type', async () => {
    const res = await seller.request('/api/bulk/templates/orders');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['id', 'length', 'breadth', 'height', 'weight', 'paymentMethod']);
    expect(header).toHaveLength(32);
    expect(String(wb.worksheets[0].getRow(1).getCell(18).note)).toContain('6 digits');
  });
});
