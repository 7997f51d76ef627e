import { Hono } from 'hono';
import { z } from 'zod';
import { ManualOrderCreatedResponse, manualOrderSchema, ORDER_CREATED, orderIdCheckSchema, OrderIdCheckResponse, OrderPrefillResponse } from '../../../domain/manual-order';
import { shipFromQuerySchema, ShipFromResponse } from '../../../domain/allocation';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { createManualOrder, manualOrderCompany, manualOrderId, type ManualOrderActor } from '../../services/orders/create-manual-order';
import { suggestShipFrom } from '../../services/orders/ship-from';
import { orderPrefill } from '../../services/catalogue/lookups';
import { catalogueActor } from './company';
import type { Context } from 'hono';
import { responds } from '../../lib/responds';

const actorOf = (c: Context<AppEnv>): ManualOrderActor => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, role: s.role, scope: companyScope(c), companyId: s.companyId };
};

export const manualOrderRoutes = new Hono<AppEnv>()
  /**
   * Creates a manual order (status PLACED). Totals are recomputed here from the
   * catalogue; whatever totals a client sends are ignored.
   */
  .post('/orders/manual', responds(ManualOrderCreatedResponse, 201), v('json', manualOrderSchema), async (c) => {
    const created = await createManualOrder(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: ORDER_CREATED, data: created } satisfies ManualOrderCreatedResponse, 201);
  })
  /** The "Ship from" the form pre-fills: the allocation rule of domain/allocation.ts for these lines and this pincode. */
  .get('/orders/manual/ship-from', responds(ShipFromResponse), v('query', shipFromQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const companyId = manualOrderCompany(actorOf(c), q.companyId);
    const data = await suggestShipFrom(c.var.dbh, companyId, q);
    return c.json({ status: true, data } satisfies ShipFromResponse);
  })
  /** The form's order id: a free one suggested, or whether the one typed is free. */
  .get('/orders/manual/order-id', responds(OrderIdCheckResponse), v('query', orderIdCheckSchema), async (c) => {
    const data = await manualOrderId(c.var.dbh, actorOf(c), c.req.valid('query'));
    return c.json({ status: true, data } satisfies OrderIdCheckResponse);
  })
  /** An existing order as the manual order form's pre-fill (clone, Clone & Edit). */
  .get('/orders/manual/:id/prefill', responds(OrderPrefillResponse), v('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const data = await orderPrefill(c.var.dbh, catalogueActor(c), c.req.valid('param').id);
    return c.json({ status: true, data } satisfies OrderPrefillResponse);
  });
