// Tables of the public tracking area (migration 2026-11-22T0600_tracking).
export interface TrackingBuyerAttemptTable {
  id: string;
  /** The AWB someone tried to prove they are the buyer of. */
  awb: string;
  /** ISO time of the wrong attempt. */
  created_at: string;
}

declare module '../schema' {
  interface Database {
    tracking_buyer_attempts: TrackingBuyerAttemptTable;
  }
}
