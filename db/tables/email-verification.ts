// E-mail verification (migration 2026-11-26T0200_email_verification).

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
}

declare module '../schema' {
  interface UserTable {
    /** When the user's current address was verified; null until then (nullable, so optional on insert). */
    email_verified_at: string | null;
  }
  interface Database {
    email_verifications: EmailVerificationTable;
  }
}
