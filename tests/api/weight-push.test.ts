// Billed weights a courier pushes (Delhivery's scan push with its charged
// weight) feed weight reconciliation like an imported file: one row per
// courier and AWB, whichever comes first, never doubled; only AWBs of the
// connection's company. Runs on SQLite and, in the api-pg project, PostgreSQL.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { IST_OFFSET_MS } from '../../domain/india-time';
import { delhiveryServer, listen } from '../db/courier-servers';
import { anonymous, makeTestApp, signIn, signInDemo, type Agent } from './helpers';

const TOKEN = 'dl-push-token-weights-0123';
const SELLER_CO = DEMO_COMPANIES[0].id;
const FIN = DEMO_LOGINS.find((l) => l.role === 'finance')!;
const fixture = JSON.parse(readFileSync(new URL('../fixtures/couriers/delhivery-push.json', import.meta.url), 'utf8'));

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let finance: Agent;
let connectionId: string;
type Order = { id: string; tracking_number: string };
let mine: Order[];
let theirs: Order;
const dl = delhiveryServer();

/** India wall-clock time without an offset, as Delhivery stamps its scans. */
const istStamp = (d: Date) => new Date(d.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19);
const plusDays = (isoDate: string, n: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** Two days ago, 10:15 in India, as the scan's time; and that India day. */
const scanAt = new Date(Date.now() - 2 * 86_400_000);
const scanDay = istStamp(scanAt).slice(0, 10);

const pushBody = (awb: string, shipment: Record<string, unknown> = {}) => ({
  Shipment: { ...fixture.Shipment, AWB: awb, Status: { ...fixture.Shipment.Status, StatusDateTime: istStamp(scanAt) }, ...shipment },
});
const push = async (body: unknown) => {
  const r = await anonymous(ctx.app).request(`/api/webhooks/courier/${connectionId}`, {
    method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'x-api-key': TOKEN },
  });
  return { status: r.status, body: (await r.json()) as { status: boolean; message: string } };
};
const chargesOf = (awb: string) => ctx.db.selectFrom('weight_charges').selectAll().where('awb', '=', awb).execute();
type Row = { awb: string; billedWeightG: number; billedOn: string; disputeBy: string; status: string; differenceG: number | null; source: string; chargePaise: number | null };
const rowOf = async (awb: string) => ((await finance.json('/api/weight-reconciliation')).body.rows as Row[]).find((r) => r.awb === awb);
const importFile = (rows: string[][]) =>
  finance.json('/api/weight-reconciliation/import', {
    method: 'POST',
    body: { courier: 'delhivery', fileName: 'weights.csv', contentBase64: Buffer.from(['Waybill,Charged Weight,Billing Date,Excess Charge', ...rows.map((r) => r.join(','))].join('\n')).toString('base64') },
  });

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 120 });
  const seller = await signInDemo(ctx.app, 'seller');
  finance = await signIn(ctx.app, FIN.email, FIN.password, 'finance');
  const made = await seller.json('/api/integrations/connections', {
    method: 'POST',
    body: { kind: 'delhivery', label: 'Delhivery', baseUrl: await listen(dl.server), settings: { defaultPickupLocation: 'OKHLA SURFACE' }, secrets: { token: 'dl-token', webhookToken: TOKEN } },
  });
  expect(made.status).toBe(201);
  connectionId = made.body.connection.id;
  expect(made.body.connection.companyId).toBe(SELLER_CO);
  const shipped = ctx.db.selectFrom('orders').select(['id', 'tracking_number']).where('tracking_number', 'is not', null).orderBy('id');
  mine = (await shipped.where('company_id', '=', SELLER_CO).limit(5).execute()) as Order[];
  theirs = (await shipped.where('company_id', '!=', SELLER_CO).executeTakeFirstOrThrow()) as Order;
  // Weighed at packing: chargeable 1200 g.
  for (const o of [...mine, theirs]) {
    await ctx.db.updateTable('orders').set({ packed_weight_g: 1200, packed_length_cm: 30, packed_breadth_cm: 20, packed_height_cm: 10, volumetric_weight_g: 1200, chargeable_weight_g: 1200, weighed_at: '2026-11-20T06:30:00.000Z' }).where('id', '=', o.id).execute();
  }
}, 120_000);
afterAll(() => {
  dl.server.close();
});

