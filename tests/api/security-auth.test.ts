// Sign-in that holds under parallel attack.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { hashPassword, needsRehash, PASSWORD_PARAMS, passwordParamsFor, PRODUCTION_PASSWORD_PARAMS, UNKNOWN_USER_HASH, verifyPassword } from '../../db/password';
import { DEFAULT_AUTH, loadConfig } from '../../edge-api/config';
import type { AppConfig } from '../../edge-api/env';
import { hashQueueFor } from '../../edge-api/services/auth/sign-in';
import { createApp } from '../../edge-api/app';
import { clientAddressOf, proxyList } from '../../edge-api/middleware/client-address';
import { HashQueue, HashQueueFull } from '../../edge-api/services/auth/hash-queue';
import { anonymous, demo, makeTestApp, signIn, type TestApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
});
afterEach(async () => {
  vi.useRealTimers();
  await ctx.db.deleteFrom('auth_throttle').execute();
});

/** A request as if it came over a socket from `peer` (app.request's third argument is @hono/node-server's bindings). */
function from(app: TestApp, peer: string, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  return app.request(
    path,
    {
      method: init.method ?? 'GET',
      headers: { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    },
    { incoming: { socket: { remoteAddress: peer } } },
  );
}
const attempt = (app: TestApp, email: string, password: string, extra: { peer?: string; headers?: Record<string, string>; appType?: string } = {}) =>
  from(app, extra.peer ?? '192.0.2.10', '/api/auth/authenticate', {
    method: 'POST', body: { email, password, appType: extra.appType ?? 'admin' }, headers: extra.headers,
  });

describe('sign-in under parallel attack', () => {
  it('300 parallel attempts at one account, each from its own address: at most 10 password checks, and the right password sent last gets no code', async () => {
    const admin = demo('admin');
    const wrong = Array.from({ length: 299 }, (_, i) =>
      attempt(ctx.app, admin.email, `guess-${i}`, { peer: `10.1.${i >> 8}.${i & 255}`, headers: { 'x-forwarded-for': `198.51.100.${i % 250}` } }),
    );
    const right = attempt(ctx.app, admin.email, admin.password, { peer: '10.2.0.1', headers: { 'x-forwarded-for': '203.0.113.99' } });
    const answers = await Promise.all([...wrong, right]);
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBe(300 - checked);
    expect(statuses.at(-1)).toBe(429);
    expect(await answers.at(-1)!.json()).not.toHaveProperty('oauthCode');
    expect(await ctx.db.selectFrom('auth_codes').select('code').execute()).toHaveLength(0);
  });

  it('wrong passwords in a row bring increasing waits, not a lock: the account signs in once the wait is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.parse('2026-12-01T10:00:00.000Z');
    vi.setSystemTime(t0);
    const seller = demo('seller');
    const wrong = () => attempt(ctx.app, seller.email, 'nope-nope', { appType: 'seller' });
    for (let i = 0; i < 3; i++) expect((await wrong()).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const slowed = await wrong();
      expect(slowed.status).toBe(429);
      const { retryAfter } = (await slowed.json()) as { retryAfter: number };
      waits.push(retryAfter);
      vi.setSystemTime(Date.now() + retryAfter * 1000);
      expect((await wrong()).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    vi.setSystemTime(Date.now() + 16_000);
    const ok = await attempt(ctx.app, seller.email, seller.password, { appType: 'seller' });
    expect(ok.status).toBe(200);
  });

  it('a browser that signed in before keeps signing in while someone spends the account\'s budget from elsewhere', async () => {
    const seller = demo('seller');
    const first = await attempt(ctx.app, seller.email, seller.password, { appType: 'seller' });
    expect(first.status).toBe(200);
    const device = /sd_device=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(device).toBeTruthy();
    expect(first.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    const attacks = await Promise.all(Array.from({ length: 30 }, (_, i) => attempt(ctx.app, seller.email, `x${i}`, { peer: `10.3.0.${i}`, appType: 'seller' })));
    expect(attacks.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
    const stranger = await attempt(ctx.app, seller.email, seller.password, { appType: 'seller', peer: '10.9.9.9' });
    expect(stranger.status).toBe(429);
    const owner = await attempt(ctx.app, seller.email, seller.password, { appType: 'seller', headers: { cookie: `sd_device=${device}` } });
    expect(owner.status).toBe(200);
    // A device cookie counts only for the account it was given for.
    const other = await attempt(ctx.app, demo('admin').email, 'wrong', { headers: { cookie: `sd_device=${device}` } });
    expect(other.status).toBe(401);
  });

  // The times themselves are a figure of `npm run bench` (auth.unknown_email_time_ratio); here, what makes them equal.
  it('an unknown e-mail costs one password hash at today\'s cost, as a wrong password does, and is throttled the same way', async () => {
    const auth = { ...DEFAULT_AUTH };
    const app = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config: { auth } });
    const hashes = hashQueueFor({ auth } as AppConfig);
    // The stand-in hash an unknown e-mail is checked against is made at the same cost as every stored one.
    expect(needsRehash(UNKNOWN_USER_HASH)).toBe(false);
    expect(UNKNOWN_USER_HASH.split('$').slice(1, 4).map(Number)).toEqual([PASSWORD_PARAMS.N, PASSWORD_PARAMS.r, PASSWORD_PARAMS.p]);
    for (const email of [demo('admin').email, 'nobody@nowhere.in', demo('warehouse').email, 'nobody2@nowhere.in']) {
      const before = hashes.ran;
      expect((await attempt(app, email, 'Wrong@1234')).status).toBe(401);
      expect(hashes.ran - before, email).toBe(1);
    }
    for (let i = 0; i < 3; i++) await attempt(ctx.app, 'ghost@nowhere.in', 'x');
    expect((await attempt(ctx.app, 'ghost@nowhere.in', 'x')).status).toBe(429);
  });
});

describe('client addresses and the per-address limit', () => {
  it('believes X-Forwarded-For only from configured proxies, reading it from the right', () => {
    const trusted = proxyList(['loopback', '10.0.0.0/8']);
    expect(clientAddressOf('203.0.113.5', '1.1.1.1', trusted)).toBe('203.0.113.5');
    expect(clientAddressOf('127.0.0.1', '1.1.1.1, 198.51.100.7', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf('::ffff:127.0.0.1', 'spoofed, 198.51.100.7, 10.0.0.3', trusted)).toBe('198.51.100.7');
    expect(clientAddressOf('127.0.0.1', 'not-an-ip', trusted)).toBe('127.0.0.1');
    expect(clientAddressOf('203.0.113.5', undefined, proxyList([]))).toBe('203.0.113.5');
    expect(() => proxyList(['everyone'])).toThrow(/TRUST_PROXY/);
  });

  it('limits every /api/auth/* request per client address, whatever X-Forwarded-For claims', async () => {
    const config = loadConfig({}, { auth: { ...loadConfig({}).auth, addressLimit: { max: 5, windowMs: 60_000 } }, trustedProxies: ['127.0.0.1'] });
    const app = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config });
    const spoofed = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(app, '203.0.113.50', '/api/auth/session', { headers: { 'x-forwarded-for': `198.51.100.${i}` } })),
    );
    // Sent at once, they are counted in whatever order they arrive (PostgreSQL counts them in parallel): five pass, three are refused.
    expect(spoofed.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(spoofed.find((r) => r.status === 429)!.headers.get('retry-after')).toMatch(/^\d+$/);
    // Behind our proxy each client is counted on its own.
    const proxied = await Promise.all(
      Array.from({ length: 8 }, (_, i) => from(app, '127.0.0.1', '/api/auth/session', { headers: { 'x-forwarded-for': `198.51.100.${i}` } })),
    );
    expect(proxied.every((r) => r.status === 200)).toBe(true);
    // Other routes are not counted.
    expect((await from(app, '203.0.113.50', '/api/health')).status).toBe(200);
  });
});

