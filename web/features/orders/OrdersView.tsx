import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Button, Group, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FilterKey } from '../../../domain/orders/filters';
import type { SortField } from '../../../domain/orders/paging';
import { sectionByName, type OrderTableSection, type SectionName } from '../../../domain/orders/sections';
import { ERROR_TITLE, FAILED_TO_GET_ORDERS, LOAD_FAILED_FALLBACK, NOTHING_TO_DISPLAY } from '../../../domain/orders/texts';
import { useSession } from '../../auth/useSession';
import { BulkActions } from './BulkActions';
import { OfflineGate } from '../sync/OfflineGate';
import { DownloadButton } from './DownloadButton';
import { FilterDrawer, toDay } from './FilterDrawer';
import { FilterTagsBar } from './FilterTagsBar';
import { filterTags } from './filterTags';
import { listsCompanies, OrdersTable } from './OrdersTable';
import { StatusTabs } from './StatusTabs';
import { useRowSelection } from '../../ui/useRowSelection';
import { readsBeats, readsWarehouses } from './pageQueries';
import { beatsQuery, companyWarehousesQuery, ndrCasesQuery, ordersListQuery, type NdrCase, type OrderListItem } from './queries';
import { allClustersQuery } from '../admin/ClusterFilter';
import { filterOf, listParams, resetPage, withoutFilters, type FilterValues, type OrdersSearch } from './search';

export type OrdersViewProps = {
  section: OrderTableSection;
  search: OrdersSearch;
  setSearch: (next: OrdersSearch, replace?: boolean) => void;
  onOpenProduct: (catalogueId: string) => void;
  /** Goes to another section (the search typed here is dropped with it). */
  onSection: (s: SectionName) => void;
};

const rowId = (r: OrderListItem) => r.id;

const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);
/** Focus where a key is typing, not a command: a text input (a checkbox or radio is not) or editable content. */
function isTextEntry(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(el.type);
  return el instanceof HTMLElement && el.isContentEditable;
}

// A finance user never reaches the orders (the API refuses it); the entry only keeps the map total.
const APP_TYPE = { admin: 'admin', seller: 'seller', warehouse: 'wms', finance: 'admin' } as const;

