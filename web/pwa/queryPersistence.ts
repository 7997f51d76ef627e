// Seller and admin screens offline: what was last loaded through TanStack
// Query (orders list pages, opened orders, catalogue, invoices) is kept on
// the device and shown read-only when the network is gone.
//
// Why TanStack Query persistence and not a Dexie-backed copy of each screen's
// data: these screens already read everything through TanStack Query, so
// persisting its cache keeps one source of truth and needs no change in the
// screens; the floor's Dexie rows stay what they are (a synced replica the
// floor writes to). The cache is stored in IndexedDB (Dexie, already a
// dependency) rather than localStorage: list pages are tens of KB each and
// localStorage is small and blocks the main thread. No persister package is
// installed; dehydrate/hydrate come with @tanstack/react-query.
import Dexie, { type Table } from 'dexie';
import { dehydrate, hydrate, onlineManager, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';

type DehydratedQuery = DehydratedState['queries'][number];

interface Entry {
  /** `${userId}|${queryHash}` */
  id: string;
  userId: string;
  savedAt: number;
  query: DehydratedQuery;
}

class QueryCacheDexie extends Dexie {
  entries!: Table<Entry, string>;
  constructor() {
    super('shipdesk-query-cache');
    this.version(1).stores({ entries: '&id, userId, savedAt' });
  }
}

/** Query key roots kept on the device: the data a seller or admin reads. Jobs, sessions and forms are not. */
const PERSISTED_ROOTS = new Set(['orders', 'catalogue', 'billing', 'return-rules', 'shipping-packages', 'clusters']);
/** Entries kept per user (oldest dropped first). */
const MAX_ENTRIES = 300;
const SESSION_KEY = 'sd.session';

export const isPersisted = (key: readonly unknown[]) => PERSISTED_ROOTS.has(String(key[0]));

let db: QueryCacheDexie | null = null;
const store = () => (db ??= new QueryCacheDexie());

function sessionUser(queryClient: QueryClient): string | null {
  const s = queryClient.getQueryData(['session']) as { isLogined?: boolean; user?: { id: string } } | undefined;
  if (s?.isLogined && s.user) return s.user.id;
  try {
    const remembered = JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null') as { user?: { id: string } } | null;
    return remembered?.user?.id ?? null;
  } catch {
    return null;
  }
}

/** Puts the user's saved queries into the cache; newer data already in memory wins (hydrate's rule). */
async function restore(queryClient: QueryClient): Promise<void> {
  const userId = sessionUser(queryClient);
  if (!userId) return;
  const entries = await store().entries.where('userId').equals(userId).toArray();
  hydrate(queryClient, { mutations: [], queries: entries.map((e) => e.query) });
}

/**
 * Starts keeping queries on the device and resolves once the saved ones are
 * restored (at most `waitMs`), so a page opened offline renders them at once.
 * Saved data is restored only when offline (at start, or when the network
 * goes): online, the screens load fresh data as before.
 */
export function persistQueries(queryClient: QueryClient, waitMs = 1500): Promise<void> {
  if (typeof indexedDB === 'undefined' || typeof window === 'undefined') return Promise.resolve();
  // TanStack Query assumes "online" until an event says otherwise: a page opened offline would
  // run its queries, fail them and show an error instead of pausing them with the saved data.
  onlineManager.setOnline(navigator.onLine);
  // Queries that answer offline by themselves keep running without a network: the session falls
  // back to the one remembered on the device, and the floor's online-only reads say why they failed.
  for (const key of [['session'], ['return-info'], ['inventory-trail'], ['return-rules']]) queryClient.setQueryDefaults(key, { networkMode: 'always' });

  const pending = new Map<string, Query>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let saving = 0;
  // Whether what was loaded is on the device yet, on <html data-query-cache>: "saving" from a loaded
  // query until its write ends, then "saved". A browser test waits on it instead of on time.
  const mark = () => {
    document.documentElement.dataset.queryCache = timer || saving ? 'saving' : 'saved';
  };
  const flush = async () => {
    timer = undefined;
    saving++;
    try {
      await save();
    } finally {
      saving--;
      mark();
    }
  };
  const save = async () => {
    const userId = sessionUser(queryClient);
    const queries = [...pending.values()];
    pending.clear();
    if (!userId || !queries.length) return;
    const hashes = new Set(queries.map((q) => q.queryHash));
    const state = dehydrate(queryClient, { shouldDehydrateQuery: (q) => hashes.has(q.queryHash) && q.state.status === 'success' });
    const now = Date.now();
    try {
      await store().entries.bulkPut(state.queries.map((query) => ({ id: `${userId}|${query.queryHash}`, userId, savedAt: now, query })));
      const count = await store().entries.where('userId').equals(userId).count();
      if (count > MAX_ENTRIES) {
        const oldest = await store().entries.where('userId').equals(userId).sortBy('savedAt');
        await store().entries.bulkDelete(oldest.slice(0, count - MAX_ENTRIES).map((e) => e.id));
      }
    } catch {
      /* storage full or unavailable: the screens still work online */
    }
  };
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isPersisted(event.query.queryKey)) return;
    pending.set(event.query.queryHash, event.query);
    timer ??= setTimeout(() => void flush(), 300);
    mark();
  });
  window.addEventListener('offline', () => void restore(queryClient).catch(() => undefined));
  // Back online, what was shown from the device is fetched afresh, however recent it looked.
  window.addEventListener('online', () => void queryClient.invalidateQueries({ predicate: (q) => isPersisted(q.queryKey) }));

  if (navigator.onLine) return Promise.resolve();
  return Promise.race([restore(queryClient).catch(() => undefined), new Promise<void>((r) => setTimeout(r, waitMs))]);
}

/** Sign-out: this user's saved screens leave the device. */
export async function forgetQueries(userId: string): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await store().entries.where('userId').equals(userId).delete().catch(() => undefined);
}
