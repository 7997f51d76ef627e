import { Hono } from 'hono';
import { z } from 'zod';
import {
  countableFromStatusCounts,
  countOrders,
  itemsOfOrders,
  listOrders,
  readSidebarCounts,
  statusTotals,
  type OrderListFilter,
  type OrderListRow,
} from '../../../db/orders/list';
import {
  CustomerRequestDetail,
  CustomerRequestFindResponse,
  CustomerRequestItem,
  customerRequestQuerySchema,
  CustomerRequestsResponse,
  decodeCursor,
  effectiveStatuses,
  encodeCursor,
  istDayEnd,
  istDayStart,
  MissedOrderItem,
  missedOrderQuerySchema,
  MissedOrdersResponse,
  OrderCountsResponse,
  type OrderListItem,
  type OrderListItemLine,
  orderListQuerySchema,
  OrderListResponse,
  syncLabel,
} from '../../../domain/orders';
import { ORDER_STATUSES } from '../../../domain/statuses';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';

const inList = (ids: readonly string[]) => (ids.length ? [...ids] : ['']);

function listRowDto(r: OrderListRow, items: OrderListItemLine[]): OrderListItem {
  return {
    id: r.id,
    companyId: r.company_id,
    warehouseId: r.warehouse_id,
    shopOrderId: r.shop_order_id,
    externalOrderId: r.external_order_id,
    status: r.status,
    shopType: r.shop_type,
    orderType: Number(r.order_type),
    paymentMode: r.payment_mode,
    totalPaise: Number(r.total_paise),
    trackingNumber: r.tracking_number,
    shipper: r.shipper,
    customerName: r.customer_name,
    customerPhone: r.customer_phone,
    city: r.shipping_city,
    state: r.shipping_state,
    pincode: r.shipping_pincode,
    remittanceStatus: r.remittance_status,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    items,
  };
}
export type { CustomerRequestDetail, CustomerRequestItem, MissedOrderItem, OrderCountsResponse, OrderListItem, OrderListItemLine, OrderListResponse };

