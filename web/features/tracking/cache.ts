// The last lookups, so a recently viewed AWB still shows its timeline offline.
import type { PublicTracking } from '../../../domain/tracking-rules';

const KEY = 'sd-track-cache-v1';
export const CACHE_SIZE = 10;

export interface CachedLookup {
  awb: string;
  /** ISO time the answer was fetched. */
  savedAt: string;
  data: PublicTracking;
}

function readAll(storage: Storage): CachedLookup[] {
  try {
    const list = JSON.parse(storage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((x) => x && typeof x.awb === 'string' && x.data) : [];
  } catch {
    return [];
  }
}

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/** Remember an answer: most recent first, at most CACHE_SIZE AWBs. */
export function saveLookup(awb: string, data: PublicTracking, storage: Storage = localStorage, now = new Date()) {
  const rest = readAll(storage).filter((x) => !same(x.awb, awb));
  const list = [{ awb, savedAt: now.toISOString(), data }, ...rest].slice(0, CACHE_SIZE);
  try {
    storage.setItem(KEY, JSON.stringify(list));
  } catch {
    // quota: drop the oldest half and try once more
    try {
      storage.setItem(KEY, JSON.stringify(list.slice(0, Math.ceil(list.length / 2))));
    } catch {
      // give up quietly: the page works without the cache
    }
  }
}

export function cachedLookup(awb: string, storage: Storage = localStorage): CachedLookup | null {
  return readAll(storage).find((x) => same(x.awb, awb)) ?? null;
}

export function cachedAwbs(storage: Storage = localStorage): string[] {
  return readAll(storage).map((x) => x.awb);
}
