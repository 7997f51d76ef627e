// Inventory list and trail (part 1 §7 'Warehouse service'). Stock changes
// themselves arrive as offline commands (inventory.*).
import { Hono } from 'hono';
import { z } from 'zod';
import { indiaCsvDateTime } from '../../../domain/india-time';
import { inventoryListQuerySchema, InventoryListResponse, InventoryTrailResponse, ScannedTrailResponse, trailDate, trailExportQuerySchema, trailFilterSchema } from '../../../domain/floor';
import { csvLine } from '../../documents/csv';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { inventoryList, inventoryTrail, scannedTrail, trailExportRows } from '../../services/floor/inventory';
import { floorScopeOf, readScopeOf } from './session';
import { contentDisposition } from '../../lib/content-disposition';

const scannedBody = trailFilterSchema.extend({ companyId: z.string().min(1).max(64).optional(), warehouseId: z.string().min(1).max(64).optional() });

const CSV_HEADER = ['Date (IST)', 'Type', 'Change', 'Accepted', 'Rejected', 'Quantity after', 'Remarks', 'By'];

export const inventoryRoutes = new Hono<AppEnv>()
  .get('/inventory', responds(InventoryListResponse), v('query', inventoryListQuerySchema), async (c) => {
    const scope = await readScopeOf(c);
    return c.json({ status: true as const, ...(await inventoryList(c.var.dbh, scope, c.req.valid('query'))) } satisfies InventoryListResponse);
  })
  .post('/inventory/trail/:inventoryId', responds(InventoryTrailResponse), v('param', z.object({ inventoryId: z.string().min(1).max(64) })), v('json', trailFilterSchema), async (c) => {
    const page = await inventoryTrail(c.var.dbh, await floorScopeOf(c), c.req.valid('param').inventoryId, c.req.valid('json'));
    return c.json({ status: true as const, ...page } satisfies InventoryTrailResponse);
  })
  .post('/inventory/scanned-stock/trail/:wsin', responds(ScannedTrailResponse), v('param', z.object({ wsin: z.string().min(1).max(64) })), v('json', scannedBody), async (c) => {
    const page = await scannedTrail(c.var.dbh, await floorScopeOf(c), requireSession(c), c.req.valid('param').wsin, c.req.valid('json'));
    return c.json({ status: true as const, trails: page.trail, count: page.count, page: page.page, pageSize: page.pageSize } satisfies ScannedTrailResponse);
  })
  .get('/inventory/trail/export', v('query', trailExportQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const rows = trailExportRows(c.var.dbh, await floorScopeOf(c), q);
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
