import { describe, expect, it } from 'vitest';
import { requestPersistentStorage, startSyncTriggers, webLockExclusive, type LockManagerLike, type SyncTarget } from '../../sync/client/triggers';

function fakeEngine() {
  const log: string[] = [];
  const enqueueListeners = new Set<() => void>();
  const engine: SyncTarget = {
    sync: async () => {
      log.push('sync');
      return true;
    },
    setOnline: (online) => log.push(online ? 'online' : 'offline'),
    onEnqueue: (listener) => {
      enqueueListeners.add(listener);
      return () => enqueueListeners.delete(listener);
    },
    refreshStatus: async () => {
      log.push('refresh');
    },
  };
  return { engine, log, enqueued: () => enqueueListeners.forEach((l) => l()), enqueueListeners };
}

function setup(onLine = true) {
  const { engine, log, enqueued, enqueueListeners } = fakeEngine();
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const nav = { onLine };
  const intervals: Array<{ fn: () => void; ms: number; cleared: boolean }> = [];
  const stop = startSyncTriggers(engine, {
    window: win,
    document: doc,
    navigator: nav,
    intervalMs: 15_000,
    setInterval: (fn, ms) => intervals.push({ fn, ms, cleared: false }) - 1,
    clearInterval: (handle) => (intervals[handle as number].cleared = true),
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { log, win, doc, nav, intervals, stop, enqueued, enqueueListeners, settle };
}

describe('startSyncTriggers', () => {
  it('loads the status and syncs at start, then on online, visibility, enqueue and the timer', async () => {
    const t = setup();
    await t.settle();
    expect(t.log).toEqual(['online', 'refresh', 'sync']);
    t.log.length = 0;

    t.win.dispatchEvent(new Event('offline'));
    t.win.dispatchEvent(new Event('online'));
    expect(t.log).toEqual(['offline', 'online', 'sync']);
    t.log.length = 0;

    t.doc.visibilityState = 'hidden';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    t.intervals[0].fn(); // a hidden tab does not poll
    expect(t.log).toEqual([]);
    t.doc.visibilityState = 'visible';
    t.doc.dispatchEvent(new Event('visibilitychange'));
    t.intervals[0].fn();
    t.enqueued();
    expect(t.log).toEqual(['sync', 'sync', 'sync']);
    expect(t.intervals[0].ms).toBe(15_000);
  });

  it('does not try while the browser knows it is offline', async () => {
    const t = setup(false);
    await t.settle();
    expect(t.log).toEqual(['offline', 'refresh']);
    t.enqueued();
    t.intervals[0].fn();
    expect(t.log).toEqual(['offline', 'refresh']);
  });

  it('stops every trigger', async () => {
    const t = setup();
    await t.settle();
    t.log.length = 0;
    t.stop();
    t.win.dispatchEvent(new Event('online'));
    t.doc.dispatchEvent(new Event('visibilitychange'));
    expect(t.log).toEqual([]);
    expect(t.enqueueListeners.size).toBe(0);
    expect(t.intervals[0].cleared).toBe(true);
  });
});

describe('webLockExclusive', () => {
  it('runs each sync under the "sync" Web Lock, one holder at a time', async () => {
    const events: string[] = [];
    let tail = Promise.resolve<unknown>(undefined);
    const locks: LockManagerLike = {
      request: (name, callback) => {
        events.push(`request ${name}`);
        const run = tail.then(() => callback());
        tail = run.catch(() => undefined);
        return run;
      },
    };
    const exclusive = webLockExclusive(locks);
    const job = (id: string) => async () => {
      events.push(`${id} start`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      events.push(`${id} end`);
      return id;
    };
    expect(await Promise.all([exclusive(job('tab1')), exclusive(job('tab2'))])).toEqual(['tab1', 'tab2']);
    expect(events).toEqual(['request sync', 'request sync', 'tab1 start', 'tab1 end', 'tab2 start', 'tab2 end']);
  });

  it('runs directly where Web Locks are missing', async () => {
    expect(await webLockExclusive(undefined)(async () => 42)).toBe(42);
  });
});

describe('requestPersistentStorage', () => {
  it('reports what the browser granted, and false where it cannot ask', async () => {
    expect(await requestPersistentStorage({ persist: async () => true })).toBe(true);
    expect(await requestPersistentStorage({ persist: async () => Promise.reject(new Error('denied')) })).toBe(false);
    expect(await requestPersistentStorage({})).toBe(false);
  });
});
