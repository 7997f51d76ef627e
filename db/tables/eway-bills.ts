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

declare module '../schema' {
  interface Database {
    eway_bills: EwayBillTable;
  }
}
