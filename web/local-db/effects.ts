// Optimistic local effects of the floor's commands: what the device shows
// until the server's answer arrives in a pull. They depend only on the rows
// and the command's args (they are re-run on top of every pull) and never
// throw: where the local view says the command cannot apply they do nothing,
// and the server decides.
import { FLOOR_TABLES, inventoryKey, isPackable, judgeScan, requiredUnits, type FloorOrderDoc, type InventoryDoc } from '../../domain/floor';
import type { AppCommands } from '../../sync/commands';
import type { LocalEffects, LocalRows } from '../../sync/client/engine';

async function order(rows: LocalRows, id: string) {
  return (await rows.get(FLOOR_TABLES.orders, id)) as FloorOrderDoc | undefined;
}

async function stock(rows: LocalRows, key: { warehouseId: string; companyId: string; wsin: string }, createdAt: string) {
  const existing = (await rows.get(FLOOR_TABLES.inventory, inventoryKey(key))) as InventoryDoc | undefined;
  return existing ?? { id: '', ...key, productName: null, location: null, quantity: 0, blocked: 0, scannedQuantity: 0, updatedAt: createdAt };
}

export const floorEffects: LocalEffects<AppCommands> = {
  'pack.scan': async (rows, args) => {
    const doc = await order(rows, args.orderId);
    if (!doc || !isPackable(doc)) return;
    const verdict = judgeScan(doc, args.wsin);
    if (!verdict.ok) return;
    await rows.put(FLOOR_TABLES.orders, doc.id, { ...doc, packing: { ...doc.packing, scanned: { ...doc.packing.scanned, [verdict.wsin]: verdict.scanned } } });
  },
  // The weight is the server's to store on the order; the device's copy of the order does not show it.
  'pack.weigh': async () => {},
  'pack.submit': async (rows, args, { createdAt }) => {
    const doc = await order(rows, args.orderId);
    if (!doc || !isPackable(doc)) return;
    await rows.put(FLOOR_TABLES.orders, doc.id, {
      ...doc,
      status: 'READY_TO_SHIP',
      packing: { status: 'PACKED', scanned: requiredUnits(doc.items), packedAt: createdAt, packedBy: null },
    } satisfies FloorOrderDoc);
  },
  'return.approve': async (rows, args) => {
    const doc = await order(rows, args.orderId);
    if (!doc) return;
    const titles = new Map(doc.items.flatMap((i) => Object.keys(i.wsinMapping).map((w) => [w, i.title] as const)));
    await rows.put(FLOOR_TABLES.orders, doc.id, {
      ...doc,
      status: args.returnType === 'RTO' ? 'RTO_PROCESSED' : 'DTO_PROCESSED',
      returnInfo: args.items.map((i) => ({
        productTitle: titles.get(i.wsin) ?? i.sku,
        sku: i.sku,
        wsin: i.wsin,
        missingQuantity: i.missingQuantity,
        damageQuantity: i.damageQuantity,
        imageLocation: i.imageKey ?? null,
      })),
    } satisfies FloorOrderDoc);
  },
  'inventory.inbound': async (rows, args, { createdAt }) => {
    const row = await stock(rows, args, createdAt);
    await rows.put(FLOOR_TABLES.inventory, inventoryKey(args), { ...row, quantity: row.quantity + args.accepted, updatedAt: createdAt });
  },
  'inventory.adjust': async (rows, args, { createdAt }) => {
    const row = (await rows.get(FLOOR_TABLES.inventory, inventoryKey(args))) as InventoryDoc | undefined;
    if (!row || row.quantity + args.delta < 0) return;
    await rows.put(FLOOR_TABLES.inventory, inventoryKey(args), { ...row, quantity: row.quantity + args.delta, updatedAt: createdAt });
  },
  'inventory.scanned': async (rows, args, { createdAt }) => {
    const row = (await rows.get(FLOOR_TABLES.inventory, inventoryKey(args))) as InventoryDoc | undefined;
    if (!row) return;
    await rows.put(FLOOR_TABLES.inventory, inventoryKey(args), { ...row, scannedQuantity: args.quantity, updatedAt: createdAt });
  },
};
