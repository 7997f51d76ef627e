// The demo server prints a public tracking link of a delivered order (edge-api/server.ts).
import type { Db } from '../connect';

/** A delivered order with an AWB (the first by id), if any. */
export const sampleDeliveredAwb = (db: Db) =>
  db.selectFrom('orders').select('tracking_number').where('status', '=', 'DELIVERED')
    .where('tracking_number', 'is not', null).orderBy('id').limit(1).executeTakeFirst();
