import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely types for the core model. Dialect-neutral: text ids, ISO text
 * timestamps, 0/1 integers for booleans, JSON stored as text, money in paise.
 */
/** The contact and tax columns a seller company and a warehouse both carry. */
interface BusinessColumns {
  name: string;
  email: string;
  phone: string;
  pan: string;
  gst: string;
  website: string;
}

export interface CompanyTable extends BusinessColumns {
  id: string;
  poc: string | null;
  poc_phone: string | null;
  address: string; // JSON {line1,line2,city,state,pincode}
  warehouse_requirement: string | null;
  is_d2r: number;
  whatsapp_ndr_active: number;
  clickpost_active: number;
  approve_rts_returns: number; // the one company whose READY_TO_SHIP orders show approve-return
  tracking_layout: string | null; // JSON TrackingLayout
  created_at: string;
}

export interface UserTable {
  id: string;
  email: string;
  password_hash: string;
  role: 'admin' | 'seller' | 'warehouse' | 'finance';
  name: string;
  company_id: string | null; // seller
  warehouse_id: string | null; // warehouse user
  created_at: string;
}

export interface SessionTable {
  id: string; // sha256 of the cookie token
  user_id: string;
  role: 'admin' | 'seller' | 'warehouse' | 'finance';
  xsrf_token: string;
  selected_company_ids: string; // JSON string[]
  created_at: string;
  expires_at: string;
}

export interface AuthCodeTable {
  code: string;
  user_id: string;
  role: 'admin' | 'seller' | 'warehouse' | 'finance';
  xsrf_token: string;
  state: string | null;
  redirect_url: string | null;
  created_at: string;
  expires_at: string;
  used: number;
}

export interface WarehouseTable extends BusinessColumns {
  id: string;
  code: string;
  address: string; // JSON {line1,line2,landmark,city,state,pincode,country}
  invoice_prefix: string | null;
  b2b_invoice_prefix: string | null;
  b2c_index: number;
  b2b_index: number;
  active: number;
  created_at: string;
}

export interface WarehouseCompanyTable {
  warehouse_id: string;
  company_id: string;
}

export interface DeliveryPartnerTable {
  id: string;
  name: string;
  code: string;
  status: number;
  hmac_secret: string;
  service_levels: string; // JSON Record<zone, days>
}

export interface OrderTable {
  id: string;
  company_id: string;
  warehouse_id: string | null;
  shop_order_id: string;
  external_order_id: string | null;
  status: string;
  shop_type: string;
  order_type: number; // 0 none, 1 B2B, 2 D2R
  payment_mode: string;
  total_paise: number;
  shipping_paise: number;
  cod_paise: number;
  tracking_number: string | null; // AWB
  return_awb: string | null;
  delivery_partner_id: string | null;
  shipper: string | null;
  customer_name: string;
  customer_phone: string;
  customer_email: string | null;
  shipping_address: string; // JSON {firstName,lastName,phone,email,address1,address2,city,state,pincode,gstin}
  billing_address: string; // JSON, same shape
  shipping_state: string;
  shipping_city: string;
  shipping_pincode: string;
  pickup_state: string;
  pickup_pincode: string;
  weight_g: number;
  length_cm: number;
  breadth_cm: number;
  height_cm: number;
  shipping_package_code: string | null;
  // The parcel as weighed and boxed at packing (null until then): grams and cm.
  packed_weight_g: number | null;
  packed_package_code: string | null;
  packed_length_cm: number | null;
  packed_breadth_cm: number | null;
  packed_height_cm: number | null;
  volumetric_weight_g: number | null; // L×B×H/5000 kg, in grams
  chargeable_weight_g: number | null; // max(packed, volumetric)
  weighed_at: string | null;
  weighed_by: string | null; // user id of the packer
  packed_photo_key: string | null; // the parcel photo taken at packing (a 'proof' upload), weight dispute evidence
  remittance_status: string | null;
  rts_verified_at: string | null;
  eway_bill: string | null;
  remarks: string | null;
  cancel_reason: string | null;
  d2r_due_date: string | null;
  store_address_id: string | null;
  salesman_id: string | null;
  purchase_order_number: string | null;
  terms_of_payment: string | null;
  due_date: string | null;
  invoice_number: string | null;
  items_summary: string | null; // 'SKU x qty; ...' in item id order, kept by triggers on order_items
  inventory_blocked: number;
  extra: string | null; // JSON for rarely used fields (pricing type, beat id, ...)
  created_at: string;
  updated_at: string;
  version: number;
}

export interface OrderItemTable {
  id: string;
  order_id: string;
  catalogue_id: string | null;
  title: string;
  sku: string;
  quantity: number;
  final_price_paise: number; // per unit, GST inclusive
  return_quantity: number;
  is_free: number;
  hsn_code: string | null;
  gst: string | null; // JSON {cgst,sgst,igst,utgst,cess}
  wsin_mapping: string; // JSON Record<wsin, multiplier>
}

export interface OrderTrailTable {
  id: string;
  order_id: string;
  status: string;
  description: string;
  city: string | null;
  is_return: number;
  source: string; // user | carrier | system | sync
  actor_id: string | null;
  actor_name: string | null;
  event_id: string | null; // carrier event id, unique per partner for idempotency
  created_at: string;
}

