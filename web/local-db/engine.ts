// One sync engine per signed-in user, for the whole page: created on first
// use (reading Dexie works before the network does), started by the app
// shell after sign-in (triggers, Web Lock, persistent storage), stopped on
// sign-out or when another user signs in.
import { useSyncExternalStore } from 'react';
import { HttpError } from '../../sync/client/transport';
import { liveQuery } from 'dexie';
import { SYNC_META, SyncEngine, type SyncStatus } from '../../sync/client/engine';
import { DexieLocalStore } from '../../sync/client/dexie-store';
import { requestPersistentStorage, startSyncTriggers, webLockExclusive } from '../../sync/client/triggers';
import { commandArgs, type AppCommands } from '../../sync/commands';
import type { SyncScope } from '../../sync/protocol';
import { ApiRequestError, apiJson, getXsrfToken } from '../api/client';
import { PhotoDexie, photoDbName, SyncDexie, syncDbName } from './db';
import { floorEffects } from './effects';
import { floorTransport } from './transport';
import type { PresignResponse } from '../../domain/uploads';

export type FloorEngine = SyncEngine<AppCommands>;

export interface FloorSync {
  userId: string;
  db: SyncDexie;
  photos: PhotoDexie;
  engine: FloorEngine;
}

export interface FloorSessionInfo {
  user: { id: string };
  role: 'admin' | 'seller' | 'warehouse' | 'finance';
  companyId: string | null;
  selectedCompanyIds: string[];
}

/** Companies whose rows this device keeps: the seller's own, a warehouse user's selected ones; none for admins. */
export function scopeOf(session: FloorSessionInfo): SyncScope {
  if (session.role === 'seller') return { companyIds: session.companyId ? [session.companyId] : [] };
  if (session.role === 'warehouse') return { companyIds: [...session.selectedCompanyIds] };
  return { companyIds: [] };
}

let current: FloorSync | null = null;
let scope: SyncScope = { companyIds: [] };
let refresh: () => Promise<boolean> = async () => false;
let stop: (() => void) | null = null;
let users = 0;

async function presign(photo: { fileName: string; contentType: string; size: number; companyId: string }) {
  try {
    // Bounded like the sync's own requests: a stalled answer must not hold the outbox.
    return await apiJson<PresignResponse>('/api/uploads/presign', { method: 'POST', body: { purpose: 'proof', ...photo }, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    if (error instanceof ApiRequestError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/** The user's stores and engine (created on first call; another user's are closed). */
export function floorSyncFor(session: FloorSessionInfo): FloorSync {
  if (current?.userId === session.user.id) return current;
  closeFloorSync();
  scope = scopeOf(session);
  const db = new SyncDexie(syncDbName(session.user.id));
  const photos = new PhotoDexie(photoDbName(session.user.id));
  const engine = new SyncEngine({
    store: new DexieLocalStore(db),
    transport: floorTransport({ photos, xsrfToken: getXsrfToken, refreshSession: () => refresh(), presign }),
    commands: commandArgs,
    effects: floorEffects,
    scope: () => scope,
    exclusive: webLockExclusive(),
    online: typeof navigator === 'undefined' ? true : navigator.onLine,
  });
  current = { userId: session.user.id, db, photos, engine };
  return current;
}

export function currentFloorSync(): FloorSync | null {
  return current;
}

/**
 * Starts syncing (once, however many callers): on coming online, on
 * visibility, after each enqueue and every 30 s. Returns a release function.
 * `refreshSession` re-reads the session when the server refuses a stale xsrf token.
 */
export function startFloorSync(session: FloorSessionInfo, refreshSession: () => Promise<boolean>): () => void {
  const sync = floorSyncFor(session);
  refresh = refreshSession;
  users += 1;
  if (!stop) {
    const stopTriggers = startSyncTriggers(settledAfterEnqueue(sync.engine));
    const stopWatching = followOtherTabs(sync);
    stop = () => {
      stopTriggers();
      stopWatching();
    };
    void requestPersistentStorage();
  }
  return () => {
    users -= 1;
    // A remount (route change, StrictMode) comes back within the same tick.
    setTimeout(() => {
      if (users === 0 && stop) {
        stop();
        stop = null;
      }
    }, 0);
  };
}

/**
 * The device has one outbox, shared by every tab of this user; each tab has its
 * own engine, whose status is otherwise refreshed only by its own enqueues and
 * syncs. Another tab's scans (or its sync emptying the outbox, or a refusal it
 * pulled) would leave this tab's count of changes waiting wrong, offline for
 * as long as the network stays away. liveQuery hears every change to these
 * tables, from any tab, and the status is read again.
 */
function followOtherTabs(sync: FloorSync): () => void {
  const { db, engine } = sync;
  const subscription = liveQuery(() => Promise.all([db.outbox.count(), db.rejected.count(), db.meta.get(SYNC_META.lastSyncAt)])).subscribe({
    next: () => void engine.refreshStatus().catch(() => undefined),
    error: () => undefined,
  });
  return () => subscription.unsubscribe();
}

/**
 * The engine as the triggers see it, except that a burst of enqueues (a packer
 * scanning every half second) starts one sync once the burst pauses, instead
 * of a push and pull per scan competing with the next scan for the main thread.
 */
function settledAfterEnqueue(engine: FloorEngine, quietMs = 400) {
  return {
    sync: () => engine.sync(),
    setOnline: (online: boolean) => engine.setOnline(online),
    refreshStatus: () => engine.refreshStatus(),
    onEnqueue: (listener: () => void) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const stopListening = engine.onEnqueue(() => {
        clearTimeout(timer);
        timer = setTimeout(listener, quietMs);
      });
      return () => {
        clearTimeout(timer);
        stopListening();
      };
    },
  };
}

/** The scope changed (company switch): sync now, which starts a fresh pull for the new scope. */
export function updateFloorScope(session: FloorSessionInfo): void {
  const next = scopeOf(session);
  if (JSON.stringify(next) === JSON.stringify(scope)) return;
  scope = next;
  if (current && stop) void current.engine.sync();
}

/** Sign-out: stop syncing and close this user's stores (the outbox stays on disk for the next sign-in). */
export function closeFloorSync(): void {
  stop?.();
  stop = null;
  users = 0;
  if (!current) return;
  current.engine.dispose();
  current.db.close();
  current.photos.close();
  current = null;
}

const offlineStatus: SyncStatus = { online: false, pending: 0, rejected: [], lastSyncAt: null, syncing: false, lastError: null, signedOut: false };

/** The engine's status, re-rendering on every change. */
export function useSyncStatus(sync: FloorSync | null): SyncStatus {
  return useSyncExternalStore(
    (listener) => (sync ? sync.engine.subscribe(() => listener()) : () => undefined),
    () => (sync ? sync.engine.getStatus() : offlineStatus),
    () => offlineStatus,
  );
}

/** Only whether the engine is online: re-renders when that changes, not on every status change (a screen's whole tree). */
export function useSyncOnline(sync: FloorSync | null): boolean {
  return useSyncExternalStore(
    (listener) => (sync ? sync.engine.subscribe(() => listener()) : () => undefined),
    () => (sync ? sync.engine.getStatus().online : false),
    () => false,
  );
}
