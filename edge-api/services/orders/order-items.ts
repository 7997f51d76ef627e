// The one way an order's items change after it was placed: new quantities,
// lines added (priced as given, GST, HSN and WSINs from the catalogue) and
// lines removed. Used by the admin's Update Quantities and by a store's change
// to an order it sent (edge-api/integrations/channels/import.ts). Inside the
// caller's transaction: the order's row is written first, guarded by the status
// it was read with (a concurrent READY TO SHIP makes the whole change fail and
// roll back), then the items; the total and COD amount follow the goods (the
// order's shipping and discount stay as they were), the weight follows the
// catalogue weights, and stock the order holds moves by the difference.
import { catalogueForOrder } from '../../../db/catalogue/items';
import { deleteOrderItem, insertOrderItem, itemsForQuantities, setItemQuantity } from '../../../db/orders/edits';
import { shiftBlockedInventory, unitsOfLines } from '../../../db/orders/inventory';
import { updateOrder, type TrailInput, type Tx } from '../../../db/orders/status';
import { normaliseGst } from '../../../domain/catalogue';
import { uuidv7 } from '../../../domain/ids';
import { PRODUCT_REQUIRED, PRODUCTS_REQUIRED } from '../../../domain/manual-order';
import { invalid } from '../../../domain/refusal';
import type { OrderRow } from './order-action';

export type ItemsChange = {
  /** Items kept, with their new quantity (at least 1). */
  quantities?: readonly { id: string; quantity: number }[];
  /** Items taken off the order. */
  removed?: readonly string[];
  /** Catalogue items added, at a unit price (paise, GST inclusive) decided by the caller. */
  added?: readonly { catalogueId: string; quantity: number; unitPaise: number }[];
};

/** Who the timeline names for the change. */
export type ItemsChangeBy = Pick<TrailInput, 'actorId' | 'actorName' | 'source'>;

/** Writes `change` to the order `row` (read in this transaction); answers the timeline line written. */
export async function writeItemsChange(tx: Tx, row: OrderRow, by: ItemsChangeBy, change: ItemsChange): Promise<string> {
  const items = await itemsForQuantities(tx, row.id);
  const byId = new Map(items.map((i) => [i.id, i]));
  const quantities = change.quantities ?? [];
  const removed = new Set(change.removed ?? []);
  const added = change.added ?? [];
  if ([...quantities.map((q) => q.id), ...removed].some((id) => !byId.has(id))) throw invalid('Unknown item', [{ path: 'items', message: 'Unknown item' }]);
  const catalogue = await catalogueForOrder(tx, row.company_id, [...new Set([...items.map((i) => i.catalogue_id ?? ''), ...added.map((a) => a.catalogueId)].filter(Boolean))]);
  added.forEach((a, i) => {
    const c = catalogue.get(a.catalogueId);
    if (!c || Number(c.active) !== 1) throw invalid(PRODUCT_REQUIRED, [{ path: `added.${i}.catalogueId`, message: PRODUCT_REQUIRED }]);
  });

  const qty = new Map(quantities.map((q) => [q.id, q.quantity]));
  const kept = items.filter((i) => !removed.has(i.id)).map((i) => ({ ...i, quantity: qty.get(i.id) ?? i.quantity }));
  const newLines = added.map((a) => {
    const c = catalogue.get(a.catalogueId)!;
    return {
      id: uuidv7(), order_id: row.id, catalogue_id: c.id, title: c.product_title, sku: c.sku, quantity: a.quantity, final_price_paise: a.unitPaise,
      return_quantity: 0, is_free: a.unitPaise === 0 ? 1 : 0, hsn_code: c.hsn_code, gst: JSON.stringify(normaliseGst(JSON.parse(c.gst))),
      wsin_mapping: JSON.stringify(c.wsinMapping),
    };
  });
  const after = [...kept, ...newLines];
  if (!after.length) throw invalid(PRODUCTS_REQUIRED, [{ path: 'items', message: PRODUCTS_REQUIRED }]);

  const goods = (lines: readonly { quantity: number; final_price_paise: number }[]) => lines.reduce((n, i) => n + Number(i.final_price_paise) * i.quantity, 0);
  const weight = (lines: readonly { quantity: number; catalogue_id: string | null }[]) =>
    lines.reduce((n, i) => n + Number(catalogue.get(i.catalogue_id ?? '')?.weight_g ?? 0) * i.quantity, 0);
  // Only the goods change: the order's shipping and discount stay in its total as they were.
  const total = Number(row.total_paise) - goods(items) + goods(after);
  const weightG = Math.max(0, Number(row.weight_g) - weight(items) + weight(after));

  const changed = kept.filter((i) => byId.get(i.id)!.quantity !== i.quantity).map((i) => `${i.title}: ${byId.get(i.id)!.quantity} → ${i.quantity}`);
  const linesChanged = removed.size > 0 || newLines.length > 0;
  const parts = [...newLines.map((l) => `${l.title} × ${l.quantity} added`), ...items.filter((i) => removed.has(i.id)).map((i) => `${i.title} removed`), ...changed];
  const description = linesChanged ? `Items updated (${parts.join('; ')})` : changed.length ? `Quantities updated (${changed.join('; ')})` : 'Quantities confirmed';

  // The order first: its guarded update holds the row, so READY TO SHIP cannot slip in between.
  await updateOrder(tx, row.id, { total_paise: total, cod_paise: row.payment_mode === 'cod' ? total : Number(row.cod_paise), weight_g: weightG }, { ...by, description }, { whileStatus: row.status });
  for (const i of kept) if (byId.get(i.id)!.quantity !== i.quantity) await setItemQuantity(tx, i.id, i.quantity);
  for (const id of removed) await deleteOrderItem(tx, row.id, id);
  for (const l of newLines) await insertOrderItem(tx, l);

  if (Number(row.inventory_blocked) === 1) {
    const before = unitsOfLines(items);
    const now = unitsOfLines(after);
    const delta = new Map([...new Set([...before.keys(), ...now.keys()])].map((wsin) => [wsin, (now.get(wsin) ?? 0) - (before.get(wsin) ?? 0)]));
    await shiftBlockedInventory(tx, row, delta, { id: by.actorId ?? null, name: by.actorName ?? '' }, `Items of order ${row.shop_order_id} changed`);
  }
  return description;
}
