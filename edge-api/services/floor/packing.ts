// Packing (part 2 §7), online. The submit runs the same code as the offline pack.submit command.
import type { DbHandle } from '../../../db/connect';
import type { FloorScope } from '../../../db/floor/context';
import { findPackingOrder, listPackingOrders, submitPack } from '../../../db/floor/packing';
import { runOnline, type FloorSession } from './context';

/** The order to pack by its AWB. */
export const packingOrderByAwb = (dbh: DbHandle, scope: FloorScope, awb: string) => findPackingOrder(dbh.db, scope, awb, null);

export const packingOrders = (dbh: DbHandle, scope: FloorScope, filter: { packed: 0 | 1 | 2; page: number; pageSize: number }) =>
  listPackingOrders(dbh.db, scope, filter);

/** Packs the order with the scanned quantity per WSIN. */
export const packOrder = (dbh: DbHandle, s: FloorSession, input: { orderId: string; scanned: Record<string, number> }) =>
  runOnline(dbh, s, (tx) => submitPack(tx, input));
