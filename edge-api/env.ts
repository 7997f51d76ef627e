import type { Logger } from 'pino';
import type { DbHandle } from '../db/connect';
import type { HistoryRetention } from '../db/history/partitions';
import type { Role } from '../domain/roles';
import type { LookupLimit, PublicLookupSettings } from './middleware/public-lookup-limit';

export type AuthSettings = {
  /** Password checks per account (and per trusted device) and window. */
  maxChecks: number;
  windowMs: number;
  /** Wrong passwords in a row without a wait; then 1 s, 2 s, 4 s… up to `maxDelayMs`. */
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Password hashes running at once, and waiting, per process; more are refused (429). */
  hashConcurrency: number;
  hashQueue: number;
  /** Requests to /api/auth/* per client address and window, per process. */
  addressLimit: { max: number; windowMs: number };
  /** How long a device that signed in stays trusted for its account. */
  deviceDays: number;
};

export type AppConfig = {
  /** NODE_ENV=production: refuses demo data and built-in secrets (edge-api/services/install/production.ts). */
  production: boolean;
  /** Mark cookies Secure (PUBLIC_URL is https, or SECURE_COOKIES=1). */
  secureCookies: boolean;
  /** Send Strict-Transport-Security (PUBLIC_URL is https). */
  hsts: boolean;
  /** The local data folder (uploads and generated files when they are kept on disk). */
  dataDir: string;
  /** Where uploads and export files are kept (FILE_STORE): unset = in the database on PostgreSQL, on disk with SQLite. */
  fileStore?: 'disk' | 'database';
  /** Redis for counters shared by every process (REDIS_URL); unset = counters in the database (PostgreSQL) or in memory (SQLite). */
  redisUrl?: string;
  /** The start of every key this deployment keeps in Redis (REDIS_PREFIX, default `shipdesk:`). */
  redisPrefix?: string;
  /** HMAC key for presigned upload URLs and signed download links. */
  signingKey: string;
  /** AES-256-GCM key material for partner credentials at rest (edge-api/integrations/secret-box.ts): ENCRYPTION_KEY. */
  encryptionKey: string;
  /** Public base URL used in e-mailed links. */
  publicUrl: string;
  smtpUrl?: string;
  /** Reverse proxies whose X-Forwarded-For is believed (addresses, CIDRs, `loopback`, `private`): TRUST_PROXY. */
  trustedProxies: string[];
  limits: { labelsDirect: number; csvRowsDirect: number };
  auth: AuthSettings;
  /** Download e-mails a user may have sent per hour. */
  mailPerUserPerHour: number;
  /** The public tracking lookup's budget per client (edge-api/middleware/public-lookup-limit.ts). */
  publicLookup: PublicLookupSettings;
  /** Months of history each history table keeps (db/history/partitions.ts); 0 keeps every row. */
  history: HistoryRetention;
};


export type SessionInfo = {
  id: string;
  userId: string;
  role: Role;
  name: string;
  email: string;
  companyId: string | null;
  warehouseId: string | null;
  xsrfToken: string;
  selectedCompanyIds: string[];
};

export type AppEnv = {
  Variables: {
    dbh: DbHandle;
    config: AppConfig;
    log: Logger;
    requestId: string;
    session: SessionInfo | null;
    /** The client's address (edge-api/middleware/client-address.ts); null for an in-process request. */
    clientAddress: string | null;
    /** The public lookups' budget per client (edge-api/middleware/public-lookup-limit.ts). */
    lookupLimit: LookupLimit;
  };
};
