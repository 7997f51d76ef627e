// Production mode. The real server (edge-api/server.ts) is
// started as a process with NODE_ENV=production and must refuse what a demo
// install carries, saying which; on a database made by `npm run setup` it starts,
// seeds nothing, sets Secure cookies behind https and sends HSTS.
// Process start is the same on both dialects: this file runs once, on SQLite
// files (the api-pg project skips it, said here rather than silently).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { seed } from '../../db/seed';
import { install, isDemoSecret } from '../../edge-api/services/install/production';
import { spawnServer, type Spawned } from '../e2e/server';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-prod-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const GOOD_KEY = 'k'.repeat(24) + 'A1b2C3d4E5f6G7h8'; // 40 bytes
const GOOD_ENCRYPTION_KEY = 'Zq8vN2xW5tR1yU4iO7pA3sD6fG9hJ0kL'; // 32 bytes

/** The server in production mode over `env`: running, or exited with what it printed (a refusal to start). */
const startServer = (env: Record<string, string>): Promise<Spawned> =>
  spawnServer({ NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dir, LOG_LEVEL: 'warn', SIGNING_KEY: '', PUBLIC_URL: '', ENCRYPTION_KEY: GOOD_ENCRYPTION_KEY, ...env }, { timeoutMs: 60_000 });

async function database(name: string, fill: (h: ReturnType<typeof connect>) => Promise<unknown>) {
  const file = path.join(dir, `${name}.db`);
  const h = connect({ file });
  await migrateToLatest(h.db);
  await fill(h);
  await h.destroy();
  return file;
}

// Each case starts server processes (a few seconds each on a busy machine).
describe('production mode (NODE_ENV=production)', { timeout: 180_000 }, () => {
  it('refuses to start without a SIGNING_KEY, or with one under 32 bytes, saying so', async () => {
    const file = await database('empty', async () => {});
    const none = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in' });
    expect(none).toMatchObject({ kind: 'exited', code: 1 });
    expect(none.kind === 'exited' && none.output).toMatch(/SIGNING_KEY is not set/);
    const short = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: 'too-short-key' });
    expect(short.kind === 'exited' && short.output).toMatch(/SIGNING_KEY is 13 bytes long: it must be at least 32 bytes/);
    const published = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: 'dev-signing-key-change-me' });
    expect(published.kind === 'exited' && published.output).toMatch(/at least 32 bytes|published/);
    const spaces = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: ' '.repeat(32) });
    expect(spaces).toMatchObject({ kind: 'exited', code: 1 });
    expect(spaces.kind === 'exited' && spaces.output).toMatch(/SIGNING_KEY is only whitespace/);
  });

  it('refuses to start without an ENCRYPTION_KEY, or with one under 32 bytes, saying so', async () => {
    const file = await database('no-encryption-key', async () => {});
    const base = { SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: GOOD_KEY };
    const none = await startServer({ ...base, ENCRYPTION_KEY: '' });
    expect(none).toMatchObject({ kind: 'exited', code: 1 });
    expect(none.kind === 'exited' && none.output).toMatch(/ENCRYPTION_KEY is not set/);
    const short = await startServer({ ...base, ENCRYPTION_KEY: 'sixteen-bytes-ok' });
    expect(short.kind === 'exited' && short.output).toMatch(/ENCRYPTION_KEY is 16 bytes long: it must be at least 32 bytes/);
  });

  it('refuses a database with demo users and demo webhook secrets, naming them, and never seeds', async () => {
    const file = await database('demo', (h) => seed(h, { orders: 5, pincodes: false }));
    const r = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: GOOD_KEY });
    expect(r.kind).toBe('exited');
    if (r.kind !== 'exited') return;
    expect(r.code).toBe(1);
    expect(r.output).toMatch(/Demo users are present \(.*admin@shipdesk\.in.*\)/);
    expect(r.output).toMatch(/Courier webhook secrets are the demo ones \(.*delhivery.*\)/);
    expect(r.output).not.toMatch(/Admin@1234/);

    const empty = await database('never-seeded', async () => {});
    const e = await startServer({ SQLITE_FILE: empty, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: GOOD_KEY });
    expect(e.kind).toBe('running');
    if (e.kind === 'running') {
      e.child.kill('SIGTERM');
      expect(e.output()).not.toMatch(/Demo logins|seeding/i);
    }
    const h = connect({ file: empty });
    expect(await h.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    expect(await h.db.selectFrom('orders').select('id').execute()).toHaveLength(0);
    await h.destroy();
  });

  it('starts on a database made by setup: per-install webhook secrets, Secure cookies and HSTS behind https', async () => {
    let password = '';
    const file = await database('installed', async (h) => {
      const report = await install(h, { adminEmail: 'Owner@Example.in' });
      password = report.admin!.password!;
    });
    const h = connect({ file });
    const secrets = await h.db.selectFrom('delivery_partners').select(['code', 'hmac_secret']).execute();
    await h.destroy();
    expect(secrets.length).toBeGreaterThan(0);
    expect(secrets.some((s) => isDemoSecret(s.hmac_secret))).toBe(false);
    expect(new Set(secrets.map((s) => s.hmac_secret)).size).toBe(secrets.length);

    const r = await startServer({ SQLITE_FILE: file, PUBLIC_URL: 'https://ship.example.in', SIGNING_KEY: GOOD_KEY });
    expect(r.kind, r.kind === 'exited' ? r.output : '').toBe('running');
    if (r.kind !== 'running') return;
    try {
      expect(r.output()).not.toMatch(/Demo logins/);
      const health = await fetch(`${r.url}/api/health`);
      expect(health.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const a = await fetch(`${r.url}/api/auth/authenticate`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@example.in', password, appType: 'admin' }),
      });
      expect(a.status).toBe(200);
      const { oauthCode, xsrfToken } = (await a.json()) as { oauthCode: string; xsrfToken: string };
      expect(a.headers.get('set-cookie')).toMatch(/sd_device=.*;\s*Secure/i);
      const l = await fetch(`${r.url}/api/auth/login`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrfToken }, body: JSON.stringify({ oauthCode }),
      });
      expect(l.status).toBe(200);
      const cookie = l.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/sd_session=.*;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*Secure/i);
      // The admin sees each courier's webhook address and secret.
      const hooks = await fetch(`${r.url}/api/admin/webhook-secrets`, { headers: { cookie: cookie.split(';')[0] } });
      const body = (await hooks.json()) as { webhooks: { code: string; url: string; secret: string }[] };
      expect(body.webhooks.map((w) => w.secret).sort()).toEqual(secrets.map((s) => s.hmac_secret).sort());
      expect(body.webhooks[0].url).toMatch(/^https:\/\/ship\.example\.in\/api\/webhooks\/carrier\//);
    } finally {
      r.child.kill('SIGTERM');
    }
  });
});
