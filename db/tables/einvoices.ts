// GST e-invoicing (db/migrations/2026-11-28T0500_einvoices.ts).
export interface GstSettingsTable {
  company_id: string;
  einvoicing: number;
  turnover_band: string; // domain/einvoice/rules.ts TURNOVER_BANDS
  updated_at: string;
}

export interface EinvoiceTable {
  invoice_id: string;
  company_id: string;
  connection_id: string | null;
  status: string; // 'pending' | 'registered' | 'failed' | 'cancelled'
  seller_gstin: string | null;
  doc_no: string;
  doc_date: string; // dd/mm/yyyy
  irn: string | null; // computed here before sending
  payload: string | null; // the INV-01 JSON sent
  ack_no: string | null;
  ack_at: string | null; // ISO
  signed_invoice: string | null;
  signed_qr_code: string | null;
  demo: number;
  last_error: string | null;
  cancel_reason: string | null;
  cancel_remark: string | null;
  cancelled_at: string | null;
  ewb_no: string | null;
  ewb_at: string | null;
  ewb_valid_till: string | null;
  // db/migrations/2026-11-28T1100_ewb_cancel.ts: the last e-way bill cancelled (ewb_no is cleared then).
  ewb_cancelled_no: string | null;
  ewb_cancelled_at: string | null;
  ewb_cancel_reason: string | null;
  created_at: string;
  updated_at: string;
}

declare module '../schema' {
  interface Database {
    gst_settings: GstSettingsTable;
    einvoices: EinvoiceTable;
  }
}
