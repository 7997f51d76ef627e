// Return approval calls of part 1 §7, online. /process-returns runs the same
// code as the offline return.approve command.
import { Hono } from 'hono';
import { processReturnsSchema, returnFindQuerySchema, splitOrderQuerySchema, ReturnFindResponse, ReturnInfoResponse, ReturnRulesResponse, DtoItemsInfoResponse, FloorDoneResponse } from '../../../domain/floor';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { approveReturnOnline, findReturn, returnInfoOf, returnRules } from '../../services/floor/returns';
import { floorScopeOf, readScopeOf } from './session';

export const returnsRoutes = new Hono<AppEnv>()
  .get('/return-rules', responds(ReturnRulesResponse), async (c) => {
    return c.json((await returnRules(c.var.dbh.db, await floorScopeOf(c))) satisfies ReturnRulesResponse);
  })
  .get('/returns/find', responds(ReturnFindResponse), v('query', returnFindQuerySchema), async (c) => {
    const scope = await readScopeOf(c);
    return c.json((await findReturn(c.var.dbh.db, scope, c.req.valid('query').code)) satisfies ReturnFindResponse);
  })
  .get('/return-info', responds(ReturnInfoResponse), v('query', splitOrderQuerySchema), async (c) => {
    const info = await returnInfoOf(c.var.dbh, await floorScopeOf(c), c.req.valid('query').splitOrderId);
    return c.json({ status: true as const, data: info } satisfies ReturnInfoResponse);
  })
  .get('/dto_items_info', responds(DtoItemsInfoResponse), v('query', splitOrderQuerySchema), async (c) => {
    const info = await returnInfoOf(c.var.dbh, await floorScopeOf(c), c.req.valid('query').splitOrderId, 'DTO');
    return c.json({ status: true as const, data: { data: { items: info.data, order: info.order, processed: info.processed } } } satisfies DtoItemsInfoResponse);
  })
  .post('/process-returns', responds(FloorDoneResponse), v('json', processReturnsSchema), async (c) => {
    const body = c.req.valid('json');
    const items = body.returnInfo.map((r) => ({ ...r, imageKey: body.damagedItemsImage[r.wsin] }));
    await approveReturnOnline(c.var.dbh, requireSession(c), { orderId: body.orderData.id, returnType: body.returnType, items });
    return c.json({ status: true, message: `${body.returnType} approved` } satisfies FloorDoneResponse);
  });
