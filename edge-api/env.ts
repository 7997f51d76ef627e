import type { Logger } from 'pino';
import type { DbHandle } from '../db/connect';
import type { Role } from '../domain/roles';

export type AppConfig = {
  /** Mark cookies Secure (behind HTTPS). */
  secureCookies: boolean;
  /** Where uploads and generated files live. */
  dataDir: string;
  /** HMAC key for presigned upload URLs and signed download links. */
  signingKey: string;
  /** Public base URL used in e-mailed links. */
  publicUrl: string;
  smtpUrl?: string;
  limits: { labelsDirect: number; csvRowsDirect: number };
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
  };
};
