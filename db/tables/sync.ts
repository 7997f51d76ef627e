// Tables of offline sync and the floor (migration 2026-11-22T0500_sync).
import type { Generated, Selectable } from 'kysely';

/** The single version counter row (id 1): every synced row's `sync_version` comes from it. */
export interface SyncCounterTable {
  id: number;
  version: number;
}

/** A device's outbox position; bound to the user who first used it. */
export interface SyncClientTable {
  client_id: string;
  user_id: string | null;
  last_seq: number;
  created_at: string;
}

export interface SyncRejectionTable {
  client_id: string;
  seq: number;
  name: string;
  reason: string;
  version: number;
  created_at: string;
}

/** Deleted synced rows, so devices that pulled them drop them. */
export interface SyncTombstoneTable {
  tbl: string;
  row_key: string;
  company_id: string;
  version: number;
}

export interface PackingMetadataTable {
  order_id: string;
  company_id: string;
  status: 'PACKED' | 'NOT_PACKED';
  scanned: string; // JSON {wsin: units}
  packed_by: string | null;
  packed_by_name: string | null;
  packed_client_id: string | null;
  packed_at: string | null;
  updated_at: string;
}

export interface PackingScanTable {
  order_id: string;
  client_id: string;
  scanned: string; // JSON {wsin: units}
  updated_at: string;
}

export interface ReturnItemTable {
  id: string;
  order_id: string;
  company_id: string;
  return_type: 'RTO' | 'DTO';
  wsin: string;
  sku: string;
  product_title: string;
  expected_quantity: number;
  missing_quantity: number;
  damage_quantity: number;
  image_key: string | null;
  actor_id: string | null;
  actor_name: string | null;
  created_at: string;
}

declare module '../schema' {
  interface Database {
    sync_counter: SyncCounterTable;
    sync_clients: SyncClientTable;
    sync_rejections: SyncRejectionTable;
    sync_tombstones: SyncTombstoneTable;
    packing_metadata: PackingMetadataTable;
    packing_scans: PackingScanTable;
    return_items: ReturnItemTable;
  }
  // Stamped from sync_counter (by the writer, or by a trigger when the writer does not set it).
  interface OrderTable {
    sync_version: Generated<number>;
  }
  interface InventoryTable {
    sync_version: Generated<number>;
  }
  interface CatalogueItemTable {
    sync_version: Generated<number>;
  }
}

export type PackingMetadata = Selectable<PackingMetadataTable>;
export type ReturnItem = Selectable<ReturnItemTable>;
