import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RETAILER_MAPPING_CREATED, type RetailerMappingResponse, type StoreAddressDto } from '../../../domain/retailers';
import { apiJson } from '../../api/client';
import { mappingCountQuery, primaryRetailersQuery, retailerKeys, storeListQuery } from './queries';

export type RetailerMappingModalProps = { retailer: StoreAddressDto | null; onClose: () => void };

/** 'Retailer Mapping': map a retailer to a primary retailer, after showing how many orders it affects. */
export function RetailerMappingModal({ retailer, onClose }: RetailerMappingModalProps) {
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const count = useQuery(mappingCountQuery(retailer?.id ?? ''));
  const primaries = useQuery(primaryRetailersQuery());
  const candidates = useQuery({ ...storeListQuery({ searchText: debounced.trim() || undefined, isActive: '1', page: 1, limit: 20 }), enabled: !!retailer });
  const [saving, setSaving] = useState(false);

  const primaryIds = new Set((primaries.data ?? []).map((p) => p.mappedTo));
  const options = [
    ...(primaries.data ?? []).map((p) => ({ value: p.mappedTo, label: `★ ${p.storeName} · ${p.phone} · ${p.city}` })),
    ...(candidates.data?.storeAddressData ?? [])
      .filter((s) => s.id !== retailer?.id && !primaryIds.has(s.id) && !s.mappedTo)
      .map((s) => ({ value: s.id, label: `${s.storeName} · ${s.phone} · ${s.city}` })),
  ].filter((o) => o.value !== retailer?.id);

  const save = async () => {
    if (!retailer || !target) return;
    setSaving(true);
    try {
      const r = await apiJson<RetailerMappingResponse>('/api/d2r/retailer/mapping', { method: 'POST', body: { retailerId: retailer.id, mappedTo: target } });
      const primary = options.find((o) => o.value === target)?.label.replace(/^★ /, '') ?? '';
      const detail = `${retailer.storeName} is now mapped to ${primary}.`;
      notifications.show({ color: 'green', title: RETAILER_MAPPING_CREATED, message: r.message && r.message !== RETAILER_MAPPING_CREATED ? r.message : detail });
      await queryClient.invalidateQueries({ queryKey: retailerKeys.all });
      onClose();
    } catch (e) {
      notifications.show({ color: 'red', title: 'Error', message: (e as Error).message });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={!!retailer} onClose={onClose} title="Retailer Mapping" size="lg">
      {retailer && (
        <Stack>
          <Text size="sm">
            Map <b>{retailer.storeName}</b> ({retailer.phone}) to a primary retailer.
          </Text>
          <Alert color="blue" variant="light" data-testid="mapping-order-count">
            {count.isPending ? 'Counting orders…' : `This mapping affects ${count.data ?? 0} order${count.data === 1 ? '' : 's'} of this retailer.`}
          </Alert>
          <Select
            label="Primary Retailer"
            placeholder="Search by store name, or phone number"
            searchable
            required
            data={options}
            filter={({ options: o }) => o}
            searchValue={search}
            onSearchChange={setSearch}
            value={target}
            onChange={setTarget}
            nothingFoundMessage="No store found"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={save} disabled={!target} loading={saving}>Create Mapping</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
