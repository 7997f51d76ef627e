import { Hono } from 'hono';
import { z } from 'zod';
import { manualOrderSchema, ORDER_CREATED } from '../../../domain/manual-order';
import { createManualOrder, manualOrderPrefill, OrderRefusal } from '../../../db/catalogue/manual-orders';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';
import { targetCompany } from './company';

export const manualOrderRoutes = new Hono<AppEnv>()
  /**
   * Creates a manual order (status PLACED). Totals are recomputed here from the
   * catalogue; whatever totals a client sends are ignored.
   */
  .post('/orders/manual', requireRole(), v('json', manualOrderSchema), async (c) => {
    const s = requireSession(c);
    const order = c.req.valid('json');
    const companyId = targetCompany(c, order.companyId);
    const shopType = order.shopType ?? (s.role === 'warehouse' ? 'manual_fbw' : 'manual');
    try {
      const created = await createManualOrder(c.var.dbh.db, {
        companyId, order, shopType, scope: companyScope(c), actor: { id: s.userId, name: s.name },
      });
      return c.json({ status: true, message: ORDER_CREATED, data: created }, 201);
    } catch (e) {
      if (e instanceof OrderRefusal) throw new ApiFailure(e.status, e.message, e.path ? [{ path: e.path, message: e.message }] : undefined);
      throw e;
    }
  })
  /** An existing order as the manual order form's pre-fill (clone, Clone & Edit). */
  .get('/orders/manual/:id/prefill', requireRole(), v('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const data = await manualOrderPrefill(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!data) throw notFound('Order not found');
    return c.json({ status: true, data });
  });
