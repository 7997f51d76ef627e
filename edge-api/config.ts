/**
 * The server's settings, read from the environment once (README "Settings").
 * Tests pass their own overrides to `createApp({config})`.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { HistoryRetention } from '../db/history/partitions';
import type { AppConfig, AuthSettings } from './env';
import type { PublicLookupSettings } from './middleware/public-lookup-limit';

/** Every auth budget and bound in one place (README "Sign-in"). */
export const DEFAULT_AUTH: AuthSettings = {
  maxChecks: 10,
  windowMs: 15 * 60_000,
  freeFailures: 3,
  firstDelayMs: 1000,
  maxDelayMs: 60_000,
  hashConcurrency: 2,
  hashQueue: 24,
  addressLimit: { max: 120, windowMs: 60_000 },
  deviceDays: 180,
};

/**
 * Months of history kept (README "Settings"): an order's timeline for ever unless the operator
 * sets a limit (it is the order's record); partner tasks (webhooks received, bookings and
 * write-backs made) half a year; the job log (exports, imports, e-mails) three months.
 */
export const DEFAULT_HISTORY: HistoryRetention = { order_trails: 0, integration_tasks: 6, jobs: 3 };

/**
 * The public lookup's budget per client: 300 points in 10 minutes. A buyer reloading their page
 * (lookup and details) spends 2 a time; a first look at an AWB 5; an unknown AWB 30. A scan of
 * sequential numbers is stopped within 60 lookups even if every one exists, within about 10 where
 * most do not.
 */
export const DEFAULT_PUBLIC_LOOKUP: PublicLookupSettings = { budget: 300, windowMs: 10 * 60_000, repeatCost: 1, hitCost: 5, missCost: 30 };

/**
 * Without SIGNING_KEY outside production (tests, `npm start`'s demo), one random
 * key per process: links are signed with something nobody can read in the source.
 * `server.ts` keeps one in the data folder instead, so links outlive a restart.
 */
const processKey = randomBytes(32).toString('base64url');
const processEncryptionKey = randomBytes(32).toString('base64url');

const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback);
/** Whole months, at least 0 (0 keeps every row). */
const months = (v: string | undefined, fallback: number) => Math.max(0, Math.floor(num(v, fallback)));
const list = (v: string | undefined) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env, over: Partial<AppConfig> = {}): AppConfig {
  const production = env.NODE_ENV === 'production';
  const publicUrl = over.publicUrl ?? env.PUBLIC_URL ?? 'http://127.0.0.1:8080';
  const https = publicUrl.startsWith('https://');
  return {
    production,
    secureCookies: https || env.SECURE_COOKIES === '1',
    hsts: https,
    dataDir: env.DATA_DIR ?? 'data',
    fileStore: env.FILE_STORE === 'disk' || env.FILE_STORE === 'database' ? env.FILE_STORE : undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || undefined,
    signingKey: env.SIGNING_KEY ?? (production ? '' : processKey),
    encryptionKey: env.ENCRYPTION_KEY ?? (production ? '' : processEncryptionKey),
    publicUrl,
    smtpUrl: env.SMTP_URL,
    trustedProxies: list(env.TRUST_PROXY),
    limits: { labelsDirect: num(env.LABELS_DIRECT_LIMIT, 500), csvRowsDirect: num(env.CSV_DIRECT_LIMIT, 100_000) },
    auth: {
      ...DEFAULT_AUTH,
      hashConcurrency: num(env.AUTH_HASH_CONCURRENCY, DEFAULT_AUTH.hashConcurrency),
      hashQueue: num(env.AUTH_HASH_QUEUE, DEFAULT_AUTH.hashQueue),
      addressLimit: { max: num(env.AUTH_ADDRESS_LIMIT, DEFAULT_AUTH.addressLimit.max), windowMs: DEFAULT_AUTH.addressLimit.windowMs },
    },
    mailPerUserPerHour: num(env.MAIL_PER_USER_PER_HOUR, 20),
    publicLookup: { ...DEFAULT_PUBLIC_LOOKUP, budget: num(env.PUBLIC_LOOKUP_BUDGET, DEFAULT_PUBLIC_LOOKUP.budget) },
    history: {
      order_trails: months(env.RETAIN_ORDER_TRAIL_MONTHS, DEFAULT_HISTORY.order_trails),
      integration_tasks: months(env.RETAIN_PARTNER_TASK_MONTHS, DEFAULT_HISTORY.integration_tasks),
      jobs: months(env.RETAIN_JOB_MONTHS, DEFAULT_HISTORY.jobs),
    },
    ...over,
  };
}

/**
 * A key of a server started without it outside production (SIGNING_KEY,
 * ENCRYPTION_KEY): made once, kept (owner-readable only) in `<dataDir>/<name>`.
 */
export function localKey(dataDir: string, name: 'signing-key' | 'encryption-key'): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return fs.readFileSync(file, 'utf8').trim(); // another process made it first
    }
  }
}
