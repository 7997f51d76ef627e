// Stock an order holds: releasing it gives its units back to the warehouse's
// available stock (inventory.blocked goes down, never below zero) and leaves an
// 'unblock' line in the inventory trail; an items change moves it by the
// difference ('block' for more units held).
import { sql } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Tx } from './status';

/** Units per WSIN an order's items take (quantity × the WSIN's multiplier). */
export async function unitsByWsin(tx: Tx, orderId: string): Promise<Map<string, number>> {
  return unitsOfLines(await tx.selectFrom('order_items').select(['quantity', 'wsin_mapping']).where('order_id', '=', orderId).execute());
}

/** Units per WSIN of item lines (quantity × each WSIN's multiplier in the line's JSON mapping). */
export function unitsOfLines(items: readonly { quantity: number; wsin_mapping: string }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const it of items) {
    let mapping: Record<string, number>;
    try {
      mapping = JSON.parse(it.wsin_mapping) as Record<string, number>;
    } catch {
      mapping = {};
    }
    for (const [wsin, mult] of Object.entries(mapping)) units.set(wsin, (units.get(wsin) ?? 0) + it.quantity * (Number(mult) || 1));
  }
  return units;
}

export async function releaseInventory(
  tx: Tx,
  order: { id: string; company_id: string; warehouse_id: string | null },
  actor: { id: string | null; name: string },
  remarks: string,
): Promise<void> {
  const release = new Map([...(await unitsByWsin(tx, order.id))].map(([wsin, units]) => [wsin, -units]));
  await shiftBlockedInventory(tx, order, release, actor, remarks);
}

/**
 * The stock an order holds at its warehouse moved by `delta` units per WSIN
 * (more held: a 'block' line; less: an 'unblock' line, never below zero), as
 * when its items change while it holds stock.
 */
export async function shiftBlockedInventory(
  tx: Tx,
  order: { company_id: string; warehouse_id: string | null },
  delta: ReadonlyMap<string, number>,
  actor: { id: string | null; name: string },
  remarks: string,
): Promise<void> {
  if (!order.warehouse_id) return;
  const now = nowIso();
  for (const [wsin, units] of delta) {
    if (!units) continue;
    const inv = await tx
      .selectFrom('inventory')
      .select(['id', 'quantity', 'blocked'])
      .where('warehouse_id', '=', order.warehouse_id)
      .where('company_id', '=', order.company_id)
      .where('wsin', '=', wsin)
      .executeTakeFirst();
    if (!inv) continue;
    const blocked = Math.max(0, Number(inv.blocked) + units);
    await tx
      .updateTable('inventory')
      .set({ blocked, updated_at: now, version: sql<number>`version + 1` })
      .where('id', '=', inv.id)
      .execute();
    await tx
      .insertInto('inventory_trail')
      .values({
        id: uuidv7(), inventory_id: inv.id, warehouse_id: order.warehouse_id, company_id: order.company_id, wsin, kind: units > 0 ? 'block' : 'unblock',
        delta: 0, accepted: 0, rejected: 0, quantity_after: Number(inv.quantity), remarks, actor_id: actor.id, actor_name: actor.name,
        created_at: now,
      })
      .execute();
  }
}
