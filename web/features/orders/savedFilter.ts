// The orders filter and section kept in session storage: the filter for six
// hours (part 1 §9), so coming back to /orders in the same tab finds it again.
import { SECTION_NAMES, type SectionName } from '../../../domain/orders/sections';
import { SAVED_FILTER_TTL_MS } from '../../../domain/orders/texts';
import type { FilterValues } from './search';

const FILTER_KEY = 'sd.orders.filter';
const TAB_KEY = 'sd.orders.tab';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const session = (): Store | null => {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
};

export function saveFilter(filter: FilterValues, now = Date.now(), store: Store | null = session()) {
  if (!store) return;
  if (!Object.keys(filter).length) store.removeItem(FILTER_KEY);
  else store.setItem(FILTER_KEY, JSON.stringify({ savedAt: now, filter }));
}

/** The saved filter, or null when there is none or it is older than six hours (then it is dropped). */
export function loadFilter(now = Date.now(), store: Store | null = session()): FilterValues | null {
  const raw = store?.getItem(FILTER_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as { savedAt: number; filter: FilterValues };
    if (typeof v.savedAt !== 'number' || now - v.savedAt > SAVED_FILTER_TTL_MS) {
      store!.removeItem(FILTER_KEY);
      return null;
    }
    return v.filter ?? null;
  } catch {
    store!.removeItem(FILTER_KEY);
    return null;
  }
}

export function saveTab(tab: SectionName, store: Store | null = session()) {
  store?.setItem(TAB_KEY, tab);
}
export function loadTab(store: Store | null = session()): SectionName | null {
  const v = store?.getItem(TAB_KEY);
  return v && (SECTION_NAMES as readonly string[]).includes(v) ? (v as SectionName) : null;
}
