import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { defaultConfig } from '../../edge-api/app';
import { sampleImage } from '../../edge-api/documents/fixtures';
import { signedFileLink } from '../../edge-api/services/uploads/store';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let finance: Agent;
let seller: Agent;
let warehouse: Agent;
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;
const SELLER_CO = DEMO_COMPANIES[0].id;
type Order = { id: string; tracking_number: string; shop_order_id: string };
let mine: Order[];
let theirs: Order;
let packer: { id: string; name: string };
let otherSeller: Agent;

/** A parcel photo as the floor uploads it: a proof upload of the agent's company. */
async function uploadProof(agent: Agent) {
  const png = await sampleImage('signature');
  const p = await agent.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'parcel.png', contentType: 'image/png', size: png.length } });
  expect(p.status).toBe(200);
  const put = await agent.request(p.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } });
  expect(put.status).toBe(200);
  return p.body.key as string;
}

const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const delhiveryCsv = (rows: string[][]) => ['Waybill,Charged Weight,Billing Date,Excess Charge', ...rows.map((r) => r.map((c) => `"${c}"`).join(','))].join('\n');
const importFile = (agent: Agent, csv: string | Buffer, courier = 'delhivery', extra: object = {}) =>
  agent.json('/api/weight-reconciliation/import', { method: 'POST', body: { courier, fileName: 'weights.csv', contentBase64: b64(csv), ...extra } });
type Row = { id: string; awb: string; status: string; disputeBy: string; deadlinePassed: boolean; differenceG: number | null; companyName: string | null; evidence: Record<string, unknown> };
const overviewOf = async (agent: Agent) => (await agent.json('/api/weight-reconciliation')).body as { rows: Row[]; totals: Record<string, number | string>[]; toleranceG: number | null };
const rowOf = async (awb: string, agent = finance) => (await overviewOf(agent)).rows.find((r) => r.awb === awb)!;
const chargeCount = async () => Number((await db.selectFrom('weight_charges').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
/** Billing days relative to today, as DD/MM/YYYY (the window is open for recent bills). */
const daysAgo = (n: number) => new Date(Date.now() + 330 * 60_000 - n * 86_400_000).toISOString().slice(0, 10).split('-').reverse().join('/');
const iso = (ddmmyyyy: string) => ddmmyyyy.split('/').reverse().join('-');
const plusDays = (isoDate: string, n: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** As packing records it: 1.2 kg dead weight in a 30×20×10 box (volumetric 1.2 kg), chargeable 1200 g. */
async function packed(o: Order, chargeableG: number | null) {
  await db.updateTable('orders').set({
    packed_weight_g: chargeableG, packed_length_cm: 30, packed_breadth_cm: 20, packed_height_cm: 10, volumetric_weight_g: 1200,
    chargeable_weight_g: chargeableG, weighed_at: chargeableG === null ? null : '2026-11-20T06:30:00.000Z', weighed_by: chargeableG === null ? null : packer.id,
  }).where('id', '=', o.id).execute();
}

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 200 }));
  seller = await signInDemo(app, 'seller');
  warehouse = await signInDemo(app, 'warehouse');
  finance = await signIn(app, FIN.email, FIN.password, 'finance');
  const other = DEMO_LOGINS.find((l) => l.role === 'seller' && 'company' in l)!;
  otherSeller = await signIn(app, other.email, other.password, other.appType);
  packer = (await db.selectFrom('users').select(['id', 'name']).where('role', '=', 'warehouse').executeTakeFirstOrThrow());
  const shipped = db.selectFrom('orders').select(['id', 'tracking_number', 'shop_order_id']).where('tracking_number', 'is not', null).orderBy('id');
  mine = (await shipped.where('company_id', '=', SELLER_CO).limit(8).execute()) as Order[];
  theirs = (await shipped.where('company_id', '!=', SELLER_CO).executeTakeFirstOrThrow()) as Order;
  for (const o of [...mine.slice(0, 6), theirs]) await packed(o, 1200);
  await packed(mine[6], null);
}, 60_000);

