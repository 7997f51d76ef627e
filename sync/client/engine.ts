// Client side of the sync protocol: a durable outbox of named commands with
// optimistic local effects, pushed in order and rebased on every pull.
//
// Invariants:
//  C1. A command's outbox entry, its seq and its optimistic effect commit in
//      one local transaction: after a crash there is either all or none.
//  C2. seq comes from a counter kept in meta, never from the outbox (which
//      empties as the server acknowledges), so a seq is never reused; a reused
//      seq would be silently skipped by the server.
//  C3. rows = server state at the saved cookie + effects of the outbox
//      entries, in seq order (see local-store.ts). Hence commands leave the
//      outbox only in a pull's transaction, which also restores the bases,
//      applies the patch (holding their effects as the server made them),
//      records their refusals, re-applies what is still pending and saves the
//      cookie. A push changes nothing locally. So a command is always either
//      pending, rejected with its reason, or part of the pulled state.
//  C4. Only local transactions and the injected transport are awaited; no
//      in-memory state is trusted across a reload.
import type { z } from 'zod';
import type { CommandRegistry } from '../commands';
import { SYNC_SCHEMA_VERSION, type RejectedCommand, type SyncScope } from '../protocol';
import type { LocalRow, LocalStore, LocalTx, OutboxEntry, RejectedEntry } from './local-store';
import { HttpError, isTransientError, type SyncTransport } from './transport';

/** The rows an optimistic effect reads and writes. */
export interface LocalRows {
  get(table: string, key: string): Promise<unknown | undefined>;
  list(table: string): Promise<LocalRow[]>;
  put(table: string, key: string, value: unknown): Promise<void>;
  del(table: string, key: string): Promise<void>;
}
export type ReadonlyRows = Pick<LocalRows, 'get' | 'list'>;

/**
 * A command's optimistic effect, run when it is enqueued and again after every
 * pull while it is pending, so it must depend only on rows and args. Throwing
 * at enqueue refuses the command; it should not throw on a rebase (if it does,
 * it is skipped there and the next pull repairs the rows).
 */
export type LocalEffect<Args> = (rows: LocalRows, args: Args, command: { seq: number; createdAt: string }) => Promise<void>;
export type LocalEffects<R extends CommandRegistry> = { [N in keyof R]: LocalEffect<z.output<R[N]>> };

export interface SyncStatus {
  /** The server answered the last attempt (or the browser says online, before any attempt). */
  online: boolean;
  /** Commands in the outbox: not yet confirmed by a pull. */
  pending: number;
  /** Commands the server refused, with its reasons, until dismissed. */
  rejected: RejectedEntry[];
  /** When a pull was last applied (ISO-8601), across reloads. */
  lastSyncAt: string | null;
  syncing: boolean;
  /** Why the last sync failed; null after a success. */
  lastError: string | null;
  /**
   * The server refused the last sync because the session has ended (HTTP 401):
   * nothing waiting can be sent until the user signs in again. Cleared by a success.
   */
  signedOut: boolean;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface SyncEngineOptions<R extends CommandRegistry> {
  store: LocalStore;
  transport: SyncTransport;
  /** Args schemas by command name (commandArgs from ../commands for the app). */
  commands: R;
  effects: LocalEffects<R>;
  /** Companies whose rows this device keeps; read at each pull. A different scope starts a fresh (cookie null) pull. */
  scope: () => SyncScope;
  /** Runs each sync exclusively across tabs (webLockExclusive from ./triggers); default runs directly. */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
  backoff?: BackoffOptions;
  /** Commands per push request. */
  batchSize?: number;
  online?: boolean;
  now?: () => Date;
  random?: () => number;
  timers?: Timers;
  newClientId?: () => string;
}

export interface BackoffOptions {
  baseMs?: number;
  maxMs?: number;
}

/** Exponential backoff with equal jitter: attempt n waits between half and all of min(max, base * 2^(n-1)). */
export function backoffDelay(attempt: number, { baseMs = 1_000, maxMs = 60_000 }: BackoffOptions = {}, random = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The server took fewer commands than sent (a fault on its side, or a gap): retry later. */
export class PushStalled extends Error {
  constructor(readonly lastSeq: number) {
    super(`The server stopped after command ${lastSeq}; retrying.`);
    this.name = 'PushStalled';
  }
}

/** Keys the engine keeps in the store's meta table. */
export const SYNC_META = {
  clientId: 'clientId',
  /** Last seq handed out (C2). */
  seq: 'seq',
  /** PullMeta of the last applied pull, or null to start over. */
  pull: 'pull',
  lastSyncAt: 'lastSyncAt',
} as const;
const META = SYNC_META;
export interface PullMeta {
  cookie: number;
  /** The scope the cookie belongs to (sorted company ids as JSON). */
  scopeKey: string;
}

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as Parameters<typeof globalThis.clearTimeout>[0]),
};

