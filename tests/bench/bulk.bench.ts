/**
 * Bulk upload benchmark (ARCHITECTURE.md names).
 *  - bulk.validate_100_ms / bulk.validate_100k_ms: parse a CSV of 100 and of
 *    100,000 order rows (papaparse, the code the browser's parse worker runs)
 *    and check every cell with the domain rules; goal for 100,000 rows < 2 s.
 *    The 100k reference splits the same CSV by hand and runs the same rules.
 *    bulk.validate_xlsx_ms does the same from an .xlsx of 10,000 rows (exceljs).
 *  - bulk.submit_100_ms: 100 order rows submitted through POST /api/order/bulk
 *    end to end on SQLite (a file, WAL); goal < 1 s. The reference writes the
 *    same rows of the same 100 orders by hand-written SQL on a copy of the
 *    file, one transaction an order as the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pino from 'pino';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import type { BulkRow } from '../../domain/bulk/rules';
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

/**
 * The fastest plain parse of the same CSV (these generated rows have no quotes: split on line ends and
 * commas) and the same rule check (validateRows, the product's one set of rules) on those rows.
 */
function timePlainValidate(csv: string) {
  const t = performance.now();
  const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
  const header = lines[0]!.split(',');
  const rows: Record<string, string>[] = [];
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const cells = lines[i]!.split(',');
    const row: Record<string, string> = {};
    for (let c = 0; c < header.length; c++) row[header[c]!] = cells[c] ?? '';
    rows.push(row);
  }
  const errors = validateRows('orders', rows as BulkRow[]);
  return { ms: performance.now() - t, rows: rows.length, errors: errors.length };
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
  const plain = timePlainValidate(big);
  if (plain.rows !== b.rows || plain.errors !== b.errors) throw new Error(`plain reference read ${plain.rows} rows with ${plain.errors} errors`);
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
    {
      name: 'bulk.validate_100k_ms', value: round(b.ms), unit: 'ms', reference: round(plain.ms), ratio: round(b.ms / plain.ms),
      data: `${b.rows} order rows (CSV, ${(big.length / 1e6).toFixed(1)} MB): parse + every rule; reference: the same CSV split on line ends and commas by hand and the same rules (validateRows) on its rows`,
    },
    {
      name: 'bulk.validate_xlsx_ms', value: round(xMs), unit: 'ms', reference: round(csvSame.ms), ratio: round(xMs / csvSame.ms),
      data: `${xlsxRows} order rows (.xlsx ${(xlsx.byteLength / 1e6).toFixed(1)} MB, exceljs): parse + every rule; reference: the same rows as CSV`,
    },
  ];
}

type Sqlite = NonNullable<ReturnType<typeof connect>['sqlite']>;
type Written = { tables: { name: string; columns: string[]; rows: unknown[][] }[]; rows: number };

/** The largest rowid of every table (tables without one are left out). */
function maxRowids(sqlite: Sqlite): Map<string, number> {
  const out = new Map<string, number>();
  for (const { name } of sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]) {
    try {
      out.set(name, (sqlite.prepare(`SELECT coalesce(max(rowid), 0) AS m FROM "${name}"`).get() as { m: number }).m);
    } catch {
      /* WITHOUT ROWID */
    }
  }
  return out;
}

/** Every row inserted since `before`, by table. */
function insertedRows(sqlite: Sqlite, before: Map<string, number>): Written {
  const tables: Written['tables'] = [];
  for (const [name, max] of before) {
    const stmt = sqlite.prepare(`SELECT rowid AS __rowid, * FROM "${name}" WHERE rowid > ?`).raw(true);
    const rows = stmt.all(max) as unknown[][];
    if (!rows.length) continue;
    const columns = stmt.columns().map((c) => c.name);
    tables.push({ name, columns, rows });
  }
  return { tables, rows: tables.reduce((n, t) => n + t.rows.length, 0) };
}

