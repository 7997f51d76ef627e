/**
 * Documents benchmark: 1,000 shipping labels (4x6 in, Code128 AWB) into one
 * PDF, written to a sink that discards the bytes; and the orders CSV export
 * (1,000,000 rows, 50,000 with --quick) streamed from a SQLite database
 * through the real route of the server as production runs it (the bundle on
 * plain node, its own process), whose peak RSS is the figure.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { percentile } from './stats';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  data: string;
  /** The same work done the plainest way, measured in the same run. */
  reference?: number;
  ratio?: number;
}

const LABELS = 1000;

function discard(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

async function timeLabels(count: number): Promise<{ seconds: number; bytes: number }> {
  // Loaded here, not at the top: the CSV child process imports this file and must not carry pdfkit.
  const { sampleOrder } = await import('../../edge-api/documents/fixtures');
  const { renderLabels } = await import('../../edge-api/documents/label');
  const orders = Array.from({ length: count }, (_, i) => sampleOrder(i));
  const sink = discard();
  const start = performance.now();
  await renderLabels(orders, sink);
  return { seconds: (performance.now() - start) / 1000, bytes: sink.bytes };
}

export async function benchDocs(opts: { quick: boolean }): Promise<BenchResult[]> {
  return [...(await benchLabels(opts)), ...(await benchCsv(opts))];
}

async function benchLabels(opts: { quick: boolean }): Promise<BenchResult[]> {
  await timeLabels(50); // warm-up: module load, font metrics, JIT
  // The figure is always for 1,000 labels; --quick only takes fewer samples.
  const runs = opts.quick ? 1 : 3;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await timeLabels(LABELS);
    if (run.bytes === 0) throw new Error('label benchmark produced no PDF');
    samples.push(run.seconds);
  }
  const median = percentile(samples, 0.5);
  return [
    {
      name: 'docs.labels_1000_s',
      value: Number(median.toFixed(3)),
      unit: 's',
      data: `${LABELS} labels`,
    },
  ];
}

// ---- Orders CSV export --------------------------------------------------------------------

const require = createRequire(import.meta.url);
const CSV_ROWS = { full: 1_000_000, quick: 50_000 };
const CHILD_TIMEOUT_MS = 10 * 60_000;
const CSV_GOALS = { rowsPerSecond: 200_000, peakRssMb: 200 };

type CsvReport = {
  rows: number;
  bytes: number;
  seconds: number;
  maxRssMb: number;
  baselineRssMb: number;
};

/**
 * The database to export from. Quick: 50,000 orders seeded into a temp file.
 * Full: data/bench.db (or BENCH_DB) with 1,000,000 orders, shared with the
 * orders benchmark; it is (re)seeded here when missing or short, the same way
 * that benchmark does, so a full run seeds it only once.
 */
async function csvDatabase(quick: boolean): Promise<{ file: string; orders: number; cleanup: () => void }> {
  const { connect } = await import('../../db/connect');
  const { migrateToLatest } = await import('../../db/migrate');
  const { isSeeded, seed } = await import('../../db/seed');
  const fill = async (file: string, orders: number) => {
    const h = connect({ file });
    await migrateToLatest(h.db);
    await seed(h, { orders, pincodes: false });
    await h.destroy();
  };
  if (quick) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-csv-'));
    const file = path.join(dir, 'orders.db');
    await fill(file, CSV_ROWS.quick);
    return { file, orders: CSV_ROWS.quick, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const file = process.env.BENCH_DB ?? 'data/bench.db';
  const h = connect({ file });
  await migrateToLatest(h.db);
  const have = Number((await h.db.selectFrom('orders').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const complete = have >= CSV_ROWS.full * 0.99 && (await isSeeded(h));
  await h.destroy();
  if (!complete) {
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    await fill(file, CSV_ROWS.full);
  }
  return { file, orders: Math.max(have, CSV_ROWS.full), cleanup: () => {} };
}

function runChild<T>(mode: '--raw-child', file: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), mode, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    let out = '';
    // A child that hangs (a locked database, say) fails the figure instead of the whole run.
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_TIMEOUT_MS);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`bench child ${mode} exited with ${code}: ${out}`));
      resolve(JSON.parse(line) as T);
    });
  });
}

