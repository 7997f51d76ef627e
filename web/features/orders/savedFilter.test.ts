import { describe, expect, it } from 'vitest';
import { filterTags, visibleTags } from './filterTags';
import { loadFilter, loadTab, saveFilter, saveTab } from './savedFilter';
import { filterOf, listParams, ordersSearchSchema, resetPage } from './search';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('saved orders filter', () => {
  it('comes back within six hours and is dropped after', () => {
    const store = memory();
    const t0 = Date.parse('2026-11-22T09:00:00Z');
    saveFilter({ paymentMode: 'cod', status: 'PLACED' }, t0, store);
    expect(loadFilter(t0 + 5.9 * 3_600_000, store)).toEqual({ paymentMode: 'cod', status: 'PLACED' });
    expect(loadFilter(t0 + 6.1 * 3_600_000, store)).toBeNull();
    // dropped, not just hidden
    expect(loadFilter(t0, store)).toBeNull();
  });

  it('forgets an empty filter and survives garbage', () => {
    const store = memory();
    saveFilter({ q: 'CP1' }, Date.now(), store);
    saveFilter({}, Date.now(), store);
    expect(loadFilter(Date.now(), store)).toBeNull();
    store.setItem('sd.orders.filter', '{not json');
    expect(loadFilter(Date.now(), store)).toBeNull();
  });

  it('keeps the section', () => {
    const store = memory();
    expect(loadTab(store)).toBeNull();
    saveTab('returns', store);
    expect(loadTab(store)).toBe('returns');
    store.setItem('sd.orders.tab', 'bogus');
    expect(loadTab(store)).toBeNull();
  });
});

describe('filter tags', () => {
  it('shows three tags, then +N more filters', () => {
    const tags = filterTags({ q: 'CP10', status: 'PLACED,RTO_IN_TRANSIT', from: '2026-11-01', to: '2026-11-21', paymentMode: 'cod', orderType: 1 });
    expect(tags.map((t) => t.label)).toEqual([
      'Search: CP10', 'Status: placed, RTO in transit', 'Date: 2026-11-01 to 2026-11-21', 'Payment: COD', 'Order type: B2B',
    ]);
    const v = visibleTags(tags);
    expect(v.shown).toHaveLength(3);
    expect(v.more).toBe('+2 more filters');
    expect(visibleTags(tags.slice(0, 3)).more).toBeNull();
  });
});

describe('URL state', () => {
  it('ignores bad params instead of failing the page, and maps to the API query', () => {
    const s = ordersSearchSchema.parse({ tab: 'returns', paymentMode: 'gold', sortField: 'totalPaise', cursor: 'abc', dir: 'prev', pn: 3, q: 'CP1' });
    expect(s.paymentMode).toBeUndefined();
    expect(filterOf(s)).toEqual({ q: 'CP1' });
    expect(listParams(s)).toEqual({ tab: 'returns', q: 'CP1', sortField: 'totalPaise', cursor: 'abc', dir: 'prev' });
    expect(listParams({ ...resetPage(s), last: true })).toMatchObject({ page: 'last' });
  });
});
