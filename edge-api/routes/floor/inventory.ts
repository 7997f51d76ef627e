// Inventory list and trail (part 1 §7 'Warehouse service'). Stock changes
// themselves arrive as offline commands (inventory.*).
import { Hono } from 'hono';
import { z } from 'zod';
import { indiaCsvDateTime } from '../../../domain/india-time';
import { inventoryListQuerySchema, InventoryListResponse, InventoryTrailResponse, ScannedTrailResponse, trailDate, trailExportQuerySchema, trailFilterSchema } from '../../../domain/floor';
import { companyAllowed, warehouseAllowed } from '../../../db/floor/context';
import { findInventory, INVENTORY_TRAIL_KINDS, listInventory, trailPage, trailRows, type StockKey, type TrailFilter } from '../../../db/floor/inventory';
import { csvLine } from '../../documents/csv';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireRole, requireSession } from '../../middleware/session';
import { floorCtx, readScope, refusalsAsApi } from './context';
import { contentDisposition } from '../../lib/content-disposition';

type TrailBody = z.infer<typeof trailFilterSchema>;

function toFilter(body: TrailBody, defaultKinds: string[]): TrailFilter {
  const f = body.filter;
  return { start: f.trailsBetweenTime?.start, end: f.trailsBetweenTime?.end, kinds: f.inventoryTrailFilters?.kind ?? defaultKinds, page: f.page };
}

const scannedBody = trailFilterSchema.extend({ companyId: z.string().min(1).max(64).optional(), warehouseId: z.string().min(1).max(64).optional() });

const CSV_HEADER = ['Date (IST)', 'Type', 'Change', 'Accepted', 'Rejected', 'Quantity after', 'Remarks', 'By'];

export const inventoryRoutes = new Hono<AppEnv>()
  .get('/inventory', requireRole('seller', 'warehouse', 'admin'), responds(InventoryListResponse), v('query', inventoryListQuerySchema), async (c) => {
    const scope = await readScope(c);
    return c.json({ status: true as const, ...(await listInventory(c.var.dbh.db, scope, c.req.valid('query'))) } satisfies InventoryListResponse);
  })
  .post('/inventory/trail/:inventoryId', requireRole('seller', 'warehouse', 'admin'), responds(InventoryTrailResponse), v('param', z.object({ inventoryId: z.string().min(1).max(64) })), v('json', trailFilterSchema), async (c) => {
    const { scope } = await floorCtx(c, 'user');
    const row = await refusalsAsApi(() => findInventory(c.var.dbh.db, scope, c.req.valid('param').inventoryId));
    const key: StockKey = { warehouseId: row.warehouse_id, companyId: row.company_id, wsin: row.wsin };
    return c.json({ status: true as const, ...(await trailPage(c.var.dbh.db, key, toFilter(c.req.valid('json'), INVENTORY_TRAIL_KINDS))) } satisfies InventoryTrailResponse);
  })
  .post('/inventory/scanned-stock/trail/:wsin', requireRole('warehouse', 'admin'), responds(ScannedTrailResponse), v('param', z.object({ wsin: z.string().min(1).max(64) })), v('json', scannedBody), async (c) => {
    const s = requireSession(c);
    const body = c.req.valid('json');
    const { scope } = await floorCtx(c, 'user');
    const companyId = body.companyId ?? s.selectedCompanyIds[0] ?? '';
    const warehouseId = s.warehouseId ?? body.warehouseId ?? '';
    if (!companyAllowed(scope, companyId) || !warehouseAllowed(scope, warehouseId)) throw notFound('Inventory not found');
    const page = await trailPage(c.var.dbh.db, { warehouseId, companyId, wsin: c.req.valid('param').wsin }, toFilter(body, ['scanned']));
    return c.json({ status: true as const, trails: page.trail, count: page.count, page: page.page, pageSize: page.pageSize } satisfies ScannedTrailResponse);
  })
  .get('/inventory/trail/export', requireRole('seller', 'warehouse', 'admin'), v('query', trailExportQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { scope } = await floorCtx(c, 'user');
    if (!companyAllowed(scope, q.companyId) || !warehouseAllowed(scope, q.warehouseId)) throw notFound('Inventory not found');
    const key: StockKey = { warehouseId: q.warehouseId, companyId: q.companyId, wsin: q.wsin };
    const rows = trailRows(c.var.dbh.db, key, { start: q.start, end: q.end, kinds: q.kind === 'scanned' ? ['scanned'] : INVENTORY_TRAIL_KINDS });
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(CSV_HEADER)}`));
      },
      async pull(controller) {
        const batch: string[] = [];
        for (let i = 0; i < 256; i++) {
          const next = await rows.next();
          if (next.done) {
            if (batch.length) controller.enqueue(encoder.encode(batch.join('')));
            controller.close();
            return;
          }
          const t = next.value;
          batch.push(csvLine([indiaCsvDateTime(t.created_at), t.kind, t.delta, t.accepted, t.rejected, t.quantity_after, t.remarks, t.actor_name]));
        }
        controller.enqueue(encoder.encode(batch.join('')));
      },
    });
    const file = `inventory-trail-${q.wsin}-${trailDate(Date.now()).replace(/\//g, '-')}.csv`;
    return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition(file) } });
  });
