import { useState } from 'react';
import { Button, Drawer, Group, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoterListResponse } from '../../../domain/promoters';
import { apiJson } from '../../api/client';
import { ListPage, PageHeader, usePaging } from '../../ui/ListPage';
import { CreatePromoterModal } from './CreatePromoterModal';
import { PromoterDetail } from './PromoterDetail';
import { PromoterReport } from './PromoterReport';

const PAGE_SIZE = 10;

/** Admin > Promoters (part 2 §2): table with filters, 'Create Promoter', a detail slider, and the two reports. */
/** One page of promoters, newest first (the page reads it; its route loader prefetches the first page). */
export const promotersListQuery = (where: Record<string, string>, page: number) => {
  const body = {
    where: Object.fromEntries(Object.entries(where).filter(([, v]) => v)),
    pagination: { page, pageSize: PAGE_SIZE },
    sortBy: { field: 'createdAt', order: 'DESC' },
    usertype: 'admin',
  };
  return queryOptions({
    queryKey: ['promoters', 'list', body],
    queryFn: () => apiJson<PromoterListResponse>('/api/admin/promoter/list', { method: 'POST', body }),
    placeholderData: keepPreviousData,
    retry: false,
  });
};

export function PromotersPage() {
  const queryClient = useQueryClient();
  const [where, setWhere] = useState({ name: '', phone: '', retailerPhone: '' });
  const [debounced] = useDebouncedValue(where, 400);
  const { paging, toFirst } = usePaging(PAGE_SIZE);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const q = useQuery(promotersListQuery(debounced, paging.page));
  const promoter = q.data?.data.find((p) => p.id === open) ?? null;
  const filter = (k: keyof typeof where, label: string) => (
    <TextInput label={label} w={200} value={where[k]} onChange={(e) => { const v = e.currentTarget.value; setWhere((w) => ({ ...w, [k]: v })); toFirst(); }} />
  );

  return (
    <Stack>
      <PageHeader title="Promoters" actions={<Button onClick={() => setCreating(true)}>Create Promoter</Button>} />
      <Tabs defaultValue="promoters" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="promoters">Promoters</Tabs.Tab>
          <Tabs.Tab value="stock">Stock details</Tabs.Tab>
          <Tabs.Tab value="credit">Credit notes</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="promoters" pt="sm">
          <ListPage
            gap="sm"
            filters={
              <Group gap="sm" align="flex-end">
                {filter('name', 'Name')}
                {filter('phone', 'Phone')}
                {filter('retailerPhone', 'Retailer phone')}
              </Group>
            }
            query={q}
            list={{ rows: (d) => d.data, total: (d) => d.totalRecords, ...paging, noun: 'promoters' }}
            table={{
              label: 'Promoters',
              testId: 'promoters-table',
              minWidth: 720,
              columns: [
                { key: 'name', header: 'Name', cell: (p) => <Button variant="subtle" size="compact-sm" onClick={() => setOpen(p.id)}>{p.name}</Button> },
                { key: 'phone', header: 'Phone', cell: (p) => p.phone },
                { key: 'reference', header: 'Reference', cell: (p) => p.hmsUserReferenceId },
                { key: 'retailers', header: 'Retailers', align: 'right', cell: (p) => p.retailers.length },
                { key: 'created', header: 'Created', cell: (p) => p.createdAt.slice(0, 10) },
                { key: 'by', header: 'By', cell: (p) => p.createdBy },
              ],
            }}
          />
        </Tabs.Panel>
        <Tabs.Panel value="stock" pt="sm"><PromoterReport kind="stock-details" /></Tabs.Panel>
        <Tabs.Panel value="credit" pt="sm"><PromoterReport kind="credit-note" /></Tabs.Panel>
      </Tabs>
      <CreatePromoterModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={async (id) => {
          setCreating(false);
          await queryClient.invalidateQueries({ queryKey: ['promoters'] });
          setOpen(id);
        }}
      />
      <Drawer opened={!!open} onClose={() => setOpen(null)} position="right" size="xl" title={promoter?.name ?? 'Promoter'}>
        {promoter && <PromoterDetail promoter={promoter} />}
      </Drawer>
    </Stack>
  );
}
