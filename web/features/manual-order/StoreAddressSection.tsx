import { useMemo, useState } from 'react';
import { Button, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { StoreAddressDto } from '../../../domain/retailers';
import { AddressFields } from './AddressFields';
import type { ManualOrderFormValues, StoreValues } from './formValues';
import { storeQuery, storeSearchQuery } from './queries';

export type StoreAddressSectionProps = {
  form: UseFormReturnType<ManualOrderFormValues>;
  companyId: string;
  /** Copy a store into the shipping address. */
  onUseStore: (store: StoreValues & { GSTIN?: string | null }) => void;
};

const label = (s: StoreAddressDto) => `${s.storeName} · ${s.phone} · ${s.city}`;

/** D2R store address: search the existing ones (by text, or phone when numeric) or create one inline. */
export function StoreAddressSection({ form, companyId, onUseStore }: StoreAddressSectionProps) {
  const mode = form.values.storeMode;
  const selectedId = form.values.selectedStoreAddressId;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const selected = useQuery(storeQuery(selectedId));
  const selectedLabel = selected.data ? label(selected.data) : '';
  const searchText = debounced === selectedLabel ? '' : debounced.trim();
  const found = useQuery(storeSearchQuery(companyId, searchText));
  const stores = useMemo(() => {
    const list = [...(found.data ?? [])];
    if (selected.data && !list.some((s) => s.id === selected.data.id)) list.unshift(selected.data);
    return list;
  }, [found.data, selected.data]);

  const choose = (id: string | null) => {
    form.setFieldValue('selectedStoreAddressId', id ?? '');
    const s = stores.find((x) => x.id === id);
    if (s) onUseStore({ ...s, email: s.email ?? '', gstin: s.GSTIN ?? '' });
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label="Store address"
        value={mode}
        onChange={(v) => form.setFieldValue('storeMode', v as 'existing' | 'new')}
        data={[{ value: 'existing', label: 'Existing store' }, { value: 'new', label: 'New store' }]}
        w="fit-content"
      />
      {mode === 'existing' ? (
        <Select
          label="Store Address"
          placeholder="Search by store name, or phone number"
          required
          searchable
          clearable
          nothingFoundMessage={found.isFetching ? 'Searching…' : 'No store found'}
          data={stores.map((s) => ({ value: s.id, label: label(s) }))}
          filter={({ options }) => options}
          searchValue={search}
          onSearchChange={setSearch}
          value={selectedId || null}
          onChange={choose}
          error={form.errors.selectedStoreAddressId}
        />
      ) : (
        <Stack gap="xs">
          <AddressFields form={form} prefix="storeAddress" store />
          <Group>
            <Button variant="light" size="xs" onClick={() => onUseStore(form.values.storeAddress)}>Use as shipping address</Button>
            <Text size="xs" c="dimmed">The store is saved with the order.</Text>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
