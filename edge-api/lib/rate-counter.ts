/**
 * Counters per key in fixed windows: the one place the public limits count
 * (the tracking lookup's budget per client). Behind a small interface so that
 * a deployment of many processes can count in a shared store (PostgreSQL,
 * Redis) by giving createApp another `RateCounter`; the one here counts in
 * this process's memory, which is right for one process on SQLite.
 */
export type WindowCount = {
  /** The key's total in the current window. */
  count: number;
  /** Milliseconds until the window ends and the count starts again from 0. */
  resetMs: number;
};

export interface RateCounter {
  readonly windowMs: number;
  /** Adds `cost` (default 1) to `key` and answers the total after it. */
  take(key: string, cost?: number): Promise<WindowCount>;
  /** The key's total, unchanged. */
  peek(key: string): Promise<WindowCount>;
  /** Forgets the key's count. */
  reset(key: string): Promise<void>;
  /**
   * `take` answered at once, for a counter in this process's memory. A path that cannot wait
   * (the lookup of a remembered answer) uses it, and leaves the request to the full lookup,
   * which awaits `take`, when a counter lacks it.
   */
  takeNow?(key: string, cost?: number): WindowCount;
  peekNow?(key: string): WindowCount;
}

/**
 * A counter in this process's memory. The table is dropped at each window's end (and its oldest
 * keys when it holds `maxKeys`), so it never holds more than one window's keys.
 */
export function memoryRateCounter(opts: { windowMs: number; maxKeys?: number; now?: () => number }): RateCounter {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 100_000;
  let windowStart = now();
  let counts = new Map<string, number>();
  const roll = () => {
    const t = now();
    if (t - windowStart >= opts.windowMs) {
      windowStart = t - ((t - windowStart) % opts.windowMs);
      counts = new Map();
    }
    return t;
  };
  const peekNow = (key: string): WindowCount => {
    const t = roll();
    return { count: counts.get(key) ?? 0, resetMs: windowStart + opts.windowMs - t };
  };
  const takeNow = (key: string, cost = 1): WindowCount => {
    const t = roll();
    const count = (counts.get(key) ?? 0) + cost;
    if (!counts.has(key) && counts.size >= maxKeys) counts.delete(counts.keys().next().value!);
    counts.set(key, count);
    return { count, resetMs: windowStart + opts.windowMs - t };
  };
  return {
    windowMs: opts.windowMs,
    takeNow,
    peekNow,
    take: async (key, cost) => takeNow(key, cost),
    peek: async (key) => peekNow(key),
    reset: async (key) => {
      counts.delete(key);
    },
  };
}
