// The orders workspace's lists (moved from routes/orders/list.ts): sidebar
// counts, the order list of a sidebar section (the benchmarked hot path: the
// fast paths of db/orders/list*.ts, nothing added per request), missed orders
// and buyers' requests. `scope` null = all companies (admin).
import type { DbHandle, Db } from '../../../db/connect';
import { listOrders } from '../../../db/orders/list';
import { countableFromStatusCounts, type OrderListFilter } from '../../../db/orders/list-filter';
import { countOrders, readSidebarCounts, statusTotals } from '../../../db/orders/list-counts';
import { itemsOfOrders, type OrderListRow } from '../../../db/orders/list-rows';
import { customerRequestsPage, customerRequestWithOrder, missedOrdersPage } from '../../../db/orders/side-lists';
import { decodeCursor, encodeCursor } from '../../../domain/orders/cursor';
import { type customerRequestQuerySchema, type MissedOrderQuery, CLUSTER_FILTER_WMS_ONLY, type orderListQuerySchema } from '../../../domain/orders/filters';
import { istDayEnd, istDayStart } from '../../../domain/orders/ist-dates';
import type { CustomerRequestDetail, CustomerRequestItem, CustomerRequestsResponse, MissedOrderItem, MissedOrdersResponse, OrderCountsResponse, OrderListItem, OrderListItemLine, OrderListResponse } from '../../../domain/orders/responses';
import { effectiveStatuses } from '../../../domain/orders/sections';
import { syncLabel } from '../../../domain/orders/texts';
import type { Role } from '../../../domain/roles';
import { csvLine } from '../../../domain/csv';
import { indiaCsvDateTime } from '../../../domain/india-time';
import { invalid, notFound } from '../../../domain/refusal';
import { CLUSTER_NOT_FOUND } from '../../../domain/admin';
import { clusterExists } from '../../../db/admin/masters';
import { ORDER_STATUSES } from '../../../domain/statuses';
import { EWB_FLAG_STATUSES, ewayBillMissing } from '../../../domain/einvoice/rules';
import { latestInvoiceEwbOfOrders } from '../../../db/einvoice/queries';
import type { z } from 'zod';

/**
 * The listed orders that READY TO SHIP flags for a missing e-way bill: not shipped yet, worth more than ₹50,000
 * (their invoice's amount once issued, the order's total before) and no e-way bill number, on the order or by IRN.
 */
async function ewayBillsNeeded(db: Db, rows: OrderListRow[], sqlite: DbHandle['sqlite']): Promise<Set<string>> {
  const candidates = rows.filter((r) => EWB_FLAG_STATUSES.includes(r.status) && !r.eway_bill);
  const invoices = candidates.length ? await latestInvoiceEwbOfOrders(db, candidates.map((r) => r.id), { sqlite }) : new Map();
  return new Set(candidates.filter((r) => {
    const inv = invoices.get(r.id);
    return ewayBillMissing(inv ? inv.amount_paise : Number(r.total_paise), inv?.ewb_no);
  }).map((r) => r.id));
}

function listRowDto(r: OrderListRow, items: OrderListItemLine[], ewbNeeded: Set<string>): OrderListItem {
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
    ewayBillNeeded: ewbNeeded.has(r.id),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    items,
  };
}

/** Sidebar counts: per-status order counts, missed orders and open customer requests of the caller's companies. */
export async function orderCounts(dbh: DbHandle, scope: readonly string[] | null): Promise<OrderCountsResponse> {
  const { db, sqlite } = dbh;
  const sidebar = await readSidebarCounts({ db, sqlite }, scope);
  return {
    status: true,
    count: statusTotals(sidebar.statusRows, null),
    missedOrderCount: sidebar.missedOrders,
    customerRequestCount: sidebar.openRequests,
  };
}

/**
 * The order list of a sidebar section: one page (seek pagination), the
 * per-status counts of the caller's companies, the section's total
 * (`currentCount`, exact or "more than" when capped) and the missed-order count.
 */
export async function orderListPage(
  dbh: DbHandle, scope: readonly string[] | null, q: z.output<typeof orderListQuerySchema>, role: Role,
): Promise<OrderListResponse> {
  const { db, dialect, sqlite } = dbh;
  if (q.cluster) {
    // Part 1 §6: the cluster filter is WMS only (the admin, who keeps the clusters, may use it too).
    if (role === 'seller') throw invalid(CLUSTER_FILTER_WMS_ONLY, [{ path: 'cluster', message: CLUSTER_FILTER_WMS_ONLY }]);
    if (!(await clusterExists(db, q.cluster))) throw notFound(CLUSTER_NOT_FOUND);
  }
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
    clusterId: q.cluster,
  };
  // Sidebar counts of the caller's companies; the section's total and the
  // list's arms come from the same rows (the listed companies are among them).
  const sidebar = await readSidebarCounts({ db, sqlite }, scope);
  const count = statusTotals(sidebar.statusRows, null);
  // Counts of a filter are remembered until the next write (db/orders/count-memo.ts).
  const memo = sidebar.version === null ? undefined : { version: sidebar.version, scope };

  let currentCount: number;
  let capped = false;
  if (countableFromStatusCounts(filter)) {
    const counts = companies === scope ? count : statusTotals(sidebar.statusRows, companies);
    currentCount = ((statuses ?? ORDER_STATUSES) as readonly string[]).reduce((n: number, s) => n + (counts[s] ?? 0), 0);
  } else {
    ({ count: currentCount, capped } = await countOrders(db, filter, undefined, { sqlite, memo }));
  }
  const page = await listOrders(db, dialect, filter, {
    sortField: q.sortField,
    sortOrder: q.sortOrder,
    pageSize: q.pageSize,
    page: q.cursor ? undefined : q.page,
    cursor: q.cursor ? decodeCursor(q.cursor) : null,
    dir: q.dir,
    total: capped ? null : currentCount,
  }, { sqlite, statusRows: sidebar.statusRows, memo });
  // Both read by the page's ids alone: side by side (on PostgreSQL two round trips at once, not one after the other).
  const [items, ewbNeeded] = await Promise.all([itemsOfOrders(db, page.rows.map((r) => r.id), { sqlite }), ewayBillsNeeded(db, page.rows, sqlite)]);
  const pages = capped ? null : Math.max(1, Math.ceil(currentCount / q.pageSize));
  return {
    status: true as const,
    message: '',
    order: page.rows.map((r) => listRowDto(r, items.get(r.id) ?? [], ewbNeeded)),
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
}

