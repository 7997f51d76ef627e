import { useEffect, useState } from 'react';
import {
  Alert, Badge, Button, Drawer, Group, Image, Pagination, Paper, Select, Stack, Table, Tabs, Text, TextInput, Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACTIVE_LABELS, CATALOGUE_SERVER_ERROR, CATALOGUE_SHOP_TYPES, CATALOGUE_SYNC_COOLDOWN_MS, canEditCatalogue, type CatalogueItemDto, type CatalogueShopType,
} from '../../../domain/catalogue';
import { formatINR } from '../../../domain/pricing';
import { useSession } from '../../auth/useSession';
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
function useCompanies() {
  const s = useSession();
  const all = s.companyData;
  if (s.role === 'warehouse') return all.filter((c) => s.selectedCompanyIds.includes(c.id));
  if (s.role === 'seller') return all.filter((c) => c.id === s.companyId);
  return all;
}

export function CataloguePage({ search, hash, go }: CataloguePageProps) {
  const session = useSession();
  const queryClient = useQueryClient();
  const companies = useCompanies();
  const companyId = companies.find((c) => c.id === search.company)?.id ?? companies[0]?.id ?? '';
  const page = search.page ?? 1;
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text, 400);
  useEffect(() => {
    if ((search.q ?? '') !== debounced.trim()) go({ q: debounced.trim() || undefined, page: undefined });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps

  const list = useQuery(catalogueListQuery(companyId, { shopType: search.tab, search: search.q, page, pageSize: CATALOGUE_PAGE_SIZE }));
  useEffect(() => {
    // Offline the list last loaded stays on screen under the offline banner: no error for that.
    if (list.isError && navigator.onLine) notifications.show({ color: 'red', title: CATALOGUE_SERVER_ERROR.title, message: CATALOGUE_SERVER_ERROR.message });
  }, [list.isError]);

  const sync = useCooldown(CATALOGUE_SYNC_COOLDOWN_MS);
  const canAdd = canEditCatalogue(session.role, search.tab) && !!companyId;
  const adding = hash === 'add' && canAdd;
  const editing = hash === 'update';
  const total = list.data?.totalRecords ?? 0;

  const reload = async (saved?: CatalogueItemDto) => {
    await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
    if (saved) go({ item: saved.id }, '');
  };

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Catalogue</Title>
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
      </Group>

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

      <Paper withBorder>
        {list.isError && !list.data ? (
          <Alert color="red" title={CATALOGUE_SERVER_ERROR.title} m="md">{CATALOGUE_SERVER_ERROR.message}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Catalogue items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={56}>Image</Table.Th>
                  <Table.Th>Item Name</Table.Th>
                  <Table.Th>SKU ID</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Price</Table.Th>
                  <Table.Th ta="right">Weight</Table.Th>
                  <Table.Th ta="right">Inventory</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.isPending && (
                  <Table.Tr><Table.Td colSpan={8}><Text c="dimmed" size="sm">Loading…</Text></Table.Td></Table.Tr>
                )}
                {list.data && list.data.catalogues.length === 0 && (
                  <Table.Tr><Table.Td colSpan={8}><Text c="dimmed" size="sm" ta="center" py="lg">Nothing to display here</Text></Table.Td></Table.Tr>
                )}
                {list.data?.catalogues.map((c) => (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.imageUrls[0] ? <Image src={c.imageUrls[0]} alt="" w={36} h={36} fit="contain" /> : null}</Table.Td>
                    <Table.Td>
                      <Button variant="subtle" size="compact-sm" onClick={() => go({ item: c.id }, '')} aria-label={`Open ${c.productTitle}`}>
                        {c.productTitle}
                      </Button>
                    </Table.Td>
                    <Table.Td><Text size="sm" ff="monospace">{c.sku}</Text></Table.Td>
                    <Table.Td><Text size="sm">{c.category}</Text></Table.Td>
                    <Table.Td ta="right"><Text size="sm">{formatINR(c.pricePaise)}</Text></Table.Td>
                    <Table.Td ta="right"><Text size="sm">{c.weight} g</Text></Table.Td>
                    <Table.Td ta="right">
                      {/* Per warehouse on hover; the slider lists them too. */}
                      <Text size="sm" title={inventoryText(c)} c={c.liveStock === null ? 'orange' : undefined}>
                        {c.liveStock === null ? 'Not mapped' : c.liveStock ? c.liveStock.total : c.inventoryQuantity}
                      </Text>
                    </Table.Td>
                    <Table.Td><Badge color={c.active ? 'green' : 'gray'} variant="light">{ACTIVE_LABELS[c.active]}</Badge></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">{total} items</Text>
        <Pagination total={Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE))} value={page} onChange={(p) => go({ page: p })} />
      </Group>

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
    </Stack>
  );
}
