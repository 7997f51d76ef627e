import { useEffect, useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { FAILED_TO_FETCH_STORES, RETAILER_PAGE_SIZE, SOMETHING_WENT_WRONG, storeSearchType, type StoreAddressDto } from '../../../domain/retailers';
import { useSession } from '../../auth/useSession';
import { UrlListPage } from '../../ui/ListPage';
import { RetailerMappingModal } from './RetailerMappingModal';
import { RetailerSlideOver } from './RetailerSlideOver';
import { StoreAddressModal } from './StoreAddressModal';
import { storeListQuery } from './queries';
import { OfflineGate } from '../sync/OfflineGate';

export type RetailersSearch = { q?: string; status?: 'all' | 'active' | 'inactive'; distributor?: 'all' | 'yes' | 'no'; page?: number; store?: string };
export type RetailersPageProps = { search: RetailersSearch; go: (next: Partial<RetailersSearch>) => void };

const ACTIVE = { all: undefined, active: '1', inactive: '0' } as const;
const DISTRIBUTOR = { all: undefined, yes: '1', no: '0' } as const;

/** The list query of the URL's filters (the page reads it; its route loader prefetches it). */
export const retailersListQuery = (search: RetailersSearch) =>
  storeListQuery({
    searchText: search.q,
    isActive: ACTIVE[search.status ?? 'all'],
    isDistributor: DISTRIBUTOR[search.distributor ?? 'all'],
    page: search.page ?? 1,
    limit: RETAILER_PAGE_SIZE,
  });

/** Retailer store addresses: filters in the URL, pagination, info slide-over, mapping, new store. */
export function RetailersPage({ search, go }: RetailersPageProps) {
  const session = useSession();
  const navigate = useNavigate();
  const canAct = session.role !== 'admin';
  const [text, setText] = useState(search.q ?? '');
  const [debounced] = useDebouncedValue(text, 400);
  useEffect(() => {
    if ((search.q ?? '') !== debounced.trim()) go({ q: debounced.trim() || undefined, page: undefined });
  }, [debounced]); // eslint-disable-line react-hooks/exhaustive-deps
  const list = useQuery(retailersListQuery(search));
  useEffect(() => {
    if (list.isError && navigator.onLine) notifications.show({ color: 'red', title: FAILED_TO_FETCH_STORES, message: (list.error as Error)?.message || SOMETHING_WENT_WRONG });
  }, [list.isError, list.error]);
  const [mapping, setMapping] = useState<StoreAddressDto | null>(null);
  const [adding, setAdding] = useState(false);
  const singleCompany = session.role === 'seller' ? (session.companyId ?? undefined) : session.selectedCompanyIds.length === 1 ? session.selectedCompanyIds[0] : undefined;

  return (
    <UrlListPage
      search={search}
      go={go}
      title="Retailers"
      actions={
        canAct && (
          <OfflineGate>
            <Button onClick={() => setAdding(true)} disabled={!singleCompany} title={singleCompany ? undefined : 'Select one company to add a store'}>
              Add Store
            </Button>
          </OfflineGate>
        )
      }
      filters={
        <Group align="flex-end">
          <TextInput
            label="Search"
            placeholder="Store name, name, city, or phone number"
            description={text.trim() && storeSearchType(text) === 'phone' ? 'Searching by phone number' : ' '}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            w={320}
          />
          <Segments
            label="Status"
            value={search.status ?? 'all'}
            onChange={(v) => go({ status: v, page: undefined })}
            data={[{ value: 'all', label: 'All' }, { value: 'active', label: 'Active' }, { value: 'inactive', label: 'Inactive' }]}
          />
          <Segments
            label="Distributor"
            value={search.distributor ?? 'all'}
            onChange={(v) => go({ distributor: v, page: undefined })}
            data={[{ value: 'all', label: 'All' }, { value: 'yes', label: 'Distributors' }, { value: 'no', label: 'Retailers' }]}
          />
        </Group>
      }
      query={list}
      list={{
        rows: (data) => data.storeAddressData,
        total: (data) => data.totalRecords,
        error: { title: FAILED_TO_FETCH_STORES, message: (list.error as Error | null)?.message || SOMETHING_WENT_WRONG },
        pageSize: RETAILER_PAGE_SIZE,
        noun: 'stores',
      }}
      table={{
        label: 'Store addresses',
        testId: 'retailers-table',
        minWidth: 760,
        columns: [
          {
            key: 'store',
            header: 'Store',
            cell: (s) => (
              <>
                <Button variant="subtle" size="compact-sm" onClick={() => go({ store: s.id })}>{s.storeName}</Button>
                {s.isDistributor && <Badge ml="xs" size="xs" variant="light">Distributor</Badge>}
                {s.mappedTo && <Badge ml="xs" size="xs" color="grape" variant="light">Mapped</Badge>}
              </>
            ),
          },
          { key: 'contact', header: 'Contact', cell: (s) => `${s.firstName} ${s.lastName}`.trim() },
          { key: 'phone', header: 'Phone', cell: (s) => <Text size="sm" ff="monospace">{s.phone}</Text> },
          { key: 'city', header: 'City', cell: (s) => s.city },
          { key: 'state', header: 'State', cell: (s) => s.state },
          { key: 'status', header: 'Status', cell: (s) => <Badge color={s.isActive ? 'green' : 'gray'} variant="light">{s.isActive ? 'Active' : 'Inactive'}</Badge> },
        ],
      }}
    >
      <RetailerSlideOver
        storeId={search.store ?? null}
        canAct={canAct}
        onClose={() => go({ store: undefined })}
        onMap={setMapping}
        onCreateOrder={(s, shippingAddress) =>
          void navigate({ to: '/orders/new', search: { isRetailerOrder: true, storeAddressId: s.id, shippingAddress } })
        }
      />
      <RetailerMappingModal retailer={mapping} onClose={() => setMapping(null)} />
      <StoreAddressModal opened={adding} companyId={singleCompany} onClose={() => setAdding(false)} onCreated={(s) => { setAdding(false); go({ store: s.id }); }} />
    </UrlListPage>
  );
}

/** A row of segments under a label (the label names the control for screen readers too). */
function Segments<V extends string>({ label, value, onChange, data }: { label: string; value: V; onChange: (v: V) => void; data: { value: V; label: string }[] }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>{label}</Text>
      <SegmentedControl aria-label={label} value={value} onChange={(v) => onChange(v as V)} data={data} />
    </Stack>
  );
}
