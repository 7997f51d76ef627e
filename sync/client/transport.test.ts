import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryLocalStore } from './memory-store';
import { SyncEngine } from './engine';
import { HttpError, httpTransport, isTransientError, RequestTimeout } from './transport';
import { z } from 'zod';

const push = { clientId: 'c', schemaVersion: 1, commands: [] };

/** A fetch that never answers (a network that swallowed the request), but does honour its abort signal. */
function swallowingFetch() {
  const signals: AbortSignal[] = [];
  const fetch = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        signals.push(init!.signal!);
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  ) as unknown as typeof globalThis.fetch;
  return { fetch, signals };
}

/** An answer whose headers arrive, then its body in `parts`, `gapMs` apart; `stallAfter` parts then nothing more. */
function tricklingFetch(parts: string[], gapMs: number, stallAfter = Infinity) {
  return vi.fn(async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i >= stallAfter) return new Promise<void>(() => undefined);
        await new Promise((r) => setTimeout(r, gapMs));
        if (i === parts.length) return controller.close();
        controller.enqueue(new TextEncoder().encode(parts[i++]));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof globalThis.fetch;
}

afterEach(() => vi.useRealTimers());

describe('the HTTP sync transport', () => {
  it('gives up on a request the server never answers, aborting it, and says so as a fault worth retrying', async () => {
    vi.useFakeTimers();
    const { fetch, signals } = swallowingFetch();
    const transport = httpTransport({ fetch, idleTimeoutMs: 30_000 });
    const pushed = transport.push(push);
    const outcome = pushed.then(
      () => 'answered',
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(29_000);
    expect(signals[0].aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1_500);
    const error = await outcome;
    expect(error).toBeInstanceOf(RequestTimeout);
    expect((error as Error).message).toBe('The server did not answer for 30 s; trying again.');
    expect(isTransientError(error)).toBe(true);
    expect(signals[0].aborted).toBe(true);
  });

  it('gives up when the answer stops half-way, but not while it keeps arriving slowly', async () => {
    vi.useFakeTimers();
    const answer = JSON.stringify({ lastSeq: 0, results: [] });
    const halves = [answer.slice(0, 10), answer.slice(10)];
    // Each part 20 s after the last: 40 s in all, never 30 s of silence.
    const slow = httpTransport({ fetch: tricklingFetch(halves, 20_000), idleTimeoutMs: 30_000 }).push(push);
    await vi.advanceTimersByTimeAsync(65_000);
    await expect(slow).resolves.toEqual({ lastSeq: 0, results: [] });

    const stalled = httpTransport({ fetch: tricklingFetch(halves, 1_000, 1), idleTimeoutMs: 30_000 }).push(push);
    const outcome = stalled.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(32_000);
    expect(await outcome).toBeInstanceOf(RequestTimeout);
  });

  it('still reports the server\u2019s refusal and its message', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ status: false, message: 'Please login to continue' }), { status: 401 })) as unknown as typeof globalThis.fetch;
    const error = await httpTransport({ fetch }).push(push).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 401, message: 'Please login to continue' });
  });

  it('lets the engine deliver a command after a push the network swallowed, without a reload', async () => {
    vi.useFakeTimers();
    let swallow = true;
    const answered: number[] = [];
    const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      if (String(url).endsWith('/push') && swallow) {
        swallow = false;
        return new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
      }
      const body = JSON.parse(String(init?.body)) as { commands?: { seq: number }[] };
      if (String(url).endsWith('/push')) {
        answered.push(...body.commands!.map((c) => c.seq));
        return new Response(JSON.stringify({ lastSeq: body.commands!.at(-1)!.seq, results: [] }));
      }
      return new Response(JSON.stringify({ cookie: 1, lastSeq: answered.at(-1) ?? 0, patch: [], rejected: [] }));
    }) as unknown as typeof globalThis.fetch;
    const engine = new SyncEngine({
      store: new MemoryLocalStore(),
      transport: httpTransport({ fetch, idleTimeoutMs: 30_000 }),
      commands: { note: z.object({ text: z.string() }) },
      effects: { note: async () => undefined },
      scope: () => ({ companyIds: ['c1'] }),
      random: () => 0,
    });
    await engine.enqueue('note', { text: 'packed' });
    const first = engine.sync();
    await vi.advanceTimersByTimeAsync(30_100);
    await expect(first).resolves.toBe(false);
    expect(engine.getStatus()).toMatchObject({ pending: 1, syncing: false, lastError: 'The server did not answer for 30 s; trying again.' });
    // The backoff's retry (0.5 s with this random) delivers it.
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(engine.getStatus()).toMatchObject({ pending: 0, lastError: null }));
    expect(answered).toEqual([1]);
  });

  it('says the session has ended when the server answers 401, until a sync succeeds again', async () => {
    let signedIn = false;
    const fetch = vi.fn(async (url: string | URL | Request) => {
      if (!signedIn) return new Response(JSON.stringify({ status: false, message: 'Please login to continue' }), { status: 401 });
      return String(url).endsWith('/push')
        ? new Response(JSON.stringify({ lastSeq: 1, results: [] }))
        : new Response(JSON.stringify({ cookie: 1, lastSeq: 1, patch: [], rejected: [] }));
    }) as unknown as typeof globalThis.fetch;
    const engine = new SyncEngine({
      store: new MemoryLocalStore(),
      transport: httpTransport({ fetch }),
      commands: { note: z.object({ text: z.string() }) },
      effects: { note: async () => undefined },
      scope: () => ({ companyIds: ['c1'] }),
    });
    await engine.enqueue('note', { text: 'packed' });
    await expect(engine.sync()).resolves.toBe(false);
    expect(engine.getStatus()).toMatchObject({ online: true, pending: 1, signedOut: true, lastError: 'Please login to continue' });
    signedIn = true;
    await expect(engine.sync()).resolves.toBe(true);
    expect(engine.getStatus()).toMatchObject({ pending: 0, signedOut: false, lastError: null });
  });
});