describe('who may do what', () => {
  it('finance imports; a seller may not import, and a warehouse user is refused with a reason', async () => {
    const s = await importFile(seller, delhiveryCsv([[mine[0].tracking_number, '1.2', daysAgo(1), '']]));
    expect(s.status).toBe(403);
    expect(s.body.message).toBe('You are not allowed to do this');
    const w = await warehouse.json('/api/weight-reconciliation');
    expect(w.status).toBe(403);
    expect(w.body.message).toBe('You are not allowed to do this');
    expect(await chargeCount()).toBe(0);
  });

  it("the seller sets a tolerance; finance may not set the seller's", async () => {
    const r = await seller.json('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: 50 } });
    expect(r.status).toBe(200);
    expect((await overviewOf(seller)).toleranceG).toBe(50);
    const f = await finance.json('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: 5000 } });
    expect(f.status).toBe(403);
    const bad = await seller.json('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: -1 } });
    expect(bad.status).toBe(400);
  });
});

describe('importing billed weights', () => {
  it('compares each AWB with packing: matches, within tolerance (accepted), discrepancy, unknown AWB, not weighed', async () => {
    const [a, b, c, d] = mine;
    const billed = daysAgo(2);
    const r = await importFile(finance, delhiveryCsv([
      [a.tracking_number, '1.2', billed, ''],
      [b.tracking_number, '1,240 g', billed, '₹12.50'],
      [c.tracking_number, '1.7 kg', billed, '₹1,234.50'],
      ['NOSUCHAWB77', '2', billed, '₹40.00'],
      [mine[6].tracking_number, '0.5', billed, ''],
      [theirs.tracking_number, '2.2', billed, '₹80.00'],
      [d.tracking_number, '1.0', billed, ''],
    ]));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rows: 7, added: 7, alreadyImported: 0 });
    expect(r.body.statuses).toMatchObject({ match: 2, auto_accepted: 1, open: 2, unknown_awb: 1, not_weighed: 1 });
    const rows = await db.selectFrom('weight_charges').selectAll().execute();
    const by = (awb: string) => rows.find((x) => x.awb === awb)!;
    expect(by(b.tracking_number)).toMatchObject({ status: 'auto_accepted', billed_weight_g: 1240, difference_g: 40, charge_paise: 1250 });
    expect(by(c.tracking_number)).toMatchObject({ status: 'open', billed_weight_g: 1700, difference_g: 500, charge_paise: 123450, order_id: c.id, company_id: SELLER_CO });
    // Another seller set no tolerance: 1 kg over is a discrepancy.
    expect(by(theirs.tracking_number)).toMatchObject({ status: 'open', difference_g: 1000 });
    expect(by(d.tracking_number)).toMatchObject({ status: 'match', difference_g: -200 });
    // The dispute window: 7 days from billing unless the courier's setting says otherwise.
    expect(by(c.tracking_number).dispute_by).toBe(plusDays(iso(billed), 7));
  });

  it('lists a discrepancy with its evidence from packing and its deadline', async () => {
    const c = mine[2];
    const row = await rowOf(c.tracking_number);
    expect(row).toMatchObject({ status: 'open', differenceG: 500, deadlinePassed: false });
    expect(row.evidence).toEqual({ photoUrl: null, packedWeightG: 1200, lengthCm: 30, breadthCm: 20, heightCm: 10, volumetricWeightG: 1200, weighedAt: '2026-11-20T06:30:00.000Z', packedBy: packer.name });
  });

  it('imports the same file again without adding anything', async () => {
    const before = await chargeCount();
    const r = await importFile(finance, delhiveryCsv([[mine[0].tracking_number, '1.2', daysAgo(2), ''], [mine[2].tracking_number, '1.7 kg', daysAgo(2), '₹1,234.50']]));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ added: 0, alreadyImported: 2 });
    expect(await chargeCount()).toBe(before);
    expect((await rowOf(mine[2].tracking_number)).status).toBe('open');
  });

  it('refuses a file with bad rows whole, saying which row and why', async () => {
    const before = await chargeCount();
    const r = await importFile(finance, delhiveryCsv([
      [mine[4].tracking_number, '1.5', daysAgo(1), ''],
      [mine[5].tracking_number, 'heavy', '31/02/2026', ''],
      [mine[7].tracking_number, '0', daysAgo(1), 'Rs 1.2.3'],
      [mine[4].tracking_number, '1.5', daysAgo(1), ''],
    ]));
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Nothing was imported: fix the rows listed and upload the file again');
    expect((r.body.errors as { message: string }[]).map((x) => x.message)).toEqual([
      'Row 3: "heavy" is not a weight (kg, or g when written); "31/02/2026" is not a date (DD/MM/YYYY)',
      'Row 4: the billed weight 0.000 kg is not between 0 and 1000 kg; "Rs 1.2.3" is not an amount',
      'Row 5: the same AWB as row 2',
    ]);
    expect(await chargeCount()).toBe(before);
  });

  it('names a missing column', async () => {
    const r = await importFile(finance, 'Waybill,Weight,Billing Date\nX1,1,01/01/2026');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ path: 'weight', message: 'The column "Charged Weight" (Billed weight) is not in the file' }]);
  });

  it("reads Shiprocket's XLSX layout with the courier's own dispute window", async () => {
    expect((await finance.json('/api/weight-reconciliation/couriers', { method: 'PUT', body: { courier: 'shiprocket', disputeDays: 4 } })).status).toBe(200);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Weight');
    ws.addRow(['Order ID', 'AWB Code', 'Charged Weight (KG)', 'Discrepancy Date', 'Excess Weight Charges']);
    ws.addRow(['x', mine[4].tracking_number, '1.45', daysAgo(1), '₹60.00']);
    const r = await importFile(finance, Buffer.from(await wb.xlsx.writeBuffer()), 'shiprocket');
    expect(r.status).toBe(200);
    expect(r.body.statuses.open).toBe(1);
    const row = await rowOf(mine[4].tracking_number);
    expect(row).toMatchObject({ differenceG: 250, disputeBy: plusDays(iso(daysAgo(1)), 4) });
  });
});

