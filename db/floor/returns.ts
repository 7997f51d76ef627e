// Return approval (RTO / DTO): record what came back, missing and damaged,
// with proof photos; restock the good units; move the order to *_PROCESSED.
import { sql } from 'kysely';
import { uuidv7 } from '../../domain/ids';
import {
  approvableAs,
  checkReturnLine,
  isReturnProcessed,
  notApprovableReason,
  RETURN_APPROVABLE_STATUSES,
  returnLines,
  type ReturnRow,
  type ReturnType,
} from '../../domain/floor';
import '../tables/preferences-carriers-promoters';
import { companyAllowed, ORDER_NOT_FOUND, type FloorDb, type FloorScope, type FloorTx } from './context';
import { conflict, invalid, notFound } from '../../domain/refusal';
import { applyStockChange, lockStock } from './inventory';
import { companyProofKey, proofKey } from '../uploads/queries';
import { buildOrderDocs, selectFloorOrders, visible, writeOrderStatus, type FloorOrderRow } from './orders';

export interface ApproveReturnArgs {
  orderId: string;
  returnType: ReturnType;
  items: { wsin: string; sku: string; missingQuantity: number; damageQuantity: number; imageKey?: string }[];
}


/** Statuses in which a return of another warehouse's order may be opened (to approve, or to read once processed). */
export const OTHER_WAREHOUSE_RETURN_STATUSES: readonly string[] = [...RETURN_APPROVABLE_STATUSES, 'RTO_PROCESSED', 'DTO_PROCESSED'];

/**
 * Of these companies, those whose seller preference 'return to other
 * warehouse' is on: their returns may be received at any warehouse linked to
 * them, not only at the order's own warehouse.
 */
export async function returnAnywhereCompanies(db: FloorDb, companies: readonly string[]): Promise<Set<string>> {
  if (companies.length === 0) return new Set();
  const rows = await db
    .selectFrom('seller_preferences')
    .select('company_id')
    .where('company_id', 'in', [...companies])
    .where('return_to_other_warehouse', '=', 1)
    .execute();
  return new Set(rows.map((r) => r.company_id));
}

/**
 * Where the scope may receive a return of this order: the order's own
 * warehouse when the order is visible; the scope's warehouse when a warehouse
 * user's warehouse is linked to the order's company, the order lies at another
 * warehouse and the company lets returns come back to another warehouse.
 * null: the order is not reachable (answered as "Order not found").
 */
export async function returnReceipt(
  db: FloorDb,
  scope: FloorScope,
  order: Pick<FloorOrderRow, 'company_id' | 'warehouse_id' | 'status'>,
): Promise<{ warehouseId: string | null; otherWarehouse: boolean } | null> {
  if (visible(scope, order)) return { warehouseId: order.warehouse_id, otherWarehouse: false };
  const at = scope.warehouseId;
  if (at === null || scope.companies === null || !order.warehouse_id || order.warehouse_id === at) return null;
  if (!companyAllowed(scope, order.company_id) || !OTHER_WAREHOUSE_RETURN_STATUSES.includes(order.status)) return null;
  if (!(await returnAnywhereCompanies(db, [order.company_id])).has(order.company_id)) return null;
  return { warehouseId: at, otherWarehouse: true };
}

/**
 * The company's preference changed: re-stamp its returns awaiting approval, so
 * the next pull of every warehouse device sends them (or drops them) anew.
 * Only the sync stamp moves (the sync triggers take a fresh version); the order
 * itself does not change, so no trail and no version bump.
 */
export async function resendReturnsAwaiting(db: FloorDb, companyId: string): Promise<void> {
  await db
    .updateTable('orders')
    .set({ sync_version: sql<number>`sync_version` })
    .where('company_id', '=', companyId)
    .where('status', 'in', [...RETURN_APPROVABLE_STATUSES])
    .execute();
}

/** The order a return approval acts on, locked (PostgreSQL), with where its return is received. */
async function lockReturnOrder(tx: FloorTx, orderId: string) {
  let q = selectFloorOrders(tx.db).where('orders.id', '=', orderId);
  if (tx.dialect === 'postgres') q = q.forUpdate();
  const order = await q.executeTakeFirst();
  const receipt = order ? await returnReceipt(tx.db, tx.scope, order) : null;
  if (!order || !receipt) throw notFound(ORDER_NOT_FOUND);
  return { order, receipt };
}

async function warehouseName(db: FloorDb, id: string | null): Promise<string> {
  if (!id) return 'no warehouse';
  return (await db.selectFrom('warehouses').select('name').where('id', '=', id).executeTakeFirst())?.name ?? id;
}

