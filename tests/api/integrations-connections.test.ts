// A company's partner connections through the API: credentials go in sealed and
// never come out, other tenants and other roles are refused, URLs are checked.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymous, makeTestApp, signInDemo } from './helpers';
import { registerTestPartner } from './integration-fixtures';

// The test partner's server: its "whoami" answers the right bearer token only.
const partner = http.createServer((req, res) => {
  const ok = req.headers.authorization === 'Bearer right-token';
  res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { shop: 'Acme' } : { errors: 'Invalid API key or access token' }));
});
let partnerUrl = '';
let unregister = () => {};

beforeAll(async () => {
  await new Promise<void>((r) => partner.listen(0, '127.0.0.1', r));
  partnerUrl = `http://127.0.0.1:${(partner.address() as AddressInfo).port}`;
  unregister = registerTestPartner();
});
afterAll(async () => {
  unregister();
  await new Promise<void>((r) => partner.close(() => r()));
});

describe('partner connections', () => {
  it('stores credentials sealed, never answers them, and tests the connection at the partner', async () => {
    const { app, db } = await makeTestApp({ orders: 0 });
    const seller = await signInDemo(app, 'seller');
    const created = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'test-partner', label: 'Main store', baseUrl: partnerUrl, settings: { account: 'acme' }, secrets: { token: 'wrong-token' } },
    });
    expect(created.status).toBe(201);
    const id = created.body.connection.id as string;
    expect(created.body.connection).toMatchObject({ kind: 'test-partner', label: 'Main store', baseUrl: partnerUrl, settings: { account: 'acme' }, secretsSet: ['token'], status: 'active' });
    expect(JSON.stringify(created.body)).not.toContain('wrong-token');
    const stored = await db.selectFrom('integration_connections').select('secrets').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.secrets).not.toContain('wrong-token');

    const failed = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(failed.body).toMatchObject({ ok: false, message: 'The partner answered 401: {"errors":"Invalid API key or access token"}' });
    const fixed = await seller.json(`/api/integrations/connections/${id}`, { method: 'PATCH', body: { secrets: { token: 'right-token' } } });
    expect(fixed.status).toBe(200);
    const passed = await seller.json(`/api/integrations/connections/${id}/test`, { method: 'POST' });
    expect(passed.body).toMatchObject({ ok: true, message: 'Connected to Acme', connection: { lastResult: 'OK: Connected to Acme' } });

    const list = await seller.json('/api/integrations/connections?kind=test-partner');
    expect(list.body.connections).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('right-token');
  });

  it('refuses bad input with the field named and stores nothing', async () => {
    const { app, db } = await makeTestApp({ orders: 0 });
    const seller = await signInDemo(app, 'seller');
    const bad = [
      [{ kind: 'nope', label: 'x', settings: {}, secrets: {} }, /Unknown connection kind nope/],
      [{ kind: 'test-partner', label: 'x', settings: { account: 'a' }, secrets: {} }, /Please enter the access token|expected string/],
      [{ kind: 'test-partner', label: 'x', baseUrl: 'ftp://files.example', settings: { account: 'a' }, secrets: { token: 't' } }, /must start with https:\/\//],
      [{ kind: 'test-partner', label: 'x', baseUrl: 'https://user:pw@api.example', settings: { account: 'a' }, secrets: { token: 't' } }, /user name or password/],
      [{ kind: 'test-partner', label: '', settings: { account: 'a' }, secrets: { token: 't' } }, /Please enter a name for this connection/],
    ] as const;
    for (const [body, message] of bad) {
      const r = await seller.json('/api/integrations/connections', { method: 'POST', body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    expect(await db.selectFrom('integration_connections').select('id').execute()).toHaveLength(0);
  });

  it('keeps each company to its own connections; warehouse users and the anonymous are refused', async () => {
    const { app } = await makeTestApp({ orders: 0 });
    const seller = await signInDemo(app, 'seller');
    const created = await seller.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'test-partner', label: 'Mine', baseUrl: partnerUrl, settings: { account: 'a' }, secrets: { token: 't' } },
    });
    const id = created.body.connection.id as string;
    const admin = await signInDemo(app, 'admin');
    const other = await admin.json('/api/integrations/connections', {
      method: 'POST', body: { kind: 'test-partner', label: 'Theirs', baseUrl: partnerUrl, settings: { account: 'b' }, secrets: { token: 't' }, companyId: 'not-mine' },
    });
    expect(other.status).toBe(201);
    const mine = await seller.json('/api/integrations/connections');
    expect(mine.body.connections.map((c: { label: string }) => c.label)).toEqual(['Mine']);
    expect((await seller.json(`/api/integrations/connections/${other.body.connection.id}`, { method: 'PATCH', body: { label: 'x' } })).status).toBe(404);
    expect((await seller.json(`/api/integrations/connections/${other.body.connection.id}`, { method: 'DELETE' })).status).toBe(404);
    const warehouse = await signInDemo(app, 'warehouse');
    expect((await warehouse.json('/api/integrations/connections')).status).toBe(403);
    expect((await anonymous(app).json('/api/integrations/connections')).status).toBe(401);
    expect((await seller.json(`/api/integrations/connections/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await seller.json('/api/integrations/connections')).body.connections).toHaveLength(0);
  });
});
