// The orders workspace's lists: sidebar counts, the order list of a section,
// missed orders and buyers' requests. Routes parse, call the use case
// (edge-api/services/orders/lists.ts) and respond.
import { Hono } from 'hono';
import { z } from 'zod';
import { customerRequestQuerySchema, missedOrderQuerySchema, orderListQuerySchema } from '../../../domain/orders/filters';
import { CustomerRequestDetail, CustomerRequestFindResponse, CustomerRequestItem, CustomerRequestsResponse, MissedOrderItem, MissedOrdersResponse, OrderCountsResponse, type OrderListItem, type OrderListItemLine, OrderListResponse } from '../../../domain/orders/responses';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { customerRequestDetail, customerRequests, missedOrders, missedOrdersCsv, orderCounts, orderListPage } from '../../services/orders/lists';
import { contentDisposition } from '../../lib/content-disposition';
import { indiaToday } from '../../../domain/india-time';

export type { CustomerRequestDetail, CustomerRequestItem, MissedOrderItem, OrderCountsResponse, OrderListItem, OrderListItemLine, OrderListResponse };

export const listRoutes = new Hono<AppEnv>()
  /** Sidebar counts: per-status order counts, missed orders and open customer requests of the caller's companies. */
  .get('/orders/counts', responds(OrderCountsResponse), async (c) => {
    return c.json((await orderCounts(c.var.dbh, companyScope(c))) satisfies OrderCountsResponse);
  })
  /**
   * The order list of a sidebar section: one page (seek pagination), the
   * per-status counts of the caller's companies, the section's total
   * (`currentCount`, exact or "more than" when capped) and the missed-order count.
   */
  .get('/orders', responds(OrderListResponse), v('query', orderListQuerySchema), async (c) => {
    return c.json((await orderListPage(c.var.dbh, companyScope(c), c.req.valid('query'), requireSession(c).role)) satisfies OrderListResponse);
  })
  /** Missed orders: their own statuses (non-admins filter by one at a time) and sync state. */
  .get('/missed-orders', responds(MissedOrdersResponse), v('query', missedOrderQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json((await missedOrders(c.var.dbh.db, { role: requireSession(c).role, scope: companyScope(c) }, q)) satisfies MissedOrdersResponse);
  })
  /** The missed orders of the filter (search, status, sync, date range) as a CSV file. */
  .get('/missed-orders/csv', v('query', missedOrderQuerySchema), async (c) => {
    const body = await missedOrdersCsv(c.var.dbh.db, { role: requireSession(c).role, scope: companyScope(c) }, c.req.valid('query'));
    return new Response(body, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': contentDisposition(`missed-orders-${indiaToday()}.csv`) } });
  })
  /** Customer requests (NDR): reattempt or address-change requests buyers made from the tracking page. */
  .get('/customerRequests', responds(CustomerRequestsResponse), v('query', customerRequestQuerySchema), async (c) => {
    return c.json((await customerRequests(c.var.dbh.db, companyScope(c), c.req.valid('query'))) satisfies CustomerRequestsResponse);
  })
  /** One customer request with its order (the NDR info modal reads data.data). */
  .get('/customerRequests/find/:id', responds(CustomerRequestFindResponse), v('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const detail = await customerRequestDetail(c.var.dbh.db, companyScope(c), { requestId: c.req.valid('param').id });
    return c.json({ status: true as const, message: '', data: { data: detail } } satisfies CustomerRequestFindResponse);
  });
