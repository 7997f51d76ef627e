// E-way bills of invoices (db/migrations/2026-11-29T0300_eway_bills.ts).
export interface EwayBillTable {
  id: string;
  company_id: string;
  invoice_id: string;
  source: string; // 'irn' (by IRN through the IRP) | 'ewb' (the e-way bill system's own Generate)
  connection_id: string | null; // the gst-ewb connection that generated it
  gstin: string;
  ewb_no: string;
  ewb_at: string; // ISO
  valid_till: string | null; // ISO; null until Part B is entered
  distance_km: number | null;
  trans_mode: string | null;
  transporter_id: string | null;
  vehicle_no: string | null;
  trans_doc_no: string | null;
  trans_doc_date: string | null; // dd/mm/yyyy
  part_b_at: string | null; // ISO, the last Part B update
  status: string; // 'active' | 'cancelled'
  cancelled_at: string | null;
  cancel_reason: string | null;
  consolidated_no: string | null;
  demo: number;
  created_at: string;
  updated_at: string;
}

// A Generate e-way bill in flight or in doubt (db/migrations/2026-11-30T0200_eway_bill_requests.ts).
export interface EwayBillRequestTable {
  invoice_id: string;
  company_id: string;
  gstin: string;
  doc_type: string; // 'INV'
  doc_no: string; // as sent (docNo)
  status: string; // 'sending' (recorded before the call) | 'unknown' (its answer was lost, or a 604 not settled by the lookup)
  last_error: string | null; // what the seller was told
  created_at: string;
  updated_at: string; // ISO, when it was last sent or looked up
}

declare module '../schema' {
  interface Database {
    eway_bills: EwayBillTable;
    eway_bill_requests: EwayBillRequestTable;
  }
}
