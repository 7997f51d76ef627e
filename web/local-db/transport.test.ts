import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PushRequest } from '../../sync/protocol';
import { PhotoDexie } from './db';
import { floorTransport, type FloorTransportOptions } from './transport';

const approve = (seq: number, imageKey?: string): PushRequest['commands'][number] => ({
  seq,
  name: 'return.approve',
  args: { orderId: 'o1', returnType: 'RTO', items: [{ wsin: 'W1', sku: 'S1', missingQuantity: 0, damageQuantity: 1, ...(imageKey ? { imageKey } : {}) }] },
  createdAt: '2026-11-22T10:00:00.000Z',
});

let n = 0;
async function setup(over: Partial<FloorTransportOptions> = {}) {
  const photos = new PhotoDexie(`photos-test-${++n}`);
  await photos.photos.add({ id: 'p1', companyId: 'c1', fileName: 'box.png', contentType: 'image/png', blob: new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), key: null, createdAt: '' });
  const calls: { url: string; method: string; headers: Record<string, string>; body: unknown }[] = [];
  let pushAnswer = () => new Response(JSON.stringify({ lastSeq: 1, results: [{ seq: 1, status: 'applied' }] }), { status: 200 });
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ url: String(url), method: init?.method ?? 'GET', headers, body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body });
    if (String(url).startsWith('/api/uploads/')) return new Response(JSON.stringify({ status: true }), { status: 200 });
    return pushAnswer();
  }) as unknown as typeof globalThis.fetch;
  const presign = vi.fn(async () => ({ key: `proof-0190a0a0-0000-7000-8000-00000000000${n}.png`, uploadUrl: `/api/uploads/proof-x.png?sig=${n}` }));
  const transport = floorTransport({ photos, xsrfToken: () => 'tok', refreshSession: async () => true, presign, fetch, ...over });
  return { photos, transport, calls, presign, setPushAnswer: (f: () => Response) => (pushAnswer = f) };
}

afterEach(() => vi.restoreAllMocks());

describe('the browser sync transport', () => {
  it('uploads a photo kept on the device before the approval, and sends the upload key instead of the local one', async () => {
    const { transport, calls, photos, presign } = await setup();
    await transport.push({ clientId: 'c', schemaVersion: 1, commands: [approve(1, 'local:p1')] });
    expect(presign).toHaveBeenCalledWith({ fileName: 'box.png', contentType: 'image/png', size: 3, companyId: 'c1' });
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(['PUT /api/uploads/proof-x.png', 'POST /api/sync/push']);
    expect(calls[0].headers['x-xsrf-token']).toBe('tok');
    const pushed = calls[1].body as PushRequest;
    const { key } = (await photos.photos.get('p1'))!;
    expect(key).toMatch(/^proof-/);
    expect((pushed.commands[0].args as { items: { imageKey?: string }[] }).items[0].imageKey).toBe(key);
    // The blob is no longer needed once uploaded.
    expect((await photos.photos.get('p1'))!.blob).toBeNull();
  });

  it("uploads the parcel photo of a weighing first and sends the weighing with the upload's key", async () => {
    const { transport, calls, photos } = await setup();
    const weigh = { seq: 1, name: 'pack.weigh', args: { orderId: 'o1', awb: 'AWB1', weightG: 900, packageCode: 'BOX-S', photoKey: 'local:p1' }, createdAt: '2026-11-22T10:00:00.000Z' };
    await transport.push({ clientId: 'c', schemaVersion: 1, commands: [weigh] });
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(['PUT /api/uploads/proof-x.png', 'POST /api/sync/push']);
    const { key } = (await photos.photos.get('p1'))!;
    expect((calls[1].body as PushRequest).commands[0].args).toEqual({ orderId: 'o1', awb: 'AWB1', weightG: 900, packageCode: 'BOX-S', photoKey: key });
  });

  it('names the same upload when the push is retried, without uploading again', async () => {
    const { transport, calls, setPushAnswer } = await setup();
    setPushAnswer(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(transport.push({ clientId: 'c', schemaVersion: 1, commands: [approve(1, 'local:p1')] })).rejects.toThrow('Failed to fetch');
    setPushAnswer(() => new Response(JSON.stringify({ lastSeq: 1, results: [] }), { status: 200 }));
    await transport.push({ clientId: 'c', schemaVersion: 1, commands: [approve(1, 'local:p1')] });
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    const keys = calls.filter((c) => c.method === 'POST').map((c) => ((c.body as PushRequest).commands[0].args as { items: { imageKey: string }[] }).items[0].imageKey);
    expect(new Set(keys).size).toBe(1);
  });

  it('fetches the session again when the xsrf token is stale, and retries once', async () => {
    let token = '';
    const refreshSession = vi.fn(async () => {
      token = 'fresh';
      return true;
    });
    const { transport, calls, setPushAnswer } = await setup({ xsrfToken: () => token, refreshSession });
    setPushAnswer(() =>
      token === 'fresh'
        ? new Response(JSON.stringify({ lastSeq: 1, results: [] }), { status: 200 })
        : new Response(JSON.stringify({ status: false, message: 'Invalid or missing XSRF token' }), { status: 403 }),
    );
    await transport.push({ clientId: 'c', schemaVersion: 1, commands: [approve(1)] });
    expect(refreshSession).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.headers['x-xsrf-token'])).toEqual(['', 'fresh']);
  });
});
