import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, DEMO_WAREHOUSES, seed } from '../../db/seed';
import { issueInvoiceNumber } from '../../db/billing/numbers';
import { addPayment } from '../../db/billing/invoices';
import { ordersExport, rowsOf } from '../../db/billing/exports';
import { openExportReader } from '../../db/billing/raw';
import { ORDER_HEADER } from '../../db/billing/order-csv';
import { csvLine } from '../../domain/csv';
import { dialects } from './dialects';

const targets = await dialects();
const COMPANY = DEMO_COMPANIES[0].id;
const WAREHOUSE = DEMO_WAREHOUSES[0].id;
const actor = { id: null, name: 'Test' };

describe.each(targets)('invoice numbers on $name', ({ name, open }) => {
  let h: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    h = await open();
    await migrateToLatest(h.db);
    await seed(h, { orders: 600, pincodes: false });
  }, 120_000);
  afterAll(async () => h?.drop());

  const fresh = (n: number, orderType = 0) =>
    h.db.selectFrom('orders').select(['id']).where('company_id', '=', COMPANY).where('warehouse_id', '=', WAREHOUSE)
      .where('order_type', '=', orderType).where('invoice_number', 'is', null).where('status', '!=', 'CANCELLED')
      .orderBy('id').limit(n).execute();

  it(`runs on ${name}`, () => expect(h.dialect).toBe(name));

  it('20 concurrent issues for different orders of one warehouse: no duplicates, no gaps', async () => {
    const orders = await fresh(20);
    expect(orders).toHaveLength(20);
    const results = await Promise.all(
      orders.map((o) => issueInvoiceNumber(h, { orderId: o.id, actor, amountPaise: 10_000, buyerName: 'Buyer', buyerGstin: null })),
    );
    expect(results.every((r) => r.issued)).toBe(true);
    const indexes = results.map((r) => Number(r.invoiceNumber.replace('BHW1-B2C-', ''))).sort((a, b) => a - b);
    expect(indexes).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const series = await h.db.selectFrom('invoice_series').selectAll().where('company_id', '=', COMPANY).where('warehouse_id', '=', WAREHOUSE).executeTakeFirstOrThrow();
    expect(Number(series.b2c_index)).toBe(20);
    const stored = await h.db.selectFrom('orders').select('invoice_number').where('id', 'in', orders.map((o) => o.id)).execute();
    expect(new Set(stored.map((s) => s.invoice_number)).size).toBe(20);
  });

  it('concurrent issues for the same order give it one number and spend one index', async () => {
    const [order] = await fresh(1);
    const before = await h.db.selectFrom('invoice_series').select('b2c_index').where('company_id', '=', COMPANY).executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => issueInvoiceNumber(h, { orderId: order.id, actor, amountPaise: 10_000, buyerName: 'Buyer', buyerGstin: null })),
    );
    expect(new Set(results.map((r) => r.invoiceNumber)).size).toBe(1);
    expect(results.filter((r) => r.issued)).toHaveLength(1);
    const after = await h.db.selectFrom('invoice_series').select('b2c_index').where('company_id', '=', COMPANY).executeTakeFirstOrThrow();
    expect(Number(after.b2c_index)).toBe(Number(before.b2c_index) + 1);
    const invoices = await h.db.selectFrom('invoices').select('id').where('order_id', '=', order.id).execute();
    expect(invoices).toHaveLength(1);
  });

  it('B2B orders use their own series', async () => {
    const [order] = await fresh(1, 1);
    const r = await issueInvoiceNumber(h, { orderId: order.id, actor, amountPaise: 5_000, buyerName: 'Buyer', buyerGstin: '27AAACB1234C1Z9' });
    expect(r.invoiceNumber).toBe('BHW1-B2B-1');
  });

  it('concurrent payments can never overpay an invoice', async () => {
    const inv = await h.db.selectFrom('invoices').selectAll().where('company_id', '=', COMPANY).orderBy('id').executeTakeFirstOrThrow();
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => addPayment(h, inv.id, { amountPaise: 3_000, mode: 'cash', reference: '', paidOn: '2026-11-20' }, { id: 'u', name: 'U' })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3); // 3 x 3,000 <= 10,000 < 4 x 3,000
    const after = await h.db.selectFrom('invoices').select('paid_paise').where('id', '=', inv.id).executeTakeFirstOrThrow();
    expect(Number(after.paid_paise)).toBe(9_000);
    const payments = await h.db.selectFrom('invoice_payments').select('id').where('invoice_id', '=', inv.id).execute();
    expect(payments).toHaveLength(3);
  });

  it('streams the orders CSV by keyset pages with the same rows as a plain query', async () => {
    const source = ordersExport(h, [COMPANY], { tab: 'all', q: undefined, status: ['DELIVERED', 'IN_TRANSIT'] }, 7);
    const ids: string[] = [];
    for await (const row of rowsOf(source)) ids.push(String(row[1]));
    const expected = await h.db.selectFrom('orders').select('id').where('company_id', '=', COMPANY).where('status', 'in', ['DELIVERED', 'IN_TRANSIT']).execute();
    expect(await source.count()).toBe(expected.length);
    expect(ids.sort()).toEqual(expected.map((e) => e.id).sort());

    // The download's fast path writes exactly the lines of those cells.
    const cells: unknown[][] = [];
    for await (const row of rowsOf(source)) cells.push(row);
    const parts: Buffer[] = [];
    for await (const c of source.chunks!()) parts.push(Buffer.from(c.bytes));
    expect(Buffer.concat(parts).toString('utf8')).toBe(cells.map((r) => csvLine(r as never)).join(''));
  });
});

