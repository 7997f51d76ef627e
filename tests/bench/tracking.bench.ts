/**
 * Public tracking benchmark: `GET /api/order/:awb` on the real server
 * (edge-api/server.ts in its own process over a seeded SQLite file, AWBs
 * rotating over 500 shipments, 50 connections, loopback), against a plain
 * node:http server in its own process answering a fixed JSON body of the same
 * size, measured in the same run with the same autocannon settings, the two in
 * turn for several rounds (the figures are the rounds' medians). Plus the
 * weight of the tracking page: the gzipped JavaScript dist/track.html loads.
 * The page's Lighthouse score (mobile) is `npm run lighthouse` (not run here).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { freePort, startServer } from '../e2e/server';
import { percentile } from './stats';

export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  reference?: number;
  ratio?: number;
  data: string;
}

const CONNECTIONS = 50;
const round = (n: number, d = 2) => Number(n.toFixed(d));

type CannonResult = { requests: { average: number }; latency: { p99: number; p50: number }; non2xx: number; errors: number; timeouts: number };
type Cannon = (opts: Record<string, unknown>) => Promise<CannonResult>;

async function cannon(url: string, seconds: number, paths: string[]): Promise<CannonResult> {
  // autocannon ships no types; it is a dev dependency used only here.
  const autocannon = ((await import('autocannon' as string)) as { default: Cannon }).default;
  let i = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    pipelining: 1,
    requests: [{ method: 'GET', setupRequest: (req: { path: string }) => ({ ...req, path: paths[i++ % paths.length] }) }],
  });
  if (result.errors || result.timeouts) throw new Error(`autocannon saw ${result.errors} errors, ${result.timeouts} timeouts against ${url}`);
  if (result.non2xx) throw new Error(`${result.non2xx} non-2xx answers from ${url}`);
  return result;
}

/** A bare node:http server answering `body` to every request, in its own process like the app. */
async function startReference(body: string): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `
    const http = require('node:http');
    const body = Buffer.from(process.env.BODY);
    http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', code], { env: { ...process.env, BODY: body }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve());
    child.on('exit', (c) => reject(new Error(`reference server exited with ${c}`)));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** The JavaScript a visitor of /track/:awb downloads: the entry, its modulepreloads, and what they import. */
export function trackingPageJs(distDir = 'dist'): { files: string[]; gzBytes: number } {
  const html = fs.readFileSync(path.join(distDir, 'track.html'), 'utf8');
  const queue = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g)].map((m) => m[1]);
  const seen = new Set<string>();
  let gzBytes = 0;
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = fs.readFileSync(path.join(distDir, url), 'utf8');
    gzBytes += gzipSync(code).length;
    // static imports only: a dynamic import() is not loaded up front
    for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'](\.\/[^"']+\.js)["']/g)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  return { files: [...seen], gzBytes };
}

export async function benchTracking(opts: { quick: boolean }): Promise<BenchResult[]> {
  if (!fs.existsSync('dist/track.html')) throw new Error('dist/track.html is missing: run `npx vite build` first');
  const orders = opts.quick ? 3_000 : 30_000;
  const seconds = opts.quick ? 3 : 5;
  const page = trackingPageJs();

  const app = await startServer({ orders });
  let reference: { url: string; stop: () => void } | undefined;
  try {
    const db = new Database(path.join(app.dir, 'app.db'), { readonly: true });
    const awbs = (db.prepare('SELECT tracking_number AS awb FROM orders WHERE tracking_number IS NOT NULL ORDER BY id LIMIT 500').all() as { awb: string }[]).map((r) => r.awb);
    db.close();
    const paths = awbs.map((a) => `/api/order/${a}`);
    const sample = await fetch(`${app.url}${paths[0]}`);
    if (!sample.ok) throw new Error(`tracking lookup answered ${sample.status}`);
    const body = await sample.text();

    reference = await startReference(body);
    await cannon(app.url, 1, paths); // warm-up: JIT, SQLite page cache, pincode cache
    await cannon(reference.url, 1, ['/']);
    // The two servers take turns, a round each: on a shared machine the pace drifts by half and more
    // within a minute (the reference alone answered 14,000 to 30,000 a second in one afternoon), so a
    // ratio is taken within each round and the median of the rounds is the figure.
    const rounds: { app: CannonResult; bare: CannonResult }[] = [];
    for (let i = 0; i < (opts.quick ? 3 : 5); i++) rounds.push({ app: await cannon(app.url, seconds, paths), bare: await cannon(reference.url, seconds, ['/']) });
    const median = (xs: number[]) => percentile(xs, 0.5);
    const rps = median(rounds.map((r) => r.app.requests.average));
    const bareRps = median(rounds.map((r) => r.bare.requests.average));
    const ratios = rounds.map((r) => r.app.requests.average / r.bare.requests.average);
    const ratio = median(ratios);
    const data = `${orders} orders (SQLite file, pincodes loaded), ${awbs.length} AWBs rotating, ${CONNECTIONS} connections, ${rounds.length} rounds of ${seconds} s each server in turn, body ~${(body.length / 1024).toFixed(1)} KB; medians of the rounds (ratios per round: ${ratios.map((x) => round(x, 2)).join(', ')})`;
    return [
      { name: 'tracking.rps', value: round(rps, 0), unit: 'req/s', reference: round(bareRps, 0), ratio: round(ratio, 3), data },
      { name: 'tracking.ratio_to_node_http', value: round(ratio, 3), unit: 'x', data: `${data}; reference: node:http with a fixed body of the same size` },
      { name: 'tracking.p99_ms', value: median(rounds.map((r) => r.app.latency.p99)), unit: 'ms', reference: median(rounds.map((r) => r.bare.latency.p99)), data: `${data}; p50 ${median(rounds.map((r) => r.app.latency.p50))} ms` },
      { name: 'tracking.js_gz_kb', value: round(page.gzBytes / 1024, 1), unit: 'KB', reference: 120, data: `gzipped JS loaded by dist/track.html: ${page.files.map((f) => path.basename(f)).join(', ')} (budget 120 KB)` },
    ];
  } finally {
    reference?.stop();
    await app.stop();
  }
}
