// Orders shipped before invoices were issued at ready to ship get
// one each from the backfill, in their warehouse's series, oldest first,
// exactly once; orders whose warehouse state has no GSTIN are skipped and named.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, DEMO_WAREHOUSES, seed } from '../../db/seed';
import { backfillInvoices } from '../../db/billing/backfill';
import { gstinMissingFor, makeGstin } from '../../domain/gstin';
import '../../db/tables/manual-order-gstins';
import '../../db/tables/billing';
import { dialects } from './dialects';

const targets = await dialects();
const CHAI = DEMO_COMPANIES[0].id;
const BHIWANDI = DEMO_WAREHOUSES[0].id; // Maharashtra, state code 27
// Written out here, not taken from the code: an order in any of these was never shipped, so it has no invoice.
const NOT_SHIPPED = ['PLACED', 'PROCESSED', 'UNSERVICEABLE', 'CANCELLED'];

describe.each(targets)('invoice backfill on $name', ({ open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 400, pincodes: false });
  }, 120_000);
  afterAll(async () => h?.drop());

  const orders = () => h.db.selectFrom('orders').select(['id', 'company_id', 'warehouse_id', 'status', 'shop_order_id', 'created_at', 'invoice_number']).execute();
  const invoices = () => h.db.selectFrom('invoices').select(['order_id', 'company_id', 'warehouse_id', 'kind', 'series_index', 'invoice_number']).execute();
  const chaiAtBhiwandi = (o: { company_id: string; warehouse_id: string | null }) => o.company_id === CHAI && o.warehouse_id === BHIWANDI;

  it('starts with shipped orders that have no invoice', async () => {
    expect(await invoices()).toHaveLength(0);
    expect((await orders()).filter((o) => !NOT_SHIPPED.includes(o.status)).length).toBeGreaterThan(100);
  });

  it('issues one invoice per shipped order, skipping (and naming) those whose state has no GSTIN', async () => {
    // Chai Point (registered in Karnataka) loses its Maharashtra GSTIN: its Bhiwandi orders cannot be invoiced.
    await h.db.deleteFrom('company_gstins').where('company_id', '=', CHAI).where('state_code', '=', '27').execute();
    const report = await backfillInvoices(h);

    const all = await orders();
    const shipped = all.filter((o) => !NOT_SHIPPED.includes(o.status));
    const blocked = shipped.filter(chaiAtBhiwandi);
    expect(blocked.length).toBeGreaterThan(0);
    expect(report.issued).toBe(shipped.length - blocked.length);
    expect(report.skipped.map((s) => s.shopOrderId).sort()).toEqual(blocked.map((o) => o.shop_order_id).sort());
    expect(new Set(report.skipped.map((s) => s.reason))).toEqual(new Set([gstinMissingFor('Maharashtra')]));

    const list = await invoices();
    const byOrder = new Map<string, number>();
    for (const i of list) byOrder.set(i.order_id, (byOrder.get(i.order_id) ?? 0) + 1);
    for (const o of shipped.filter((x) => !chaiAtBhiwandi(x))) expect(byOrder.get(o.id), o.shop_order_id).toBe(1);
    for (const o of all.filter((x) => NOT_SHIPPED.includes(x.status) || chaiAtBhiwandi(x))) expect(byOrder.has(o.id), o.shop_order_id).toBe(false);
    // The order shows the number its invoice has.
    const numberOf = new Map(list.map((i) => [i.order_id, i.invoice_number]));
    for (const o of await orders()) expect(o.invoice_number ?? null).toBe(numberOf.get(o.id) ?? null);
  });

  it('numbers each warehouse series 1, 2, 3… with no gap or duplicate, in order-date order', async () => {
    const created = new Map((await orders()).map((o) => [o.id, `${o.created_at}|${o.id}`]));
    const series = new Map<string, { index: number; created: string; number: string }[]>();
    for (const i of await invoices()) {
      const key = `${i.company_id}|${i.warehouse_id}|${i.kind}`;
      series.set(key, [...(series.get(key) ?? []), { index: Number(i.series_index), created: created.get(i.order_id)!, number: i.invoice_number }]);
    }
    expect(series.size).toBeGreaterThan(2);
    for (const [key, list] of series) {
      const byDate = [...list].sort((a, b) => a.created.localeCompare(b.created));
      expect(byDate.map((x) => x.index), key).toEqual(list.map((_, n) => n + 1));
      expect(new Set(list.map((x) => x.number)).size, key).toBe(list.length);
    }
    // Each number is in its warehouse's own series (the seed's BHW1-B2C-, BLR1-B2B-, …).
    const code = new Map<string, string>(DEMO_WAREHOUSES.map((w) => [w.id, w.code]));
    for (const i of await invoices()) expect(i.invoice_number.startsWith(`${code.get(i.warehouse_id!)}-${i.kind}-`), i.invoice_number).toBe(true);
  });

  it('issues nothing new when run again', async () => {
    const before = await invoices();
    const again = await backfillInvoices(h);
    expect(again.issued).toBe(0);
    expect(await invoices()).toHaveLength(before.length);
  });

  it('issues the skipped ones once the GSTIN is added, continuing the series', async () => {
    const pan = (await h.db.selectFrom('companies').select('pan').where('id', '=', CHAI).executeTakeFirstOrThrow()).pan!;
    await h.db.insertInto('company_gstins').values({ company_id: CHAI, state_code: '27', gstin: makeGstin('27', pan), updated_by: null, updated_at: new Date().toISOString() }).execute();
    const r = await backfillInvoices(h);
    expect(r.skipped).toEqual([]);
    const shippedAtBhiwandi = (await orders()).filter((o) => chaiAtBhiwandi(o) && !NOT_SHIPPED.includes(o.status));
    expect(r.issued).toBe(shippedAtBhiwandi.length);
    const mine = (await invoices()).filter(chaiAtBhiwandi);
    for (const kind of ['B2C', 'B2B']) {
      const idx = mine.filter((i) => i.kind === kind).map((i) => Number(i.series_index)).sort((a, b) => a - b);
      expect(idx).toEqual(idx.map((_, n) => n + 1));
    }
    expect((await backfillInvoices(h)).issued).toBe(0);
  });

  it('leaves a timeline entry on each order it invoiced', async () => {
    const one = (await invoices())[0];
    const trail = await h.db.selectFrom('order_trails').select(['description', 'actor_name']).where('order_id', '=', one.order_id).execute();
    expect(trail).toContainEqual({ description: `Invoice ${one.invoice_number} issued`, actor_name: expect.any(String) });
  });
});
