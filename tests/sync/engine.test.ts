import { describe, expect, it } from 'vitest';
import { backoffDelay, SyncEngine, type LocalEffects, type SyncStatus } from '../../sync/client/engine';
import { MemoryLocalStore } from '../../sync/client/memory-store';
import { HttpError, type SyncTransport } from '../../sync/client/transport';
import { MemoryServerStore } from '../../sync/server/memory-store';
import { COMPANY, OTHER_COMPANY, directTransport, serverView, testCommands, testEffects, testHandlers, type ServerFaults, type TestCommands } from './fixtures';

class FakeTimers {
  scheduled: Array<{ fn: () => void; ms: number; handle: number }> = [];
  private next = 0;
  setTimeout = (fn: () => void, ms: number) => {
    const handle = ++this.next;
    this.scheduled.push({ fn, ms, handle });
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.scheduled = this.scheduled.filter((t) => t.handle !== handle);
  };
  /** Fire the only pending timer and wait for the sync it starts. */
  async fire(engine: SyncEngine<TestCommands>) {
    expect(this.scheduled).toHaveLength(1);
    const [timer] = this.scheduled.splice(0);
    timer.fn();
    await engine.sync();
  }
}

/** Not a failure: the answer is computed now and delivered once `until` resolves. */
class HoldAnswer extends Error {
  constructor(readonly until: Promise<void>) {
    super('held');
  }
}

/** One server, any number of devices; `server` can be swapped to play a restored backup. */
function world() {
  const faults: ServerFaults = { failNextApply: false };
  const handlers = testHandlers(faults);
  const state = { server: new MemoryServerStore(), scope: [COMPANY] };
  const calls: string[] = [];
  let failure: ((kind: 'push' | 'pull') => Error | 'deliver-then-drop' | null) | null = null;
  const transport: SyncTransport = {
    async push(req) {
      calls.push('push');
      const fault = failure?.('push');
      if (fault instanceof Error) throw fault;
      const res = await directTransport(state.server, handlers).push(req);
      if (fault === 'deliver-then-drop') throw new TypeError('Failed to fetch');
      return res;
    },
    async pull(req) {
      calls.push('pull');
      const fault = failure?.('pull');
      if (fault instanceof HoldAnswer) {
        const answer = await directTransport(state.server, handlers).pull(req);
        await fault.until;
        return answer;
      }
      if (fault instanceof Error) throw fault;
      return directTransport(state.server, handlers).pull(req);
    },
  };
  function device(store = new MemoryLocalStore(), effects: LocalEffects<TestCommands> = testEffects) {
    const timers = new FakeTimers();
    let ids = 0;
    const engine = new SyncEngine({
      store,
      transport,
      commands: testCommands,
      effects,
      scope: () => ({ companyIds: state.scope }),
      timers,
      random: () => 0.5,
      now: () => new Date('2024-05-01T10:00:00.000Z'),
      newClientId: () => `device-${Math.random().toString(36).slice(2)}-${++ids}`,
    });
    const rows = () =>
      engine.read(async (r) => ({
        counters: Object.fromEntries((await r.list('counters')).map((row) => [row.key, row.value])),
        sets: Object.fromEntries((await r.list('sets')).map((row) => [row.key, row.value])),
      }));
    return { engine, store, timers, rows };
  }
  return {
    state,
    faults,
    calls,
    device,
    failWith: (fn: typeof failure) => (failure = fn),
    view: () => serverView(state.server),
  };
}

