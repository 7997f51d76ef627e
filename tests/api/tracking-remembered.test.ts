// The public lookup of a remembered answer (edge-api/routes/tracking/public.ts): on SQLite a lookup
// whose answer is remembered and still exact is sent without a database read, and must be the answer
// the lookup computes, byte for byte and header for header; a changed order is looked up again.
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let server: Server;
let base: string;

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  server = createServer(getRequestListener(ctx.app.fetch));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function get(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(base + path, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}
/** The answer's headers but the ones that differ per request. */
const stable = (res: Response) => [...res.headers].filter(([k]) => k !== 'date' && k !== 'x-request-id').sort();
const awbOf = async (status?: string) => {
  let q = ctx.db.selectFrom('orders').select(['id', 'tracking_number']).where('tracking_number', 'is not', null);
  if (status) q = q.where('status', '=', status);
  const o = await q.orderBy('id').executeTakeFirstOrThrow();
  return { id: o.id, awb: o.tracking_number! };
};

describe('public lookup of a remembered answer', () => {
  it('answers exactly as the first lookup did: body, headers, 304, request id', async () => {
    const { awb } = await awbOf();
    const first = await get(`/api/order/${awb}`);
    expect(first.res.status).toBe(200);
    const second = await get(`/api/order/${awb}`);
    expect(second.res.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(stable(second.res)).toEqual(stable(first.res));
    expect(second.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(second.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(second.res.headers.get('content-length')).toBe(String(first.body.length));
    expect(second.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`/api/order/${awb}`, { 'x-request-id': 'trace-fast-1' })).res.headers.get('x-request-id')).toBe('trace-fast-1');
    // As pasted in lower case, or with a dash: the same answer
    expect((await get(`/api/order/${awb.toLowerCase()}`)).body.equals(first.body)).toBe(true);
    expect((await get(`/api/order/${awb.slice(0, 4)}-${awb.slice(4)}`)).body.equals(first.body)).toBe(true);

    const etag = first.res.headers.get('etag')!;
    const withQuery = await get(`/api/order/${awb}?from=link`, { 'if-none-match': etag });
    const notModified = await get(`/api/order/${awb}`, { 'if-none-match': `"other", W/${etag}` });
    expect([withQuery.res.status, notModified.res.status]).toEqual([304, 304]);
    expect(notModified.body.length).toBe(0);
    expect(stable(notModified.res)).toEqual(stable(withQuery.res));
  });

  it('looks again after a change, and answers unknown and bad AWBs and HEAD as the route does', async () => {
    const { id, awb } = await awbOf('DELIVERED');
    const before = await get(`/api/order/${awb}`);
    await get(`/api/order/${awb}`);
    // a write: the remembered answer is no longer exact
    await ctx.db.updateTable('orders').set({ shop_order_id: 'FAST-PATH-1', version: 99 }).where('id', '=', id).execute();
    const after = await get(`/api/order/${awb}`);
    expect(JSON.parse(after.body.toString()).data.data.shopOrderId).toBe('FAST-PATH-1');
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));

    for (const [path, status] of [['/api/order/NOSUCHAWB123', 404], ['/api/order/AB', 400], [`/api/order/${awb}?x=1`, 200]] as const) {
      const r = await get(path);
      expect([path, r.res.status]).toEqual([path, status]);
      expect(r.res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const head = await fetch(`${base}/api/order/${awb}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});
