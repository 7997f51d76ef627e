import { useEffect, useState } from 'react';
import { Badge, Button, Drawer, Group, Image, Select, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_LABELS, CATALOGUE_SERVER_ERROR, CATALOGUE_SHOP_TYPES, CATALOGUE_SYNC_COOLDOWN_MS, canEditCatalogue, type CatalogueItemDto, type CatalogueShopType,
} from '../../../domain/catalogue';
import { formatINR } from '../../../domain/pricing';
import type { Session } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { UrlListPage } from '../../ui/ListPage';
import { CatalogueForm } from './CatalogueForm';
import { CatalogueSlider } from './CatalogueSlider';
import { catalogueKeys, catalogueListQuery } from './queries';
import { useCooldown } from './useCooldown';
import { OfflineGate } from '../sync/OfflineGate';
import { inventoryText } from './CatalogueSlider';

export const CATALOGUE_PAGE_SIZE = 20;
const TAB_LABELS: Record<CatalogueShopType, string> = { manual: 'Manual', shopify: 'Shopify', woocommerce: 'WooCommerce' };

export type CatalogueSearch = { tab: CatalogueShopType; q?: string; page?: number; item?: string; company?: string };

export type CataloguePageProps = {
  search: CatalogueSearch;
  hash: string;
  /** Changes the URL: search (merged) and hash ('' closes the forms). */
  go: (next: Partial<CatalogueSearch>, hash?: string) => void;
};

/** Companies this session may look at: admin every one, warehouse the selected ones, seller its own. */
function companiesOf(s: Session) {
  const all = s.companyData;
  if (s.role === 'warehouse') return all.filter((c) => s.selectedCompanyIds.includes(c.id));
  if (s.role === 'seller') return all.filter((c) => c.id === s.companyId);
  return all;
}

/** The company whose catalogue is shown: the URL's if this session may see it, else the first. */
const companyOf = (s: Session, search: CatalogueSearch) => {
  const companies = companiesOf(s);
  return companies.find((c) => c.id === search.company)?.id ?? companies[0]?.id ?? '';
};

/** The page of items the URL asks for (the page reads it; its route loader prefetches it). */
export const cataloguePageQuery = (s: Session, search: CatalogueSearch) =>
  catalogueListQuery(companyOf(s, search), { shopType: search.tab, search: search.q, page: search.page ?? 1, pageSize: CATALOGUE_PAGE_SIZE });

export function CataloguePage({ search, hash, go }: CataloguePageProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const companies = companiesOf(session);
  const companyId = companyOf(session, search);
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text, 400);
  useEffect(() => {
    if ((search.q ?? '') !== debounced.trim()) go({ q: debounced.trim() || undefined, page: undefined });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  const list = useQuery(cataloguePageQuery(session, search));
  useEffect(() => {
    // Offline the list last loaded stays on screen under the offline banner: no error for that.
    if (list.isError && navigator.onLine) notifications.show({ color: 'red', title: CATALOGUE_SERVER_ERROR.title, message: CATALOGUE_SERVER_ERROR.message });
  }, [list.isError]);

  const sync = useCooldown(CATALOGUE_SYNC_COOLDOWN_MS);
  const canAdd = canEditCatalogue(session.role, search.tab) && !!companyId;
  const adding = hash === 'add' && canAdd;
  const editing = hash === 'update';

  const reload = async (saved?: CatalogueItemDto) => {
    await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    if (saved) go({ item: saved.id }, '');
  };

  return (
    <UrlListPage
      search={search}
      go={go}
      title="Catalogue"
      actions={
        <Group>
          {companies.length > 1 && (
            <Select
              aria-label="Company"
              data={companies.map((c) => ({ value: c.id, label: c.name }))}
              value={companyId}
              allowDeselect={false}
              onChange={(v) => go({ company: v ?? undefined, page: undefined, item: undefined })}
              w={260}
            />
          )}
          <OfflineGate>
            <Group>
              <Button
                variant="default"
                disabled={sync.secondsLeft > 0 || !companyId}
                onClick={() => {
                  sync.start();
                  void list.refetch();
                }}
              >
                {sync.secondsLeft > 0 ? `Sync Catalogue (${sync.secondsLeft}s)` : 'Sync Catalogue'}
              </Button>
              {canAdd && <Button onClick={() => go({}, 'add')}>Add Item</Button>}
            </Group>
          </OfflineGate>
        </Group>
      }
      filters={
        <>
          <Tabs value={search.tab} onChange={(v) => go({ tab: (v as CatalogueShopType) ?? 'manual', page: undefined, item: undefined })}>
            <Tabs.List>
              {CATALOGUE_SHOP_TYPES.map((t) => (
                <Tabs.Tab key={t} value={t}>{TAB_LABELS[t]}</Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>

          <TextInput
            placeholder="Search by item name or SKU"
            aria-label="Search catalogue"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            maw={420}
          />
        </>
      }
      query={list}
      list={{
        rows: (data) => data.catalogues,
        total: (data) => data.totalRecords,
        skeleton: 'loading',
        error: { title: CATALOGUE_SERVER_ERROR.title, message: CATALOGUE_SERVER_ERROR.message },
        pageSize: CATALOGUE_PAGE_SIZE,
        noun: 'items',
      }}
      table={{
        label: 'Catalogue items',
        testId: 'catalogue-table',
        minWidth: 900,
        columns: [
          { key: 'image', header: 'Image', width: 56, cell: (c) => (c.imageUrls[0] ? <Image src={c.imageUrls[0]} alt="" w={36} h={36} fit="contain" /> : null) },
          {
            key: 'name',
            header: 'Item Name',
            cell: (c) => (
              <Button variant="subtle" size="compact-sm" onClick={() => go({ item: c.id }, '')} aria-label={`Open ${c.productTitle}`}>
                {c.productTitle}
              </Button>
            ),
          },
          { key: 'sku', header: 'SKU ID', cell: (c) => <Text size="sm" ff="monospace">{c.sku}</Text> },
          { key: 'category', header: 'Category', cell: (c) => c.category },
          { key: 'price', header: 'Price', align: 'right', cell: (c) => formatINR(c.pricePaise) },
          { key: 'weight', header: 'Weight', align: 'right', cell: (c) => `${c.weight} g` },
          {
            key: 'inventory',
            header: 'Inventory',
            align: 'right',
            // Per warehouse on hover; the slider lists them too.
            cell: (c) => (
              <Text size="sm" title={inventoryText(c)} c={c.liveStock === null ? 'orange' : undefined}>
                {c.liveStock === null ? 'Not mapped' : c.liveStock ? c.liveStock.total : c.inventoryQuantity}
              </Text>
            ),
          },
          { key: 'status', header: 'Status', cell: (c) => <Badge color={c.active ? 'green' : 'gray'} variant="light">{ACTIVE_LABELS[c.active]}</Badge> },
        ],
      }}
    >
      <Drawer opened={adding} onClose={() => go({}, '')} position="right" size="xl" title="Add catalogue item">
        {adding && (
          <OfflineGate>
            <CatalogueForm
              mode="create"
              companyId={companyId}
              onCancel={() => go({}, '')}
              onSaved={(saved) => void reload(saved)}
            />
          </OfflineGate>
        )}
      </Drawer>
      <CatalogueSlider
        itemId={adding ? null : (search.item ?? null)}
        editing={editing}
        role={session.role}
        onEdit={() => go({}, 'update')}
        onCancelEdit={() => go({}, '')}
        onClose={() => go({ item: undefined }, '')}
        onSaved={(saved) => void reload(saved)}
      />
    </UrlListPage>
  );
}
