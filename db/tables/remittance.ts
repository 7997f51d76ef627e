// Tables of COD remittance (migration 2026-11-27T0700_cod_remittance).
export interface CodRemittanceTable {
  id: string;
  import_id: string;
  courier: string;
  awb: string;
  utr: string;
  remitted_on: string; // YYYY-MM-DD
  amount_paise: number;
  order_id: string | null;
  company_id: string | null;
  expected_paise: number | null;
  flag: string;
  bank_matched_at: string | null;
  settled_at: string | null;
  settled_by: string | null;
  created_at: string;
}

export interface CodRemittanceImportTable {
  id: string;
  kind: string; // remittance | bank
  courier: string | null;
  file_name: string;
  rows: number;
  added: number;
  created_by: string | null;
  created_at: string;
}

export interface CodCourierSettingsTable {
  courier: string;
  not_remitted_days: number;
  mapping: string | null; // JSON ColumnMapping
  updated_at: string;
}

declare module '../schema' {
  interface Database {
    cod_remittances: CodRemittanceTable;
    cod_remittance_imports: CodRemittanceImportTable;
    cod_courier_settings: CodCourierSettingsTable;
  }
}
