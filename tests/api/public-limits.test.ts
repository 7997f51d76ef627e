// The public tracking surface against a real listening server (remembered answers included), clients told
// apart by X-Forwarded-For from a trusted proxy on loopback: a scan of AWBs is stopped early, a buyer
// reloading their page never is; guesses at the buyer check from other addresses never lock the buyer out.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge-api/app';
import { DEFAULT_PUBLIC_LOOKUP } from '../../edge-api/config';
import { BUYER_DIGITS_WRONG, BUYER_SLOW_DOWN, BUYER_TOO_MANY, LOOKUP_TOO_MANY, phoneLast4 } from '../../domain/tracking';
import { makeTestApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let server: Server;
let base: string;

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 300 });
  const app = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config: { dataDir: `/tmp/shipdesk-test-${process.pid}`, trustedProxies: ['loopback'] } });
  server = createServer(getRequestListener(app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // On PostgreSQL the budgets count in windows of 10 minutes on the clock (shared by every process): start with
  // a minute to spare, so that no window ends in the middle of a scan.
  const { windowMs } = DEFAULT_PUBLIC_LOOKUP;
  if (process.env.API_TEST_PG) while (Date.now() % windowMs > windowMs - 60_000) await new Promise((r) => setTimeout(r, 1000));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let nextAddress = 1;
/** A client address of its own (TEST-NET-2), as the trusted proxy on loopback reports it. */
const newClient = () => `198.51.100.${nextAddress++}`;

async function call(client: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers: { 'x-forwarded-for': client, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: text ? JSON.parse(text) : null };
}

const awbs = async (status?: string) => {
  let q = ctx.db.selectFrom('orders').select(['tracking_number', 'customer_phone']).where('tracking_number', 'is not', null);
  if (status) q = q.where('status', '=', status);
  return (await q.orderBy('tracking_number').execute()).map((o) => ({ awb: o.tracking_number!, phone: o.customer_phone }));
};

/** Looks up `list` in order from `client` until the first 429; its index (or -1) and the AWBs found before it. */
async function scan(client: string, list: string[]) {
  let found = 0;
  for (let i = 0; i < list.length; i++) {
    const r = await call(client, `/api/order/${list[i]}`);
    if (r.status === 429) {
      expect(r.body.message).toBe(LOOKUP_TOO_MANY);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      return { refusedAt: i, found };
    }
    expect([200, 404]).toContain(r.status);
    if (r.status === 200) found++;
  }
  return { refusedAt: -1, found };
}

describe('public lookups are limited per client', () => {
  it('stops 600 sequential AWB lookups from one address before the 100th, and keeps refusing', async () => {
    const first = (await awbs())[0].awb;
    const prefix = first.replace(/\d+$/, '');
    const start = Number(first.slice(prefix.length));
    const sequential = Array.from({ length: 600 }, (_, i) => `${prefix}${String(start + i).padStart(10, '0')}`);
    const client = newClient();
    const { refusedAt, found } = await scan(client, sequential);
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(refusedAt).toBeLessThan(99);
    expect(found).toBeGreaterThan(0); // the scan did meet real AWBs: the budget, not luck, stopped it
    expect((await call(client, `/api/order/${first}`)).status).toBe(429);
    expect((await call(client, `/api/order/${first}/details`)).status).toBe(429);
    // another address is not affected
    expect((await call(newClient(), `/api/order/${first}`)).status).toBe(200);
  });

  it('stops a scan that meets only real AWBs before the 100th too', async () => {
    const real = (await awbs()).map((o) => o.awb).slice(0, 200);
    const { refusedAt } = await scan(newClient(), real);
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(refusedAt).toBeLessThan(99);
  });

  it('never refuses a buyer opening their own page (lookup and details) many times', async () => {
    const [{ awb }] = await awbs('IN_TRANSIT');
    const buyer = newClient();
    for (let i = 0; i < 40; i++) {
      expect((await call(buyer, `/api/order/${awb}`)).status).toBe(200);
      expect((await call(buyer, `/api/order/${awb}/details`)).status).toBe(200);
    }
  });

  it('counts remembered answers too: one address hammering one AWB is stopped', async () => {
    const [{ awb }] = await awbs('IN_TRANSIT');
    const client = newClient();
    let refusedAt = -1;
    for (let i = 0; i < 400 && refusedAt < 0; i++) if ((await call(client, `/api/order/${awb}`)).status === 429) refusedAt = i;
    expect(refusedAt).toBeGreaterThan(100);
    expect(refusedAt).toBeLessThan(400);
  });
});

describe('the buyer check (NDR verify) is limited per AWB and address', () => {
  it('locks out an address after five wrong answers, never the buyer on another address', async () => {
    const [{ awb, phone }] = await awbs('UNDELIVERED');
    const wrong = phoneLast4(phone) === '0000' ? '1111' : '0000';
    const attacker = newClient();
    for (let i = 0; i < 5; i++) {
      const r = await call(attacker, `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: wrong } });
      expect(r.status).toBe(403);
      expect(r.body.message).toBe(BUYER_DIGITS_WRONG);
    }
    const locked = await call(attacker, `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: phoneLast4(phone) } });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(BUYER_TOO_MANY);
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    const buyer = await call(newClient(), `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: phoneLast4(phone) } });
    expect(buyer.status).toBe(200);
    expect(buyer.body.token).toEqual(expect.any(String));
  });

  it('past the ceiling for the AWB, slows every address down after a wrong try, and still lets the buyer through', async () => {
    const [, { awb, phone }] = await awbs('UNDELIVERED');
    const wrong = phoneLast4(phone) === '0000' ? '1111' : '0000';
    // 15 addresses, 2 wrong guesses each: 30, past the ceiling of 20 for this AWB
    const attackers = Array.from({ length: 15 }, newClient);
    for (const a of attackers) {
      for (let i = 0; i < 2; i++) {
        const r = await call(a, `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: wrong } });
        if (r.status === 429) {
          expect(r.body.message).toBe(BUYER_SLOW_DOWN);
          continue;
        }
        expect(r.status).toBe(403);
      }
    }
    // an address that guessed wrong now waits a minute (slowed, not locked for the hour)
    const slowed = await call(attackers[0], `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: wrong } });
    expect(slowed.status).toBe(429);
    expect(slowed.body.message).toBe(BUYER_SLOW_DOWN);
    expect(Number(slowed.retryAfter)).toBeGreaterThan(0);
    expect(Number(slowed.retryAfter)).toBeLessThanOrEqual(60);
    // the buyer on their phone, with no wrong try of their own, gets through at once
    const buyer = await call(newClient(), `/api/order/${awb}/ndr/verify`, { method: 'POST', body: { phoneLast4: phoneLast4(phone) } });
    expect(buyer.status).toBe(200);
  });
});
