// Tables of the public tracking area (migration 2026-11-22T0600_tracking).
export interface TrackingBuyerAttemptTable {
  id: string;
  /** The AWB someone tried to prove they are the buyer of. */
  awb: string;
  /** ISO time of the wrong attempt. */
  created_at: string;
  /** The client it came from (address, IPv6 by /64); null on rows from before it was kept. */
  client_key: string | null;
}

declare module '../schema' {
  interface Database {
    tracking_buyer_attempts: TrackingBuyerAttemptTable;
  }
}
