// Security headers on every response (Hono's secureHeaders).
// The web app's files get the same from edge-api/server.ts (tests/api/security-production.test.ts
// reads them from a running server; the e2e suite loads the app and the tracking page under them).
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../edge-api/app';
import { makeTestApp, signInDemo, type Agent } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let seller: Agent;
beforeAll(async () => {
  ctx = await makeTestApp({ orders: 10 });
  seller = await signInDemo(ctx.app, 'seller');
});

function expectSecurityHeaders(res: Response, what: string) {
  const csp = res.headers.get('content-security-policy') ?? '';
  const directive = (name: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';
  expect(directive('script-src'), what).toBe("script-src 'self'");
  expect(directive('frame-ancestors'), what).toBe("frame-ancestors 'none'");
  expect(directive('object-src'), what).toBe("object-src 'none'");
  expect(directive('default-src'), what).toBe("default-src 'self'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d4944415478da63f8cfc0f01f0005000201a4e7c1860000000049454e44ae426082', 'hex');

describe('security headers', () => {
  it('are on answers, refusals, 404s, the public tracking lookup and uploaded files', async () => {
    expectSecurityHeaders(await ctx.app.request('/api/health'), 'health');
    expectSecurityHeaders(await ctx.app.request('/api/nope'), 'unknown route');
    expectSecurityHeaders(await ctx.app.request('/api/orders'), '401');
    expectSecurityHeaders(await ctx.app.request('/api/order/NOSUCHAWB123'), 'tracking lookup, unknown AWB');
    const awb = (await ctx.db.selectFrom('orders').select('tracking_number').where('tracking_number', 'is not', null).executeTakeFirstOrThrow()).tracking_number!;
    const found = await ctx.app.request(`/api/order/${awb}`);
    expect(found.status).toBe(200);
    expectSecurityHeaders(found, 'tracking lookup');
    const again = await ctx.app.request(`/api/order/${awb}`, { headers: { 'if-none-match': found.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expectSecurityHeaders(again, 'tracking lookup, not modified');
    expectSecurityHeaders(await seller.request('/api/orders?page=1&pageSize=5'), 'signed-in list');

    const presign = await seller.json('/api/uploads/presign', { method: 'POST', body: { purpose: 'logo', fileName: 'logo.png', contentType: 'image/png', size: PNG.length } });
    expect(presign.status).toBe(200);
    const put = await seller.request(presign.body.uploadUrl, { method: 'PUT', body: new Uint8Array(PNG), headers: { 'content-type': 'image/png' } });
    expect(put.status).toBe(200);
    const file = await ctx.app.request(presign.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expectSecurityHeaders(file, 'uploaded file');
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await ctx.app.request('/api/health')).headers.get('strict-transport-security')).toBeNull();
    const https = createApp({ dbh: ctx.dbh, logger: pino({ level: 'silent' }), config: { publicUrl: 'https://ship.example.in', hsts: true } });
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
  });
});
