// A burst of sign-ins against the real server (edge-api/server.ts in a process
// of its own, over a small seeded SQLite file, behind a "proxy" on loopback),
// with /api/health probed one request at a time while it lasts. Used by the
// test (tests/api/security-burst.test.ts: what the burst is answered) and by
// the benchmark (tests/bench/auth.bench.ts: how fast health answers meanwhile).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { spawnRunningServer } from '../e2e/server';

export type BurstServer = { url: string; port: number; stop: () => Promise<void> };

/** The real server over a small seeded SQLite file in `dir`, trusting X-Forwarded-For from loopback. */
export async function startBurstServer(dir: string, opts: { nodeArgs?: string[]; env?: Record<string, string> } = {}): Promise<BurstServer> {
  const file = path.join(dir, 'app.db');
  const h = connect({ file });
  await migrateToLatest(h.db);
  await seed(h, { orders: 20, pincodes: false });
  await h.destroy();
  // VITEST off: the server hashes at production's cost (db/password.ts), as a real burst meets it.
  const { url, port, child } = await spawnRunningServer(
    { VITEST: 'false', SQLITE_FILE: file, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'warn', TRUST_PROXY: 'loopback', ...opts.env },
    { nodeArgs: opts.nodeArgs },
  );
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return {
    url,
    port,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

// The burst runs in a process of its own: n sign-ins at once, each for an unknown e-mail from its own address.
const BURST = `
const http = require('node:http');
const [port, n] = process.argv.slice(2).map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: n });
const counts = {};
let done = 0;
const end = () => { if (++done === n) { console.log(JSON.stringify(counts)); process.exit(0); } };
for (let i = 0; i < n; i++) {
  const body = JSON.stringify({ email: 'nobody' + i + '@burst.example', password: 'Wrong@1234', appType: 'seller' });
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/authenticate', agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': '10.' + (i >> 16 & 255) + '.' + (i >> 8 & 255) + '.' + (i & 255) } }, (res) => {
    res.resume();
    res.on('end', () => { counts[res.statusCode] = (counts[res.statusCode] || 0) + 1; end(); });
  });
  req.on('error', () => { counts.error = (counts.error || 0) + 1; end(); });
  req.end(body);
}`;

/**
 * One GET /api/health: its time in ms; rejects unless it answered 200. A kept-alive
 * connection the server closed as idle just before the request went out (a starved
 * client can let one sit past the server's keep-alive time) is retried once on a new
 * one, as Node's documentation advises for `reusedSocket`: the server never saw it.
 */
function healthProbe(port: number, agent: http.Agent, retried = false): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const t = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - t) : reject(new Error(`health answered ${res.statusCode}`))));
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) healthProbe(port, agent, true).then(resolve, reject);
      else reject(err);
    });
  });
}

/** Probes /api/health one at a time, 10 ms apart, at least once and until `until()` is true. */
async function probeUntil(port: number, until: () => boolean): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await healthProbe(port, agent); // the connection is open before timing starts
  const samples: number[] = [];
  do {
    samples.push(await healthProbe(port, agent));
    await new Promise((r) => setTimeout(r, 10));
  } while (!until());
  agent.destroy();
  return samples;
}

/** `n` sign-ins at once from another process; /api/health probed while they last. */
export async function burstWithHealth(server: BurstServer, dir: string, n: number): Promise<{ counts: Record<string, number>; health: number[]; ms: number }> {
  const script = path.join(dir, 'burst.cjs');
  fs.writeFileSync(script, BURST);
  const started = performance.now();
  const child = spawn(process.execPath, [script, String(server.port), String(n)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  let over = false;
  const finished = new Promise<void>((resolve) => child.on('exit', () => ((over = true), resolve())));
  const health = await probeUntil(server.port, () => over);
  await finished;
  return { counts: JSON.parse(out) as Record<string, number>, health, ms: performance.now() - started };
}

/** /api/health probed the same way for `ms` with nothing else running: the reference. */
export function healthAlone(server: BurstServer, ms: number): Promise<number[]> {
  const end = performance.now() + ms;
  return probeUntil(server.port, () => performance.now() >= end);
}
