/**
 * Counters per key in fixed windows (rate limits: requests per address, lookups per AWB). Windows are
 * aligned on the clock (`floor(now / windowMs)`), so every process counts in the same window.
 * - `MemoryCounter`: this process's memory (SQLite: one process).
 * - `DbCounter`: a row per key in the database (PostgreSQL: every process shares it).
 * - `RedisCounter`: INCR with an expiry in Redis (REDIS_URL).
 * `countersOf(dbh, config)` picks one per app; N processes then allow the same total as one.
 */
import { createClient, type RedisClientType } from 'redis';
import type { DbHandle } from '../../db/connect';
import { dropCount, peekCount, takeCount } from '../../db/counters/queries';
import type { AppConfig } from '../env';
import type { RateCounter } from './rate-counter';

export type Count = { count: number; resetAt: number };

export interface Counter {
  readonly kind: 'memory' | 'database' | 'redis';
  /** Counts `cost` (default 1) for `key` in the current window of `windowMs`; answers the count including it. */
  take(key: string, windowMs: number, cost?: number): Promise<Count>;
  /** The count of `key` in the current window, without counting. */
  peek(key: string, windowMs: number): Promise<Count>;
  /** Forgets `key`'s count in the current window. */
  reset(key: string, windowMs: number): Promise<void>;
}

export const windowOf = (now: number, windowMs: number) => {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetAt: start + windowMs };
};

export class MemoryCounter implements Counter {
  readonly kind = 'memory' as const;
  /** Per window length: the window's start and its counts (dropped when the window ends). */
  private windows = new Map<number, { start: number; counts: Map<string, number> }>();
  constructor(private now: () => number = Date.now) {}

  private current(windowMs: number) {
    const { start, resetAt } = windowOf(this.now(), windowMs);
    let w = this.windows.get(windowMs);
    if (!w || w.start !== start) this.windows.set(windowMs, (w = { start, counts: new Map() }));
    return { counts: w.counts, resetAt };
  }

  async take(key: string, windowMs: number, cost = 1) {
    const { counts, resetAt } = this.current(windowMs);
    const count = (counts.get(key) ?? 0) + cost;
    counts.set(key, count);
    return { count, resetAt };
  }

  async peek(key: string, windowMs: number) {
    const { counts, resetAt } = this.current(windowMs);
    return { count: counts.get(key) ?? 0, resetAt };
  }

  async reset(key: string, windowMs: number) {
    this.current(windowMs).counts.delete(key);
  }
}

export class DbCounter implements Counter {
  readonly kind = 'database' as const;
  constructor(private dbh: DbHandle, private now: () => number = Date.now) {}

  async take(key: string, windowMs: number, cost = 1) {
    const { start, resetAt } = windowOf(this.now(), windowMs);
    return { count: await takeCount(this.dbh.db, `${windowMs}:${key}`, start, cost), resetAt };
  }

  async reset(key: string, windowMs: number) {
    await dropCount(this.dbh.db, `${windowMs}:${key}`);
  }

  async peek(key: string, windowMs: number) {
    const { start, resetAt } = windowOf(this.now(), windowMs);
    return { count: await peekCount(this.dbh.db, `${windowMs}:${key}`, start), resetAt };
  }
}

const counters = new WeakMap<DbHandle, Map<string, Counter>>();

/** The app's counter: Redis when REDIS_URL is set, the database on PostgreSQL, memory with SQLite. */
export function countersOf(dbh: DbHandle, config: Pick<AppConfig, 'redisUrl' | 'redisPrefix'>): Counter {
  const id = config.redisUrl ? `${config.redisUrl}|${config.redisPrefix ?? ''}` : dbh.dialect;
  let byId = counters.get(dbh);
  if (!byId) counters.set(dbh, (byId = new Map()));
  let c = byId.get(id);
  if (!c) byId.set(id, (c = config.redisUrl ? new RedisCounter(config.redisUrl, { prefix: config.redisPrefix }) : dbh.dialect === 'postgres' ? new DbCounter(dbh) : new MemoryCounter()));
  return c;
}

/**
 * Counters in Redis: one key per key and window, counted with INCR and expiring at the window's end.
 * Keys start with `prefix` (REDIS_PREFIX, default `shipdesk:`), so deployments can share one Redis.
 */
export class RedisCounter implements Counter {
  readonly kind = 'redis' as const;
  private client: Promise<RedisClientType> | null = null;
  private now: () => number;
  private prefix: string;
  constructor(private url: string, opts: { now?: () => number; prefix?: string } = {}) {
    this.now = opts.now ?? (() => Date.now());
    this.prefix = `${opts.prefix ?? 'shipdesk:'}count:`;
  }

  private connection() {
    if (!this.client) {
      const client = createClient({ url: this.url }) as RedisClientType;
      client.on('error', () => undefined); // reconnects by itself; a call meanwhile fails and is answered 500
      this.client = client.connect().then(() => client);
      this.client.catch(() => (this.client = null));
    }
    return this.client;
  }

  async take(key: string, windowMs: number, cost = 1) {
    const { start, resetAt } = windowOf(this.now(), windowMs);
    const k = `${this.prefix}${windowMs}:${start}:${key}`;
    const client = await this.connection();
    const [count] = await client.multi().incrBy(k, cost).pExpireAt(k, resetAt + 1000).exec();
    return { count: Number(count), resetAt };
  }

  async reset(key: string, windowMs: number) {
    const { start } = windowOf(this.now(), windowMs);
    await (await this.connection()).del(`${this.prefix}${windowMs}:${start}:${key}`);
  }

  async peek(key: string, windowMs: number) {
    const { start, resetAt } = windowOf(this.now(), windowMs);
    const client = await this.connection();
    return { count: Number((await client.get(`${this.prefix}${windowMs}:${start}:${key}`)) ?? 0), resetAt };
  }

  async close() {
    if (this.client) await (await this.client).quit();
  }
}

/**
 * A shared counter as a RateCounter of one window (the public lookup budgets), its keys under `name:`:
 * on PostgreSQL or Redis, every process spends from the same budget.
 */
export function sharedRateCounter(counter: Counter, name: string, windowMs: number, now: () => number = () => Date.now()): RateCounter {
  const window = ({ count, resetAt }: Count) => ({ count, resetMs: resetAt - now() });
  return {
    windowMs,
    take: async (key, cost = 1) => window(await counter.take(`${name}:${key}`, windowMs, cost)),
    peek: async (key) => window(await counter.peek(`${name}:${key}`, windowMs)),
    reset: (key) => counter.reset(`${name}:${key}`, windowMs),
  };
}
