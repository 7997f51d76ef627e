// Tables of the orders workspace (migration 2026-11-22T0400_orders_workspace).
import type { Selectable } from 'kysely';

/** Orders per company and status, kept in step with every status change (db/orders/status.ts). */
export interface OrderStatusCountTable {
  company_id: string;
  status: string;
  count: number;
}

/** Credit notes raised against delivered retailer orders. */
export interface CreditNoteTable {
  id: string;
  order_id: string;
  company_id: string;
  number: string;
  amount_paise: number;
  reason: string;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

/** Standard cartons an order can be packed in. */
export interface ShippingPackageTable {
  code: string;
  name: string;
  length_cm: number;
  breadth_cm: number;
  height_cm: number;
  max_weight_g: number;
  active: number;
}

declare module '../schema' {
  interface Database {
    order_status_counts: OrderStatusCountTable;
    credit_notes: CreditNoteTable;
    shipping_packages: ShippingPackageTable;
  }
}

export type CreditNote = Selectable<CreditNoteTable>;
export type ShippingPackage = Selectable<ShippingPackageTable>;
