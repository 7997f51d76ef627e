// Columns added to customer_requests by migration 2026-11-24T1300_ndr_outcomes.
export {};

declare module '../schema' {
  interface CustomerRequestTable {
    /** ISO time the seller accepted or declined the request; null while OPEN. */
    decided_at: string | null;
    /** Why the seller declined (never shown to the buyer). */
    decline_reason: string | null;
    /** Name of the user who decided. */
    decided_by: string | null;
  }
}
