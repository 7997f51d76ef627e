import { describe, expect, it } from 'vitest';
import { DEFAULT_TRACKING_LAYOUT, type PublicTracking } from '../../../domain/tracking-rules';
import { CACHE_SIZE, cachedAwbs, cachedLookup, saveLookup } from './cache';

/** localStorage as the page sees it, in memory. */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}
const answer = (awb: string, status = 'IN_TRANSIT'): PublicTracking => ({
  trackingNumber: awb, shopOrderId: 'X1', status, shipper: null, pickup: { state: 'Goa' }, shipping: { state: 'Kerala' },
  deliveredOn: null, estimatedDelivery: null, customerRequestsAllowed: false, timeline: [], pageLayout: DEFAULT_TRACKING_LAYOUT, updatedAt: '2026-11-20T00:00:00Z',
});

describe('offline cache of lookups', () => {
  it('keeps the last ten AWBs, most recent first, and the newest answer of each', () => {
    const s = memoryStorage();
    for (let i = 1; i <= 12; i++) saveLookup(`AWB${i}`, answer(`AWB${i}`), s, new Date(Date.UTC(2026, 10, 20, 0, i)));
    expect(cachedAwbs(s)).toHaveLength(CACHE_SIZE);
    expect(cachedAwbs(s)[0]).toBe('AWB12');
    expect(cachedLookup('AWB1', s)).toBeNull();
    saveLookup('AWB5', answer('AWB5', 'DELIVERED'), s, new Date(Date.UTC(2026, 10, 21)));
    expect(cachedAwbs(s)[0]).toBe('AWB5');
    expect(cachedAwbs(s)).toHaveLength(CACHE_SIZE);
    expect(cachedLookup('awb5', s)).toMatchObject({ savedAt: '2026-11-21T00:00:00.000Z', data: { status: 'DELIVERED' } });
  });
  it('survives storage that holds garbage', () => {
    const s = memoryStorage();
    s.setItem('sd-track-cache-v1', '{not json');
    expect(cachedLookup('AWB1', s)).toBeNull();
    saveLookup('AWB1', answer('AWB1'), s);
    expect(cachedAwbs(s)).toEqual(['AWB1']);
  });
});