export interface MissedOrderTable {
  id: string;
  company_id: string;
  shop_order_id: string;
  status: string;
  synced: number;
  reason: string | null;
  payload: string | null;
  created_at: string;
}

export interface CustomerRequestTable {
  id: string;
  order_id: string;
  company_id: string;
  kind: string; // reattempt | address
  payload: string; // JSON
  status: string; // OPEN | DONE
  created_at: string;
}

export interface CatalogueItemTable {
  id: string;
  company_id: string;
  shop_type: string;
  product_id: string;
  variant_id: string | null;
  product_title: string;
  variant_title: string | null;
  category: string;
  product_type: string | null;
  sku: string;
  handle: string | null;
  bar_code: string | null;
  hsn_code: string | null;
  price_paise: number;
  base_price_paise: number | null;
  margin: number | null;
  distributor_margin: number | null;
  weight_g: number;
  length_cm: number;
  breadth_cm: number;
  height_cm: number;
  active: number;
  image_urls: string; // JSON string[]
  inventory_quantity: number;
  d2r_category: string | null;
  gst: string; // JSON {cgst,sgst,igst,utgst,cess}
  created_at: string;
  updated_at: string;
}

export interface WsinTable {
  wsin: string;
  company_id: string;
  product_name: string;
  created_at: string;
}

export interface CatalogueWsinTable {
  catalogue_id: string;
  wsin: string;
  multiplier: number;
}

export interface StoreAddressTable {
  id: string;
  company_id: string;
  store_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  email: string | null;
  address1: string;
  address2: string;
  pincode: string;
  city: string;
  state: string;
  gstin: string | null;
  is_distributor: number;
  is_active: number;
  mapped_to: string | null;
  latitude: number;
  longitude: number;
  created_at: string;
}

export interface InventoryTable {
  id: string;
  warehouse_id: string;
  company_id: string;
  wsin: string;
  location: string | null;
  quantity: number;
  blocked: number;
  scanned_quantity: number;
  version: number;
  updated_at: string;
}

export interface InventoryTrailTable {
  id: string;
  inventory_id: string;
  warehouse_id: string;
  company_id: string;
  wsin: string;
  kind: string; // inbound | adjustment | scanned | block | unblock | pack | return
  delta: number;
  accepted: number;
  rejected: number;
  quantity_after: number;
  remarks: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

export interface JobTable {
  id: string;
  kind: string;
  status: string; // queued | running | done | failed
  company_id: string | null;
  user_id: string | null;
  payload: string;
  progress: number;
  total: number;
  result: string | null;
  error: string | null;
  locked_by: string | null;
  locked_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  sent: number;
  error: string | null;
  created_at: string;
}

export interface UploadTable {
  id: string;
  key: string;
  company_id: string | null;
  purpose: string;
  content_type: string;
  size: number;
  created_at: string;
}

export interface DriverTable {
  id: string;
  name: string;
  phone: string;
  created_at: string;
}

export interface DeliveryOrderTable {
  awb: string;
  company_id: string;
  order_status: string;
  attempt: number;
  otp: string | null;
  payment_method: string;
  total_paise: number;
  customer_address: string; // JSON {name,phone,addressLine1,addressLine2,city,state,pincode}
  driver_id: string | null;
  pod_url: string | null;
  shipping_label_url: string | null;
  created_at: string;
  updated_at: string;
}

/** The India Post pincode directory, one row per pincode (filled by db/pincodes/load.ts). */
export interface PincodeTable {
  pincode: string;
  district: string;
  state: string;
  is_metro: number;
  is_special: number;
}

export interface Database {
  pincodes: PincodeTable;
  drivers: DriverTable;
  delivery_orders: DeliveryOrderTable;
  companies: CompanyTable;
  users: UserTable;
  sessions: SessionTable;
  auth_codes: AuthCodeTable;
  warehouses: WarehouseTable;
  warehouse_companies: WarehouseCompanyTable;
  delivery_partners: DeliveryPartnerTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_trails: OrderTrailTable;
  missed_orders: MissedOrderTable;
  customer_requests: CustomerRequestTable;
  catalogue_items: CatalogueItemTable;
  wsins: WsinTable;
  catalogue_wsins: CatalogueWsinTable;
  store_addresses: StoreAddressTable;
  inventory: InventoryTable;
  inventory_trail: InventoryTrailTable;
  jobs: JobTable;
  mail_outbox: MailOutboxTable;
  uploads: UploadTable;
}

export type Company = Selectable<CompanyTable>;
export type User = Selectable<UserTable>;
export type Order = Selectable<OrderTable>;
export type NewOrder = Insertable<OrderTable>;
export type OrderUpdate = Updateable<OrderTable>;
export type OrderItem = Selectable<OrderItemTable>;
export type OrderTrail = Selectable<OrderTrailTable>;
export type CatalogueItem = Selectable<CatalogueItemTable>;
export type Warehouse = Selectable<WarehouseTable>;
export type Inventory = Selectable<InventoryTable>;
export type Job = Selectable<JobTable>;
export type { Generated };