describe('SyncEngine.enqueue', () => {
  it('records the command and its optimistic effect together', async () => {
    const w = world();
    const { engine, rows } = w.device();
    expect(await engine.enqueue('counter.add', { counter: 'a', by: 3 })).toBe(1);
    expect(await rows()).toEqual({ counters: { a: 3 }, sets: {} });
    expect(engine.getStatus().pending).toBe(1);
  });

  it('records nothing when the effect throws or the args are invalid, and does not use up a seq', async () => {
    const w = world();
    const refusing: LocalEffects<TestCommands> = {
      ...testEffects,
      'counter.add': async (rows, args, meta) => {
        await testEffects['counter.add'](rows, args, meta); // writes first, then refuses
        if (args.by === 13) throw new Error('You can not scan a wsin more than required quantity!');
      },
    };
    const { engine, rows, store } = w.device(undefined, refusing);
    await engine.enqueue('counter.add', { counter: 'a', by: 1 });
    await expect(engine.enqueue('counter.add', { counter: 'b', by: 13 })).rejects.toThrow('more than required');
    await expect(engine.enqueue('counter.add', { counter: 'b', by: 1.5 })).rejects.toThrow();
    expect(await rows()).toEqual({ counters: { a: 1 }, sets: {} });
    expect(await engine.enqueue('counter.add', { counter: 'a', by: 1 })).toBe(2);
    expect((await store.transaction((tx) => tx.listPending())).map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe('SyncEngine.sync', () => {
  it('pushes, drops what the server took, and pulls what others wrote', async () => {
    const w = world();
    const a = w.device();
    const b = w.device();
    await a.engine.enqueue('counter.add', { counter: 'a', by: 2 });
    await a.engine.enqueue('set.add', { set: 's', item: 'x' });
    expect(await a.engine.sync()).toBe(true);
    expect(a.engine.getStatus()).toMatchObject({ pending: 0, rejected: [], online: true, lastError: null, syncing: false, lastSyncAt: '2024-05-01T10:00:00.000Z' });
    expect(await b.engine.sync()).toBe(true);
    expect(await b.rows()).toEqual({ counters: { a: 2 }, sets: { s: ['x'] } });
    expect(await a.rows()).toEqual(w.view());
  });

  it('rebases pending commands on a pull instead of counting them twice', async () => {
    const w = world();
    const a = w.device();
    const b = w.device();
    await a.engine.enqueue('counter.add', { counter: 'a', by: 2 });
    await a.engine.sync();
    await b.engine.enqueue('counter.add', { counter: 'a', by: 1 });
    await b.engine.sync(); // server: a = 3
    await a.engine.enqueue('counter.add', { counter: 'a', by: 3 }); // a sees 5
    w.faults.failNextApply = true;
    expect(await a.engine.sync()).toBe(false); // push stalls, the pull still lands
    expect(a.engine.getStatus()).toMatchObject({ pending: 1, lastError: 'The server stopped after command 1; retrying.', online: true });
    expect(await a.rows()).toEqual({ counters: { a: 6 }, sets: {} }); // server 3 + pending 3
    await a.timers.fire(a.engine);
    expect(a.engine.getStatus()).toMatchObject({ pending: 0, lastError: null });
    expect(w.view().counters).toEqual({ a: 6 });
    expect(await a.rows()).toEqual(w.view());
  });

  it('shows a refused command with its reason, undoes its effect, and keeps it dismissed', async () => {
    const w = world();
    const a = w.device();
    const b = w.device();
    await b.engine.enqueue('counter.add', { counter: 'a', by: 9 });
    await b.engine.sync();
    await a.engine.enqueue('counter.add', { counter: 'a', by: 5 }); // a has not seen b's 9
    expect(await a.rows()).toEqual({ counters: { a: 5 }, sets: {} });
    await a.engine.sync();
    expect(a.engine.getStatus().rejected).toEqual([{ seq: 1, name: 'counter.add', reason: 'Counter a would be 14', args: { counter: 'a', by: 5 } }]);
    expect(a.engine.getStatus().pending).toBe(0);
    expect(await a.rows()).toEqual({ counters: { a: 9 }, sets: {} });

    await a.engine.dismissRejected(1);
    expect(a.engine.getStatus().rejected).toEqual([]);
    w.state.scope = [COMPANY, OTHER_COMPANY]; // a new scope pulls from scratch, rejections included
    await a.engine.sync();
    expect(a.engine.getStatus().rejected).toEqual([]);
  });

  it('still learns the reason when the push response was lost', async () => {
    const w = world();
    const a = w.device();
    const b = w.device();
    await b.engine.enqueue('set.add', { set: 's', item: 'x' });
    await b.engine.sync();
    await a.engine.enqueue('set.add', { set: 's', item: 'x' });
    w.failWith((kind) => (kind === 'push' ? 'deliver-then-drop' : null));
    expect(await a.engine.sync()).toBe(false);
    expect(a.engine.getStatus()).toMatchObject({ online: false, pending: 1, lastError: 'Failed to fetch' });
    w.failWith(null);
    await a.timers.fire(a.engine);
    expect(a.engine.getStatus()).toMatchObject({ pending: 0, rejected: [{ seq: 1, reason: 'x is already in s' }] });
    expect(await a.rows()).toEqual(w.view());
  });

  it('never reuses a seq after the outbox empties and the page reloads', async () => {
    const w = world();
    const first = w.device();
    await first.engine.enqueue('counter.add', { counter: 'a', by: 1 });
    await first.engine.enqueue('counter.add', { counter: 'a', by: 1 });
    await first.engine.sync();
    const reloaded = w.device(first.store);
    await reloaded.engine.refreshStatus();
    expect(reloaded.engine.getStatus()).toMatchObject({ pending: 0, lastSyncAt: '2024-05-01T10:00:00.000Z' });
    expect(await reloaded.engine.enqueue('counter.add', { counter: 'a', by: 1 })).toBe(3);
    await reloaded.engine.sync();
    expect(w.view().counters).toEqual({ a: 3 });
  });

  it('backs off exponentially with jitter on network and 5xx faults, not on 4xx', async () => {
    const w = world();
    const { engine, timers } = w.device();
    await engine.enqueue('counter.add', { counter: 'a', by: 1 });
    w.failWith(() => new TypeError('Failed to fetch'));
    expect(await engine.sync()).toBe(false);
    expect(engine.getStatus()).toMatchObject({ online: false, lastError: 'Failed to fetch', pending: 1 });
    expect(timers.scheduled.map((t) => t.ms)).toEqual([750]);
    await timers.fire(engine);
    expect(timers.scheduled.map((t) => t.ms)).toEqual([1500]);
    w.failWith(() => new HttpError(503));
    await timers.fire(engine);
    expect(timers.scheduled.map((t) => t.ms)).toEqual([3000]);
    expect(engine.getStatus().online).toBe(true);
    w.failWith(() => new HttpError(409, 'Please reload the app'));
    await timers.fire(engine);
    expect(timers.scheduled).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ lastError: 'Please reload the app', pending: 1 });
    w.failWith(null);
    expect(await engine.sync()).toBe(true);
    w.failWith(() => new TypeError('Failed to fetch'));
    await engine.sync();
    expect(timers.scheduled.map((t) => t.ms)).toEqual([750]); // success reset the backoff
  });

  it('reports progress to subscribers and runs one sync at a time', async () => {
    const w = world();
    const { engine } = w.device();
    const seen: SyncStatus[] = [];
    engine.subscribe((status) => seen.push(status));
    await engine.enqueue('counter.add', { counter: 'a', by: 1 });
    const first = engine.sync();
    const second = engine.sync();
    expect(second).toBe(first);
    await first;
    expect(w.calls).toEqual(['push', 'pull', 'pull']); // the second call re-ran only what was left: a pull
    expect(seen.some((s) => s.syncing && s.pending === 1)).toBe(true);
    expect(seen.at(-1)).toMatchObject({ syncing: false, pending: 0 });
  });

  it('stays offline when the browser lost its network while an answer was on its way', async () => {
    const w = world();
    const { engine } = w.device();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    w.failWith((kind) => (kind === 'pull' ? (w.failWith(null), new HoldAnswer(held)) : null));
    const attempt = engine.sync(); // its pull's answer is already on the wire
    await new Promise((resolve) => setTimeout(resolve, 0));
    engine.setOnline(false); // the browser's 'offline' event
    release();
    expect(await attempt).toBe(true);
    expect(engine.getStatus().online).toBe(false);
    engine.setOnline(true);
    expect(await engine.sync()).toBe(true);
    expect(engine.getStatus().online).toBe(true);
  });

  it('runs every sync through the exclusive guard', async () => {
    const w = world();
    const guarded: string[] = [];
    const server = w.state.server;
    const engine = new SyncEngine({
      store: new MemoryLocalStore(),
      transport: directTransport(server),
      commands: testCommands,
      effects: testEffects,
      scope: () => ({ companyIds: [COMPANY] }),
      exclusive: async (fn) => {
        guarded.push('enter');
        try {
          return await fn();
        } finally {
          guarded.push('leave');
        }
      },
    });
    await engine.sync();
    expect(guarded).toEqual(['enter', 'leave']);
    engine.dispose();
  });

  it('starts over when the scope changes or the server history went back', async () => {
    const w = world();
    const a = w.device();
    await a.engine.enqueue('counter.add', { counter: 'a', by: 4 });
    await a.engine.sync();
    await w.state.server.transaction(async (tx) => tx.put('counters', 'theirs', 1, { companyId: OTHER_COMPANY, version: await tx.nextVersion() }));
    w.state.scope = [OTHER_COMPANY];
    await a.engine.sync();
    expect(await a.rows()).toEqual({ counters: { theirs: 1 }, sets: {} });

    w.state.scope = [COMPANY];
    w.state.server = new MemoryServerStore(); // restored from an empty backup
    const b = w.device();
    await b.engine.enqueue('set.add', { set: 's', item: 'y' });
    await b.engine.sync();
    await a.engine.sync();
    expect(await a.rows()).toEqual({ counters: {}, sets: { s: ['y'] } });
  });
});

describe('two tabs on one store', () => {
  it('ignores a pull answer that another tab overtook', async () => {
    const w = world();
    const other = w.device();
    const shared = new MemoryLocalStore();
    const slowTab = w.device(shared);
    const fastTab = w.device(shared);
    await other.engine.enqueue('counter.add', { counter: 'a', by: 1 });
    await other.engine.sync();

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    w.failWith((kind) => {
      if (kind !== 'pull') return null;
      w.failWith(null);
      return new HoldAnswer(held);
    });
    const slow = slowTab.engine.sync(); // its answer (a = 1) is held in the network

    await new Promise((resolve) => setTimeout(resolve, 0));
    await other.engine.enqueue('counter.add', { counter: 'a', by: 2 });
    await other.engine.sync();
    expect(await fastTab.engine.sync()).toBe(true);
    release();
    await slow;
    expect(await fastTab.rows()).toEqual({ counters: { a: 3 }, sets: {} });
  });
});

describe('backoffDelay', () => {
  it('doubles up to the cap and jitters within the upper half', () => {
    expect([1, 2, 3].map((n) => backoffDelay(n, { baseMs: 100 }, () => 0))).toEqual([50, 100, 200]);
    expect([1, 2, 3].map((n) => backoffDelay(n, { baseMs: 100 }, () => 1))).toEqual([100, 200, 400]);
    expect(backoffDelay(30, { baseMs: 100, maxMs: 5_000 }, () => 1)).toBe(5_000);
  });
});
