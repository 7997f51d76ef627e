import pino from 'pino';
import { connect, type DbHandle } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { createApp } from '../../edge-api/app';
import type { AppConfig } from '../../edge-api/env';

/**
 * Every test app starts from the demo data, and most files ask for the same few sizes: migrating and
 * seeding each took about 0.7 s on SQLite and several seconds on PostgreSQL (hundreds of round trips).
 * So each size is migrated and seeded once and each app gets a copy of it: on SQLite an in-memory
 * database opened from the seeded one's serialized image (kept per worker process), on PostgreSQL a
 * database created from a template database made once per run (`CREATE DATABASE ... TEMPLATE`). The
 * copies are made within one run, so the demo data's dates are as fresh as a seed of that run.
 *
 * With API_TEST_PG=<url> the API suite runs on PostgreSQL: each app gets a database of its own, named
 * t_api_<run>_<run start>_..., dropped with the run's template databases by the suite's teardown
 * (tests/api/pg-setup.ts names the run).
 */
type SeedSize = { orders: number; pincodes: boolean };
const seedKey = (size: SeedSize) => `${size.orders}_${size.pincodes ? 1 : 0}`;

async function migrateAndSeed(dbh: DbHandle, size: SeedSize) {
  await migrateToLatest(dbh.db);
  await seed(dbh, size);
}

const sqliteImages = new Map<string, Promise<Buffer>>();

/** An in-memory SQLite database holding the demo data of `size`, copied from this process's seeded image. */
async function openSqliteCopy(size: SeedSize): Promise<DbHandle> {
  const key = seedKey(size);
  let image = sqliteImages.get(key);
  if (!image) {
    image = (async () => {
      const seeded = connect({ file: ':memory:' });
      await migrateAndSeed(seeded, size);
      const bytes = seeded.sqlite!.serialize();
      await seeded.destroy();
      return bytes;
    })();
    sqliteImages.set(key, image);
    image.catch(() => sqliteImages.delete(key));
  }
  return connect({ file: ':memory:', image: await image });
}

/** `url` naming another database of the same server. */
const databaseUrl = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A PostgreSQL database of its own holding the demo data of `size`, created from this run's template of that size. */
async function openPgCopy(url: string, size: SeedSize): Promise<DbHandle> {
  const run = process.env.API_TEST_RUN ?? `x_${Date.now()}`;
  const template = `t_api_${run}_tmpl_${seedKey(size)}`;
  const name = `t_api_${run}_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    // One process of the run makes each template; the others wait for it here.
    await admin.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const made = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (made.rowCount === 0) {
        await admin.query(`create database "${template}"`);
        const seeded = connect({ url: databaseUrl(url, template) });
        try {
          await migrateAndSeed(seeded, size);
        } catch (error) {
          await seeded.destroy();
          await admin.query(`drop database if exists "${template}" with (force)`);
          throw error;
        }
        await seeded.destroy();
      }
    } finally {
      await admin.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
    // A template must have no sessions: the seeding pool's last ones may still be closing.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database "${name}" template "${template}"`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await admin.end();
  }
  return connect({ url: databaseUrl(url, name) });
}

export type TestApp = ReturnType<typeof createApp>;

/** The databases makeTestApp opened, until closeTestApps() closes them. */
const opened = new Set<DbHandle>();

/**
 * Closes every database makeTestApp opened and is still open (a test's own destroy() is allowed first):
 * the api-pg project calls it after each file (tests/api/close-test-apps.ts), since its files share a worker and
 * an app's pool kept up to ten PostgreSQL connections idle after its file, under the server's max_connections.
 */
export async function closeTestApps() {
  const handles = [...opened];
  opened.clear();
  await Promise.all(handles.map((h) => h.destroy().catch(() => undefined)));
}

/** A database with the demo data (`opts.dbh` is migrated and seeded as it is), and the app over it. */
export async function makeTestApp(opts: { orders?: number; dbh?: DbHandle; pincodes?: boolean; config?: Partial<AppConfig> } = {}) {
  const size = { orders: opts.orders ?? 300, pincodes: opts.pincodes ?? false };
  let dbh: DbHandle;
  if (opts.dbh) {
    dbh = opts.dbh;
    await migrateAndSeed(dbh, size);
  } else {
    dbh = process.env.API_TEST_PG ? await openPgCopy(process.env.API_TEST_PG, size) : await openSqliteCopy(size);
    opened.add(dbh);
  }
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