export async function approveReturn(tx: FloorTx, args: ApproveReturnArgs): Promise<void> {
  const { order, receipt } = await lockReturnOrder(tx, args.orderId);
  const [doc] = await buildOrderDocs(tx.db, [order], null);
  const as = approvableAs(doc);
  if (as === null || as !== args.returnType) throw conflict(notApprovableReason(doc, args.returnType));

  const lines = new Map(returnLines(doc.items, args.returnType).map((l) => [l.wsin, l]));
  const given = new Map(args.items.map((i) => [i.wsin, i]));
  for (const item of args.items) {
    const line = lines.get(item.wsin);
    if (!line) throw invalid(`WSIN ${item.wsin} is not in order ${doc.shopOrderId}`);
    const problem = checkReturnLine(item, line.max);
    if (problem) throw invalid(problem);
    if (item.imageKey && !(await companyProofKey(tx.db, item.imageKey, order.company_id))) throw invalid(`The proof photo of ${item.wsin} was not uploaded`);
  }

  let restocked = 0;
  let missing = 0;
  let damaged = 0;
  for (const line of lines.values()) {
    const item = given.get(line.wsin) ?? { wsin: line.wsin, sku: line.sku, missingQuantity: 0, damageQuantity: 0 };
    const good = line.max - item.missingQuantity - item.damageQuantity;
    missing += item.missingQuantity;
    damaged += item.damageQuantity;
    await tx.db
      .insertInto('return_items')
      .values({
        id: uuidv7(), order_id: order.id, company_id: order.company_id, return_type: args.returnType, wsin: line.wsin, sku: line.sku,
        product_title: line.productTitle, expected_quantity: line.max, missing_quantity: item.missingQuantity, damage_quantity: item.damageQuantity,
        image_key: 'imageKey' in item && item.imageKey ? proofKey(item.imageKey) : null, actor_id: tx.actor.id, actor_name: tx.actor.name, created_at: tx.now,
      })
      .execute();
    if (good > 0 && receipt.warehouseId) {
      // Good units go back on the shelves of the warehouse that received the parcel.
      const row = await lockStock({ ...tx, scope: { companies: null, warehouseId: null } }, { warehouseId: receipt.warehouseId, companyId: order.company_id, wsin: line.wsin }, { create: true }).catch(() => null);
      if (row) {
        restocked += good;
        await applyStockChange(tx, row, { kind: 'return', delta: good, accepted: good, rejected: item.damageQuantity, remarks: `${args.returnType} of order ${doc.shopOrderId}` });
      }
    }
  }
  const status = args.returnType === 'RTO' ? 'RTO_PROCESSED' : 'DTO_PROCESSED';
  const where = receipt.otherWarehouse
    ? ` at ${await warehouseName(tx.db, receipt.warehouseId)} (received at another warehouse than the order's, ${await warehouseName(tx.db, order.warehouse_id)})`
    : '';
  await writeOrderStatus(tx, order, status, {
    description: `${args.returnType} approved${where}: ${restocked} restocked, ${missing} missing, ${damaged} damaged`,
    isReturn: true,
  });
}

/**
 * /return-info and /dto_items_info: the recorded lines of a processed return,
 * or the lines to fill in (zeros) of one awaiting approval, with the limits.
 */
export async function returnInfo(db: FloorDb, scope: FloorScope, orderId: string, returnType?: ReturnType) {
  const order = await selectFloorOrders(db).where('orders.id', '=', orderId).executeTakeFirst();
  if (!order || !(await returnReceipt(db, scope, order))) throw notFound(ORDER_NOT_FOUND);
  const [doc] = await buildOrderDocs(db, [order], null);
  const type: ReturnType = returnType ?? (order.status.startsWith('DTO') ? 'DTO' : 'RTO');
  const lines = returnLines(doc.items, type);
  const processed = isReturnProcessed(order.status);
  const recorded = processed
    ? await db.selectFrom('return_items').selectAll().where('order_id', '=', order.id).orderBy('wsin').execute()
    : [];
  const rows: (ReturnRow & { maxQuantity: number })[] = processed
    ? recorded.map((r) => ({
        productTitle: r.product_title, sku: r.sku, wsin: r.wsin, missingQuantity: r.missing_quantity, damageQuantity: r.damage_quantity,
        imageLocation: r.image_key ? `/api/files/${r.image_key}` : null, maxQuantity: r.expected_quantity,
      }))
    : lines.map((l) => ({ productTitle: l.productTitle, sku: l.sku, wsin: l.wsin, missingQuantity: 0, damageQuantity: 0, imageLocation: null, maxQuantity: l.max }));
  return {
    data: rows,
    order: doc,
    returnType: processed ? ((recorded[0]?.return_type as ReturnType | undefined) ?? type) : (approvableAs(doc) ?? type),
    processed,
    approvable: approvableAs(doc) !== null,
  };
}

/** Companies in scope whose READY_TO_SHIP orders may also be approved as returns (part 1 §4: one company). */
export async function rtsApprovalCompanies(db: FloorDb, scope: FloorScope): Promise<string[]> {
  let q = db.selectFrom('companies').select('id').where('approve_rts_returns', '=', 1);
  if (scope.companies !== null) q = q.where('id', 'in', scope.companies.length ? scope.companies : ['-']);
  return (await q.orderBy('id').execute()).map((r) => r.id);
}
