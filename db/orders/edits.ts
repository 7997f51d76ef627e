// Queries of the order actions (part 2 §4) besides the status writer
// (./status.ts): shipping packages, item quantities, credit notes, warehouses.
// `db`/`tx` first; run inside the action's transaction.
import type { Insertable } from 'kysely';
import type { OrderItemTable } from '../schema';
import type { CreditNoteTable } from '../tables/orders';
import type { Tx } from './status';
import '../tables/orders';

/** The active shipping packages, smallest first. */
export async function activeShippingPackages(db: Tx) {
  return db.selectFrom('shipping_packages').selectAll().where('active', '=', 1).orderBy('max_weight_g').execute();
}

/** One active shipping package by code. */
export async function activeShippingPackage(tx: Tx, code: string) {
  return tx.selectFrom('shipping_packages').selectAll().where('code', '=', code).where('active', '=', 1).executeTakeFirst();
}

/** The order's items with their quantities. */
export async function itemQuantities(tx: Tx, orderId: string) {
  return tx.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', orderId).execute();
}

/** The order's items with what an items change needs (quantities, lines added or removed). */
export async function itemsForQuantities(tx: Tx, orderId: string) {
  return tx
    .selectFrom('order_items')
    .select(['id', 'quantity', 'final_price_paise', 'title', 'sku', 'catalogue_id', 'wsin_mapping'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

export async function insertOrderItem(tx: Tx, item: Insertable<OrderItemTable>) {
  await tx.insertInto('order_items').values(item).execute();
}

export async function deleteOrderItem(tx: Tx, orderId: string, itemId: string) {
  await tx.deleteFrom('order_items').where('id', '=', itemId).where('order_id', '=', orderId).execute();
}

export async function setReturnQuantity(tx: Tx, orderId: string, itemId: string, returnQuantity: number) {
  await tx.updateTable('order_items').set({ return_quantity: returnQuantity }).where('id', '=', itemId).where('order_id', '=', orderId).execute();
}

export async function clearReturnQuantities(tx: Tx, orderId: string) {
  await tx.updateTable('order_items').set({ return_quantity: 0 }).where('order_id', '=', orderId).execute();
}

export async function setItemQuantity(tx: Tx, itemId: string, quantity: number) {
  await tx.updateTable('order_items').set({ quantity }).where('id', '=', itemId).execute();
}

/** The amounts of the order's credit notes so far. */
export async function creditNoteAmounts(tx: Tx, orderId: string) {
  return tx.selectFrom('credit_notes').select(['amount_paise']).where('order_id', '=', orderId).execute();
}

export async function insertCreditNote(tx: Tx, note: Insertable<CreditNoteTable>) {
  await tx.insertInto('credit_notes').values(note).execute();
}

/** An active warehouse that serves the company. */
export async function companyWarehouse(tx: Tx, warehouseId: string, companyId: string) {
  return tx
    .selectFrom('warehouses')
    .innerJoin('warehouse_companies', 'warehouse_companies.warehouse_id', 'warehouses.id')
    .select(['warehouses.id', 'warehouses.name', 'warehouses.address'])
    .where('warehouses.id', '=', warehouseId)
    .where('warehouse_companies.company_id', '=', companyId)
    .where('warehouses.active', '=', 1)
    .executeTakeFirst();
}
