// Tables of sign-in hardening (migration 2026-11-24T1400_auth_hardening).

/** One password-check budget: an account (`acct:<email>`) or an account on a trusted device (`dev:<device>:<user>`). */
export interface AuthThrottleTable {
  key: string;
  /** Start of the current 15-minute window (ISO). */
  window_start: string;
  /** Password checks counted in the window (a successful one is given back). */
  checks: number;
  /** Failures in a row; each one past the third doubles the wait before the next check. */
  failures: number;
  /** No check before this time (ISO). */
  next_at: string;
  updated_at: string;
}

declare module '../schema' {
  interface Database {
    auth_throttle: AuthThrottleTable;
  }
}
