// A manual order goes somewhere. It gets a ship-from warehouse by the
// one allocation rule, keeps the seller's own AWB, back-date and beat, is
// invoiced in its warehouse's series the moment it becomes READY_TO_SHIP
// (exactly once, no gaps or duplicates under parallel ready-to-ship), prints
// the GSTIN of its warehouse's state, and is found at that warehouse's
// packing station. Runs on SQLite and (api-pg) on PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { loadPincodes } from '../../db/pincodes/load';
import { readPdf } from '../../edge-api/documents/pdf-test-utils';
import { GSTIN_CHECKSUM_MESSAGE, gstinStateMismatch, makeGstin } from '../../domain/gstin';
import { addIndiaDays, indiaToday } from '../../domain/india-time';
import { B2B_GSTIN_REQUIRED, BACKDATE_RANGE } from '../../domain/manual-order';
import { makeTestApp, signInDemo, type Agent } from './helpers';

const C0 = DEMO_COMPANIES[0].id; // Chai Point, Bengaluru (Karnataka)
const [BHW1, BLR1] = DEMO_WAREHOUSES.map((w) => w.id); // Bhiwandi (Maharashtra), Hoskote (Karnataka)

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let seller: Agent;
let warehouseUser: Agent;
let teaId = '';
let teaWsin = '';

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 40 });
  seller = await signInDemo(ctx.app, 'seller');
  warehouseUser = await signInDemo(ctx.app, 'warehouse');
  await loadPincodes(ctx.db, {
    records: [
      { pincode: 400028, district: 'Mumbai', state: 'Maharashtra' },
      { pincode: 421302, district: 'Thane', state: 'Maharashtra' },
      { pincode: 562114, district: 'Bangalore Rural', state: 'Karnataka' },
      { pincode: 560038, district: 'Bangalore', state: 'Karnataka' },
    ],
  });
  const tea = await ctx.db.selectFrom('catalogue_items').select(['id']).where('company_id', '=', C0).where('sku', '=', 'CP-0001').executeTakeFirstOrThrow();
  teaId = tea.id;
  const map = await ctx.db.selectFrom('catalogue_wsins').select('wsin').where('catalogue_id', '=', teaId).executeTakeFirstOrThrow();
  teaWsin = map.wsin;
}, 60_000);

const mumbai = { firstName: 'Priya', lastName: 'Sharma', phone: '9812345678', email: '', address1: 'Flat 302, Sea View', address2: 'Dadar West', zip: '400028', city: 'Mumbai', state: 'Maharashtra', gstin: '' };
let seq = 0;
const order = (over: Record<string, unknown> = {}) => ({
  id: `SHIP-${++seq}-${Date.now() % 100000}`, orderType: 0, pricingType: 0, paymentMethod: 'prepaid', shippingPrice: '40',
  shippingAddress: mumbai, sameAsShipping: true, items: [{ catalogueId: teaId, quantity: 2 }], ...over,
});

async function setStock(warehouseId: string, quantity: number) {
  const row = await ctx.db.selectFrom('inventory').select('id').where('warehouse_id', '=', warehouseId).where('company_id', '=', C0).where('wsin', '=', teaWsin).executeTakeFirst();
  if (row) await ctx.db.updateTable('inventory').set({ quantity, blocked: 0 }).where('id', '=', row.id).execute();
  else {
    await ctx.db.insertInto('inventory').values({
      id: `inv-${warehouseId.slice(-4)}-${teaWsin}`, warehouse_id: warehouseId, company_id: C0, wsin: teaWsin, location: 'A-1', quantity, blocked: 0,
      scanned_quantity: 0, version: 0, updated_at: new Date().toISOString(),
    }).execute();
  }
}

async function create(over: Record<string, unknown> = {}) {
  const r = await seller.json('/api/orders/manual', { method: 'POST', body: order(over) });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return ctx.db.selectFrom('orders').selectAll().where('id', '=', r.body.data.id).executeTakeFirstOrThrow();
}

const rts = (id: string) => seller.json(`/api/orders/${id}/ready-to-ship`, { method: 'PATCH' });
const invoiceOf = (orderId: string) => ctx.db.selectFrom('invoices').selectAll().where('order_id', '=', orderId).execute();

