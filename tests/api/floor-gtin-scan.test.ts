// A product's own barcode on the floor: the pulled order lines carry the
// catalogue item's GTIN (its barCode as 14 digits), so the device counts an
// EAN or GS1 scan as the line's WSIN; the lot, expiry and serial a GS1 scan
// read are stored with the packed unit by the pack.scan command.
import { beforeAll, describe, expect, it } from 'vitest';
import { resolveScan, type FloorOrderDoc } from '../../domain/floor';
import { gtinCheckDigit } from '../../domain/gs1';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import '../../db/tables/sync';
import '../../db/tables/packed-unit-lots';
import type { PullResponse, PushResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
const C0: string = DEMO_COMPANIES[0].id;
const W0: string = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 300 });
  wh = await signInDemo(t.app, 'warehouse');
});

const at = () => new Date().toISOString();

/** A packable order of one line mapping to one WSIN, its catalogue item given a fresh EAN-13. */
async function orderWithEan(skip: number) {
  const rows = await t.db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.id', 'orders.shop_order_id', 'orders.tracking_number', 'order_items.catalogue_id', 'order_items.wsin_mapping'])
    .where('orders.company_id', '=', C0)
    .where('orders.status', '=', 'PLACED')
    .where('orders.warehouse_id', '=', W0)
    .where('order_items.catalogue_id', 'is not', null)
    .orderBy('orders.id')
    .execute();
  const usable = rows.filter((r) => Object.keys(JSON.parse(r.wsin_mapping ?? '{}')).length === 1);
  const row = usable[skip];
  const body = `89000000${String(1000 + skip).padStart(4, '0')}`;
  const ean = `${body}${gtinCheckDigit(body)}`;
  await t.db.updateTable('catalogue_items').set({ bar_code: ean }).where('id', '=', row.catalogue_id!).execute();
  return { row, ean, wsin: Object.keys(JSON.parse(row.wsin_mapping!))[0] };
}

async function pullDoc(clientId: string, orderId: string) {
  const res = await wh.json<PullResponse>('/api/sync/pull', { method: 'POST', body: { clientId, cookie: null, scope: { companyIds: [C0] } } });
  expect(res.status).toBe(200);
  const put = res.body.patch.find((op) => op.op === 'put' && op.table === 'orders' && (op.value as FloorOrderDoc).id === orderId);
  expect(put).toBeDefined();
  return (put as { value: FloorOrderDoc }).value;
}

describe('EAN and GS1 scans on the packing station', () => {
  it("the pulled order line carries its catalogue item's GTIN: the EAN and a GS1 scan of it count as its WSIN on the device", async () => {
    const { row, ean, wsin } = await orderWithEan(0);
    const doc = await pullDoc(`gtin-device-${Date.now()}`, row.id);
    const line = doc.items.find((i) => Object.keys(i.wsinMapping)[0] === wsin)!;
    expect(line.barCode).toBe(ean);
    expect(resolveScan(doc.items, ean).code).toBe(wsin);
    expect(resolveScan(doc.items, `(01)0${ean}(10)LOT-7(17)281130`, 2026)).toEqual({ code: wsin, gs1: { gtin: `0${ean}`, lot: 'LOT-7', expiry: '2028-11-30' } });
  });

  it('pack.scan with what the GS1 barcode read stores the lot, expiry and serial with the unit; a wrong GTIN is refused', async () => {
    const { row, ean, wsin } = await orderWithEan(1);
    const clientId = `gs1-device-${Date.now()}`;
    const awb = row.tracking_number ?? row.shop_order_id;
    const gs1 = { gtin: `0${ean}`, lot: 'LOT-7', expiry: '2028-11-30', serial: 'SN-1' };
    const push = await wh.json<PushResponse>('/api/sync/push', {
      method: 'POST',
      body: {
        clientId,
        schemaVersion: 1,
        commands: [
          { seq: 1, name: 'pack.scan', args: { awb, orderId: row.id, wsin, gs1 }, createdAt: at() },
          { seq: 2, name: 'pack.scan', args: { awb, orderId: row.id, wsin, gs1: { gtin: '04006381333932' } }, createdAt: at() },
        ],
      },
    });
    expect(push.status).toBe(200);
    expect(push.body.results[0]).toMatchObject({ status: 'applied' });
    expect(push.body.results[1]).toMatchObject({ status: 'rejected' });
    const lots = await t.db.selectFrom('packed_unit_lots').selectAll().where('order_id', '=', row.id).execute();
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ wsin, gtin: `0${ean}`, lot: 'LOT-7', expiry: '2028-11-30', serial: 'SN-1', client_id: clientId, company_id: C0 });
  });
});
