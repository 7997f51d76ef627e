// Manual-order payload columns (migration 2026-11-24T1200_orders_ship_from_gstins) on orders,
// and a company's GSTIN per state.
import type { Selectable } from 'kysely';

/** Nullable, so optional on insert. */
type OptionalText = string | null;

export interface CompanyGstinTable {
  company_id: string;
  /** Two-digit GST state code ('27' Maharashtra). */
  state_code: string;
  gstin: string;
  /** The place of business registered under this GSTIN (JSON GstinAddress); null: not recorded. */
  address: string | null;
  updated_by: string | null;
  updated_at: string;
}
export type CompanyGstinRow = Selectable<CompanyGstinTable>;

declare module '../schema' {
  interface OrderTable {
    /** Beat (D2R route) the order was taken on; beats arrive with the bulk beats upload. */
    beat_id: OptionalText;
    /** The seller's own shipping label, when it ships with its own courier. */
    shipping_label_url: OptionalText;
    /** The seller's own invoice document, when given with the order. */
    invoice_url: OptionalText;
  }
  interface Database {
    company_gstins: CompanyGstinTable;
  }
}
