/**
 * auth.burst_health_p99_ms: /api/health probed one request at a time (10 ms
 * apart) while 1,000 sign-ins for unknown e-mails arrive at once from 1,000
 * addresses (the real server in its own process; the burst from another). The
 * reference: the same probe for as long with nothing else running. Three bursts
 * (one in --quick) make one figure; the goal is a p99 under 50 ms.
 *
 * auth.unknown_email_time_ratio: a sign-in for an e-mail nobody has against a
 * wrong password for a real account (median of 15 each, alternated, in-process):
 * close to 1 when neither time nor answer tells which e-mails exist.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { createApp } from '../../edge-api/app';
import { burstWithHealth, healthAlone, startBurstServer } from '../api/sign-in-burst';
import { percentile, round, type BenchResult } from './stats';

export async function benchSignInBurst(opts: { quick: boolean }): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-bench-burst-'));
  const server = await startBurstServer(dir);
  try {
    const bursts = opts.quick ? 1 : 3;
    const during: number[] = [];
    const answered: Record<string, number> = {};
    let ms = 0;
    for (let i = 0; i < bursts; i++) {
      const r = await burstWithHealth(server, dir, 1000);
      during.push(...r.health);
      ms += r.ms;
      for (const [k, n] of Object.entries(r.counts)) answered[k] = (answered[k] ?? 0) + n;
      await new Promise((resolve) => setTimeout(resolve, 2000)); // the hashing queue drains
    }
    const alone = await healthAlone(server, ms);
    const p99 = percentile(during, 0.99);
    const ref = percentile(alone, 0.99);
    return [{
      name: 'auth.burst_health_p99_ms', value: round(p99, 1), unit: 'ms', reference: round(ref, 1), ratio: round(p99 / ref, 1),
      data: `${bursts} x 1,000 sign-ins at once (unknown e-mails, one address each); ${during.length} health probes during them, ` +
        `p50 ${round(percentile(during, 0.5), 1)} ms, max ${round(Math.max(...during), 1)} ms; answered ${JSON.stringify(answered)}; ` +
        `reference: ${alone.length} probes with no burst; goal p99 < 50 ms`,
    }];
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchUnknownEmail(): Promise<BenchResult[]> {
  const dbh = connect({ file: ':memory:' });
  await migrateToLatest(dbh.db);
  await seed(dbh, { orders: 0, pincodes: false });
  const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: os.tmpdir() } });
  const signIn = async (email: string, peer: number) => {
    const t = performance.now();
    const res = await app.request('/api/auth/authenticate', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'Wrong@1234', appType: 'admin' }),
    }, { incoming: { socket: { remoteAddress: `192.0.2.${peer}` } } });
    if (res.status !== 401) throw new Error(`expected 401, got ${res.status}`);
    return performance.now() - t;
  };
  const known: number[] = [];
  const unknown: number[] = [];
  const real = DEMO_LOGINS.map((l) => l.email);
  for (let i = 0; i < 15; i++) {
    known.push(await signIn(real[i % real.length]!, i)); // a different account each time: no throttle wait
    unknown.push(await signIn(`nobody${i}@nowhere.in`, i));
  }
  await dbh.destroy();
  const k = percentile(known, 0.5);
  const u = percentile(unknown, 0.5);
  return [{
    name: 'auth.unknown_email_time_ratio', value: round(u / k), unit: 'x', reference: 1,
    data: `median of 15 sign-ins each: unknown e-mail ${round(u, 1)} ms, wrong password of a real account ${round(k, 1)} ms; goal 0.5-2`,
  }];
}
