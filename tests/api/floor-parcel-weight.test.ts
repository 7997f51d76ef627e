// Weight at the box: once every item is in the box the packer weighs the
// parcel and names its box (a shipping package or L x B x H), offline too
// through the pack.weigh command. The order keeps the dead weight, the box,
// the volumetric weight (L x B x H / 5000 kg) and the chargeable weight (the
// larger), which the seller sees on the order panel and in the orders CSV.
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { PARCEL_BOX_REQUIRED, PARCEL_NOT_PACKED, PARCEL_PHOTO_NOT_UPLOADED, requiredUnits } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import '../../db/tables/sync';
import type { PushResponse } from '../../sync/protocol';
import { makeTestApp, signIn, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
const C0: string = DEMO_COMPANIES[0].id;
const W0: string = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 300 });
  wh = await signInDemo(t.app, 'warehouse');
});

let n = 0;
function device() {
  const clientId = `weigh-device-${++n}-${Date.now()}`;
  let seq = 0;
  return {
    command: (name: string, args: unknown) => ({ seq: ++seq, name, args, createdAt: new Date().toISOString() }),
    push: (commands: unknown[]) => wh.json<PushResponse>('/api/sync/push', { method: 'POST', body: { clientId, schemaVersion: 1, commands } }),
  };
}

async function orderToPack(skip: number) {
  const rows = await t.db.selectFrom('orders').selectAll().where('company_id', '=', C0).where('status', '=', 'PLACED').where('warehouse_id', '=', W0).orderBy('id').execute();
  const order = rows[skip];
  const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
  const required = requiredUnits(items.map((i) => ({ sku: i.sku, quantity: i.quantity, wsinMapping: JSON.parse(i.wsin_mapping ?? '{}') })));
  return { order, required, awb: order.tracking_number ?? order.shop_order_id };
}

const packCommands = (d: ReturnType<typeof device>, o: Awaited<ReturnType<typeof orderToPack>>) => [
  ...Object.entries(o.required).flatMap(([wsin, k]) => Array.from({ length: k }, () => d.command('pack.scan', { awb: o.awb, orderId: o.order.id, wsin }))),
  d.command('pack.submit', { awb: o.awb, orderId: o.order.id, scanned: o.required }),
];