/** Missed orders: their own statuses (non-admins filter by one at a time) and sync state. */
export async function missedOrders(db: Db, actor: { role: Role; scope: readonly string[] | null }, q: MissedOrderQuery): Promise<MissedOrdersResponse> {
  oneStatusUnlessAdmin(actor.role, q);
  const { rows, total, byStatus } = await missedOrdersPage(db, actor.scope, q);
  const all = byStatus.reduce((n, r) => n + Number(r.n), 0);
  return {
    status: true as const,
    message: '',
    order: rows.map((r): MissedOrderItem => ({
      id: r.id, companyId: r.company_id, shopOrderId: r.shop_order_id, status: r.status, synced: Number(r.synced) === 1,
      syncState: syncLabel(Number(r.synced)), reason: r.reason, createdAt: r.created_at,
    })),
    count: Object.fromEntries(byStatus.map((r) => [r.status, Number(r.n)])),
    currentCount: total,
    missedOrderCount: all,
    page: { current: q.page, pageSize: q.pageSize, pages: Math.max(1, Math.ceil(total / q.pageSize)) },
  };
}

/** Customer requests (NDR): reattempt or address-change requests buyers made from the tracking page. */
export async function customerRequests(db: Db, scope: readonly string[] | null, q: z.output<typeof customerRequestQuerySchema>): Promise<CustomerRequestsResponse> {
  const { rows, total } = await customerRequestsPage(db, scope, q);
  return {
    status: true as const,
    message: '',
    data: rows.map((r): CustomerRequestItem => ({
      id: r.id, orderId: r.order_id, companyId: r.company_id, kind: r.kind, status: r.status, createdAt: r.created_at,
      shopOrderId: r.shop_order_id, customerName: r.customer_name, customerPhone: r.customer_phone, awb: r.tracking_number,
      orderStatus: r.order_status, city: r.shipping_city,
    })),
    currentCount: total,
    page: { current: q.page, pageSize: q.pageSize, pages: Math.max(1, Math.ceil(total / q.pageSize)) },
  };
}

/** One customer request with its order (the NDR info modal). */
export async function customerRequestDetail(db: Db, scope: readonly string[] | null, input: { requestId: string }): Promise<CustomerRequestDetail> {
  const r = await customerRequestWithOrder(db, input.requestId, scope);
  if (!r) throw notFound('Request not found');
  let payload: Record<string, unknown> = {};
  let address: Record<string, unknown> = {};
  try {
    payload = JSON.parse(r.payload);
    address = JSON.parse(r.shipping_address);
  } catch {
    /* shown as empty */
  }
  return {
    id: r.id, orderId: r.order_id, companyId: r.company_id, kind: r.kind, status: r.status, createdAt: r.created_at, payload,
    order: {
      shopOrderId: r.shop_order_id, customerName: r.customer_name, customerPhone: r.customer_phone, awb: r.tracking_number,
      status: r.order_status, shipper: r.shipper, address,
    },
  };
}

/** Non-admins filter missed orders by one status at a time. */
function oneStatusUnlessAdmin(role: Role, q: MissedOrderQuery): void {
  if (role !== 'admin' && (q.status?.length ?? 0) > 1) throw invalid('Please select one status', [{ path: 'status', message: 'Please select one status' }]);
}

/** At most this many missed orders in one CSV download. */
export const MISSED_ORDERS_CSV_MAX = 5000;

/** Missed orders of the filter as CSV lines (header first), newest first, up to MISSED_ORDERS_CSV_MAX. */
export async function missedOrdersCsv(db: Db, actor: { role: Role; scope: readonly string[] | null }, q: MissedOrderQuery): Promise<string> {
  oneStatusUnlessAdmin(actor.role, q);
  const { rows } = await missedOrdersPage(db, actor.scope, { ...q, page: 1, pageSize: MISSED_ORDERS_CSV_MAX });
  const lines = [csvLine(['Order ID', 'Status', 'Sync', 'Reason', 'Created'])];
  for (const r of rows) lines.push(csvLine([r.shop_order_id, r.status, syncLabel(Number(r.synced)), r.reason ?? '', indiaCsvDateTime(r.created_at)]));
  return lines.join('');
}
