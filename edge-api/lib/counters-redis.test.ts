// The rate-limit counters in Redis (REDIS_URL), against a real Redis server: REDIS_URL_TEST, which
// `npm test` sets when a Redis answers at 127.0.0.1:6379 and CI always sets (.ci/run starts one), as the
// PostgreSQL suites are run; the unit project leaves this file out without it. Given one that does not
// answer, it fails and says so. Each run counts under a key prefix of its own, so runs on
// one shared Redis never see each other's counts.
import net from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { createApp } from '../app';
import { countersOf, RedisCounter } from './counters';

const redisUrl = process.env.REDIS_URL_TEST || process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const prefix = `shipdesk-test:${process.pid}:${Date.now()}:`;

/** PING over a plain socket: answers whether a Redis server is there, within 3 s. */
function ping(url: string) {
  const { hostname, port } = new URL(url);
  return new Promise<string>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    const done = (answer: string) => (socket.destroy(), resolve(answer));
    socket.setTimeout(3000, () => done('no answer within 3 s'));
    socket.on('error', (err) => done(err.message));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (d) => done(d.toString().trim()));
  });
}

let t = 0;
const counters: RedisCounter[] = [];
const counter = () => {
  const c = new RedisCounter(redisUrl, { prefix, now: () => t });
  counters.push(c);
  return c;
};

beforeAll(async () => {
  const answer = await ping(redisUrl);
  if (answer !== '+PONG')
    throw new Error(`Redis does not answer at ${redisUrl} (${answer}). These tests need a Redis server: start one with ` +
      `\`redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no\`, or set REDIS_URL.`);
});
afterAll(async () => {
  for (const c of counters) await c.close();
});

describe('counter in redis', () => {
  it('counts per key within a window and starts again in the next', async () => {
    const c = counter();
    // A window in the future of the clock, so its keys' expiry (the window's end) has not passed.
    const minute = Math.floor(Date.now() / 60_000) + 10;
    t = minute * 60_000 + 5_000;
    for (let i = 1; i <= 3; i++) expect((await c.take('k', 60_000)).count).toBe(i);
    expect((await c.take('other', 60_000)).count).toBe(1);
    expect(await c.peek('k', 60_000)).toEqual({ count: 3, resetAt: (minute + 1) * 60_000 });
    t = (minute + 1) * 60_000;
    expect((await c.peek('k', 60_000)).count).toBe(0);
    expect((await c.take('k', 60_000)).count).toBe(1);
  });

  it('adds a cost of more than one, and forgets a key on reset', async () => {
    const c = counter();
    t = (Math.floor(Date.now() / 60_000) + 15) * 60_000;
    expect((await c.take('cost', 60_000, 30)).count).toBe(30);
    expect((await c.take('cost', 60_000)).count).toBe(31);
    await c.reset('cost', 60_000);
    expect((await c.peek('cost', 60_000)).count).toBe(0);
  });

  it('two counters on one Redis (two processes) share their counts; another prefix counts apart', async () => {
    const a = counter();
    const b = counter();
    t = (Math.floor(Date.now() / 60_000) + 20) * 60_000;
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).take('shared', 60_000)));
    // INCR is atomic: the 40 takes answered 1..40, each once, whichever counter took it.
    expect(counts.map((c) => c.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect((await b.peek('shared', 60_000)).count).toBe(40);
    const elsewhere = new RedisCounter(redisUrl, { prefix: `${prefix}other:`, now: () => t });
    counters.push(elsewhere);
    expect((await elsewhere.peek('shared', 60_000)).count).toBe(0);
  });
});

describe('the sign-in address limit counted in Redis by two apps that share nothing else', () => {
  const handles: DbHandle[] = [];
  afterAll(async () => {
    vi.useRealTimers();
    for (const dbh of handles) await dbh.destroy();
  });

  it('150 requests from one address spread over two apps: 120 pass, 30 are refused with 429', async () => {
    // Two apps, each on its own SQLite database (which alone would count in its own memory): as two
    // machines, they share only Redis.
    const apps = await Promise.all([0, 1].map(async (i) => {
      const dbh = connect({ file: ':memory:' });
      handles.push(dbh);
      await migrateToLatest(dbh.db);
      const config = { dataDir: `/tmp/shipdesk-test-redis-${process.pid}-${i}`, redisUrl, redisPrefix: prefix };
      expect(countersOf(dbh, config).kind).toBe('redis');
      counters.push(countersOf(dbh, config) as RedisCounter);
      return createApp({ dbh, logger: pino({ level: 'silent' }), config });
    }));
    // All 150 in one minute's window: the clock stands 1 s into a minute (only Date is faked).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime((Math.floor(Date.now() / 60_000) + 1) * 60_000 + 1_000);
    const request = (i: number, peer: string) =>
      apps[i % 2].request('/api/auth/authenticate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' },
        { incoming: { socket: { remoteAddress: peer } } });
    // Each app gets 75, under the limit: the 30 refusals come only from the count they share.
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => request(i, '203.0.113.7')));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(120);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBe(59);
    // Another address is not held back by this one.
    expect((await request(1, '203.0.113.8')).status).not.toBe(429);
  });
});