describe('every manual order has a ship-from warehouse (one allocation rule)', () => {
  it('picks the nearest warehouse holding stock for every line, else the default, and the form is told the same', async () => {
    const shipFrom = async () =>
      (await seller.json(`/api/orders/manual/ship-from?pincode=400028&city=Mumbai&state=Maharashtra&items=${teaId}:2`)).body.data;

    await setStock(BHW1, 0);
    await setStock(BLR1, 50);
    const onlyHoskote = await create();
    expect(onlyHoskote.warehouse_id).toBe(BLR1); // the only one with stock, though Bhiwandi is nearer
    expect(onlyHoskote.pickup_state).toBe('Karnataka');
    expect((await shipFrom()).warehouseId).toBe(BLR1);

    await setStock(BHW1, 50);
    const both = await create();
    expect(both.warehouse_id).toBe(BHW1); // both hold stock: Bhiwandi is within Maharashtra
    expect(await shipFrom()).toMatchObject({ warehouseId: BHW1, reason: 'stock' });

    await setStock(BHW1, 1);
    await setStock(BLR1, 1);
    const none = await create();
    expect(none.warehouse_id).toBe(BLR1); // nobody holds 2 units: the default warehouse, in the company's own state
    expect(await shipFrom()).toMatchObject({ warehouseId: BLR1, reason: 'default' });

    const chosen = await create({ whId: BHW1 });
    expect(chosen.warehouse_id).toBe(BHW1); // the seller may change it
  });
});

