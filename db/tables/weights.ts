// Tables of weight reconciliation (migration 2026-11-28T0600_weight_reconciliation).
export interface WeightChargeTable {
  id: string;
  import_id: string; // the file import, or for a pushed weight the courier connection that pushed it
  source: string; // 'file' | 'push' | 'poll' (domain/weights.ts WEIGHT_SOURCES)
  courier: string;
  awb: string;
  billed_on: string; // YYYY-MM-DD
  billed_weight_g: number;
  charge_paise: number | null; // the extra the courier billed for it, when its file says
  order_id: string | null;
  company_id: string | null;
  packed_chargeable_g: number | null; // the order's chargeable_weight_g when imported
  difference_g: number | null; // billed - packed chargeable
  status: string; // domain/weights.ts WEIGHT_STATUSES
  dispute_by: string; // YYYY-MM-DD, the last day a dispute may be raised
  decided_at: string | null;
  decided_by: string | null;
  created_at: string;
}

export interface WeightCourierSettingsTable {
  courier: string;
  dispute_days: number;
  mapping: string | null; // JSON WeightMapping
  updated_at: string;
}

export interface WeightToleranceTable {
  company_id: string;
  tolerance_g: number;
  updated_by: string | null;
  updated_at: string;
}

declare module '../schema' {
  interface Database {
    weight_charges: WeightChargeTable;
    weight_courier_settings: WeightCourierSettingsTable;
    weight_tolerances: WeightToleranceTable;
  }
}
