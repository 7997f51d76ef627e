import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Hono } from 'hono';
import { connect } from '../../db/connect';
import { createApp, defaultConfig } from '../../edge-api/app';
import type { JobContext } from '../../edge-api/lib/job-context';
import { enqueueJob } from '../../db/jobs/queue';
import { drainJobs } from '../../edge-api/jobs/runner';
import { DEMO_COMPANIES } from '../../db/seed';
import { anonymous, makeTestApp, signInDemo, type TestApp } from './helpers';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let ctx: Awaited<ReturnType<typeof makeTestApp>>;
let app: TestApp;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 60 });
  app = ctx.app;
});

describe('the database under the suite', () => {
  it('is the one the suite was started for (PostgreSQL in the api-pg project)', async () => {
    const health = await anonymous(app).json('/api/health');
    expect(health.body.dialect).toBe(process.env.API_TEST_PG ? 'postgres' : 'sqlite');
  });
});

describe('presigned uploads', () => {
  it('presigns, accepts the bytes once, and serves the file', async () => {
    const seller = await signInDemo(app, 'seller');
    const p = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'logo', fileName: 'brand.png', contentType: 'image/png', size: PNG_1x1.length } });
    expect(p.status).toBe(200);
    const put = await seller.request(p.body.uploadUrl, { method: 'PUT', body: PNG_1x1, headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const again = await seller.request(p.body.uploadUrl, { method: 'PUT', body: PNG_1x1, headers: { 'content-type': 'image/png' } });
    expect(again.status).toBe(200);
    const got = await anonymous(app).request(p.body.url);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(PNG_1x1)).toBe(true);
  });

  it('refuses anything but jpg, jpeg, png and webp with the spec message', async () => {
    const seller = await signInDemo(app, 'seller');
    const r = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'product', fileName: 'spec.pdf', contentType: 'application/pdf', size: 100 } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Only images are allowed');
  });

  it('refuses a tampered signature or bytes that are not the promised image', async () => {
    const seller = await signInDemo(app, 'seller');
    const p = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'product', fileName: 'a.png', contentType: 'image/png', size: 10 } });
    const tampered = p.body.uploadUrl.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await seller.request(tampered, { method: 'PUT', body: PNG_1x1, headers: { 'content-type': 'image/png' } })).status).toBe(403);
    const fake = await seller.request(p.body.uploadUrl, { method: 'PUT', body: 'not a png at all', headers: { 'content-type': 'image/png' } });
    expect(fake.status).toBe(400);
    expect((await anonymous(app).request(p.body.url)).status).toBe(404);
  });

  it('keeps proof photos private to their company', async () => {
    const seller = await signInDemo(app, 'seller');
    const p = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', fileName: 'damage.png', contentType: 'image/png', size: PNG_1x1.length } });
    await seller.request(p.body.uploadUrl, { method: 'PUT', body: PNG_1x1, headers: { 'content-type': 'image/png' } });
    expect((await seller.request(p.body.url)).status).toBe(200);
    expect((await anonymous(app).request(p.body.url)).status).toBe(401);
    const wh = await signInDemo(app, 'warehouse');
    await wh.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: [DEMO_COMPANIES[1].id] } });
    expect((await wh.request(p.body.url)).status).toBe(404);
  });
});

describe('durable jobs', () => {
  it('runs a queued job, reports progress and the result, scoped to its company', async () => {
    let seen = 0;
    const handlers = {
      'test.count': async ({ job, progress }: JobContext<{ n: number }>) => {
        for (let i = 1; i <= job.payload.n; i++) {
          seen++;
          await progress(i, job.payload.n);
        }
        return { counted: job.payload.n };
      },
    };
    const id = await enqueueJob(ctx.dbh, { kind: 'test.count', payload: { n: 3 }, companyId: DEMO_COMPANIES[0].id, total: 3 });
    const seller = await signInDemo(app, 'seller');
    expect((await seller.json(`/api/jobs/${id}`)).body.job.status).toBe('queued');
    await drainJobs(ctx.dbh, defaultConfig(), pino({ level: 'silent' }), handlers);
    const j = (await seller.json(`/api/jobs/${id}`)).body.job;
    expect(j).toMatchObject({ status: 'done', progress: 3, total: 3, result: { counted: 3 } });
    expect(seen).toBe(3);
    const other = await enqueueJob(ctx.dbh, { kind: 'test.count', payload: { n: 1 }, companyId: DEMO_COMPANIES[1].id });
    expect((await seller.json(`/api/jobs/${other}`)).status).toBe(404);
  });

  it('records a failing job with its message', async () => {
    const handlers = {
      'test.fail': async () => {
        throw new Error('Courier API refused the manifest');
      },
    };
    const id = await enqueueJob(ctx.dbh, { kind: 'test.fail', payload: {}, companyId: DEMO_COMPANIES[0].id });
    await drainJobs(ctx.dbh, defaultConfig(), pino({ level: 'silent' }), handlers);
    const seller = await signInDemo(app, 'seller');
    expect((await seller.json(`/api/jobs/${id}`)).body.job).toMatchObject({ status: 'failed', error: 'Courier API refused the manifest' });
  });
});

describe('faults', () => {
  it('an unexpected fault is a 500 with a request id and no stack trace', async () => {
    const dbh = connect({ file: ':memory:' });
    const broken = createApp({ dbh, logger: pino({ level: 'silent' }) }); // no migrations: every query fails
    const res = await broken.request('/api/auth/authenticate', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.in', password: 'x' }),
    });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.status).toBe(false);
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|SqliteError|no such table/);
    void Hono;
  });
});

describe('openapi', () => {
  it('lists every /api route the app serves', async () => {
    const doc = (await anonymous(app).json('/api/openapi.json')).body;
    const listed = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${p}`)));
    const served = app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.includes('*'))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(10);
    for (const s of served) expect(listed.has(s), s).toBe(true);
  });
});