async function benchCsv(opts: { quick: boolean }): Promise<BenchResult[]> {
  const wanted = opts.quick ? CSV_ROWS.quick : CSV_ROWS.full;
  const db = await csvDatabase(opts.quick);
  try {
    // The reference is read before and after the export (each in its own process, so the
    // server's peak RSS is its own), which also warms the file cache for both.
    const before = await runChild<{ rowsPerSecond: number }>('--raw-child', db.file);
    const report = await serverCsv(db.file);
    const after = await runChild<{ rowsPerSecond: number }>('--raw-child', db.file);
    const reference = Math.round((before.rowsPerSecond + after.rowsPerSecond) / 2);
    if (report.rows < wanted * 0.99) throw new Error(`CSV bench streamed ${report.rows} rows, expected at least ${wanted}`);
    const data = `${report.rows} orders CSV rows (${(report.bytes / 1e6).toFixed(0)} MB) from SQLite via POST /api/download/csv/orders to the server's process (the bundle on plain node) over loopback HTTP`;
    const rowsPerSecond = Math.round(report.rows / report.seconds);
    return [
      {
        name: 'docs.csv_rows_per_s',
        value: rowsPerSecond,
        unit: 'rows/s',
        reference,
        ratio: Number((rowsPerSecond / reference).toFixed(3)),
        data: `${data}; reference: the same rows and columns read raw from better-sqlite3; goal >= ${CSV_GOALS.rowsPerSecond}`,
      },
      {
        name: 'docs.csv_peak_rss_mb',
        value: Math.round(report.maxRssMb),
        unit: 'MB',
        data: `${data}; peak RSS (VmHWM) of the server's process (${Math.round(report.baselineRssMb)} MB before the request); goal < ${CSV_GOALS.peakRssMb}`,
      },
    ];
  } finally {
    db.cleanup();
  }
}

/** A process's resident set (VmRSS) or its peak (VmHWM), in MB, from /proc (Linux). */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!kb) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(kb[1]) / 1024;
}

/**
 * Reference: the export's columns and items summary read raw from
 * better-sqlite3 the fastest plain way (keyset pages of 2,000 by `.all()`,
 * which beats a cursor's `.iterate()` here), nothing else (rows/s).
 */
function rawScan(file: string): number {
  const Database = require('better-sqlite3') as typeof import('better-sqlite3');
  const conn = new Database(file, { readonly: true });
  const started = performance.now();
  let n = 0;
  const cols = 'id, shop_order_id, company_id, warehouse_id, status, created_at, updated_at, shop_type, order_type, payment_mode, total_paise, cod_paise, shipping_paise, tracking_number, shipper, delivery_partner_id, customer_name, customer_phone, customer_email, shipping_city, shipping_state, shipping_pincode, weight_g, length_cm, breadth_cm, height_cm, invoice_number, items_summary';
  const page = conn.prepare(`SELECT ${cols} FROM orders WHERE id > ? ORDER BY id LIMIT 2000`).raw(true);
  let after = '';
  for (;;) {
    const rows = page.all(after) as unknown[][];
    if (!rows.length) break;
    n += rows.length;
    after = rows[rows.length - 1][0] as string;
  }
  const seconds = (performance.now() - started) / 1000;
  conn.close();
  return n / seconds;
}

/**
 * The export as production serves it: the server (tests/bench/run.ts has it bundled, run by plain node)
 * over the file, one admin CSV download of every order streamed over loopback HTTP and read to the end;
 * the server's peak RSS from /proc.
 */
async function serverCsv(file: string): Promise<CsvReport> {
  const { signInOverHttp, startServer } = await import('../e2e/server');
  const { DEMO_LOGINS } = await import('../../db/seed-data');
  const server = await startServer({ apiOnly: true, env: { SQLITE_FILE: file, LOG_LEVEL: 'silent', CSV_DIRECT_LIMIT: String(Number.MAX_SAFE_INTEGER) } });
  try {
    const pid = server.child.pid!;
    const headers = await signInOverHttp(server.url, DEMO_LOGINS.find((l) => l.role === 'admin')!, 'admin');
    const baselineRssMb = rssMb(pid, 'VmRSS');
    const started = performance.now();
    const res = await fetch(`${server.url}/api/download/csv/orders`, { method: 'POST', headers, body: JSON.stringify({ filter: {}, appType: 'admin' }) });
    if (res.status !== 200 || !res.body) throw new Error(`CSV download answered ${res.status}: ${await res.text()}`);
    let bytes = 0;
    let lines = 0;
    for await (const value of res.body) {
      bytes += value.length;
      // Count the lines natively (memchr), so the figure is the server's work rather than this loop's.
      const buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      for (let i = buf.indexOf(10); i >= 0; i = buf.indexOf(10, i + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    return { rows: lines - 1, bytes, seconds, maxRssMb: rssMb(pid, 'VmHWM'), baselineRssMb };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv[2] === '--raw-child') process.stdout.write(`${JSON.stringify({ rowsPerSecond: rawScan(process.argv[3]) })}\n`);
}
