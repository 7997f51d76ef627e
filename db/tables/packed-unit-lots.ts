// The lot, expiry and serial read from a packed unit's GS1 barcode (migration 2026-11-28T0100_packed_unit_lots).
export interface PackedUnitLotTable {
  id: string;
  order_id: string;
  company_id: string;
  wsin: string;
  /** The unit's GTIN, 14 digits. */
  gtin: string;
  lot: string | null;
  /** YYYY-MM-DD. */
  expiry: string | null;
  serial: string | null;
  /** The device that scanned it. */
  client_id: string;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    packed_unit_lots: PackedUnitLotTable;
  }
}