describe('orders CSV from a SQLite file', () => {
  it('reads through a private connection and gives exactly the rows of the keyset pages, in every segment', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-export-'));
    const h = connect({ file: path.join(dir, 'app.db') });
    try {
      await migrateToLatest(h.db);
      await seed(h, { orders: 500, pincodes: false });
      // Text that must be quoted or defused, non-ASCII, and the packed form's own separator (char 31).
      const tricky = await h.db.selectFrom('orders').select('id').orderBy('id').limit(6).execute();
      const names = ['Sharma, "Priya"', '=HYPERLINK("x")', 'नमस्ते ₹ 😀', 'Unit\x1fSeparator', 'line\nbreak', '-5'];
      for (const [i, o] of tricky.entries()) {
        await h.db.updateTable('orders').set({ customer_name: names[i], shipper: i % 2 ? null : `Ship\x1f${i}` }).where('id', '=', o.id).execute();
      }
      await h.db.updateTable('order_items').set({ sku: 'SKU\x1f,"odd"' }).where('order_id', '=', tricky[5].id).execute();
      // Dates the fast path does not write itself (an offset instead of Z, no seconds' fraction) and a status with char 31.
      await h.db.updateTable('orders').set({ updated_at: '2026-11-25T23:10:00+05:30' }).where('id', '=', tricky[1].id).execute();
      await h.db.updateTable('orders').set({ created_at: '2026-11-25T20:10:07Z', status: 'ODD\x1fSTATUS' }).where('id', '=', tricky[2].id).execute();
      const reader = await openExportReader(h);
      expect(reader).not.toBeNull();
      reader!.close();
      expect(await openExportReader({ ...h, sqlite: undefined })).toBeNull();
      const scopes: [string[] | null, Parameters<typeof ordersExport>[2]][] = [
        [null, { tab: 'all', q: undefined }],
        [[DEMO_COMPANIES[0].id, DEMO_COMPANIES[2].id], { tab: 'returns', q: undefined }],
        [[DEMO_COMPANIES[1].id], { tab: 'all', q: undefined, status: ['DELIVERED'], paymentMode: 'cod' }],
      ];
      for (const [scope, filter] of scopes) {
        const viaCursor: unknown[] = [];
        for await (const row of rowsOf(ordersExport(h, scope, filter, 37))) viaCursor.push(row);
        // Without the better-sqlite3 handle the same export takes the keyset path through Kysely.
        const keyset: unknown[] = [];
        for await (const row of rowsOf(ordersExport({ ...h, sqlite: undefined }, scope, filter, 37))) keyset.push(row);
        expect(viaCursor.length).toBeGreaterThan(0);
        expect(viaCursor).toEqual(keyset);
        if (scope === null) {
          const all = viaCursor as unknown[][];
          for (const name of names) expect(all.some((r) => r[15] === name)).toBe(true);
          expect(all.some((r) => r[14] === 'Ship\x1f0')).toBe(true);
          expect(all.some((r) => String(r[ORDER_HEADER.indexOf('Items')]).includes('SKU\x1f,"odd" x'))).toBe(true);
          // India time, whatever form the instant was stored in.
          expect(all.find((r) => r[1] === tricky[1].id)![6]).toBe('25/11/2026 23:10:00');
          expect(all.find((r) => r[1] === tricky[2].id)!.slice(4, 6)).toEqual(['ODD\x1fSTATUS', '26/11/2026 01:40:07']);
        }
        expect(await ordersExport(h, scope, filter).count()).toBe(viaCursor.length);
        // The fast path (raw rows straight into bytes) writes exactly the lines of those cells, on both paths.
        const lines = Buffer.from(viaCursor.map((r) => csvLine(r as never)).join(''));
        for (const dbh of [h, { ...h, sqlite: undefined }]) {
          const parts: Buffer[] = [];
          let rows = 0;
          for await (const c of ordersExport(dbh, scope, filter, 37).chunks!()) {
            parts.push(Buffer.from(c.bytes));
            rows += c.rows;
          }
          expect(rows).toBe(viaCursor.length);
          expect(Buffer.concat(parts).equals(lines)).toBe(true);
        }
      }
    } finally {
      await h.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
