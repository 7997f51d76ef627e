// Bounded input everywhere.
import pino from 'pino';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { purgeExpired } from '../../db/auth/sessions';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import { startAuthMaintenance } from '../../edge-api/services/auth/maintenance';
import { JSON_BODY_BYTES, WEBHOOK_BODY_BYTES } from '../../edge-api/middleware/body-limit';
import { MAX_UPLOAD_BYTES } from '../../domain/uploads';
import { anonymous, makeTestApp, signInDemo, type Agent } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let seller: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  seller = await signInDemo(ctx.app, 'seller');
});

type Schema = { type?: string | string[]; maxLength?: number; maxItems?: number; enum?: unknown[]; const?: unknown; properties?: Record<string, Schema>; items?: Schema; prefixItems?: Schema[]; additionalProperties?: Schema | boolean; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };

/** Every string without a maxLength and every array without a maxItems in a JSON schema, by path. */
export function unbounded(schema: Schema | undefined, at: string, out: string[] = []): string[] {
  if (!schema || typeof schema !== 'object') return out;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string') && schema.maxLength === undefined && !schema.enum && schema.const === undefined) out.push(`${at}: string without a maximum length`);
  if (types.includes('array') && schema.maxItems === undefined && !schema.prefixItems) out.push(`${at}: array without a maximum number of items`);
  for (const [k, v] of Object.entries(schema.properties ?? {})) unbounded(v, `${at}.${k}`, out);
  unbounded(schema.items, `${at}[]`, out);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') unbounded(schema.additionalProperties, `${at}{}`, out);
  for (const k of ['anyOf', 'oneOf', 'allOf'] as const) (schema[k] ?? []).forEach((s, i) => unbounded(s, `${at}<${k}${i}>`, out));
  return out;
}

describe('every text field has a maximum length', () => {
  it('walks /api/openapi.json: no unbounded string or array in any body, query or path of any route', async () => {
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, any>> };
    const problems: string[] = [];
    let inputs = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (body) {
          inputs++;
          unbounded(body, `${method.toUpperCase()} ${p} body`, problems);
        }
        for (const prm of op.parameters ?? []) {
          inputs++;
          unbounded(prm.schema, `${method.toUpperCase()} ${p} ${prm.in} ${prm.name}`, problems);
        }
      }
    }
    expect(inputs).toBeGreaterThan(150); // the walk saw the API, not an empty document
    expect(problems).toEqual([]);
  });

  it('a 5 MB e-mail or company name is refused before it reaches the database', async () => {
    const huge = 'a'.repeat(5 * 1024 * 1024);
    const signIn = await anonymous(ctx.app).request('/api/auth/authenticate', { method: 'POST', body: JSON.stringify({ email: `${huge}@x.in`, password: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(signIn.status).toBe(413);
    const long = await anonymous(ctx.app).json('/api/auth/authenticate', { method: 'POST', body: { email: `${'a'.repeat(300_000)}@x.in`, password: 'x' } });
    expect(long.status).toBe(400);
    expect(await ctx.db.selectFrom('auth_throttle').select('key').where('key', 'like', '%aaaa%').execute()).toHaveLength(0);
    const profile = (await seller.json('/api/profile')).body.profile;
    const renamed = await seller.json('/api/profile/company', { method: 'PUT', body: { ...profile, name: 'N'.repeat(201) } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors[0]).toMatchObject({ path: 'name', message: 'Company Name cannot be more than 200 characters' });
  });
});

/** A request body the test can watch being read: how many bytes the server pulled. */
function watchedBody(total: number, chunk = 16 * 1024) {
  const watch = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (watch.pulled >= total) return controller.close();
      const n = Math.min(chunk, total - watch.pulled);
      watch.pulled += n;
      controller.enqueue(new Uint8Array(n).fill(0x20));
    },
    cancel() {
      watch.cancelled = true;
    },
  });
  return { stream, watch };
}
const send = (path: string, method: string, body: ReadableStream<Uint8Array> | string, headers: Record<string, string>) =>
  ctx.app.request(path, { method, headers, body, duplex: 'half' } as RequestInit);

