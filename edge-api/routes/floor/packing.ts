// Packing calls of part 2 §7, online. The submit runs the same code as the
// offline pack.submit command.
import { Hono } from 'hono';
import { z } from 'zod';
import { FloorDoneResponse, packagingFindSchema, packagingListSchema, packagingSubmitSchema, PackingFindResponse, PackingListResponse } from '../../../domain/floor';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { packingOrderByAwb, packingOrders, packOrder } from '../../services/floor/packing';
import { readScopeOf } from './session';

const awbParam = z.object({ awb: z.string().trim().min(1).max(64) });
const keyParam = z.object({ key: z.string().min(1).max(64) });

export const packingRoutes = new Hono<AppEnv>()
  .post('/order/packaging-metadata/find/:awb', responds(PackingFindResponse), v('param', awbParam), v('json', packagingFindSchema), async (c) => {
    const scope = await readScopeOf(c, c.req.valid('json').selectedCompanyIds);
    const data = await packingOrderByAwb(c.var.dbh, scope, c.req.valid('param').awb);
    return c.json({ status: true as const, data } satisfies PackingFindResponse);
  })
  .post('/order/packaging-metadata/get', responds(PackingListResponse), v('json', packagingListSchema), async (c) => {
    const body = c.req.valid('json');
    const scope = await readScopeOf(c, body.selectedCompanyIds);
    const list = await packingOrders(c.var.dbh, scope, body.filter);
    return c.json({ status: true as const, ...list } satisfies PackingListResponse);
  })
  .post('/order/packaging-metadata/:key', responds(FloorDoneResponse), v('param', keyParam), v('json', packagingSubmitSchema), async (c) => {
    const { key } = c.req.valid('param');
    const scanned = Object.fromEntries(c.req.valid('json').orderData.items_to_scan.map((i) => [i.wsin, i.scanned_qty]));
    await packOrder(c.var.dbh, requireSession(c), { orderId: key, scanned });
    return c.json({ status: true, message: 'Order packed' } satisfies FloorDoneResponse);
  });