describe('what a seller sees and decides', () => {
  it("sees only its own company's rows", async () => {
    const awbs = (await overviewOf(seller)).rows.map((r) => r.awb);
    expect(awbs).toContain(mine[2].tracking_number);
    expect(awbs).not.toContain(theirs.tracking_number);
    expect(awbs).not.toContain('NOSUCHAWB77');
    const all = (await overviewOf(finance)).rows.map((r) => r.awb);
    expect(all).toEqual(expect.arrayContaining([theirs.tracking_number, 'NOSUCHAWB77']));
  });

  it("cannot decide another company's row", async () => {
    const id = (await rowOf(theirs.tracking_number)).id;
    const r = await seller.json('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: [id], decision: 'accept' } });
    expect(r.body).toMatchObject({ changed: 0 });
    expect((await rowOf(theirs.tracking_number)).status).toBe('open');
  });

  it('a tolerance change judges undecided discrepancies again', async () => {
    const sr = mine[4].tracking_number; // 250 g over
    const up = await seller.json('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: 300 } });
    expect(up.body.reassessed).toBeGreaterThanOrEqual(1);
    expect((await rowOf(sr)).status).toBe('auto_accepted');
    await seller.json('/api/weight-reconciliation/tolerance', { method: 'PUT', body: { toleranceG: 50 } });
    expect((await rowOf(sr)).status).toBe('open');
    expect((await rowOf(mine[1].tracking_number)).status).toBe('auto_accepted'); // 40 g over stays within 50
  });

  it('disputes a discrepancy; the dispute file lists it with the evidence', async () => {
    const c = mine[2];
    const id = (await rowOf(c.tracking_number, seller)).id;
    const r = await seller.json('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: [id], decision: 'dispute' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ changed: 1 });
    expect((await rowOf(c.tracking_number)).status).toBe('disputed');
    const file = await app.request('/api/weight-reconciliation/dispute-file?courier=delhivery', { headers: { cookie: seller.cookie } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const lines = (await file.text()).trim().split('\r\n');
    expect(lines[0]).toBe('AWB,Order,Billed on,Billed weight (kg),Packed weight (kg),Length (cm),Breadth (cm),Height (cm),Volumetric weight (kg),Chargeable weight at packing (kg),Difference (kg),Extra charge (Rs),Weighed at,Packed by,Photo,Dispute by,Photo link valid until');
    expect(lines).toHaveLength(2);
    const cells = lines[1].split(',');
    expect(cells.slice(0, 12)).toEqual([c.tracking_number, c.shop_order_id, iso(daysAgo(2)), '1.700', '1.200', '30', '20', '10', '1.200', '1.200', '0.500', '1234.50']);
    expect(cells[13]).toBe(packer.name);
    expect(cells[14]).toBe(''); // no photo taken
    expect(cells[15]).toBe(plusDays(iso(daysAgo(2)), 7));
  });

  it("the dispute file's photo is a link the courier opens without a session: that photo only, until 30 days after the dispute-by day, not once changed", async () => {
    const c = mine[2];
    const photo = await uploadProof(seller);
    const elsewhere = await uploadProof(otherSeller);
    await db.updateTable('orders').set({ packed_photo_key: photo }).where('id', '=', c.id).execute();
    const res = await app.request('/api/weight-reconciliation/dispute-file?courier=delhivery', { headers: { cookie: seller.cookie } });
    const cells = (await res.text()).trim().split('\r\n')[1].split(',');
    const disputeBy = plusDays(iso(daysAgo(2)), 7);
    const until = plusDays(disputeBy, 30);
    expect(cells[16]).toBe(until);
    const url = new URL(cells[14]);
    expect(url.origin).toBe(new URL(defaultConfig().publicUrl).origin);
    expect(url.pathname).toBe(`/api/files/${photo}`);
    // Valid to the last second of that day in India (UTC+05:30).
    expect(Number(url.searchParams.get('exp'))).toBe(Math.floor((Date.parse(`${until}T23:59:59.999+05:30`)) / 1000));
    const link = url.pathname + url.search;

    const opened = await anonymous(app).request(link);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await opened.arrayBuffer()).equals(await sampleImage('signature'))).toBe(true);
    // Without the signature the photo stays private.
    expect((await anonymous(app).request(url.pathname)).status).toBe(401);
    // Changed: another company's photo under the same signature, a later expiry, a forged signature.
    expect((await anonymous(app).request(link.replace(photo, elsewhere))).status).toBe(401);
    expect((await anonymous(app).request(link.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 86_400}`))).status).toBe(401);
    expect((await anonymous(app).request(link.replace(/sig=[^&]+/, 'sig=AAAA'))).status).toBe(401);
    // Once its day has passed: refused (the same link, signed as it was for a deadline long gone).
    const stale = signedFileLink(defaultConfig().signingKey, photo, Date.now(), Date.now() - 1000);
    expect((await anonymous(app).request(stale)).status).toBe(401);
    // The other company's seller does not get this company's rows, photos or links in its file.
    const theirs = await (await app.request('/api/weight-reconciliation/dispute-file?courier=delhivery', { headers: { cookie: otherSeller.cookie } })).text();
    expect(theirs).not.toContain(photo);
    expect(theirs).not.toContain(c.tracking_number);
    await db.updateTable('orders').set({ packed_photo_key: null }).where('id', '=', c.id).execute();
  });

  it('refuses a dispute after its window closed, and changes nothing', async () => {
    const late = mine[5];
    await importFile(finance, delhiveryCsv([[late.tracking_number, '2.0', daysAgo(30), '₹70.00']]));
    const lateRow = await rowOf(late.tracking_number);
    const open = await rowOf(mine[4].tracking_number);
    expect(lateRow).toMatchObject({ status: 'open', deadlinePassed: true });
    const r = await seller.json('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: [open.id, lateRow.id], decision: 'dispute' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(`The dispute window for ${late.tracking_number} closed on ${daysAgo(23)}`);
    expect((await rowOf(mine[4].tracking_number)).status).toBe('open');
    // Accepting it is still possible.
    const acc = await seller.json('/api/weight-reconciliation/decide', { method: 'POST', body: { ids: [lateRow.id], decision: 'accept' } });
    expect(acc.body).toMatchObject({ changed: 1 });
  });

  it('totals by courier: discrepancies, extra weight and charges billed, by decision', async () => {
    const t = (await overviewOf(finance)).totals;
    const delhivery = t.find((x) => x.courier === 'delhivery')!;
    // b (40 g, ₹12.50, within tolerance), c (500 g, ₹1,234.50, disputed), theirs (1000 g, ₹80, open), late (800 g, ₹70, accepted).
    expect(delhivery).toMatchObject({ billed: 8, discrepancies: 4, autoAccepted: 1, disputed: 1, open: 1, accepted: 1, extraG: 40 + 500 + 1000 + 800, extraPaise: 1250 + 123450 + 8000 + 7000 });
    const sellerTotals = (await overviewOf(seller)).totals.find((x) => x.courier === 'delhivery')!;
    expect(sellerTotals).toMatchObject({ discrepancies: 3, extraG: 40 + 500 + 800 });
  });
});