describe('passwords and sessions', () => {
  it('hashes new passwords with scrypt at OWASP\'s cost, and rehashes an older, cheaper hash at the next sign-in', async () => {
    // Outside a test run (npm start, production, the benches) every hash is made at OWASP's cost; a test
    // run hashes at a cheap cost of its own, which production refuses even with the test flag set.
    expect(PRODUCTION_PASSWORD_PARAMS).toEqual({ N: 32768, r: 8, p: 3 });
    expect(PRODUCTION_PASSWORD_PARAMS.N * PRODUCTION_PASSWORD_PARAMS.r * PRODUCTION_PASSWORD_PARAMS.p).toBeGreaterThanOrEqual(2 ** 14 * 8 * 5);
    expect(passwordParamsFor({})).toEqual(PRODUCTION_PASSWORD_PARAMS);
    expect(passwordParamsFor({ VITEST: 'true', NODE_ENV: 'production' })).toEqual(PRODUCTION_PASSWORD_PARAMS);
    expect(passwordParamsFor({ VITEST: 'true' })).toEqual(PASSWORD_PARAMS); // this run's
    const atOwasp = await hashPassword('Correct@Horse1', PRODUCTION_PASSWORD_PARAMS);
    expect(atOwasp.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '3']);
    expect(await verifyPassword('Correct@Horse1', atOwasp)).toBe(true);
    expect(needsRehash(atOwasp)).toBe(false);
    const current = `scrypt$${PASSWORD_PARAMS.N}$${PASSWORD_PARAMS.r}$${PASSWORD_PARAMS.p}$`;
    expect((await hashPassword('Correct@Horse1')).startsWith(current)).toBe(true);

    const d2r = demo('seller'); // any demo account
    const legacy = await hashPassword(d2r.password, { N: PASSWORD_PARAMS.N / 2, r: 8, p: 1 });
    await ctx.db.updateTable('users').set({ password_hash: legacy }).where('email', '=', d2r.email).execute();
    await signIn(ctx.app, d2r.email, d2r.password, 'seller');
    const after = (await ctx.db.selectFrom('users').select('password_hash').where('email', '=', d2r.email).executeTakeFirstOrThrow()).password_hash;
    expect(after).not.toBe(legacy);
    expect(after.startsWith(current)).toBe(true);
    expect(await verifyPassword(d2r.password, after)).toBe(true);
  });

  it('signing in again ends the session the browser came with', async () => {
    const s = demo('warehouse');
    const first = await signIn(ctx.app, s.email, s.password, 'wms');
    expect((await first.json('/api/auth/session')).body.isLogined).toBe(true);
    const a = await ctx.app.request('/api/auth/authenticate', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: first.cookie }, body: JSON.stringify({ email: s.email, password: s.password, appType: 'wms' }),
    });
    const { oauthCode, xsrfToken } = (await a.json()) as { oauthCode: string; xsrfToken: string };
    const l = await ctx.app.request('/api/auth/login', {
      method: 'POST', headers: { 'content-type': 'application/json', cookie: first.cookie, 'x-xsrf-token': xsrfToken }, body: JSON.stringify({ oauthCode }),
    });
    expect((await l.json()).code).toBe('000012');
    const second = (l.headers.get('set-cookie') ?? '').split(';')[0];
    expect(second).not.toBe(first.cookie);
    expect((await first.json('/api/auth/session')).body.isLogined).toBe(false);
    const again = await ctx.app.request('/api/auth/session', { headers: { cookie: second } });
    expect((await again.json()).isLogined).toBe(true);
  });

  it('refuses over-long credentials without hashing them', async () => {
    const r = await anonymous(ctx.app).json('/api/auth/authenticate', { method: 'POST', body: { email: `${'a'.repeat(300)}@x.in`, password: 'x'.repeat(5000) } });
    expect(r.status).toBe(400);
    expect(await ctx.db.selectFrom('auth_throttle').selectAll().execute()).toHaveLength(0);
  });
});

describe('the hashing queue', () => {
  it('runs at most `concurrency` hashes, queues a bounded number, and refuses the rest at once', async () => {
    const q = new HashQueue(2, 3);
    let running = 0;
    let peak = 0;
    const task = () => q.run(async () => {
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 20));
      running--;
      return true;
    });
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, task));
    expect(peak).toBe(2);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof HashQueueFull)).toHaveLength(5);
    expect(q.size).toEqual({ running: 0, waiting: 0 });
  });
});
