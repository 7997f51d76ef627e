// Inventory reads (part 1 §7 'Warehouse service'): the list, a stock's trail,
// the scanned-stock trail and the trail export. Stock changes themselves
// arrive as offline commands (inventory.*, services/floor/handlers.ts).
import type { z } from 'zod';
import type { DbHandle } from '../../../db/connect';
import { companyAllowed, warehouseAllowed, type FloorScope } from '../../../db/floor/context';
import { findInventory, INVENTORY_TRAIL_KINDS, listInventory, trailPage, trailRows, type StockKey, type TrailFilter } from '../../../db/floor/inventory';
import type { trailExportQuerySchema, trailFilterSchema } from '../../../domain/floor';
import { notFound } from '../../../domain/refusal';
import type { FloorSession } from './context';

type TrailBody = z.infer<typeof trailFilterSchema>;
type TrailExportQuery = z.infer<typeof trailExportQuerySchema>;

function toFilter(body: TrailBody, defaultKinds: string[]): TrailFilter {
  const f = body.filter;
  return { start: f.trailsBetweenTime?.start, end: f.trailsBetweenTime?.end, kinds: f.inventoryTrailFilters?.kind ?? defaultKinds, page: f.page };
}

function allowedStock(scope: FloorScope, key: StockKey): StockKey {
  if (!companyAllowed(scope, key.companyId) || !warehouseAllowed(scope, key.warehouseId)) throw notFound('Inventory not found');
  return key;
}

export const inventoryList = (dbh: DbHandle, scope: FloorScope, q: { page: number; pageSize: number; search?: string }) => listInventory(dbh.db, scope, q);

/** The trail of one stock row (by its id), a page of it. */
export async function inventoryTrail(dbh: DbHandle, scope: FloorScope, inventoryId: string, body: TrailBody) {
  const row = await findInventory(dbh.db, scope, inventoryId);
  const key: StockKey = { warehouseId: row.warehouse_id, companyId: row.company_id, wsin: row.wsin };
  return trailPage(dbh.db, key, toFilter(body, INVENTORY_TRAIL_KINDS));
}

/** The scanned-stock trail of a WSIN at the user's warehouse (or the named one) for the named (or first selected) company. */
export async function scannedTrail(
  dbh: DbHandle,
  scope: FloorScope,
  s: Pick<FloorSession, 'selectedCompanyIds' | 'warehouseId'>,
  wsin: string,
  body: TrailBody & { companyId?: string; warehouseId?: string },
) {
  const key = allowedStock(scope, { warehouseId: s.warehouseId ?? body.warehouseId ?? '', companyId: body.companyId ?? s.selectedCompanyIds[0] ?? '', wsin });
  return trailPage(dbh.db, key, toFilter(body, ['scanned']));
}

/** Every trail row of a stock in the range, oldest first, for the CSV export. */
export function trailExportRows(dbh: DbHandle, scope: FloorScope, q: TrailExportQuery) {
  const key = allowedStock(scope, { warehouseId: q.warehouseId, companyId: q.companyId, wsin: q.wsin });
  return trailRows(dbh.db, key, { start: q.start, end: q.end, kinds: q.kind === 'scanned' ? ['scanned'] : INVENTORY_TRAIL_KINDS });
}