/** The common order table of the All, Unserviceable, Returns and NDRs sections. */
export function OrdersView({ section, search, setSearch, onOpenProduct, onSection }: OrdersViewProps) {
  const session = useSession();
  const navigate = useNavigate();
  const params = listParams(search);
  const q = useQuery(ordersListQuery(params));
  const filter = filterOf(search);
  const [drawerOpen, drawer] = useDisclosure(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  // The toolbar's date range: the same from/to as the drawer's. A range being picked
  // (first day chosen) is held here until its second day, then it filters.
  const [range, setRange] = useState<[string | null, string | null]>([search.from ?? null, search.to ?? null]);
  useEffect(() => setRange([search.from ?? null, search.to ?? null]), [search.from, search.to]);
  const warehouseData = useQuery({ ...companyWarehousesQuery(filter.companyId), enabled: readsWarehouses(session.role, filter.companyId) }).data;
  const warehouses = useMemo(() => warehouseData ?? [], [warehouseData]);
  const beatData = useQuery({ ...beatsQuery(), enabled: readsBeats(session.role) }).data;
  const beats = useMemo(() => beatData ?? [], [beatData]);
  const beatName = useCallback((id: string) => beats.find((b) => b.id === id)?.name ?? id, [beats]);
  // Part 1 §6: the cluster filter is WMS only.
  const clusterData = useQuery({ ...allClustersQuery, enabled: session.role === 'warehouse' }).data;
  const clusters = useMemo(() => (session.role === 'warehouse' ? (clusterData ?? []).map((c) => ({ id: c.clusterId, name: c.clusterName })) : []), [clusterData, session.role]);
  const clusterName = useCallback((id: string) => clusters.find((c) => c.id === id)?.name ?? id, [clusters]);

  // Changing a filter (or the section) clears the selection; paging keeps it.
  const selection = useRowSelection<OrderListItem>(rowId, [section, filter]);

  // A failed load: one 'Error' notification (a superseded, cancelled request is not a failure).
  const shownError = useRef<unknown>(null);
  useEffect(() => {
    const e = q.error as (Error & { name?: string }) | null;
    if (!e || e === shownError.current || e.name === 'AbortError') return;
    shownError.current = e;
    notifications.show({ color: 'red', title: ERROR_TITLE, message: e.message || FAILED_TO_GET_ORDERS });
  }, [q.error]);

  // F opens the filter drawer, / goes to the search, also after a row's checkbox was ticked
  // (a focused checkbox is an INPUT); never while typing in a text field.
  const unlessTyping = (run: () => void) => () => {
    if (!isTextEntry(document.activeElement)) run();
  };
  useHotkeys([
    ['f', unlessTyping(drawer.open)],
    ['shift+f', unlessTyping(drawer.open)],
    ['/', unlessTyping(() => searchRef.current?.focus())],
  ], ['TEXTAREA', 'SELECT']);

  const companies = session.role === 'warehouse' ? session.companyData.filter((c) => session.selectedCompanyIds.includes(c.id)) : session.companyData;
  const companyName = useCallback((id: string) => session.companyData.find((c) => c.id === id)?.name ?? id, [session.companyData]);
  const applyFilter = (f: FilterValues) => {
    setSearch({ ...withoutFilters(search), ...f });
    drawer.close();
  };
  const removeFilter = (keys: FilterKey[]) => {
    const next = { ...resetPage(search) };
    for (const k of keys) delete next[k];
    setSearch(next);
  };

  // The NDR section: each row's NDR facts, and the rows that wait for the seller first (RTO-undelivered ones, which have no action, after).
  const isNdr = section === 'ndr';
  const pageIds = useMemo(() => (isNdr ? (q.data?.order ?? []).map((r) => r.id) : []), [isNdr, q.data]);
  const ndrData = useQuery({ ...ndrCasesQuery(pageIds), enabled: isNdr && pageIds.length > 0 }).data;
  const ndr = useMemo(() => (isNdr ? new Map<string, NdrCase>((ndrData ?? []).map((c) => [c.orderId, c])) : undefined), [isNdr, ndrData]);
  const rows = useMemo(() => {
    const list = q.data?.order;
    if (!isNdr || !list) return list;
    const waits = (r: OrderListItem) => (r.status === 'UNDELIVERED' ? 0 : 1);
    return [...list].sort((a, b) => waits(a) - waits(b));
  }, [isNdr, q.data]);

  const failed = q.isError;
  const page = q.data?.page;
  const sortField = (search.sortField ?? 'id') as SortField;
  const sortOrder = search.sortOrder ?? 'DESC';
  const pn = search.pn ?? (search.cursor || search.last ? undefined : 1);
  const fmt = new Intl.NumberFormat('en-IN');
  const pageLabel = !page
    ? ''
    : search.last && !page.pages
      ? 'Last page'
      : `Page ${pn ? fmt.format(pn) : '…'}${page.pages ? ` of ${fmt.format(page.pages)}` : '+'}`;

  const warehouseName = useCallback((id: string) => warehouses.find((w) => w.id === id)?.name ?? id, [warehouses]);
  // One per filter tag (a date range counts once).
  const filterCount = useMemo(() => filterTags(filter).length, [filter]);

  return (
    <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="wrap">
          <form noValidate
            onSubmit={(e) => {
              e.preventDefault();
              // A look-up by order id, AWB or phone finds the order whatever its status: the status tab (New, where the page lands) gives way.
              const q = text.trim() || undefined;
              setSearch({ ...resetPage(search), q, ...(q ? { status: undefined } : {}) });
            }}
          >
            <TextInput
              ref={searchRef}
              aria-label="Search orders"
              placeholder="Order id, AWB or phone  ( / )"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              w={{ base: 200, sm: 230 }}
            />
          </form>
          <DatePickerInput
            type="range"
            aria-label="Order date range"
            placeholder="Order date range"
            clearable
            w={{ base: 200, sm: 210 }}
            valueFormat="DD MMM YY"
            value={range}
            onChange={([from, to]) => {
              const next: [string | null, string | null] = [toDay(from) ?? null, toDay(to) ?? null];
              setRange(next);
              if ((next[0] && next[1]) || (!next[0] && !next[1])) setSearch({ ...resetPage(search), from: next[0] ?? undefined, to: next[1] ?? undefined });
            }}
            data-testid="toolbar-date-range"
            ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month' }}
          />
          <Button variant="default" onClick={drawer.open} rightSection={filterCount ? <Badge size="xs" circle data-testid="filter-count" aria-label={`${filterCount} active`}>{filterCount}</Badge> : null} data-testid="open-filters">
            Filters (F)
          </Button>
        </Group>
        <OfflineGate>
        <Group gap="xs">
          <DownloadButton filter={{ tab: section, ...filter }} appType={APP_TYPE[session.role]} />
          {/* Admins too: the manual order form asks them for the company first. */}
          <Button onClick={() => navigate({ to: '/orders/new' })}>Create Order</Button>
        </Group>
        </OfflineGate>
      </Group>
      {/* The section is written out, so that a chosen tab (All too) stays chosen on a reload rather than the page landing on New again. */}
      {section === 'all' && <StatusTabs status={search.status} onChange={(status) => setSearch({ ...resetPage(search), tab: 'all', status })} />}
      <FilterTagsBar
        filter={filter}
        companyName={companyName}
        warehouseName={warehouseName}
        beatName={beatName}
        clusterName={clusterName}
        onRemove={removeFilter}
        onMore={drawer.open}
        section={section === 'all' ? null : { label: sectionByName(section)?.label ?? section, onRemove: () => onSection('all') }}
      />
      <OrdersTable
        rows={failed ? [] : rows}
        loading={q.isPending}
        refreshing={q.isFetching && q.isPlaceholderData}
        failed={failed ? { text: LOAD_FAILED_FALLBACK, onRetry: () => void q.refetch() } : null}
        emptyText={NOTHING_TO_DISPLAY}
        selection={selection}
        bulkBar={
          <OfflineGate>
            <BulkActions selected={selection.rows} onClear={selection.clear} />
          </OfflineGate>
        }
        pager={
          page && !failed
            ? {
                label: pageLabel,
                total: q.data!.currentCount,
                capped: q.data!.currentCountCapped,
                hasPrev: page.hasPrev,
                hasNext: page.hasNext,
                pageSize: page.pageSize,
                busy: q.isFetching,
                onFirst: () => setSearch(resetPage(search)),
                onPrev: () =>
                  setSearch(pn !== undefined && pn <= 2 ? resetPage(search) : { ...resetPage(search), cursor: page.prevCursor ?? undefined, dir: 'prev', pn: pn ? pn - 1 : undefined }),
                onNext: () => setSearch({ ...resetPage(search), cursor: page.nextCursor ?? undefined, dir: 'next', pn: pn ? pn + 1 : undefined }),
                onLast: () => setSearch({ ...resetPage(search), last: true, pn: page.pages ?? undefined }),
                onPageSize: (n) => setSearch({ ...resetPage(search), pageSize: n }),
              }
            : null
        }
        sortField={sortField}
        sortOrder={sortOrder}
        onSort={(f) => setSearch({ ...resetPage(search), sortField: f, sortOrder: f === sortField && sortOrder === 'DESC' ? 'ASC' : 'DESC' })}
        onOpenOrder={(id) => setSearch({ ...search, order: id })}
        onOpenProduct={onOpenProduct}
        showCompany={listsCompanies(session.role)}
        companyName={companyName}
        ndr={ndr}
      />
      <FilterDrawer opened={drawerOpen} section={section} value={filter} companies={companies} warehouses={warehouses} beats={beats} clusters={clusters} onApply={applyFilter} onClose={drawer.close} />
    </Stack>
  );
}
