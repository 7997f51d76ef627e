// Small reads and writes of the ship-an-order use cases (edge-api/services/orders/
// ready-to-ship.ts, approve-high-margin.ts). Functions take `db` or the caller's `tx` first.
import type { Db } from '../connect';
import type { D2rApprovalTable } from '../tables/preferences-carriers-promoters';
import '../tables/orders';

/** The order's current status (it must exist). */
export const orderStatusOrThrow = (db: Db, orderId: string) =>
  db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();

/** Records an admin's approval of a high-margin D2R order. */
export const insertD2rApproval = (db: Db, a: D2rApprovalTable) => db.insertInto('d2r_approvals').values(a).execute();

/** The delivery partner with this code (it must exist): its id and name. */
export const partnerByCodeOrThrow = (db: Db, code: string) =>
  db.selectFrom('delivery_partners').select(['id', 'name']).where('code', '=', code).executeTakeFirstOrThrow();
