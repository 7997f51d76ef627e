// The manifest being built: orders put on it one by one as they are shipped (from the ship dialog or the
// order panel), printed together as one shipping manifest for the courier's pickup. Kept on this device
// per user (local storage), so it survives a reload; every component reading it shares one store, and
// other tabs follow through the storage event.
import { useSyncExternalStore } from 'react';
import { useSession } from '../../auth/useSession';

export type ManifestEntry = { id: string; shopOrderId: string; shipper: string | null };
/** More than a day's pickups of one seller; older entries drop off the front. */
export const MANIFEST_TRAY_MAX = 500;

export type ManifestTray = {
  entries: ManifestEntry[];
  has: (orderId: string) => boolean;
  add: (entry: ManifestEntry) => void;
  remove: (orderId: string) => void;
  clear: () => void;
};

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; entries: ManifestEntry[] }>();
const EMPTY: ManifestEntry[] = [];

function read(key: string): ManifestEntry[] {
  const raw = localStorage.getItem(key);
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.entries;
  let entries: ManifestEntry[] = EMPTY;
  try {
    const v = raw ? (JSON.parse(raw) as unknown) : [];
    if (Array.isArray(v)) entries = v.filter((e): e is ManifestEntry => !!e && typeof (e as ManifestEntry).id === 'string');
  } catch {
    entries = EMPTY;
  }
  cache.set(key, { raw, entries });
  return entries;
}

function write(key: string, entries: ManifestEntry[]) {
  if (entries.length) localStorage.setItem(key, JSON.stringify(entries.slice(-MANIFEST_TRAY_MAX)));
  else localStorage.removeItem(key);
  for (const l of listeners) l();
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  window.addEventListener('storage', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function useManifestTray(): ManifestTray {
  const key = `shipdesk.manifest.${useSession().user.id}`;
  const entries = useSyncExternalStore(subscribe, () => read(key), () => EMPTY);
  return {
    entries,
    has: (id) => entries.some((e) => e.id === id),
    add: (entry) => write(key, [...read(key).filter((e) => e.id !== entry.id), entry]),
    remove: (id) => write(key, read(key).filter((e) => e.id !== id)),
    clear: () => write(key, []),
  };
}
