// Packing calls of part 2 §7, online. The submit runs the same code as the
// offline pack.submit command.
import { Hono } from 'hono';
import { z } from 'zod';
import { FloorDoneResponse, packagingFindSchema, packagingListSchema, packagingSubmitSchema, PackingFindResponse, PackingListResponse } from '../../../domain/floor';
import { findPackingOrder, listPackingOrders, submitPack } from '../../../db/floor/packing';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireRole } from '../../middleware/session';
import { readScope, refusalsAsApi, runOnline } from './context';

const awbParam = z.object({ awb: z.string().trim().min(1).max(64) });
const keyParam = z.object({ key: z.string().min(1).max(64) });

export const packingRoutes = new Hono<AppEnv>()
  .post('/order/packaging-metadata/find/:awb', requireRole('seller', 'warehouse', 'admin'), responds(PackingFindResponse), v('param', awbParam), v('json', packagingFindSchema), async (c) => {
    const scope = await readScope(c, c.req.valid('json').selectedCompanyIds);
    const data = await refusalsAsApi(() => findPackingOrder(c.var.dbh.db, scope, c.req.valid('param').awb, null));
    return c.json({ status: true as const, data } satisfies PackingFindResponse);
  })
  .post('/order/packaging-metadata/get', requireRole('seller', 'warehouse', 'admin'), responds(PackingListResponse), v('json', packagingListSchema), async (c) => {
    const body = c.req.valid('json');
    const scope = await readScope(c, body.selectedCompanyIds);
    const list = await listPackingOrders(c.var.dbh.db, scope, body.filter);
    return c.json({ status: true as const, ...list } satisfies PackingListResponse);
  })
  .post('/order/packaging-metadata/:key', requireRole('seller', 'warehouse', 'admin'), responds(FloorDoneResponse), v('param', keyParam), v('json', packagingSubmitSchema), async (c) => {
    const { key } = c.req.valid('param');
    const scanned = Object.fromEntries(c.req.valid('json').orderData.items_to_scan.map((i) => [i.wsin, i.scanned_qty]));
    await runOnline(c, (tx) => submitPack(tx, { orderId: key, scanned }));
    return c.json({ status: true, message: 'Order packed' } satisfies FloorDoneResponse);
  });
