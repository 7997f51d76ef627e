// The browser's durable stores, one set per signed-in user: the sync engine's
// SyncDexie (outbox, pulled rows, rejections) and a small database of proof
// photos waiting to be uploaded.
import Dexie, { type Table } from 'dexie';
import { FLOOR_TABLES, type CatalogueDoc, type FloorOrderDoc, type InventoryDoc } from '../../domain/floor';
import { readRow, readTableRows, SyncDexie } from '../../sync/client/dexie-store';

export interface ProofPhoto {
  id: string;
  companyId: string;
  fileName: string;
  contentType: string;
  /** Dropped once uploaded; `key` then names the upload. */
  blob: Blob | null;
  key: string | null;
  createdAt: string;
}

export class PhotoDexie extends Dexie {
  photos!: Table<ProofPhoto, string>;
  constructor(name: string) {
    super(name, { chromeTransactionDurability: 'strict' });
    this.version(1).stores({ photos: '&id' });
  }
}

export const syncDbName = (userId: string) => `shipdesk-sync-${userId}`;
export const photoDbName = (userId: string) => `shipdesk-photos-${userId}`;

/** A reference to a photo kept on this device, in place of an upload key until it is uploaded. */
export const LOCAL_PHOTO = 'local:';
export const isLocalPhoto = (ref: string | undefined): ref is string => !!ref && ref.startsWith(LOCAL_PHOTO);

// Typed reads of the pulled rows (the engine writes them; screens only read).

export async function readOrders(db: SyncDexie): Promise<FloorOrderDoc[]> {
  return (await readTableRows(db.buckets, FLOOR_TABLES.orders)).map((r) => r.value as FloorOrderDoc);
}

export async function readOrder(db: SyncDexie, id: string): Promise<FloorOrderDoc | undefined> {
  return (await readRow(db.buckets, FLOOR_TABLES.orders, id)) as FloorOrderDoc | undefined;
}

/** An order by AWB, return AWB, order number or id (case-insensitive), preferring `statuses` when given. */
export async function findOrderByCode(db: SyncDexie, code: string, statuses?: readonly string[]): Promise<FloorOrderDoc | undefined> {
  const wanted = code.trim().toLowerCase();
  if (!wanted) return undefined;
  const byId = await readOrder(db, code.trim());
  const matches = byId
    ? [byId]
    : (await readOrders(db)).filter((o) => [o.awb, o.returnAwb, o.shopOrderId].some((c) => c?.toLowerCase() === wanted));
  return matches.find((o) => !statuses || statuses.includes(o.status)) ?? matches[0];
}

export async function readInventory(db: SyncDexie): Promise<InventoryDoc[]> {
  return (await readTableRows(db.buckets, FLOOR_TABLES.inventory)).map((r) => r.value as InventoryDoc);
}

export async function readCatalogue(db: SyncDexie): Promise<CatalogueDoc[]> {
  return (await readTableRows(db.buckets, FLOOR_TABLES.catalogue)).map((r) => r.value as CatalogueDoc);
}

/** Whether a command of this name for this order is still waiting in the outbox. */
export async function hasPending(db: SyncDexie, name: string, orderId: string): Promise<boolean> {
  return (await db.outbox.toArray()).some((e) => e.name === name && (e.args as { orderId?: string }).orderId === orderId);
}

export { SyncDexie };
