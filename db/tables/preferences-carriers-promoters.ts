// Tables of preferences, carriers, promoters and the audit log (migration 2026-11-24T1700_preferences_carriers_promoters).
export interface SellerPreferencesTable {
  company_id: string;
  print_item_label: number;
  hide_customer_phone_on_label: number;
  courier_provider_1: string | null;
  courier_provider_2: string | null;
  max_weight_white_label_g: number | null;
  return_to_other_warehouse: number;
  updated_by: string | null;
  updated_at: string;
}
export interface CarrierRateCardTable {
  partner_code: string;
  zone: string;
  base_weight_g: number;
  base_paise: number;
  extra_weight_g: number;
  extra_paise: number;
  cod_fee_paise: number;
  cod_bp: number;
  max_weight_g: number;
  cod_limit_paise: number;
}
export interface CarrierZoneTable {
  partner_code: string;
  pin_prefix: string;
  cod: number;
}
export interface CarrierBookingTable {
  id: string;
  order_id: string;
  company_id: string;
  partner_code: string;
  partner_name: string;
  awb: string | null;
  status: string;
  rate_paise: number | null;
  zone: string | null;
  edd: string | null;
  reason: string | null;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
}
export interface D2rApprovalTable {
  order_id: string;
  margin_percent: number;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
}
export interface PromoterTable {
  id: string;
  name: string;
  phone: string;
  hms_user_reference_id: string;
  created_by: string;
  created_at: string;
}
export interface PromoterRetailerTable {
  id: string;
  promoter_id: string;
  first_name: string;
  last_name: string;
  phone: string;
  gstin: string;
}
export interface AuditLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  actor_name: string;
  company_id: string | null;
  action: string;
  path: string;
  entity_id: string | null;
  outcome: number;
  entity_kind: string | null;
  entity_label: string | null;
  changes: string | null; // JSON AuditChange[]
}

declare module '../schema' {
  interface Database {
    seller_preferences: SellerPreferencesTable;
    carrier_rate_cards: CarrierRateCardTable;
    carrier_zones: CarrierZoneTable;
    carrier_bookings: CarrierBookingTable;
    d2r_approvals: D2rApprovalTable;
    promoters: PromoterTable;
    promoter_retailers: PromoterRetailerTable;
    audit_log: AuditLogTable;
  }
}
