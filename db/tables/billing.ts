// Tables of the billing area (migration 2026-11-22T0800_billing).
import type { Selectable } from 'kysely';

export interface InvoicingProfileTable {
  company_id: string;
  registered_name: string;
  brand_name: string;
  address: string; // JSON {line1,line2,city,state,pincode}
  logo_key: string;
  signature_key: string;
  sgst: number;
  cgst: number;
  igst: number;
  utgst: number;
  updated_by: string | null;
  updated_at: string;
}

export interface InvoiceSeriesTable {
  company_id: string;
  warehouse_id: string;
  b2c_prefix: string;
  b2b_prefix: string;
  /** The last number issued in the B2C series (0: none yet). */
  b2c_index: number;
  b2b_index: number;
  updated_at: string;
}

export interface InvoiceTable {
  id: string;
  company_id: string;
  order_id: string;
  warehouse_id: string | null;
  invoice_number: string;
  kind: 'B2C' | 'B2B';
  series_index: number;
  buyer_name: string;
  buyer_gstin: string | null;
  amount_paise: number;
  paid_paise: number;
  issued_at: string;
  updated_at: string;
}

export interface InvoicePaymentTable {
  id: string;
  invoice_id: string;
  company_id: string;
  amount_paise: number;
  mode: string;
  reference: string | null;
  paid_on: string;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

export type InvoicingProfileRow = Selectable<InvoicingProfileTable>;
export type InvoiceSeriesRow = Selectable<InvoiceSeriesTable>;
export type InvoiceRow = Selectable<InvoiceTable>;
export type InvoicePaymentRow = Selectable<InvoicePaymentTable>;

declare module '../schema' {
  interface Database {
    invoicing_profiles: InvoicingProfileTable;
    invoice_series: InvoiceSeriesTable;
    invoices: InvoiceTable;
    invoice_payments: InvoicePaymentTable;
  }
}
