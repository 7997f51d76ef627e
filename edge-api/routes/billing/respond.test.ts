import { Hono } from 'hono';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { csvChunkBytes } from '../../documents/csv';
import type { AppEnv } from '../../env';
import { CSV, streamBytes } from './respond';

function appStreaming(source: () => AsyncIterable<Uint8Array>) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('log', pino({ level: 'silent' }) as never);
    c.set('requestId', 'test');
    await next();
  });
  app.get('/file', (c) => streamBytes(c, { contentType: CSV, fileName: 'x.csv' }, source()));
  return app;
}

describe('streamBytes', () => {
  it('pulls only what the reader takes, and stops the source when the reader goes away', async () => {
    let pulled = 0;
    let stopped = false;
    const app = appStreaming(async function* () {
      try {
        for (;;) {
          pulled++;
          yield new Uint8Array(64 * 1024).fill(65);
        }
      } finally {
        stopped = true;
      }
    });
    const res = await app.request('/file');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="x.csv"; filename*=UTF-8''x.csv`);
    const reader = res.body!.getReader();
    await reader.read();
    await new Promise((r) => setTimeout(r, 50));
    // Bounded read-ahead (1 MiB of 64 KiB chunks), not the endless source.
    expect(pulled).toBeLessThan(40);
    await reader.cancel();
    expect(stopped).toBe(true);
  });

  it('writes the header and the finished lines, and breaks the download when the source fails', async () => {
    const lines = (text: string) => ({ bytes: new Uint8Array(Buffer.from(text)), rows: text.split('\r\n').length - 1 });
    const ok = appStreaming(() =>
      csvChunkBytes(['a', 'b'], (async function* () {
        yield lines('1,"x,y"\r\n');
        yield lines('');
        yield lines('2,z\r\n');
      })()),
    );
    const body = Buffer.from(await (await ok.request('/file')).arrayBuffer());
    expect(body.equals(Buffer.from('\uFEFFa,b\r\n1,"x,y"\r\n2,z\r\n'))).toBe(true);

    const failing = appStreaming(() =>
      csvChunkBytes(['a'], (async function* () {
        yield lines('1\r\n');
        throw new Error('disk gone');
      })()),
    );
    await expect((await failing.request('/file')).text()).rejects.toThrow('disk gone');
  });
});
