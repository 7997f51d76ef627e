/**
 * Bulk upload benchmark (ARCHITECTURE.md names).
 *  - bulk.validate_100_ms / bulk.validate_100k_ms: parse a CSV of 100 and of
 *    100,000 order rows (papaparse, the code the browser's parse worker runs)
 *    and check every cell with the domain rules; goal for 100,000 rows < 2 s.
 *    bulk.validate_xlsx_ms does the same from an .xlsx of 10,000 rows (exceljs).
 *  - bulk.submit_100_ms: 100 order rows submitted through POST /api/order/bulk
 *    end to end on SQLite (a file, WAL); goal < 1 s. The reference is the same
 *    100 orders typed one by one through POST /api/orders/manual.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { BULK_DEFS } from '../../domain/bulk/types';
import { rowsFromMatrix, validateRows } from '../../domain/bulk/validate';
import { createApp } from '../../edge-api/app';
import { csvMatrix, xlsxMatrix } from '../../web/features/bulk/parseFile';
import { signInDemo } from '../api/helpers';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };

const COLS = BULK_DEFS.orders.columns.map((c) => c.key);

function orderRow(i: number, prefix = 'B'): Record<string, string> {
  return {
    id: `${prefix}-${i}`, length: '20', breadth: '15', height: '10', weight: '500', paymentMethod: i % 2 ? 'cod' : 'prepaid', itemName: 'Masala Chai', itemQuantity: String(1 + (i % 3)),
    discount: String(i % 10), sku: i % 2 ? 'CP-0001' : 'CP-0002', name: 'Asha Verma', phone: `98${String(10_000_000 + i).slice(-8)}`, email: `a${i}@example.com`, line1: '12 MG Road',
    line2: 'Near Metro', city: 'Mumbai', state: 'Maharashtra', pincode: '400001', awb: '', deliveryPartner: '', shippingLabelUrl: '', invoiceUrl: '', shippingPrice: '40',
    itemPrice: '', ewayBill: '', warehouseId: '', backdate: '', purchaseOrderNumber: '', isb2bOrder: 'no', isD2ROrder: 'no', beatId: '', dueDate: '',
  };
}

function csvOf(n: number): string {
  const lines = [COLS.join(',')];
  for (let i = 0; i < n; i++) {
    const r = orderRow(i);
    lines.push(COLS.map((k) => r[k]).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function timeValidate(csv: string) {
  const t = performance.now();
  const { rows } = rowsFromMatrix('orders', csvMatrix(csv));
  const errors = validateRows('orders', rows);
  return { ms: performance.now() - t, rows: rows.length, errors: errors.length };
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function benchBulkValidate({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const small = csvOf(100);
  const big = csvOf(100_000);
  timeValidate(small); // warm-up (JIT)
  const a = timeValidate(small);
  const b = timeValidate(big);
  if (a.errors || b.errors) throw new Error(`generated rows should be valid (${a.errors}, ${b.errors} errors)`);

  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(COLS);
  const xlsxRows = quick ? 1_000 : 10_000;
  for (let i = 0; i < xlsxRows; i++) {
    const r = orderRow(i);
    ws.addRow(COLS.map((k) => r[k]));
  }
  const xlsx = await wb.xlsx.writeBuffer();
  const t = performance.now();
  const matrix = await xlsxMatrix(xlsx as ArrayBuffer);
  const { rows } = rowsFromMatrix('orders', matrix);
  const xErrors = validateRows('orders', rows);
  const xMs = performance.now() - t;
  if (xErrors.length || rows.length !== xlsxRows) throw new Error(`xlsx rows should be ${xlsxRows} valid rows`);
  const csvSame = timeValidate(csvOf(xlsxRows));
  return [
    { name: 'bulk.validate_100_ms', value: round(a.ms), unit: 'ms', data: `${a.rows} order rows (CSV, 32 columns): parse + every rule` },
    { name: 'bulk.validate_100k_ms', value: round(b.ms), unit: 'ms', reference: round(a.ms), ratio: round(b.ms / a.ms), data: `${b.rows} order rows (CSV, ${(big.length / 1e6).toFixed(1)} MB): parse + every rule; reference: 100 rows` },
    {
      name: 'bulk.validate_xlsx_ms', value: round(xMs), unit: 'ms', reference: round(csvSame.ms), ratio: round(xMs / csvSame.ms),
      data: `${xlsxRows} order rows (.xlsx ${(xlsx.byteLength / 1e6).toFixed(1)} MB, exceljs): parse + every rule; reference: the same rows as CSV`,
    },
  ];
}

export async function benchBulkSubmit({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bulk-bench-'));
  const dbh = connect({ file: path.join(dir, 'app.db') });
  try {
    await migrateToLatest(dbh.db);
    await seed(dbh, { orders: quick ? 300 : 2000, pincodes: false });
    const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: dir } });
    const seller = await signInDemo(app, 'seller');
    const catalogue = await dbh.db.selectFrom('catalogue_items').select(['id', 'sku']).where('sku', 'in', ['CP-0001', 'CP-0002']).execute();
    const idOf = new Map(catalogue.map((c) => [c.sku, c.id]));

    // Warm-up: one of each.
    await seller.json('/api/order/bulk', { method: 'POST', body: { rows: [orderRow(0, 'WARM')] } });

    const rows = Array.from({ length: 100 }, (_, i) => orderRow(i, 'SUB'));
    const t = performance.now();
    const res = await seller.json('/api/order/bulk', { method: 'POST', body: { rows } });
    const ms = performance.now() - t;
    if (res.status !== 200 || res.body.executeSuccess !== 100) throw new Error(`bulk submit failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);

    const r0 = performance.now();
    for (let i = 0; i < 100; i++) {
      const r = orderRow(i, 'MAN');
      const out = await seller.json('/api/orders/manual', {
        method: 'POST',
        body: {
          id: r.id, orderType: 0, paymentMethod: r.paymentMethod, pricingType: 2, shippingPrice: r.shippingPrice, sameAsShipping: true,
          shippingAddress: { firstName: 'Asha', lastName: 'Verma', phone: r.phone, email: r.email, address1: r.line1, address2: r.line2, zip: r.pincode, city: r.city, state: r.state },
          items: [{ catalogueId: idOf.get(r.sku), quantity: Number(r.itemQuantity), pricingValue: r.discount }],
        },
      });
      if (out.status !== 201) throw new Error(`manual order failed: ${out.status} ${JSON.stringify(out.body).slice(0, 300)}`);
    }
    const ref = performance.now() - r0;
    return [{ name: 'bulk.submit_100_ms', value: round(ms), unit: 'ms', reference: round(ref), ratio: round(ms / ref), data: '100 order rows, one request, SQLite file (WAL); reference: the same 100 orders by POST /api/orders/manual one by one' }];
  } finally {
    await dbh.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