/** Removes the app's rows from the copy, then writes them again by hand, one transaction an order; its ms. */
function writeByHand(file: string, written: Written, skus: string[], orderIds: string[]): number {
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL'); // as the app's connection (db/connect.ts)
  sqlite.pragma('foreign_keys = OFF'); // the rows go back in table order, not in dependency order
  try {
    sqlite.transaction(() => {
      for (const t of written.tables) {
        const del = sqlite.prepare(`DELETE FROM "${t.name}" WHERE rowid = ?`);
        for (const row of t.rows) del.run(row[0]);
      }
    })();
    const inserts = written.tables.map((t) => ({
      t,
      stmt: sqlite.prepare(`INSERT INTO "${t.name}" (rowid, ${t.columns.slice(1).map((c) => `"${c}"`).join(', ')}) VALUES (${t.columns.map(() => '?').join(', ')})`),
    }));
    // Each order's rows: the rows of a table that name one order id go with it; the rest are spread evenly.
    const perOrder = new Map<string, { stmt: Database.Statement; row: unknown[] }[]>(orderIds.map((id) => [id, []]));
    let spread = 0;
    const orders = written.tables.find((t) => t.name === 'orders');
    const dbIds = new Map(orders?.rows.map((row) => [String(row[orders.columns.indexOf('id')]), String(row[orders.columns.indexOf('shop_order_id')])]));
    for (const { t, stmt } of inserts) {
      const idCol = t.name === 'orders' ? t.columns.indexOf('id') : t.columns.indexOf('order_id');
      for (const row of t.rows) {
        const key = idCol >= 0 ? dbIds.get(String(row[idCol])) : undefined;
        perOrder.get(key ?? orderIds[spread++ % orderIds.length]!)!.push({ stmt, row });
      }
    }
    const skuRead = sqlite.prepare(`SELECT id, sku FROM catalogue_items WHERE sku IN (${skus.map(() => '?').join(', ')})`);
    const one = sqlite.transaction((rows: { stmt: Database.Statement; row: unknown[] }[]) => {
      for (const { stmt, row } of rows) stmt.run(...row);
    });
    const start = performance.now();
    skuRead.all(...skus);
    for (const id of orderIds) one(perOrder.get(id)!);
    return performance.now() - start;
  } finally {
    sqlite.close();
  }
}

export async function benchBulkSubmit({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bulk-bench-'));
  const dbh = connect({ file: path.join(dir, 'app.db') });
  try {
    await migrateToLatest(dbh.db);
    await seed(dbh, { orders: quick ? 300 : 2000, pincodes: false });
    const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: dir } });
    const seller = await signInDemo(app, 'seller');
    const refFile = path.join(dir, 'reference.db');

    // Warm-up: one of each.
    await seller.json('/api/order/bulk', { method: 'POST', body: { rows: [orderRow(0, 'WARM')] } });

    const rows = Array.from({ length: 100 }, (_, i) => orderRow(i, 'SUB'));
    const before = maxRowids(dbh.sqlite!);
    const t = performance.now();
    const res = await seller.json('/api/order/bulk', { method: 'POST', body: { rows } });
    const ms = performance.now() - t;
    if (res.status !== 200 || res.body.executeSuccess !== 100) throw new Error(`bulk submit failed: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);

    // Reference: the same 100 orders written into the database as it was before the submit (a copy),
    // by hand-written SQL in the same number of transactions as the app (one an order): the SKUs read
    // once, then each order's rows (every row the app inserted, in every table) by prepared INSERTs.
    const written = insertedRows(dbh.sqlite!, before);
    await dbh.sqlite!.backup(refFile); // taken after: the app's rows are removed from the copy below
    const ref = writeByHand(refFile, written, [...new Set(rows.map((r) => r.sku))], rows.map((r) => r.id));
    return [{ name: 'bulk.submit_100_ms', value: round(ms), unit: 'ms', reference: round(ref), ratio: round(ms / ref), data: `100 order rows, one request, SQLite file (WAL); reference: the same 100 orders (every row the app inserted, ${written.rows} rows in ${written.tables.length} tables) by hand-written SQL (better-sqlite3) on a copy of the same SQLite file, the SKUs read once, one transaction an order as the app` }];
  } finally {
    await dbh.db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
