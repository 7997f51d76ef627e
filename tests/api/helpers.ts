import pino from 'pino';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { createApp } from '../../edge-api/app';
import type { AppConfig } from '../../edge-api/env';

/**
 * With API_TEST_PG=<url> the API suite runs on PostgreSQL: each app gets a schema
 * of its own (t_api_<run>_<run start>_...), dropped by the suite's teardown
 * (tests/api/pg-setup.ts names the run).
 */
async function openPgSchema(url: string): Promise<DbHandle> {
  const run = process.env.API_TEST_RUN ?? `x_${Date.now()}`;
  const schema = `t_api_${run}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  return connect({ url: `${url}${url.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}` });
}

export type TestApp = ReturnType<typeof createApp>;

/** A fresh in-memory database with the demo data, and the app over it. */
export async function makeTestApp(opts: { orders?: number; dbh?: DbHandle; pincodes?: boolean; config?: Partial<AppConfig> } = {}) {
  const dbh = opts.dbh ?? (process.env.API_TEST_PG ? await openPgSchema(process.env.API_TEST_PG) : connect({ file: ':memory:' }));
  await migrateToLatest(dbh.db);
  await seed(dbh, { orders: opts.orders ?? 300, pincodes: opts.pincodes ?? false });
  const app = createApp({ dbh, logger: pino({ level: 'silent' }), config: { dataDir: `/tmp/shipdesk-test-${process.pid}`, ...opts.config } });
  return { app, dbh, db: dbh.db };
}

export type Agent = {
  cookie: string;
  xsrf: string;
  request: (path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<Response>;
  json: <T = any>(path: string, init?: { method?: string; body?: unknown; headers?: Record<string, string> }) => Promise<{ status: number; body: T }>;
};

const isRaw = (b: unknown) => typeof b === 'string' || b instanceof Uint8Array || b instanceof ArrayBuffer;

function agentFor(app: TestApp, cookie: string, xsrf: string): Agent {
  const request: Agent['request'] = async (path, init = {}) =>
    await app.request(path, {
      method: init.method ?? 'GET',
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(xsrf ? { 'x-xsrf-token': xsrf } : {}),
        ...(init.body !== undefined && !isRaw(init.body) ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : isRaw(init.body) ? (init.body as BodyInit) : JSON.stringify(init.body),
    });
  return {
    cookie,
    xsrf,
    request,
    json: async (path, init) => {
      const res = await request(path, init);
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}

export const anonymous = (app: TestApp) => agentFor(app, '', '');

/** Runs the two-step sign-in (authenticate → login) and returns a signed-in agent. */
export async function signIn(app: TestApp, email: string, password: string, appType: 'admin' | 'seller' | 'wms' | 'finance' = 'seller') {
  const a = await app.request('/api/auth/authenticate', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, appType }),
  });
  const auth = await a.json() as { xsrfToken: string; oauthCode: string; message?: string };
  if (a.status !== 200) throw new Error(`authenticate failed: ${a.status} ${auth.message}`);
  const l = await app.request('/api/auth/login', {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': auth.xsrfToken }, body: JSON.stringify({ oauthCode: auth.oauthCode }),
  });
  if (l.status !== 200) throw new Error(`login failed: ${l.status}`);
  const cookie = (l.headers.get('set-cookie') ?? '').split(';')[0];
  return agentFor(app, cookie, auth.xsrfToken);
}

export const demo = (role: 'admin' | 'seller' | 'warehouse') => DEMO_LOGINS.find((l) => l.role === role)!;
export async function signInDemo(app: TestApp, role: 'admin' | 'seller' | 'warehouse') {
  const d = demo(role);
  return signIn(app, d.email, d.password, d.appType);
}
