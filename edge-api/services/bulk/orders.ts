// The one adapter from order rows to the manual-order creation use case:
// rows sharing an id are the items of one order; the mapping of columns to
// the manual order lives here and nowhere else. Orders made this way are
// normal orders (warehouse, invoice series, packing) because they are made
// by the same code as a typed manual order.
import type { DbHandle } from '../../../db/connect';
import { companyWarehouses } from '../../../db/catalogue/warehouses';
import { itemsBySku } from '../../../db/bulk/catalogue';
import { claimLedger, ledgerHas, ledgerKeys } from '../../../db/bulk/ledger';
import { setParcel } from '../../../db/bulk/orders';
import { isYes, num, type BulkRow } from '../../../domain/bulk/rules';
import { manualOrderSchema, ORDER_TYPE, type ManualOrderInput } from '../../../domain/manual-order';
import { isRefusal } from '../../../domain/refusal';
import { createManualOrder } from '../orders/create-manual-order';
import { needCompany, RowFailure, type BulkActor } from './context';

export const ORDER_LEDGER = 'orders';
export const skuNotInCatalogue = (sku: string) => `SKU ${sku} is not an active item of your catalogue`;
export const WAREHOUSE_NOT_FOUND = 'Warehouse not found';

const splitName = (name: string) => {
  const [first, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') || first };
};

/** The manual order a group of rows describes (first row: order and address; every row: one item). */
export function manualOrderOfRows(rows: BulkRow[], catalogueIds: Map<string, string>, whId: string | undefined): ManualOrderInput {
  const r = rows[0];
  const { firstName, lastName } = splitName(r.name);
  const address = {
    firstName, lastName, phone: r.phone, email: r.email, address1: r.line1, address2: r.line2 || r.city, zip: r.pincode, city: r.city, state: r.state, gstin: '',
  };
  const orderType = isYes(r.isD2ROrder) ? ORDER_TYPE.d2r : isYes(r.isb2bOrder) ? ORDER_TYPE.b2b : ORDER_TYPE.none;
  return {
    id: r.id,
    orderType,
    whId,
    paymentMethod: r.paymentMethod.toLowerCase() as 'cod',
    pricingType: 2,
    shippingPrice: r.shippingPrice || undefined,
    shippingAddress: address,
    sameAsShipping: true,
    storeAddress: orderType === ORDER_TYPE.d2r
      ? { storeName: r.name, firstName, lastName, phone: r.phone, email: r.email, address1: r.line1, address2: r.line2 || r.city, zip: r.pincode, city: r.city, state: r.state }
      : undefined,
    items: rows.map((row) => ({ catalogueId: catalogueIds.get(row.sku) ?? '', quantity: row.itemQuantity, isFree: false, pricingValue: row.discount })),
    ewayBill: r.ewayBill || undefined,
    backdate: r.backdate || undefined,
    awb: r.awb || undefined,
    awbPartner: r.deliveryPartner || undefined,
    shippingLabelUrl: r.shippingLabelUrl || undefined,
    invoiceUrl: r.invoiceUrl || undefined,
    purchaseOrderNumber: r.purchaseOrderNumber || undefined,
    beatId: r.beatId || undefined,
    dueDate: r.dueDate || undefined,
    eventType: 'create',
  } as ManualOrderInput;
}

/** Maps a manual-order field path back to the sheet's column. */
function columnOf(path: string | undefined): string {
  if (!path) return 'id';
  if (path.startsWith('items')) return path.endsWith('pricingValue') ? 'discount' : path.endsWith('quantity') ? 'itemQuantity' : 'sku';
  const map: Record<string, string> = {
    id: 'id', whId: 'warehouseId', paymentMethod: 'paymentMethod', shippingPrice: 'shippingPrice', dueDate: 'dueDate', beatId: 'beatId', purchaseOrderNumber: 'purchaseOrderNumber',
    'shippingAddress.firstName': 'name', 'shippingAddress.lastName': 'name', 'shippingAddress.phone': 'phone', 'shippingAddress.email': 'email',
    'shippingAddress.address1': 'line1', 'shippingAddress.address2': 'line2', 'shippingAddress.zip': 'pincode', 'shippingAddress.city': 'city', 'shippingAddress.state': 'state',
    specialDiscount: 'discount', selectedStoreAddressId: 'isD2ROrder',
  };
  return map[path] ?? (path.startsWith('storeAddress') ? 'isD2ROrder' : 'id');
}

/**
 * The orders of one upload: what every order needs is read once (SKUs, the
 * ledger of orders made by earlier uploads); each order is then created by
 * the manual-order use case in one transaction with all its rows, its parcel
 * and its ledger row, so a crash leaves each order whole or absent, and the
 * same file sent again reports the orders already made as done.
 */
/** The order id was claimed by another submit between our read of the ledger and our write: it is made; ours rolls back. */
class OrderAlreadyMade extends Error {}

export async function orderBatch(dbh: DbHandle, actor: BulkActor, allRows: BulkRow[]) {
  const companyId = needCompany(actor);
  const made = await ledgerKeys(dbh.db, ORDER_LEDGER, companyId, [...new Set(allRows.map((r) => r.id))]);
  const items = await itemsBySku(dbh.db, companyId, [...new Set(allRows.map((r) => r.sku))]);
  const catalogueIds = new Map([...items].map(([sku, v]) => [sku, v.id]));
  let warehouses: Awaited<ReturnType<typeof companyWarehouses>> | undefined;

  /** Creates the order of a group of rows, or refuses with the column at fault. False: made by an earlier upload, nothing done. */
  async function create(rows: BulkRow[]): Promise<boolean> {
    const id = rows[0].id;
    if (made.has(id)) return false;
    for (const r of rows) {
      const it = items.get(r.sku);
      if (!it || it.active !== 1) throw new RowFailure('sku', skuNotInCatalogue(r.sku));
    }
    let whId: string | undefined;
    const wanted = rows[0].warehouseId;
    if (wanted) {
      warehouses ??= await companyWarehouses(dbh.db, companyId);
      const w = warehouses.find((x) => x.id === wanted || x.warehouseId === wanted);
      if (!w) throw new RowFailure('warehouseId', WAREHOUSE_NOT_FOUND);
      whId = w.id;
    } else if (actor.role === 'warehouse' && actor.warehouseId) {
      // A warehouse user's orders ship from their own warehouse; otherwise the creation use case allocates one.
      whId = actor.warehouseId;
    }
    const parsed = manualOrderSchema.safeParse(manualOrderOfRows(rows, catalogueIds, whId));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new RowFailure(columnOf(issue.path.join('.')), issue.message);
    }
    try {
      // The one manual-order creation use case (services/orders): ship-from allocation, totals, trail.
      const r = rows[0];
      const parcel = { weightG: Math.max(1, Math.round(num(r.weight) ?? 1)), lengthCm: num(r.length) ?? 1, breadthCm: num(r.breadth) ?? 1, heightCm: num(r.height) ?? 1 };
      await createManualOrder(dbh, { id: actor.id, name: actor.name, role: actor.role, scope: actor.scope, companyId: actor.companyId }, { ...parsed.data, companyId }, {
        within: async (t, orderId) => {
          await setParcel(t, orderId, parcel);
          // Claimed with the order: another submit of the same order id that raced this one finds it and stops here.
          if (!(await claimLedger(t, ORDER_LEDGER, companyId, id, orderId))) throw new OrderAlreadyMade();
        },
      });
      made.add(id);
      return true;
    } catch (e) {
      if (e instanceof OrderAlreadyMade) return false;
      // Refused because the order exists: made by a submit of this file that ran at the same time, it is done.
      if (isRefusal(e) && (await ledgerHas(dbh.db, ORDER_LEDGER, companyId, id)) !== undefined) return false;
      if (isRefusal(e)) throw new RowFailure(columnOf(e.errors?.[0]?.path), e.message);
      throw e;
    }
  }

  return { create };
}
