// When the page syncs (coming online, becoming visible, after an enqueue, on a
// timer) and the guard that lets only one tab sync at a time.

/** The part of SyncEngine the triggers drive. */
export interface SyncTarget {
  sync(): Promise<boolean>;
  setOnline(online: boolean): void;
  onEnqueue(listener: () => void): () => void;
  refreshStatus(): Promise<void>;
}

type Listenable = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

export interface TriggerOptions {
  /** Fires 'online' and 'offline'. Default: globalThis. */
  window?: Listenable;
  /** Fires 'visibilitychange'. Default: globalThis.document. */
  document?: Listenable & { visibilityState: DocumentVisibilityState };
  /** Reads onLine. Default: globalThis.navigator. */
  navigator?: { onLine: boolean };
  /** Period of the background sync while visible; 0 turns the timer off. */
  intervalMs?: number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

/** Start syncing on the usual triggers; returns a function that stops them all. */
export function startSyncTriggers(engine: SyncTarget, options: TriggerOptions = {}): () => void {
  const win = options.window ?? (globalThis as unknown as Listenable);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  const nav = options.navigator ?? (typeof navigator === 'undefined' ? undefined : navigator);
  const intervalMs = options.intervalMs ?? 30_000;
  const startTimer = options.setInterval ?? ((fn, ms) => globalThis.setInterval(fn, ms));
  const stopTimer = options.clearInterval ?? ((h) => globalThis.clearInterval(h as Parameters<typeof globalThis.clearInterval>[0]));

  // navigator.onLine === false is reliable (true is only a hint): skip pointless attempts.
  const syncIfOnline = () => {
    if (nav?.onLine !== false) void engine.sync();
  };
  const onOnline = () => {
    engine.setOnline(true);
    void engine.sync();
  };
  const onOffline = () => engine.setOnline(false);
  const onVisibility = () => {
    if (doc?.visibilityState === 'visible') syncIfOnline();
  };
  const onTick = () => {
    if (!doc || doc.visibilityState === 'visible') syncIfOnline();
  };

  win.addEventListener('online', onOnline);
  win.addEventListener('offline', onOffline);
  doc?.addEventListener('visibilitychange', onVisibility);
  const stopEnqueue = engine.onEnqueue(syncIfOnline);
  const timer = intervalMs > 0 ? startTimer(onTick, intervalMs) : null;

  engine.setOnline(nav?.onLine !== false);
  // Both at once: the sync's first local transaction queues behind the status
  // read in IndexedDB itself, without waiting for the page to hear back first.
  void engine.refreshStatus().catch(() => undefined);
  syncIfOnline();

  return () => {
    win.removeEventListener('online', onOnline);
    win.removeEventListener('offline', onOffline);
    doc?.removeEventListener('visibilitychange', onVisibility);
    stopEnqueue();
    if (timer !== null) stopTimer(timer);
  };
}

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * An `exclusive` for SyncEngine: runs each sync under the Web Lock `name`, so
 * tabs take turns (a waiting tab syncs after the holder releases); runs directly
 * where Web Locks are missing (old browsers, tests).
 */
export function webLockExclusive(
  locks: LockManagerLike | undefined = typeof navigator === 'undefined' ? undefined : navigator.locks,
  name = 'sync',
): <T>(fn: () => Promise<T>) => Promise<T> {
  if (!locks) return (fn) => fn();
  return (fn) => locks.request(name, () => fn());
}

/** Ask the browser not to evict IndexedDB (the outbox) under storage pressure. Resolves whether it agreed. */
export async function requestPersistentStorage(
  storage: { persist?: () => Promise<boolean> } | undefined = typeof navigator === 'undefined' ? undefined : navigator.storage,
): Promise<boolean> {
  try {
    return (await storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}