export const listRoutes = new Hono<AppEnv>()
  /** Sidebar counts: per-status order counts, missed orders and open customer requests of the caller's companies. */
  .get('/orders/counts', requireRole(), responds(OrderCountsResponse), async (c) => {
    const scope = companyScope(c);
    const { db, sqlite } = c.var.dbh;
    const sidebar = await readSidebarCounts({ db, sqlite }, scope);
    const body: OrderCountsResponse = {
      status: true,
      count: statusTotals(sidebar.statusRows, null),
      missedOrderCount: sidebar.missedOrders,
      customerRequestCount: sidebar.openRequests,
    };
    return c.json(body);
  })
  /**
   * The order list of a sidebar section: one page (seek pagination), the
   * per-status counts of the caller's companies, the section's total
   * (`currentCount`, exact or "more than" when capped) and the missed-order count.
   */
  .get('/orders', requireRole(), responds(OrderListResponse), v('query', orderListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const { db, dialect, sqlite } = c.var.dbh;
    const scope = companyScope(c);
    const companies = q.companyId ? (scope === null || scope.includes(q.companyId) ? [q.companyId] : []) : scope;
    const statuses = effectiveStatuses(q.tab, q.status);
    const filter: OrderListFilter = {
      companyIds: companies,
      statuses,
      createdFrom: q.from ? istDayStart(q.from) : undefined,
      createdTo: q.to ? istDayEnd(q.to) : undefined,
      q: q.q,
      paymentMode: q.paymentMode,
      shopType: q.shopType,
      orderType: q.orderType,
      courier: q.courier,
      warehouseId: q.warehouseId,
      pincode: q.pincode,
      sku: q.sku,
      beatId: q.beatId,
    };
    // Sidebar counts of the caller's companies; the section's total and the
    // list's arms come from the same rows (the listed companies are among them).
    const sidebar = await readSidebarCounts({ db, sqlite }, scope);
    const count = statusTotals(sidebar.statusRows, null);

    let currentCount: number;
    let capped = false;
    if (countableFromStatusCounts(filter)) {
      const counts = companies === scope ? count : statusTotals(sidebar.statusRows, companies);
      currentCount = ((statuses ?? ORDER_STATUSES) as readonly string[]).reduce((n: number, s) => n + (counts[s] ?? 0), 0);
    } else {
      ({ count: currentCount, capped } = await countOrders(db, filter, undefined, { sqlite }));
    }
    const page = await listOrders(db, dialect, filter, {
      sortField: q.sortField,
      sortOrder: q.sortOrder,
      pageSize: q.pageSize,
      page: q.cursor ? undefined : q.page,
      cursor: q.cursor ? decodeCursor(q.cursor) : null,
      dir: q.dir,
      total: capped ? null : currentCount,
    }, { sqlite, statusRows: sidebar.statusRows });
    const items = await itemsOfOrders(db, page.rows.map((r) => r.id), { sqlite });
    const pages = capped ? null : Math.max(1, Math.ceil(currentCount / q.pageSize));
    const body: OrderListResponse = {
      status: true as const,
      message: '',
      order: page.rows.map((r) => listRowDto(r, items.get(r.id) ?? [])),
      count,
      currentCount,
      currentCountCapped: capped,
      missedOrderCount: sidebar.missedOrders,
      customerRequestCount: sidebar.openRequests,
      page: {
        pageSize: q.pageSize,
        sortField: q.sortField,
        sortOrder: q.sortOrder,
        current: q.page === 'last' ? pages : typeof q.page === 'number' && !q.cursor ? q.page : q.cursor ? null : 1,
        pages,
        hasNext: page.hasNext,
        hasPrev: page.hasPrev,
        nextCursor: page.hasNext && page.last ? encodeCursor(page.last) : null,
        prevCursor: page.hasPrev && page.first ? encodeCursor(page.first) : null,
      },
    };
    return c.json(body);
  })
  /** Missed orders: their own statuses (non-admins filter by one at a time) and sync state. */
  .get('/missed-orders', requireRole(), responds(MissedOrdersResponse), v('query', missedOrderQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const s = requireSession(c);
    if (s.role !== 'admin' && (q.status?.length ?? 0) > 1) throw new ApiFailure(400, 'Please select one status', [{ path: 'status', message: 'Please select one status' }]);
    const scope = companyScope(c);
    const db = c.var.dbh.db;
    let base = db.selectFrom('missed_orders');
    if (scope) base = base.where('company_id', 'in', inList(scope));
    let filtered = base;
    if (q.status) filtered = filtered.where('status', 'in', q.status);
    if (q.sync) filtered = filtered.where('synced', '=', q.sync === 'synced' ? 1 : 0);
    if (q.q) filtered = filtered.where('shop_order_id', 'like', `%${q.q.replace(/[%_\\]/g, '')}%`);
    const [rows, total, byStatus] = await Promise.all([
      filtered
        .select(['id', 'company_id', 'shop_order_id', 'status', 'synced', 'reason', 'created_at'])
        .orderBy('id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      base.select((eb) => ['status', eb.fn.countAll<number>().as('n')]).groupBy('status').execute(),
    ]);
    const all = byStatus.reduce((n, r) => n + Number(r.n), 0);
    return c.json({
      status: true as const,
      message: '',
      order: rows.map((r): MissedOrderItem => ({
        id: r.id, companyId: r.company_id, shopOrderId: r.shop_order_id, status: r.status, synced: Number(r.synced) === 1,
        syncState: syncLabel(Number(r.synced)), reason: r.reason, createdAt: r.created_at,
      })),
      count: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
      currentCount: Number(total.n),
      missedOrderCount: all,
      page: { current: q.page, pageSize: q.pageSize, pages: Math.max(1, Math.ceil(Number(total.n) / q.pageSize)) },
    } satisfies MissedOrdersResponse);
  })
  /** Customer requests (NDR): reattempt or address-change requests buyers made from the tracking page. */
  .get('/customerRequests', requireRole(), responds(CustomerRequestsResponse), v('query', customerRequestQuerySchema), async (c) => {
    const q = c.req.valid('query');
    const scope = companyScope(c);
    const db = c.var.dbh.db;
    let base = db.selectFrom('customer_requests as r').innerJoin('orders as o', 'o.id', 'r.order_id');
    if (scope) base = base.where('r.company_id', 'in', inList(scope));
    if (q.status) base = base.where('r.status', '=', q.status);
    const [rows, total] = await Promise.all([
      base
        .select([
          'r.id', 'r.order_id', 'r.company_id', 'r.kind', 'r.status', 'r.created_at', 'o.shop_order_id', 'o.customer_name',
          'o.customer_phone', 'o.tracking_number', 'o.status as order_status', 'o.shipping_city',
        ])
        .orderBy('r.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return c.json({
      status: true as const,
      message: '',
      data: rows.map((r): CustomerRequestItem => ({
        id: r.id, orderId: r.order_id, companyId: r.company_id, kind: r.kind, status: r.status, createdAt: r.created_at,
        shopOrderId: r.shop_order_id, customerName: r.customer_name, customerPhone: r.customer_phone, awb: r.tracking_number,
        orderStatus: r.order_status, city: r.shipping_city,
      })),
      currentCount: Number(total.n),
      page: { current: q.page, pageSize: q.pageSize, pages: Math.max(1, Math.ceil(Number(total.n) / q.pageSize)) },
    } satisfies CustomerRequestsResponse);
  })
  /** One customer request with its order (the NDR info modal reads data.data). */
  .get('/customerRequests/find/:id', requireRole(), responds(CustomerRequestFindResponse), v('param', z.object({ id: z.string().min(1).max(64) })), async (c) => {
    const scope = companyScope(c);
    let q = c.var.dbh.db
      .selectFrom('customer_requests as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .select([
        'r.id', 'r.order_id', 'r.company_id', 'r.kind', 'r.payload', 'r.status', 'r.created_at', 'o.shop_order_id', 'o.customer_name',
        'o.customer_phone', 'o.tracking_number', 'o.status as order_status', 'o.shipping_address', 'o.shipper',
      ])
      .where('r.id', '=', c.req.valid('param').id);
    if (scope) q = q.where('r.company_id', 'in', inList(scope));
    const r = await q.executeTakeFirst();
    if (!r) throw notFound('Request not found');
    let payload: Record<string, unknown> = {};
    let address: Record<string, unknown> = {};
    try {
      payload = JSON.parse(r.payload);
      address = JSON.parse(r.shipping_address);
    } catch {
      /* shown as empty */
    }
    const detail: CustomerRequestDetail = {
      id: r.id, orderId: r.order_id, companyId: r.company_id, kind: r.kind, status: r.status, createdAt: r.created_at, payload,
      order: {
        shopOrderId: r.shop_order_id, customerName: r.customer_name, customerPhone: r.customer_phone, awb: r.tracking_number,
        status: r.order_status, shipper: r.shipper, address,
      },
    };
    return c.json({ status: true as const, message: '', data: { data: detail } } satisfies CustomerRequestFindResponse);
  });