describe('request bodies are bounded', () => {
  it('a declared Content-Length above the limit is refused before a byte is read (400 MB webhook, 2 MB JSON, 6 MB upload)', async () => {
    const cases: [string, string, number, number][] = [
      ['/api/webhooks/carrier/delhivery', 'POST', 400 * 1024 * 1024, WEBHOOK_BODY_BYTES],
      ['/api/auth/authenticate', 'POST', 2 * 1024 * 1024, JSON_BODY_BYTES],
      ['/api/uploads/logo-01234567-89ab-cdef-0123-456789abcdef.png?ct=image%2Fpng&cid=&exp=1&sig=x', 'PUT', 6 * 1024 * 1024, MAX_UPLOAD_BYTES],
    ];
    for (const [path, method, size, limit] of cases) {
      const { stream, watch } = watchedBody(size);
      const r = await send(path, method, stream, { 'content-type': 'application/json', 'content-length': String(size) });
      expect(r.status, path).toBe(413);
      expect((await r.json()).message).toMatch(/Request body too large/);
      // The stream itself fills its one-chunk buffer ahead; the server reads nothing more.
      expect(watch.pulled, path).toBeLessThanOrEqual(2 * 16 * 1024);
      expect(watch.pulled).toBeLessThan(limit);
    }
  });

  it('a body without Content-Length is counted while it streams and refused once past the limit', async () => {
    const { stream, watch } = watchedBody(50 * 1024 * 1024);
    const r = await send('/api/webhooks/carrier/delhivery', 'POST', stream, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    expect(r.status).toBe(413);
    expect(watch.pulled).toBeLessThan(WEBHOOK_BODY_BYTES + 256 * 1024);
  });

  it('bulk submits have a limit of their own above the JSON one', async () => {
    const rows = Array.from({ length: 100 }, () => ({ note: 'x'.repeat(15_000) }));
    const r = await seller.json('/api/order/bulk', { method: 'POST', body: { rows } });
    expect(JSON.stringify({ rows }).length).toBeGreaterThan(JSON_BODY_BYTES);
    expect(r.status).not.toBe(413);
  });
});

describe('expired sign-in data is purged', () => {
  it('removes expired sessions, codes and idle throttle rows, and keeps live ones', async () => {
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const user = await ctx.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const session = (id: string, expires: number) => ({ id, user_id: user.id, role: 'seller' as const, xsrf_token: 'x', selected_company_ids: '[]', created_at: iso(now - 1e9), expires_at: iso(expires) });
    await ctx.db.insertInto('sessions').values([session('purge-old', now - 1000), session('purge-live', now + 3_600_000)]).execute();
    const code = (c: string, expires: number) => ({ code: c, user_id: user.id, role: 'seller' as const, xsrf_token: 'x', state: null, redirect_url: null, created_at: iso(now - 1e6), expires_at: iso(expires), used: 0 });
    await ctx.db.insertInto('auth_codes').values([code('purge-old', now - 1000), code('purge-live', now + 60_000)]).execute();
    const row = (key: string, updated: number, next: number) => ({ key, window_start: iso(updated), checks: 3, failures: 3, next_at: iso(next), updated_at: iso(updated) });
    await ctx.db.insertInto('auth_throttle').values([row('acct:idle@x.in', now - 2 * 86_400_000, now - 86_400_000), row('acct:live@x.in', now - 60_000, now + 1000)]).execute();

    const left = async () => ({
      sessions: (await ctx.db.selectFrom('sessions').select('id').where('id', 'like', 'purge-%').execute()).map((r) => r.id),
      codes: (await ctx.db.selectFrom('auth_codes').select('code').where('code', 'like', 'purge-%').execute()).map((r) => r.code),
      throttle: (await ctx.db.selectFrom('auth_throttle').select('key').where('key', 'in', ['acct:idle@x.in', 'acct:live@x.in']).execute()).map((r) => r.key),
    });
    const stop = startAuthMaintenance(ctx.dbh, pino({ level: 'silent' }), 60_000); // runs once at start, then on its interval
    try {
      // its first run, however long a busy machine makes it
      await vi.waitFor(async () => expect(await left()).toEqual({ sessions: ['purge-live'], codes: ['purge-live'], throttle: ['acct:live@x.in'] }), { timeout: 30_000, interval: 50 });
    } finally {
      stop();
    }
    expect(await purgeExpired(ctx.db, now)).toEqual({ sessions: 0, codes: 0, throttle: 0 });
    await ctx.db.deleteFrom('auth_throttle').execute();
  });
});

describe('download names', () => {
  it('a WSIN with an emoji or a quote-semicolon answers a file whose header keeps one filename', async () => {
    const wh = await signInDemo(ctx.app, 'warehouse');
    for (const wsin of ['W📦1', 'W1";filename=evil.exe;x="']) {
      const q = new URLSearchParams({ warehouseId: DEMO_WAREHOUSES[0].id, companyId: DEMO_COMPANIES[0].id, wsin });
      const r = await wh.request(`/api/inventory/trail/export?${q}`);
      expect(r.status, wsin).toBe(200);
      const h = r.headers.get('content-disposition')!;
      expect(h.match(/filename=/g)).toHaveLength(1);
      expect(h.match(/filename\*=/g)).toHaveLength(1);
      expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(h)![1])).toContain(wsin);
    }
  });
});
