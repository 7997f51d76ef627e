// The public lookup's fast path (edge-api/app.ts nodeServerWithFastPaths): a
// remembered answer is sent straight from Node's request handler, ahead of
// Hono, and must be the answer the route gives, byte for byte and header for
// header; everything else goes on to Hono.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeServerWithFastPaths } from '../../edge-api/app';
import { makeTestApp } from './helpers';

type Ctx = Awaited<ReturnType<typeof makeTestApp>>;
let ctx: Ctx;
let server: Server;
let base: string;
/** Requests that reached Hono (the fast path declined them). */
let toHono = 0;

beforeAll(async () => {
  ctx = await makeTestApp({ orders: 20 });
  const hono = getRequestListener(ctx.app.fetch);
  server = nodeServerWithFastPaths(ctx.app)({}, (req, res) => {
    toHono++;
    void hono(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sqlite = () => Boolean(ctx.dbh.sqlite);
async function get(path: string, headers: Record<string, string> = {}) {
  const before = toHono;
  const res = await fetch(base + path, { headers });
  return { res, body: Buffer.from(await res.arrayBuffer()), viaHono: toHono > before };
}
/** The answer's headers but the ones that differ per request. */
const stable = (res: Response) => [...res.headers].filter(([k]) => k !== 'date' && k !== 'x-request-id').sort();
const awbOf = async (status?: string) => {
  let q = ctx.db.selectFrom('orders').select(['id', 'tracking_number']).where('tracking_number', 'is not', null);
  if (status) q = q.where('status', '=', status);
  const o = await q.orderBy('id').executeTakeFirstOrThrow();
  return { id: o.id, awb: o.tracking_number! };
};

describe('public lookup fast path', () => {
  it('answers a remembered lookup exactly as the route does: body, headers, 304, request id', async () => {
    const { awb } = await awbOf();
    const first = await get(`/api/order/${awb}`);
    expect(first.viaHono).toBe(true); // not remembered yet: the route computes it
    expect(first.res.status).toBe(200);
    const second = await get(`/api/order/${awb}`);
    expect(second.viaHono).toBe(!sqlite()); // remembered (SQLite): the fast path; PostgreSQL: always the route
    expect(second.res.status).toBe(200);
    expect(second.body.equals(first.body)).toBe(true);
    expect(stable(second.res)).toEqual(stable(first.res));
    expect(second.res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(second.res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(second.res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(second.res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(`/api/order/${awb}`, { 'x-request-id': 'trace-fast-1' })).res.headers.get('x-request-id')).toBe('trace-fast-1');
    // As pasted in lower case: the same answer
    const lower = await get(`/api/order/${awb.toLowerCase()}`);
    expect(lower.body.equals(first.body)).toBe(true);

    const etag = first.res.headers.get('etag')!;
    // (a query string sends a request on to the route)
    const viaRoute = await get(`/api/order/${awb}?from=route`, { 'if-none-match': etag });
    const notModified = await get(`/api/order/${awb}`, { 'if-none-match': `"other", W/${etag}` });
    expect([viaRoute.viaHono, notModified.viaHono]).toEqual([true, !sqlite()]);
    expect([viaRoute.res.status, notModified.res.status]).toEqual([304, 304]);
    expect(notModified.body.length).toBe(0);
    expect(stable(notModified.res)).toEqual(stable(viaRoute.res));
  });

  it('leaves Hono everything else: a changed order, unknown AWBs, bad ones, queries, HEAD', async () => {
    const { id, awb } = await awbOf('DELIVERED');
    const before = await get(`/api/order/${awb}`);
    await get(`/api/order/${awb}`);
    // a write: the remembered answer is no longer exact, the route looks again
    await ctx.db.updateTable('orders').set({ shop_order_id: 'FAST-PATH-1', version: 99 }).where('id', '=', id).execute();
    const after = await get(`/api/order/${awb}`);
    expect(after.viaHono).toBe(true);
    expect(JSON.parse(after.body.toString()).data.data.shopOrderId).toBe('FAST-PATH-1');
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));

    for (const [path, status] of [['/api/order/NOSUCHAWB123', 404], ['/api/order/AB', 400], [`/api/order/${awb}?x=1`, 200], [`/api/order/${awb.slice(0, 4)}-${awb.slice(4)}`, 200]] as const) {
      const r = await get(path);
      expect([path, r.res.status, r.viaHono]).toEqual([path, status, true]);
      expect(r.res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const head = await fetch(`${base}/api/order/${awb}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });
});