describe("a courier's push with its charged weight", () => {
  it('records the billed weight against packing, with the dispute deadline counted from the scan day', async () => {
    const o = mine[0];
    const r = await push(pushBody(o.tracking_number, { ChargedWeight: 1700 }));
    expect(r.status).toBe(200);
    expect(r.body.message).toContain('billed weight: 1 recorded, 0 already recorded, 0 ignored');
    expect(await rowOf(o.tracking_number)).toMatchObject({ billedWeightG: 1700, differenceG: 500, status: 'open', source: 'push', billedOn: scanDay, disputeBy: plusDays(scanDay, 7), chargePaise: null });
  });

  it('the same push again, or a later scan with a revised weight, adds no second row', async () => {
    const o = mine[0];
    const again = await push(pushBody(o.tracking_number, { ChargedWeight: 1700 }));
    expect(again.body.message).toContain('billed weight: 0 recorded, 1 already recorded');
    await push(pushBody(o.tracking_number, { ChargedWeight: '1900', Status: { ...fixture.Shipment.Status, Status: 'Dispatched', Instructions: 'Out for delivery', StatusDateTime: istStamp(new Date()) } }));
    const rows = await chargesOf(o.tracking_number);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].billed_weight_g)).toBe(1700);
  });

  it("a later import of the courier's file does not double a pushed AWB and adds the others", async () => {
    const [pushed, fresh] = [mine[0], mine[1]];
    const day = scanDay.split('-').reverse().join('/');
    const r = await importFile([[pushed.tracking_number, '1.7', day, '40.00'], [fresh.tracking_number, '1.5', day, '']]);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ rows: 2, added: 1, alreadyImported: 1 });
    expect(await chargesOf(pushed.tracking_number)).toHaveLength(1);
    expect(await rowOf(pushed.tracking_number)).toMatchObject({ source: 'push', billedWeightG: 1700 });
    expect(await rowOf(fresh.tracking_number)).toMatchObject({ source: 'file', billedWeightG: 1500, differenceG: 300 });
  });

  it('a push for an AWB already imported from a file leaves the imported row as it is', async () => {
    const o = mine[1];
    const r = await push(pushBody(o.tracking_number, { ChargedWeight: 2500 }));
    expect(r.body.message).toContain('billed weight: 0 recorded, 1 already recorded');
    expect(await rowOf(o.tracking_number)).toMatchObject({ source: 'file', billedWeightG: 1500 });
  });

  it('the default push (no weight), or a weight of 0 or text, records no billed weight', async () => {
    const o = mine[2];
    for (const shipment of [{}, { ChargedWeight: null }, { ChargedWeight: 0 }, { ChargedWeight: 'heavy' }]) {
      const r = await push(pushBody(o.tracking_number, shipment));
      expect(r.status).toBe(200);
      expect(r.body.message).not.toContain('billed weight');
    }
    expect(await chargesOf(o.tracking_number)).toHaveLength(0);
  });

  it("another company's AWB pushed through this company's connection is ignored, not billed to anyone", async () => {
    const r = await push(pushBody(theirs.tracking_number, { ChargedWeight: 3000 }));
    expect(r.status).toBe(200);
    expect(r.body.message).toContain('billed weight: 0 recorded, 0 already recorded, 1 ignored');
    expect(await chargesOf(theirs.tracking_number)).toHaveLength(0);
  });

  it('a scan stamped in the future bills from today, not from its stamp', async () => {
    const o = mine[4];
    const r = await push(pushBody(o.tracking_number, { ChargedWeight: 1300, Status: { ...fixture.Shipment.Status, StatusDateTime: istStamp(new Date(Date.now() + 5 * 86_400_000)) } }));
    expect(r.body.message).toContain('billed weight: 1 recorded');
    const today = istStamp(new Date()).slice(0, 10);
    expect(await rowOf(o.tracking_number)).toMatchObject({ billedOn: today, disputeBy: plusDays(today, 7), status: 'open', differenceG: 100 });
  });

  it('a wrong token records nothing', async () => {
    const o = mine[3];
    const r = await anonymous(ctx.app).request(`/api/webhooks/courier/${connectionId}`, {
      method: 'POST', body: JSON.stringify(pushBody(o.tracking_number, { ChargedWeight: 1700 })), headers: { 'content-type': 'application/json', 'x-api-key': 'not-the-token-at-all' },
    });
    expect(r.status).toBe(401);
    expect(await chargesOf(o.tracking_number)).toHaveLength(0);
  });
});
