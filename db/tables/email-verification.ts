// E-mail verification (migrations 2026-11-26T0200_email_verification, 2026-11-26T0400_org_email_verification).
import type { ColumnType } from 'kysely';

/** A nullable column that inserts may leave out. */
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** One verification link sent: the SHA-256 of its token, never the token. */
export interface EmailVerificationTable {
  token_hash: string;
  /** The row's id; the mailing job derives the link's token from it (HMAC with the signing key). */
  id: string;
  user_id: string;
  /** The address the link was sent to. */
  email: string;
  created_at: string;
  expires_at: string;
  /** When the link was opened; a link works once. */
  used_at: string | null;
  /** Set when the link verifies an organisation's configured address (migration 2026-11-26T0400), not the user's own. */
  org_kind: Optional<'company' | 'warehouse'>;
  org_id: Optional<string>;
}

declare module '../schema' {
  interface UserTable {
    /** When the user's current address was verified; null until then (nullable, so optional on insert). */
    email_verified_at: string | null;
  }
  interface CompanyTable {
    /** The configured address that was verified; it receives files only while it equals `email` (migration 2026-11-26T0400). */
    email_verified: Optional<string>;
  }
  interface WarehouseTable {
    /** As CompanyTable.email_verified. */
    email_verified: Optional<string>;
  }
  interface Database {
    email_verifications: EmailVerificationTable;
  }
}
