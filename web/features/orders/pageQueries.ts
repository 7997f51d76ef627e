// What the /orders page reads first for the URL it is opened at, so that its
// route loader (and preloading on intent) asks for exactly the queries the
// views then read.
import type { QueryClient } from '@tanstack/react-query';
import { landingStatusTab, sectionByName } from '../../../domain/orders/sections';
import { LOAD_FAILED_FALLBACK } from '../../../domain/orders/texts';
import { searchPaging, type PagedListInput } from '../../ui/ListPage';
import type { Session } from '../../auth/session';
import {
  beatsQuery,
  companyWarehousesQuery,
  customerRequestsQuery,
  missedOrdersQuery,
  orderCountsQuery,
  orderDetailQuery,
  ordersListQuery,
} from './queries';
import { loadFilter, loadTab } from './savedFilter';
import { filterOf, hasFilter, listParams, sectionOf, type OrdersSearch } from './search';

export const MISSED_PAGE_SIZE = 50;
export const REQUESTS_PAGE_SIZE = 50;

/** The GET /api/missed-orders query of the Missed Orders view. */
export function missedParams(search: OrdersSearch): Record<string, string> {
  const params: Record<string, string> = { page: String(search.mpage ?? 1), pageSize: String(MISSED_PAGE_SIZE) };
  if (search.mstatus) params.status = search.mstatus;
  if (search.sync) params.sync = search.sync;
  if (search.q) params.q = search.q;
  if (search.from) params.from = search.from;
  if (search.to) params.to = search.to;
  return params;
}

/** The GET /api/customerRequests query of the Customer Requests view. */
export const requestsParams = (search: OrdersSearch): Record<string, string> => ({ page: String(search.rpage ?? 1), pageSize: String(REQUESTS_PAGE_SIZE) });

/**
 * The list of a side view of the workspace (missed orders, customer requests): the rows of an answer
 * counted by its `currentCount`, the workspace's load-failure text, and its page number kept in the
 * URL under `pageKey` (`mpage`, `rpage`) so that a reload or a shared link opens the same page.
 */
export function sideList<Data extends { currentCount: number }, Row>(
  rows: (data: Data) => readonly Row[],
  paging: { search: OrdersSearch; setSearch: (s: OrdersSearch) => void; pageKey: 'mpage' | 'rpage'; pageSize: number },
  noun: { many: string; one?: string },
): PagedListInput<Data, Row> {
  return {
    rows,
    total: (d) => d.currentCount,
    error: { message: LOAD_FAILED_FALLBACK },
    ...searchPaging(paging.search, paging.pageKey, paging.pageSize, paging.setSearch),
    noun: noun.many,
    nounOne: noun.one,
  };
}

/**
 * Whether a role's orders view lists the filters' warehouses and beats (as OrdersView asks for them).
 * An admin's warehouses are those of the company the filter names: with none named there is no list to ask for
 * (the API would refuse with 'Please select company').
 */
export const readsWarehouses = (role: Session['role'], companyId: string | undefined) => role !== 'finance' && (role !== 'admin' || !!companyId);
export const readsBeats = (role: Session['role']) => role === 'seller' || role === 'admin';

/** The queries the page shows first: the section counts, the section's list, its filter choices, the open order. */
export function ordersPageQueries(search: OrdersSearch, role: Session['role']) {
  const view = sectionByName(sectionOf(search))?.view ?? 'orders';
  const queries: { queryKey: readonly unknown[] }[] = [orderCountsQuery()];
  if (view === 'orders') {
    queries.push(ordersListQuery(listParams(search)));
    const { companyId } = filterOf(search);
    if (readsWarehouses(role, companyId)) queries.push(companyWarehousesQuery(companyId));
    if (readsBeats(role)) queries.push(beatsQuery());
  }
  if (view === 'missed') queries.push(missedOrdersQuery(missedParams(search)));
  if (view === 'customerRequests') queries.push(customerRequestsQuery(requestsParams(search)));
  if (search.order) queries.push(orderDetailQuery(search.order));
  return queries;
}

/**
 * Where a seller opening /orders bare (no section, order or filter in the address, none saved in this tab's
 * session) lands: the status tab of the work to do, New, when it has orders (domain/orders/sections.ts
 * landingStatusTab); null to stay where the address says.
 */
export async function landingSearch(queryClient: QueryClient, search: OrdersSearch, role: Session['role']): Promise<OrdersSearch | null> {
  if (role !== 'seller' || search.tab || search.order || hasFilter(filterOf(search)) || loadTab() || loadFilter()) return null;
  const counts = await queryClient.ensureQueryData(orderCountsQuery());
  const tab = landingStatusTab(counts.count);
  return tab.statuses ? { ...search, status: tab.statuses.join(',') } : null;
}
