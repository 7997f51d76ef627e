// The outbound client against a local server that answers as partners do:
// throttling with Retry-After, 5xx, silence, oversized answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, PartnerError, redactUrl, retryAfterMs } from './http';

type Script = (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void;
let script: Script = (_q, res) => res.end('ok');
let hits = 0;
let base = '';
const server = http.createServer((req, res) => {
  hits++;
  req.resume();
  script(req, res, hits);
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  hits = 0;
});

/** A client whose sleeps are recorded instead of slept. */
function client(over: Parameters<typeof createHttpClient>[0] extends infer O ? Partial<O> : never = {}) {
  const slept: number[] = [];
  const lines: unknown[] = [];
  const log = { info: (o: unknown) => void lines.push(o), warn: (o: unknown) => void lines.push(o) };
  const c = createHttpClient({ partner: 'acme', log: log as never, sleep: async (ms) => void slept.push(ms), random: () => 1, baseDelayMs: 100, ...over });
  return { c, slept, lines };
}

describe('the outbound partner client', () => {
  it('waits as Retry-After says on a 429 and then returns the answer', async () => {
    script = (_q, res, n) => (n < 3 ? res.writeHead(429, { 'retry-after': '2' }).end() : res.end('{"ok":true}'));
    const { c, slept } = client();
    const res = await c.request({ method: 'POST', url: `${base}/orders` });
    expect(res.json()).toEqual({ ok: true });
    expect(hits).toBe(3);
    expect(slept).toEqual([2000, 2000]);
  });

  it('fails a throttled call whose wait is longer than it sleeps, telling the queue when to come back', async () => {
    script = (_q, res) => res.writeHead(429, { 'retry-after': '120' }).end();
    const { c } = client({ maxDelayMs: 5000 });
    const err = await c.request({ method: 'GET', url: `${base}/x` }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerError);
    expect(err).toMatchObject({ kind: 'throttled', retryAfterMs: 120_000, transient: true });
    expect(hits).toBe(1);
  });

  it('retries a GET on 503 with growing waits, but sends a POST that got 503 once', async () => {
    script = (_q, res, n) => (n < 3 ? res.writeHead(503).end('down') : res.end('fine'));
    const { c, slept } = client();
    expect((await c.request({ method: 'GET', url: `${base}/a` })).text()).toBe('fine');
    expect(slept).toEqual([100, 200]);
    hits = 0;
    const err = await c.request({ method: 'POST', url: `${base}/book`, body: '{}' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http', status: 503, body: 'down' });
    expect(hits).toBe(1);
  });

  it('gives up on a silent partner after its time limit: once for a POST, retried for a GET', async () => {
    script = () => undefined; // never answers
    const { c } = client({ retries: 1 });
    const post = await c.request({ method: 'POST', url: `${base}/slow`, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(post).toMatchObject({ kind: 'timeout', transient: true });
    expect(hits).toBe(1);
    hits = 0;
    const get = await c.request({ method: 'GET', url: `${base}/slow`, timeoutMs: 150 }).catch((e: unknown) => e);
    expect(get).toMatchObject({ kind: 'timeout' });
    expect(hits).toBe(2);
  });

  it('returns a 4xx to its caller as it is (the caller knows what 401 or 422 means)', async () => {
    script = (_q, res) => res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":"bad pincode"}');
    const { c } = client();
    const res = await c.request({ method: 'POST', url: `${base}/x` });
    expect(res.status).toBe(422);
    expect(res.json()).toEqual({ error: 'bad pincode' });
  });

  it('refuses to read an answer larger than allowed', async () => {
    script = (_q, res) => res.end(Buffer.alloc(5000, 1));
    const { c } = client();
    await expect(c.request({ method: 'GET', url: `${base}/big`, maxBytes: 1000 })).rejects.toMatchObject({ kind: 'too_large' });
  });

  it('never logs a credential: headers and bodies are left out, secret query values replaced', async () => {
    script = (_q, res) => res.end('ok');
    const { c, lines } = client();
    await c.request({ method: 'POST', url: `${base}/api?token=tok-123&waybill=AWB1&consumer_secret=cs_999`, headers: { Authorization: 'Token sekret-456' }, body: 'password=pw-789' });
    const logged = JSON.stringify(lines);
    expect(logged).toContain('AWB1');
    for (const secret of ['tok-123', 'cs_999', 'sekret-456', 'pw-789']) expect(logged).not.toContain(secret);
  });

  it('reads Retry-After as seconds or as an HTTP date, and hides credentials in URLs', () => {
    expect(retryAfterMs('3', 0)).toBe(3000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:10 GMT', Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(redactUrl('https://u:p@x.in/a?key=1&id=2')).toBe('https://***:***@x.in/a?key=***&id=2');
  });
});
