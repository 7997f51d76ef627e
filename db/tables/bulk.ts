// Tables of the bulk upload area (migration 2026-11-24T1500_bulk).
export interface BulkLedgerTable {
  kind: string;
  company_id: string;
  /** The row's natural key (or file id and row number when it has none). */
  row_key: string;
  ref: string | null;
  created_at: string;
}

export interface BeatTable {
  id: string;
  company_id: string;
  name: string;
  description: string | null;
  salesman_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface BeatStoreTable {
  beat_id: string;
  store_id: string;
}

export interface D2rStorePriceTable {
  store_id: string;
  catalogue_id: string;
  company_id: string;
  /** Percent off the catalogue price for this store. */
  discount: number;
  actor_id: string | null;
  actor_name: string | null;
  updated_at: string;
}

export interface ShippingChargeAdjustmentTable {
  id: string;
  order_id: string;
  company_id: string;
  awb: string;
  is_dto: number;
  previous_paise: number | null;
  shipping_paise: number;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

export interface RetailerProfileTable {
  store_id: string;
  company_id: string;
  external_id: string;
  class: string;
  type: string;
  cluster: string;
  /** JSON of the other columns (alternate phone, landmark, PAN, credit, beat, salesman). */
  details: string;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    bulk_ledger: BulkLedgerTable;
    beats: BeatTable;
    beat_stores: BeatStoreTable;
    d2r_store_prices: D2rStorePriceTable;
    shipping_charge_adjustments: ShippingChargeAdjustmentTable;
    retailer_profiles: RetailerProfileTable;
  }
}
