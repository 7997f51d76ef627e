import { useEffect, useRef, useState } from 'react';
import { Flex, Group, Stack, Title } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { ORDER_SECTIONS, sectionByName, type OrderTableSection, type SectionName } from '../../../domain/orders/sections';
import { BulkOrderUploadButton } from '../bulk/BulkOrderUploadModal';
import { CatalogueItemSlideOver } from './CatalogueItemSlideOver';
import { CustomerRequestsView } from './CustomerRequestsView';
import { ManifestBar } from './ManifestBar';
import { MissedOrdersView } from './MissedOrdersView';
import { OrderInfoSlider } from './OrderInfoSlider';
import { OrdersView } from './OrdersView';
import { loadFilter, loadTab, saveFilter, saveTab } from './savedFilter';
import { filterOf, hasFilter, resetPage, sectionOf, type OrdersSearch } from './search';
import { SectionNav } from './SectionNav';
import { listsCompanies } from './OrdersTable';
import { useSession } from '../../auth/useSession';

export type OrdersPageProps = { search: OrdersSearch; setSearch: (next: OrdersSearch, replace?: boolean) => void };

/** /orders: sidebar sections, the section's view, the order slider and the product slide-over. */
/**
 * A laptop (1366 px) or wider: the section sidebar beside the table; narrower, a row of tabs above it. The
 * staff's list (admin, warehouse) has a company column too, so theirs takes the sidebar from 1440 px.
 */
const SIDEBAR_FROM = '(min-width: 62.5em)';
const SIDEBAR_FROM_WITH_COMPANY = '(min-width: 90em)';

export function OrdersPage({ search, setSearch }: OrdersPageProps) {
  const section = sectionOf(search);
  const [productId, setProductId] = useState<string | null>(null);

  const role = useSession().role;

  // A filter in the URL is saved; coming back without one (or without a section) restores the session's (filter for 6 hours).
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const next = { ...search };
    let changed = false;
    const tab = loadTab();
    if (!search.tab && tab && tab !== 'all') {
      next.tab = tab;
      changed = true;
    }
    if (hasFilter(filterOf(search))) saveFilter(filterOf(search));
    else {
      const saved = loadFilter();
      if (saved) {
        Object.assign(next, saved);
        changed = true;
      }
    }
    if (changed) setSearch(next, true);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const filterKey = JSON.stringify(filterOf(search));
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    saveFilter(filterOf(search));
  }, [filterKey]); // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    if (search.tab) saveTab(search.tab);
  }, [search.tab]);

  const changeSection = (tab: SectionName) => {
    saveTab(tab);
    // A search typed in one section is not carried, unseen, into the next; the other filters stay, shown as chips.
    const { status: _s, order: _o, mpage: _m, rpage: _r, q: _q, ...rest } = resetPage(search);
    setSearch({ ...rest, tab });
  };
  // Number keys switch sections by their key (1 All, 2 Missed Orders, ...) when no input has focus.
  useHotkeys(ORDER_SECTIONS.map((s) => [String(s.key), () => changeSection(s.name)] as [string, () => void]));
  const openOrder = (id: string) => setSearch({ ...search, order: id });
  const view = sectionByName(section)?.view ?? 'orders';
  const withCompany = listsCompanies(role);
  const wide = useMediaQuery(withCompany ? SIDEBAR_FROM_WITH_COMPANY : SIDEBAR_FROM, undefined, { getInitialValueInEffect: false }) ?? false;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">Orders</Title>
        <Group gap="sm">
          <ManifestBar />
          <BulkOrderUploadButton />
        </Group>
      </Group>
      {/* The sections beside the table from 1000 px; above it (tabs) on narrower screens. */}
      <Flex direction={wide ? 'row' : 'column'} align={wide ? 'flex-start' : 'stretch'} gap="md" style={{ minWidth: 0 }}>
        <SectionNav section={section} onChange={changeSection} sidebar={wide} />
        {view === 'orders' && <OrdersView section={section as OrderTableSection} search={search} setSearch={setSearch} onOpenProduct={setProductId} onSection={changeSection} />}
        {view === 'missed' && <MissedOrdersView search={search} setSearch={setSearch} />}
        {view === 'customerRequests' && <CustomerRequestsView search={search} setSearch={setSearch} onOpenOrder={openOrder} />}
      </Flex>
      <OrderInfoSlider orderId={search.order ?? null} onClose={() => setSearch({ ...search, order: undefined })} onOpenProduct={setProductId} />
      <CatalogueItemSlideOver itemId={productId} onClose={() => setProductId(null)} />
    </Stack>
  );
}
