// Tables of the admin last-mile console (migration 2026-11-24T1600_admin_last_mile).
import type { Generated } from 'kysely';

export interface ClusterOwnerTable {
  id: string;
  name: string;
  phone: string;
  email: string;
  created_at: string;
}

export interface ClusterTable {
  id: string;
  name: string;
  city: string;
  owner_id: string | null;
  created_at: string;
}

export interface ClusterPincodeTable {
  pincode: string;
  cluster_id: string;
}

export interface WarehouseClusterTable {
  warehouse_id: string;
  cluster_id: string;
  assigned_at: string;
}

export interface DeliveryOrderTrailTable {
  id: string;
  awb: string;
  status: string;
  from_status: string | null;
  action: string;
  note: string | null;
  actor_id: string | null;
  actor_name: string;
  created_at: string;
}

export interface DeliveryActionTable {
  request_id: string;
  awb: string;
  action: string;
  actor_id: string;
  result: string; // JSON DeliveryActionResponse
  created_at: string;
}

export interface JourneyTable {
  id: string;
  driver_id: string;
  cluster_id: string | null;
  created_by: string;
  orders: number;
  created_at: string;
}

export interface JourneyOrderTable {
  journey_id: string;
  awb: string;
}

declare module '../schema' {
  interface Database {
    cluster_owners: ClusterOwnerTable;
    clusters: ClusterTable;
    cluster_pincodes: ClusterPincodeTable;
    warehouse_clusters: WarehouseClusterTable;
    delivery_order_trails: DeliveryOrderTrailTable;
    delivery_actions: DeliveryActionTable;
    journeys: JourneyTable;
    journey_orders: JourneyOrderTable;
  }
  // Columns added to existing tables by the same migration.
  interface DriverTable {
    vehicle: string | null;
    cluster_id: string | null;
    active: Generated<number>;
  }
  interface DeliveryOrderTable {
    latitude: number | null;
    longitude: number | null;
    delivered_at: string | null;
    last_reason: string | null;
    version: Generated<number>;
  }
}
