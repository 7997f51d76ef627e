// Small reads and writes of the admin console's use cases (db/admin/delivery.ts holds the list and export queries).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/admin';

type Q = Kysely<Database> | Transaction<Database>;

/** Stores the outcome of a delivery action under its request id (a retried request answers it again). */
export async function setActionResult(db: Q, requestId: string, result: unknown) {
  await db.updateTable('delivery_actions').set({ result: JSON.stringify(result) }).where('request_id', '=', requestId).execute();
}

/** The delivery orders of `awbs` with their status and version. */
export const deliveryOrdersByAwb = (db: Q, awbs: string[]) => db.selectFrom('delivery_orders').select(['awb', 'order_status', 'version', 'customer_address']).where('awb', 'in', awbs).execute();
/** The pincodes a cluster serves. */
export const clusterPincodes = async (db: Q, clusterId: string) =>
  (await db.selectFrom('cluster_pincodes').select('pincode').where('cluster_id', '=', clusterId).execute()).map((r) => r.pincode);

/** The purpose of an upload (a proof of delivery must be a 'proof'). */
export const uploadPurpose = (db: Q, key: string) => db.selectFrom('uploads').select(['key', 'purpose']).where('key', '=', key).executeTakeFirst();

export const warehouseName = async (db: Q, id: string) => (await db.selectFrom('warehouses').select('name').where('id', '=', id).executeTakeFirst())?.name ?? null;