const parcel = (id: string) =>
  t.db
    .selectFrom('orders')
    .select(['packed_weight_g', 'packed_package_code', 'packed_length_cm', 'packed_breadth_cm', 'packed_height_cm', 'volumetric_weight_g', 'chargeable_weight_g', 'weighed_at', 'weighed_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('pack.weigh', () => {
  it('a shipping package: its sides give the volumetric weight, which is charged when larger than the dead weight', async () => {
    const o = await orderToPack(0);
    const d = device();
    const res = await d.push([...packCommands(d, o), d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 800, packageCode: 'BOX-S' })]);
    expect(res.status).toBe(200);
    expect(res.body.results.every((r) => r.status === 'applied')).toBe(true);
    // Carton S is 25 x 20 x 12 cm: 6000 cm³ / 5000 = 1.2 kg.
    expect(await parcel(o.order.id)).toMatchObject({
      packed_weight_g: 800, packed_package_code: 'BOX-S', packed_length_cm: 25, packed_breadth_cm: 20, packed_height_cm: 12,
      volumetric_weight_g: 1200, chargeable_weight_g: 1200,
    });
    const p = await parcel(o.order.id);
    expect(p.weighed_at).not.toBeNull();
    expect(p.weighed_by).not.toBeNull();
  });

  it("the packer's own box L x B x H: a heavy small parcel is charged its dead weight; shown on the order panel and in the CSV", async () => {
    const o = await orderToPack(1);
    const d = device();
    const res = await d.push([...packCommands(d, o), d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 2150, lengthCm: 21, breadthCm: 13, heightCm: 9 })]);
    expect(res.body.results.every((r) => r.status === 'applied')).toBe(true);
    // 21 x 13 x 9 = 2457 cm³ / 5 = 491.4 g, rounded up.
    expect(await parcel(o.order.id)).toMatchObject({ packed_weight_g: 2150, packed_package_code: null, volumetric_weight_g: 492, chargeable_weight_g: 2150 });

    const seller = await signInDemo(t.app, 'seller');
    const detail = await seller.json<{ data: { parcel: unknown } }>(`/api/orders/${o.order.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.parcel).toEqual({ weightG: 2150, packageCode: null, lengthCm: 21, breadthCm: 13, heightCm: 9, volumetricWeightG: 492, chargeableWeightG: 2150 });

    // The orders CSV: the packed and chargeable weights of this order, empty for one not weighed.
    const csv = await seller.request('/api/download/csv/orders', { method: 'POST', body: { filter: {} } });
    expect(csv.status).toBe(200);
    const rows = Papa.parse<string[]>(await csv.text(), { skipEmptyLines: true }).data;
    const [header] = rows;
    const idCol = header.indexOf('Internal ID');
    const row = rows.find((r) => r[idCol] === o.order.id)!;
    expect(row.length).toBe(header.length);
    expect(row[header.indexOf('Packed Weight (g)')]).toBe('2150');
    expect(row[header.indexOf('Chargeable Weight (g)')]).toBe('2150');
    const notWeighed = await t.db.selectFrom('orders').select('id').where('company_id', '=', C0).where('packed_weight_g', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    const other = rows.find((r) => r[idCol] === notWeighed.id)!;
    expect(other[header.indexOf('Packed Weight (g)')]).toBe('');
    expect(other[header.indexOf('Chargeable Weight (g)')]).toBe('');
  });

  it('refused before the order is packed, without a box, or with an unknown package; nothing stored', async () => {
    const o = await orderToPack(2);
    const d = device();
    const early = await d.push([d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 500, packageCode: 'BOX-S' })]);
    expect(early.body.results[0]).toMatchObject({ status: 'rejected', reason: PARCEL_NOT_PACKED(o.order.shop_order_id) });
    const res = await d.push([
      ...packCommands(d, o),
      d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 500, lengthCm: 10 }),
      d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 500, packageCode: 'NO-SUCH-BOX' }),
    ]);
    const [noBox, unknown] = res.body.results.slice(-2);
    expect(noBox).toMatchObject({ status: 'rejected', reason: PARCEL_BOX_REQUIRED });
    expect(unknown).toMatchObject({ status: 'rejected', reason: 'Shipping package NO-SUCH-BOX is not known' });
    expect((await parcel(o.order.id)).packed_weight_g).toBeNull();
  });

  it("a parcel photo taken at the end of packing is kept with the weighing and is a discrepancy's evidence, shown to the owning company only", async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const admin = await signInDemo(t.app, 'admin');
    const upload = async (companyId: string, who = wh) => {
      const pre = await who.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'parcel.png', contentType: 'image/png', size: png.length, companyId } });
      expect(pre.status).toBe(200);
      expect((await who.request(pre.body.uploadUrl, { method: 'PUT', body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })).status).toBe(200);
      return pre.body.key as string;
    };
    // Another company's photo (uploaded by an admin): not this order's.
    const [mine, anothers] = [await upload(C0), await upload(DEMO_COMPANIES[1].id, admin)];
    const o = await orderToPack(0);
    const d = device();
    const weigh = (photoKey: string) => d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 900, packageCode: 'BOX-S', photoKey });
    const res = await d.push([...packCommands(d, o), weigh(anothers), weigh('proof-00000000-0000-7000-8000-000000000000.png'), weigh(mine)]);
    expect(res.body.results.slice(-3).map((r) => r.reason ?? r.status)).toEqual([PARCEL_PHOTO_NOT_UPLOADED(o.order.shop_order_id), PARCEL_PHOTO_NOT_UPLOADED(o.order.shop_order_id), 'applied']);
    expect((await t.db.selectFrom('orders').select('packed_photo_key').where('id', '=', o.order.id).executeTakeFirstOrThrow()).packed_photo_key).toBe(mine);

    // The courier bills more than the 1.2 kg chargeable at packing: the discrepancy shows the photo.
    const awb = `PHOTO${Date.now()}`;
    await t.db.updateTable('orders').set({ tracking_number: awb }).where('id', '=', o.order.id).execute();
    const fin = DEMO_LOGINS.find((l) => l.role === 'finance')!;
    const finance = await signIn(t.app, fin.email, fin.password, 'finance');
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10).split('-').reverse().join('/');
    const csv = `Waybill,Charged Weight,Billing Date,Excess Charge\n${awb},2.0,${today},`;
    const imported = await finance.json('/api/weight-reconciliation/import', { method: 'POST', body: { courier: 'delhivery', fileName: 'w.csv', contentBase64: Buffer.from(csv).toString('base64') } });
    expect(imported.body).toMatchObject({ added: 1, statuses: { open: 1 } });
    const seller = await signInDemo(t.app, 'seller');
    const row = ((await seller.json('/api/weight-reconciliation')).body.rows as { awb: string; evidence: { photoUrl: string | null } }[]).find((r) => r.awb === awb)!;
    expect(row.evidence.photoUrl).toBe(`/api/files/${mine}`);
    const shown = await seller.request(row.evidence.photoUrl!);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await shown.arrayBuffer()).equals(png)).toBe(true);
    const d2r = DEMO_LOGINS.find((l) => l.email === 'd2r@shipdesk.in')!;
    const stranger = await signIn(t.app, d2r.email, d2r.password, 'seller');
    expect((await stranger.request(row.evidence.photoUrl!)).status).toBe(404);
    // Weighing again without a photo drops it: the photo is of the parcel as weighed.
    await d.push([d.command('pack.weigh', { orderId: o.order.id, awb: o.awb, weightG: 950, packageCode: 'BOX-S' })]);
    expect((await t.db.selectFrom('orders').select('packed_photo_key').where('id', '=', o.order.id).executeTakeFirstOrThrow()).packed_photo_key).toBeNull();
  });
});