describe('an invoice for every shipped order', () => {
  it('issues the number in the warehouse series at READY_TO_SHIP, lists it, and regenerating keeps it', async () => {
    await setStock(BHW1, 500);
    const o = await create({ whId: BHW1 });
    expect(await invoiceOf(o.id)).toHaveLength(0);
    const series = await ctx.db.selectFrom('invoice_series').selectAll().where('company_id', '=', C0).where('warehouse_id', '=', BHW1).executeTakeFirst();
    const before = Number(series?.b2c_index ?? 0);

    const r = await rts(o.id);
    expect(r.status).toBe(200);
    const [inv] = await invoiceOf(o.id);
    const prefix = (await ctx.db.selectFrom('invoice_series').select('b2c_prefix').where('company_id', '=', C0).where('warehouse_id', '=', BHW1).executeTakeFirstOrThrow()).b2c_prefix;
    expect(inv.invoice_number).toBe(`${prefix}${before + 1}`);
    expect(Number(inv.amount_paise)).toBe(Number(o.total_paise));
    const after = await ctx.db.selectFrom('orders').select(['invoice_number', 'status', 'tracking_number']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ invoice_number: inv.invoice_number, status: 'READY_TO_SHIP' });

    const list = await seller.json(`/api/invoices?search=${encodeURIComponent(inv.invoice_number)}`);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body.invoices)).toContain(inv.invoice_number);

    const regen = await seller.json(`/api/orders/${o.id}/regenerate-documents`, { method: 'POST' });
    expect(regen.status).toBe(200);
    expect(regen.body.invoiceNumber).toBe(inv.invoice_number);
    expect(await invoiceOf(o.id)).toHaveLength(1);

    // The PDF prints that number and the company's Maharashtra GSTIN (Bhiwandi's state), never its Karnataka one.
    const res = await seller.request('/api/download/invoice', { method: 'POST', body: { orderId: [o.id] } });
    expect(res.status).toBe(200);
    const [page] = await readPdf(Buffer.from(await res.arrayBuffer()));
    const mh = await ctx.db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow();
    expect(page.text).toContain(`Invoice No.: ${inv.invoice_number}`);
    expect(page.text).toContain(`GSTIN: ${mh.gstin}`);

    // The warehouse user of Bhiwandi finds it at the packing station by its AWB.
    const found = await warehouseUser.json(`/api/order/packaging-metadata/find/${after.tracking_number}`, { method: 'POST', body: { selectedCompanyIds: [C0] } });
    expect(found.status).toBe(200);
    expect(found.body.data.key).toBe(o.id);
  });

  it('prints beside the GSTIN the place of business registered under it, never the address of another state', async () => {
    await setStock(BHW1, 500);
    const o = await create({ whId: BHW1 });
    expect((await rts(o.id)).status).toBe(200);
    const company = await ctx.db.selectFrom('companies').select('address').where('id', '=', C0).executeTakeFirstOrThrow();
    const home = JSON.parse(company.address) as { line1: string; city: string; state: string };
    expect(home.state).not.toBe('Maharashtra');
    const mh = await ctx.db.selectFrom('company_gstins').select('gstin').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow();

    // The seller records the Maharashtra registration's address in Settings > Invoicing.
    const saved = await seller.json('/api/ums/invoices/gstins', {
      method: 'PUT',
      body: { state: 'Maharashtra', gstin: mh.gstin, address: { line1: 'Gala 14, Rajlaxmi Complex', line2: 'Kalher', city: 'Bhiwandi', pincode: '421302' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.gstins).toContainEqual(expect.objectContaining({ stateCode: '27', address: { line1: 'Gala 14, Rajlaxmi Complex', line2: 'Kalher', city: 'Bhiwandi', pincode: '421302' } }));

    const res = await seller.request('/api/download/invoice', { method: 'POST', body: { orderId: [o.id] } });
    expect(res.status).toBe(200);
    const [page] = await readPdf(Buffer.from(await res.arrayBuffer()));
    expect(page.text).toContain(`GSTIN: ${mh.gstin}`);
    expect(page.text).toContain('Gala 14, Rajlaxmi Complex');
    expect(page.text).toContain('Bhiwandi, Maharashtra - 421302');
    expect(page.text).not.toContain(home.line1);

    // An address that is not whole is refused, and nothing changes.
    const bad = await seller.json('/api/ums/invoices/gstins', { method: 'PUT', body: { state: 'Maharashtra', gstin: mh.gstin, address: { line1: 'Gala 14', city: 'Bhiwandi', pincode: '4213' } } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Pincode must be exactly 6 digits');
    const still = await ctx.db.selectFrom('company_gstins').select('address').where('company_id', '=', C0).where('state_code', '=', '27').executeTakeFirstOrThrow();
    expect(JSON.parse(still.address!).line1).toBe('Gala 14, Rajlaxmi Complex');
  });

  it('gives parallel ready-to-ships consecutive numbers with no gap or duplicate', async () => {
    await setStock(BHW1, 500);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await create({ whId: BHW1 }));
    const before = Number((await ctx.db.selectFrom('invoice_series').select('b2c_index').where('company_id', '=', C0).where('warehouse_id', '=', BHW1).executeTakeFirstOrThrow()).b2c_index);
    const results = await Promise.all(orders.map((o) => rts(o.id)));
    expect(results.map((r) => r.status)).toEqual(orders.map(() => 200));
    const invs = await ctx.db.selectFrom('invoices').select(['series_index', 'invoice_number']).where('order_id', 'in', orders.map((o) => o.id)).execute();
    expect(invs).toHaveLength(8);
    expect(invs.map((i) => Number(i.series_index)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => before + n));
    expect(new Set(invs.map((i) => i.invoice_number)).size).toBe(8);
  });

  it('issues one invoice when the same order is marked ready to ship twice at once', async () => {
    const o = await create({ whId: BHW1 });
    const [a, b] = await Promise.all([rts(o.id), rts(o.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await invoiceOf(o.id)).toHaveLength(1);
  });
});

describe('the payload fields are honoured', () => {
  it("keeps the seller's own AWB and courier through ready to ship, the back-date and the beat", async () => {
    const partner = await ctx.db.selectFrom('delivery_partners').select(['id', 'name', 'code']).orderBy('name').executeTakeFirstOrThrow();
    const day = addIndiaDays(indiaToday(), -5);
    const o = await create({ whId: BHW1, awb: 'OWN1234567890', awbPartner: partner.code, backdate: day, beatId: 'BEAT-NORTH-7' });
    expect(o).toMatchObject({ tracking_number: 'OWN1234567890', delivery_partner_id: partner.id, shipper: partner.name, beat_id: 'BEAT-NORTH-7' });
    expect(new Date(Date.parse(o.created_at) + 330 * 60_000).toISOString().slice(0, 10)).toBe(day);
    expect((await rts(o.id)).status).toBe(200);
    const after = await ctx.db.selectFrom('orders').select(['tracking_number', 'shipper']).where('id', '=', o.id).executeTakeFirstOrThrow();
    expect(after).toMatchObject({ tracking_number: 'OWN1234567890', shipper: partner.name });
    const label = await seller.request('/api/download/label', { method: 'POST', body: { orderId: [o.id] } });
    expect(label.status).toBe(200);
    const [page] = await readPdf(Buffer.from(await label.arrayBuffer()));
    expect(page.text).toContain('OWN1234567890');
  });

  it('refuses a date outside the window the form states, and a B2B order without a GSTIN', async () => {
    const old = await seller.json('/api/orders/manual', { method: 'POST', body: order({ backdate: addIndiaDays(indiaToday(), -45) }) });
    expect(old.status).toBe(400);
    expect(JSON.stringify(old.body)).toContain(BACKDATE_RANGE);
    const b2b = await seller.json('/api/orders/manual', { method: 'POST', body: order({ orderType: 1 }) });
    expect(b2b.status).toBe(400);
    expect(JSON.stringify(b2b.body)).toContain(B2B_GSTIN_REQUIRED);
  });

  it('stores a pasted +91 phone as its 10 digits', async () => {
    const o = await create({ shippingAddress: { ...mumbai, phone: '+91 98450-12345' } });
    expect(o.customer_phone).toBe('9845012345');
  });
});

describe('GSTIN per state (Settings > Invoicing)', () => {
  it('validates length, state code and check character, and lists what is recorded', async () => {
    const pan = (await ctx.db.selectFrom('companies').select('pan').where('id', '=', C0).executeTakeFirstOrThrow()).pan;
    const good = makeGstin('33', pan);
    const bad = `${good.slice(0, 14)}${good[14] === 'A' ? 'B' : 'A'}`;
    const wrong = await seller.json('/api/ums/invoices/gstins', { method: 'PUT', body: { state: 'Tamil Nadu', gstin: bad } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain(GSTIN_CHECKSUM_MESSAGE);
    const other = await seller.json('/api/ums/invoices/gstins', { method: 'PUT', body: { state: 'Kerala', gstin: good } });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.body)).toContain(gstinStateMismatch('Kerala', '32'));
    const ok = await seller.json('/api/ums/invoices/gstins', { method: 'PUT', body: { state: 'Tamil Nadu', gstin: good.toLowerCase() } });
    expect(ok.status).toBe(200);
    expect(ok.body.gstins).toContainEqual(expect.objectContaining({ stateCode: '33', gstin: good }));
    // The registration GSTIN still covers the home state (Karnataka).
    const home = (await ctx.db.selectFrom('companies').select('gst').where('id', '=', C0).executeTakeFirstOrThrow()).gst;
    expect(ok.body.gstins).toContainEqual(expect.objectContaining({ stateCode: '29', gstin: home, fromProfile: true }));
  });
});

describe('stock you can see (catalogue inventory figure)', () => {
  it("shows the live stock of the item's mapped WSIN per warehouse, and says an unmapped SKU cannot be packed", async () => {
    await setStock(BHW1, 326);
    await setStock(BLR1, 4);
    const r = await seller.json(`/api/catalogue/company/${C0}?shopType=manual&search=CP-0001`);
    expect(r.status).toBe(200);
    const item = r.body.catalogues.find((c: { id: string }) => c.id === teaId);
    const multiplier = Number((await ctx.db.selectFrom('catalogue_wsins').select('multiplier').where('catalogue_id', '=', teaId).executeTakeFirstOrThrow()).multiplier);
    expect(item.liveStock.warehouses).toEqual(expect.arrayContaining([
      expect.objectContaining({ id: BHW1, units: Math.floor(326 / multiplier) }),
      expect.objectContaining({ id: BLR1, units: Math.floor(4 / multiplier) }),
    ]));
    expect(item.liveStock.total).toBe(Math.floor(326 / multiplier) + Math.floor(4 / multiplier));

    await ctx.db.deleteFrom('catalogue_wsins').where('catalogue_id', '=', teaId).execute();
    try {
      const one = await seller.json(`/api/catalogue/${teaId}`);
      expect(one.status).toBe(200);
      expect(one.body.data.liveStock).toBeNull();
    } finally {
      await ctx.db.insertInto('catalogue_wsins').values({ catalogue_id: teaId, wsin: teaWsin, multiplier }).execute();
    }
  });
});
