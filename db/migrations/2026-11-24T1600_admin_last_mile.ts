import type { Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The admin last-mile console: clusters (with their pincodes, owner
// and warehouses), cluster owners, drivers' vehicle/cluster/active, delivery
// order trails, coordinates and outcome columns, journeys (one per
// assignment of orders to a driver) and the exactly-once record of admin actions.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cluster_owners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('clusters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.references('cluster_owners.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // A pincode is served by one cluster.
  await db.schema
    .createTable('cluster_pincodes')
    .addColumn('pincode', 'text', (c) => c.primaryKey())
    .addColumn('cluster_id', 'text', (c) => c.notNull().references('clusters.id'))
    .execute();
  await db.schema.createIndex('cluster_pincodes_cluster').on('cluster_pincodes').columns(['cluster_id', 'pincode']).execute();

  // A warehouse belongs to at most one cluster (assign-cluster).
  await db.schema
    .createTable('warehouse_clusters')
    .addColumn('warehouse_id', 'text', (c) => c.primaryKey().references('warehouses.id'))
    .addColumn('cluster_id', 'text', (c) => c.notNull().references('clusters.id'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('drivers').addColumn('vehicle', 'text').execute();
  await db.schema.alterTable('drivers').addColumn('cluster_id', 'text').execute();
  await db.schema.alterTable('drivers').addColumn('active', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  await db.schema.createIndex('drivers_created').on('drivers').columns(['created_at', 'id']).execute();

  await db.schema.alterTable('delivery_orders').addColumn('latitude', 'real').execute();
  await db.schema.alterTable('delivery_orders').addColumn('longitude', 'real').execute();
  await db.schema.alterTable('delivery_orders').addColumn('delivered_at', 'text').execute();
  await db.schema.alterTable('delivery_orders').addColumn('last_reason', 'text').execute();
  await db.schema.alterTable('delivery_orders').addColumn('version', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.createIndex('delivery_orders_created').on('delivery_orders').columns(['created_at', 'awb']).execute();
  await db.schema.createIndex('delivery_orders_company').on('delivery_orders').columns(['company_id', 'created_at']).execute();
  await db.schema.createIndex('delivery_orders_updated').on('delivery_orders').columns(['updated_at', 'awb']).execute();
  await db.schema.createIndex('delivery_orders_status_updated').on('delivery_orders').columns(['order_status', 'updated_at']).execute();
  await db.schema.createIndex('delivery_orders_status_payment').on('delivery_orders').columns(['order_status', 'payment_method', 'created_at']).execute();
  await db.schema.createIndex('delivery_orders_driver').on('delivery_orders').columns(['driver_id']).execute();

  await db.schema
    .createTable('delivery_order_trails')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('delivery_order_trails_awb').on('delivery_order_trails').columns(['awb', 'created_at']).execute();

  // Exactly once: the client names each action attempt; a repeat of the same
  // request id answers the stored outcome instead of applying again.
  await db.schema
    .createTable('delivery_actions')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('awb', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('journeys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('driver_id', 'text', (c) => c.notNull().references('drivers.id'))
    .addColumn('cluster_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journeys_created').on('journeys').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('journeys_driver').on('journeys').columns(['driver_id', 'created_at']).execute();

  await db.schema
    .createTable('journey_orders')
    .addColumn('journey_id', 'text', (c) => c.notNull().references('journeys.id'))
    .addColumn('awb', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('journey_orders_pk', ['journey_id', 'awb'])
    .execute();
  await db.schema.createIndex('journey_orders_awb').on('journey_orders').columns(['awb']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['journey_orders', 'journeys', 'delivery_actions', 'delivery_order_trails', 'warehouse_clusters', 'cluster_pincodes', 'clusters', 'cluster_owners']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const i of ['delivery_orders_status_payment', 'delivery_orders_status_updated', 'delivery_orders_created', 'delivery_orders_company', 'delivery_orders_updated', 'delivery_orders_driver', 'drivers_created']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  for (const col of ['latitude', 'longitude', 'delivered_at', 'last_reason', 'version']) await db.schema.alterTable('delivery_orders').dropColumn(col).execute();
  for (const col of ['vehicle', 'cluster_id', 'active']) await db.schema.alterTable('drivers').dropColumn(col).execute();
}
