/**
 * COD remittance matching: 100,000 rows of a courier's remittance file matched
 * by AWB against 1,000,000 orders and stored with their flags in one
 * transaction, through the product's use case (matchRemittanceRows: the same
 * call the import route makes once the file is parsed; set-based: the rows as one
 * JSON table joined to orders by AWB and inserted in one statement), and by hand-written
 * prepared better-sqlite3 statements doing the same work as the reference
 * (look the AWBs up in chunks, look up what is already remitted, insert the
 * rows), checked to store the same flags.
 *
 * --quick: 100,000 orders and 10,000 rows. The orders are built in a temporary
 * SQLite file by one INSERT … SELECT over a template order (outside `npm test`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { flagFor } from '../../domain/remittance';
import { matchRemittanceRows } from '../../edge-api/services/finance/remittance';

type BenchResult = { name: string; value: number; unit: string; reference?: number; ratio?: number; data: string };
const round = (n: number, d = 1) => Number(n.toFixed(d));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function benchRemittanceMatch({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const ORDERS = quick ? 100_000 : 1_000_000;
  const ROWS = quick ? 10_000 : 100_000;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-remit-'));
  const dbh = await connect({ file: path.join(dir, 'bench.db') });
  try {
    await migrateToLatest(dbh.db);
    await seed(dbh, { orders: 1 });
    const sqlite = dbh.sqlite!;
    const cols = (sqlite.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).map((c) => c.name);
    const computed: Record<string, string> = {
      id: "printf('bench-%09d', n)", tracking_number: "printf('BX%09d', n)", shop_order_id: "printf('BO%09d', n)",
      status: "'DELIVERED'", payment_mode: "'cod'", cod_paise: '10000 + (n % 5000)', return_awb: 'NULL', invoice_number: 'NULL', external_order_id: 'NULL', remittance_status: "'PROCESSING'",
    };
    const t0 = performance.now();
    sqlite.exec('BEGIN');
    sqlite.exec(`INSERT INTO orders (${cols.join(', ')})
      WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ${ORDERS})
      SELECT ${cols.map((k) => computed[k] ?? `t.${k}`).join(', ')} FROM c, (SELECT * FROM orders LIMIT 1) t`);
    sqlite.exec('COMMIT');
    const buildS = (performance.now() - t0) / 1000;
    // Rows: every 10th order, a tenth short by a paisa, some AWBs unknown.
    const rows = Array.from({ length: ROWS }, (_, i) => {
      const n = i * Math.floor(ORDERS / ROWS) + 1;
      const known = i % 50 !== 0;
      return { row: i + 2, awb: known ? `BX${String(n).padStart(9, '0')}` : `NOPE${i}`, utr: `UTR${Math.floor(i / 1000)}`, date: '2026-01-05', paise: 10000 + (n % 5000) - (i % 10 === 0 ? 1 : 0) };
    });
    const actor = { id: null, name: 'bench', role: 'finance' as const, scope: null };

    const clear = () => sqlite.exec('DELETE FROM cod_remittances; DELETE FROM cod_remittance_imports');
    const product = async () => {
      clear();
      const t = performance.now();
      const r = await matchRemittanceRows(dbh, actor, 'delhivery', 'bench.csv', rows);
      const ms = performance.now() - t;
      if (r.added !== ROWS) throw new Error(`product added ${r.added} of ${ROWS}`);
      return { ms, flags: r.flags };
    };
    // The same index as the product (delivered COD orders by AWB, with the columns read), named as the product names it.
    const selOrders = (k: number) => sqlite.prepare(`SELECT id, company_id, cod_paise, tracking_number FROM orders INDEXED BY orders_cod_delivered_awb WHERE tracking_number IN (${Array(k).fill('?').join(',')}) AND status = 'DELIVERED' AND payment_mode = 'cod'`);
    const selHeld = (k: number) => sqlite.prepare(`SELECT courier, awb, utr FROM cod_remittances WHERE awb IN (${Array(k).fill('?').join(',')})`);
    const ins = sqlite.prepare(
      `INSERT INTO cod_remittances (id, import_id, courier, awb, utr, remitted_on, amount_paise, order_id, company_id, expected_paise, flag, bank_matched_at, settled_at, settled_by, created_at)
       VALUES (?, 'ref', 'delhivery', ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, ?)`,
    );
    const insImport = sqlite.prepare(`INSERT INTO cod_remittance_imports (id, kind, courier, file_name, rows, added, created_by, created_at) VALUES ('ref', 'remittance', 'delhivery', 'bench.csv', ?, ?, NULL, ?)`);
    const reference = () => {
      clear();
      const t = performance.now();
      const flags: Record<string, number> = {};
      const now = new Date().toISOString();
      sqlite.transaction(() => {
        let seq = 0;
        for (let i = 0; i < rows.length; i += 500) {
          const part = rows.slice(i, i + 500);
          const awbs = [...new Set(part.map((r) => r.awb))];
          const orders = new Map((selOrders(awbs.length).all(...awbs) as { id: string; company_id: string; cod_paise: number; tracking_number: string }[]).map((o) => [o.tracking_number, o]));
          const held = new Set((selHeld(awbs.length).all(...awbs) as { awb: string }[]).map((h) => h.awb));
          for (const r of part) {
            const o = orders.get(r.awb);
            const flag = flagFor(o ? o.cod_paise : null, r.paise, held.has(r.awb));
            flags[flag] = (flags[flag] ?? 0) + 1;
            held.add(r.awb);
            ins.run(`ref-${seq++}`, r.awb, r.utr, r.date, r.paise, o?.id ?? null, o?.company_id ?? null, o?.cod_paise ?? null, flag, now);
          }
        }
        insImport.run(rows.length, rows.length, now);
      })();
      return { ms: performance.now() - t, flags };
    };
    const runs = quick ? 2 : 3;
    const p: number[] = [];
    const r: number[] = [];
    let pf: Record<string, number> = {};
    let rf: Record<string, number> = {};
    for (let i = 0; i < runs; i++) {
      const a = await product();
      const b = reference();
      p.push(a.ms);
      r.push(b.ms);
      pf = a.flags;
      rf = b.flags;
    }
    for (const [k, v] of Object.entries(rf)) if (pf[k as keyof typeof pf] !== v) throw new Error(`flags differ: product ${JSON.stringify(pf)}, reference ${JSON.stringify(rf)}`);
    const value = round(median(p));
    const reference_ = round(median(r));
    return [
      {
        name: 'finance.remittance_match_100k_ms',
        value,
        unit: 'ms',
        reference: reference_,
        ratio: round(value / reference_, 2),
        data: `${ROWS.toLocaleString('en-IN')} rows against ${ORDERS.toLocaleString('en-IN')} orders (built in ${round(buildS)} s); median of ${runs}; flags ${JSON.stringify(pf)}`,
      },
    ];
  } finally {
    await dbh.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