export class SyncEngine<R extends CommandRegistry> {
  private status: SyncStatus;
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private readonly enqueueListeners = new Set<() => void>();
  private running: Promise<boolean> | null = null;
  private again = false;
  private attempt = 0;
  private retryTimer: unknown = null;
  /** How many times the browser has said it went offline: an attempt that began before the last of them cannot say online. */
  private offlineReports = 0;
  private readonly store: LocalStore;
  private readonly timers: Timers;
  private readonly now: () => Date;

  constructor(private readonly options: SyncEngineOptions<R>) {
    this.store = options.store;
    this.timers = options.timers ?? defaultTimers;
    this.now = options.now ?? (() => new Date());
    this.status = { online: options.online ?? true, pending: 0, rejected: [], lastSyncAt: null, syncing: false, lastError: null, signedOut: false };
  }

  /** Record a command and apply its optimistic effect, atomically (C1). Resolves with its seq. */
  async enqueue<N extends keyof R & string>(name: N, args: z.input<R[N]>): Promise<number> {
    const parsed = this.options.commands[name].parse(args) as z.output<R[N]>;
    const createdAt = this.now().toISOString();
    const seq = await this.store.transaction(async (tx) => {
      const seq = (((await tx.getMeta(META.seq)) as number | undefined) ?? 0) + 1;
      await tx.setMeta(META.seq, seq);
      await tx.appendOutbox({ seq, name, args: parsed, createdAt });
      await this.options.effects[name](optimisticRows(tx), parsed, { seq, createdAt });
      return seq;
    });
    await this.refreshStatus();
    for (const listener of this.enqueueListeners) listener();
    return seq;
  }

  /**
   * Push everything pending, then pull. One run at a time: a call during a run
   * makes that run go round once more. Resolves true on success; a failure is
   * reported in the status (and retried with backoff when transient), never thrown.
   */
  sync(): Promise<boolean> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const exclusive = this.options.exclusive ?? ((fn) => fn());
    this.running = (async () => {
      let ok: boolean;
      try {
        do {
          this.again = false;
          ok = await exclusive(() => this.syncOnce()).catch((error: unknown) => {
            this.update({ syncing: false, lastError: `Could not take the sync lock: ${String(error)}` });
            return false;
          });
        } while (ok && this.again);
      } finally {
        this.running = null;
      }
      return ok;
    })();
    return this.running;
  }

  /** Read the optimistic rows (server state + pending effects). */
  read<T>(fn: (rows: ReadonlyRows) => Promise<T>): Promise<T> {
    return this.readTx((tx) => fn({ get: (t, k) => tx.getRow(t, k), list: (t) => tx.listRows(t) }));
  }

  async dismissRejected(seq: number): Promise<void> {
    await this.store.transaction((tx) => tx.dismissRejected(seq, this.now().toISOString()));
    await this.refreshStatus();
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  /** Listen to status changes (a new object each time; fits useSyncExternalStore). */
  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listen to successful enqueues (triggers.ts syncs after them). */
  onEnqueue(listener: () => void): () => void {
    this.enqueueListeners.add(listener);
    return () => this.enqueueListeners.delete(listener);
  }

  /** The browser went on- or offline. Coming online forgets the backoff; the caller then syncs. */
  setOnline(online: boolean): void {
    if (online) this.attempt = 0;
    else this.offlineReports += 1;
    this.update({ online });
  }

  /** Reload pending count, rejections and last sync time from the store (call once at start). */
  async refreshStatus(): Promise<void> {
    const fromStore = await this.readTx(async (tx) => ({
      pending: await tx.countPending(),
      rejected: await tx.listRejected(),
      lastSyncAt: ((await tx.getMeta(META.lastSyncAt)) as string | undefined) ?? null,
    }));
    this.update(fromStore);
  }

  /** Stop the retry timer and forget listeners (page teardown, tests). */
  dispose(): void {
    this.cancelRetry();
    this.listeners.clear();
    this.enqueueListeners.clear();
  }

  private async syncOnce(): Promise<boolean> {
    this.cancelRetry();
    this.update({ syncing: true });
    // An attempt during which the browser said it went offline says nothing of now: the browser's
    // own word (setOnline) stands instead of the attempt's outcome.
    const offlineReportsAtStart = this.offlineReports;
    const reachability = (reached: boolean) => (this.offlineReports === offlineReportsAtStart ? { online: reached } : {});
    try {
      // One local transaction before the network: the device's id, the first
      // batch to push and the saved cookie (a push changes nothing locally, C3).
      // Read-only (no wait for the disk) unless the device has no id yet.
      const start = await this.readTx(async (tx) => ({
        clientId: (await tx.getMeta(META.clientId)) as string | undefined,
        pending: await tx.listPending(0, this.batchSize()),
        saved: (await tx.getMeta(META.pull)) as PullMeta | null | undefined,
      }));
      const clientId = start.clientId || (await this.store.transaction((tx) => this.clientIdIn(tx)));
      const stalledAt = await this.pushAll(clientId, start.pending);
      await this.pull(clientId, { saved: start.saved });
      if (stalledAt !== null) throw new PushStalled(stalledAt);
      this.attempt = 0;
      this.update({ ...reachability(true), lastError: null, signedOut: false });
      return true;
    } catch (error) {
      const reachedServer = error instanceof HttpError || error instanceof PushStalled;
      this.update({
        ...reachability(reachedServer),
        lastError: error instanceof Error ? error.message : String(error),
        signedOut: error instanceof HttpError && error.status === 401,
      });
      if (isTransientError(error)) this.scheduleRetry();
      return false;
    } finally {
      await this.refreshStatus().catch(() => undefined);
      this.update({ syncing: false });
    }
  }

  /** A read-only transaction where the store has them (no wait for the disk at commit). */
  private readTx<T>(fn: (tx: LocalTx) => Promise<T>): Promise<T> {
    return this.store.read ? this.store.read(fn) : this.store.transaction(fn);
  }

  private async clientIdIn(tx: LocalTx): Promise<string> {
    const existing = (await tx.getMeta(META.clientId)) as string | undefined;
    if (existing) return existing;
    const created = (this.options.newClientId ?? (() => crypto.randomUUID()))();
    await tx.setMeta(META.clientId, created);
    return created;
  }

  private batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  /**
   * Resolves null once the outbox is empty, or the server's lastSeq when it
   * stopped short of a batch. `first` is the outbox's first batch, already read.
   */
  private async pushAll(clientId: string, first: OutboxEntry[]): Promise<number | null> {
    let handled = 0; // the server's lastSeq as far as this run knows
    let next: OutboxEntry[] | null = first;
    for (;;) {
      const batch = next ?? (await this.store.transaction((tx) => tx.listPending(handled, this.batchSize())));
      next = null;
      if (batch.length === 0) return null;
      const res = await this.options.transport.push({
        clientId,
        schemaVersion: SYNC_SCHEMA_VERSION,
        commands: batch.map(({ seq, name, args, createdAt }) => ({ seq, name, args, createdAt })),
      });
      // Refusals in res.results arrive again in the pull, in the transaction that drops them (C3).
      if (res.lastSeq < batch[batch.length - 1].seq) return res.lastSeq;
      handled = res.lastSeq;
    }
  }

  /** `known.saved`: the saved PullMeta, when the caller has just read it. */
  private async pull(clientId: string, known?: { saved: PullMeta | null | undefined }): Promise<void> {
    const scope = this.options.scope();
    const scopeKey = JSON.stringify([...scope.companyIds].sort());
    const saved = known ? known.saved : ((await this.store.transaction((tx) => tx.getMeta(META.pull))) as PullMeta | null | undefined);
    const cookie = saved?.scopeKey === scopeKey ? saved.cookie : null;
    const res = await this.options.transport.pull({ clientId, cookie, scope });
    if (cookie !== null && res.cookie < cookie) {
      // The server's history is behind ours (restored from a backup): start over.
      await this.store.transaction((tx) => tx.setMeta(META.pull, null));
      return this.pull(clientId);
    }
    const applied = await this.store.transaction(async (tx) => {
      const current = (await tx.getMeta(META.pull)) as PullMeta | null | undefined;
      if (current?.cookie !== saved?.cookie || current?.scopeKey !== saved?.scopeKey) return null; // another pull landed first
      await acknowledge(tx, res.lastSeq, res.rejected);
      await tx.restoreBases();
      if (cookie === null) await tx.clearRows();
      if (tx.applyPatch) await tx.applyPatch(res.patch);
      else {
        for (const op of res.patch) {
          if (op.op === 'put') await tx.putRow(op.table, op.key, op.value);
          else await tx.deleteRow(op.table, op.key);
        }
      }
      await this.reapplyPending(tx);
      await tx.setMeta(META.pull, { cookie: res.cookie, scopeKey } satisfies PullMeta);
      const lastSyncAt = this.now().toISOString();
      await tx.setMeta(META.lastSyncAt, lastSyncAt);
      // The status as this transaction leaves the store, shown as soon as it commits:
      // a later transaction would wait behind the UI's reads of the rows just written.
      return { pending: await tx.countPending(), rejected: await tx.listRejected(), lastSyncAt };
    });
    if (applied) this.update(applied);
  }

  private async reapplyPending(tx: LocalTx): Promise<void> {
    const rows = optimisticRows(tx);
    for (const entry of await tx.listPending()) {
      const effect = this.options.effects[entry.name] as LocalEffect<unknown> | undefined;
      try {
        await effect?.(rows, entry.args, { seq: entry.seq, createdAt: entry.createdAt });
      } catch {
        // Skipped on purpose: one faulty effect must not block every later pull.
      }
    }
  }

  private scheduleRetry(): void {
    this.cancelRetry();
    this.attempt += 1;
    const delay = backoffDelay(this.attempt, this.options.backoff, this.options.random);
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      void this.sync();
    }, delay);
  }

  private cancelRetry(): void {
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }
}

/** The server has handled every seq <= lastSeq: keep the refusals among them, then drop them. */
async function acknowledge(tx: LocalTx, lastSeq: number, rejected: RejectedCommand[]): Promise<void> {
  if (rejected.length > 0) {
    const pending = new Map((await tx.listPending()).map((entry): [number, OutboxEntry] => [entry.seq, entry]));
    await tx.addRejected(
      rejected.map((r) => {
        const entry = pending.get(r.seq);
        return entry ? { ...r, args: entry.args } : { ...r };
      }),
    );
  }
  await tx.dropThrough(lastSeq);
}

/** Writes through this view keep each row's base first, so a pull can undo them (C3). */
function optimisticRows(tx: LocalTx): LocalRows {
  return {
    get: (table, key) => tx.getRow(table, key),
    list: (table) => tx.listRows(table),
    put: async (table, key, value) => {
      await tx.keepBase(table, key);
      await tx.putRow(table, key, value);
    },
    del: async (table, key) => {
      await tx.keepBase(table, key);
      await tx.deleteRow(table, key);
    },
  };
}
