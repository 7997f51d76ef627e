import { useEffect, useState } from 'react';
import { Button, Drawer, Group, MultiSelect, Select, Stack, Text, TextInput, type ComboboxData } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { COURIER_NAMES } from '../../../domain/orders/filters';
import { sectionByName, type OrderTableSection } from '../../../domain/orders/sections';
import { ORDER_STATUSES, PAYMENT_MODES, SHOP_TYPES } from '../../../domain/statuses';
import { ORDER_TYPE_LABELS, PAYMENT_LABELS, statusLabel } from './format';
import type { FilterValues } from './search';

/** A picked day as YYYY-MM-DD (Mantine gives strings; a Date is read as a local day). */
export function toDay(v: string | Date | null): string | undefined {
  if (!v) return undefined;
  if (typeof v === 'string') return v.slice(0, 10);
  return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
}

/** The filters chosen from a list, one value each. */
type ChoiceFilter = 'paymentMode' | 'shopType' | 'courier' | 'warehouseId' | 'beatId' | 'companyId' | 'cluster';

const choices = (list: { id: string; name: string }[]) => list.map((x) => ({ value: x.id, label: x.name }));

export type FilterDrawerProps = {
  opened: boolean;
  section: OrderTableSection;
  value: FilterValues;
  companies: { id: string; name: string }[];
  /** Warehouses to filter by (none: the filter is not offered). */
  warehouses?: { id: string; name: string }[];
  /** D2R beats to filter by (none: the filter is not offered). */
  beats?: { id: string; name: string }[];
  /** Delivery clusters to filter by (warehouse users only, part 1 §6; none: the filter is not offered). */
  clusters?: { id: string; name: string }[];
  onApply: (f: FilterValues) => void;
  onClose: () => void;
};

/** The filter drawer (shortcut F): statuses of the section, dates, payment, channel, order type, company. */
export function FilterDrawer({ opened, section, value, companies, warehouses = [], beats = [], clusters = [], onApply, onClose }: FilterDrawerProps) {
  const [draft, setDraft] = useState<FilterValues>(value);
  useEffect(() => {
    if (opened) setDraft(value);
  }, [opened, value]);
  const statuses = sectionByName(section)?.statuses ?? ORDER_STATUSES;
  const set = (patch: Partial<FilterValues>) => setDraft((d) => {
    const next = { ...d, ...patch };
    for (const k of Object.keys(next) as (keyof FilterValues)[]) if (next[k] === undefined || next[k] === '') delete next[k];
    return next;
  });
  /** A clearable choice of one value of a filter (none chosen: any). */
  const pick = (key: ChoiceFilter, label: string, placeholder: string, data: ComboboxData, searchable?: boolean) => (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      searchable={searchable}
      data={data}
      value={draft[key] ?? null}
      onChange={(v) => set({ [key]: v ?? undefined })}
    />
  );
  return (
    <Drawer opened={opened} onClose={onClose} title="Filters" position="right" size="md" data-testid="filter-drawer" closeButtonProps={{ 'aria-label': 'Close filters' }}>
      <form noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.pincode && !/^\d{6}$/.test(draft.pincode)) return;
          onApply({ ...draft, sku: draft.sku?.trim() || undefined });
        }}
      >
        <Stack>
          <TextInput
            label="Search"
            description="Order id, AWB or customer phone"
            value={draft.q ?? ''}
            onChange={(e) => set({ q: e.currentTarget.value || undefined })}
          />
          <MultiSelect
            label="Status"
            placeholder="Any status"
            data={statuses.map((s) => ({ value: s, label: statusLabel(s) }))}
            value={draft.status ? draft.status.split(',') : []}
            onChange={(v) => set({ status: v.length ? v.join(',') : undefined })}
            searchable
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <DatePickerInput
            type="range"
            label="Order date"
            placeholder="Any date"
            clearable
            value={[draft.from ?? null, draft.to ?? null]}
            onChange={([from, to]) => set({ from: toDay(from), to: toDay(to) })}
            valueFormat="DD MMM YYYY"
          />
          {pick('paymentMode', 'Payment', 'Any', PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_LABELS[m] })))}
          {pick('shopType', 'Channel', 'Any', SHOP_TYPES.map((s) => ({ value: s, label: s === 'manual_fbw' ? 'manual (fulfilled by warehouse)' : s })))}
          <Select
            label="Order type"
            placeholder="Any"
            clearable
            data={ORDER_TYPE_LABELS.map((l, i) => ({ value: String(i), label: l }))}
            value={draft.orderType === undefined ? null : String(draft.orderType)}
            onChange={(v) => set({ orderType: v === null ? undefined : Number(v) })}
          />
          {pick('courier', 'Courier', 'Any courier', [...COURIER_NAMES], true)}
          {warehouses.length > 0 && pick('warehouseId', 'Warehouse', 'Any warehouse', choices(warehouses))}
          {beats.length > 0 && pick('beatId', 'Beat', 'Any beat', choices(beats), true)}
          {clusters.length > 0 && pick('cluster', 'Cluster', 'All clusters', choices(clusters), true)}
          <TextInput
            label="Delivery pincode"
            placeholder="6 digits"
            inputMode="numeric"
            maxLength={6}
            value={draft.pincode ?? ''}
            error={draft.pincode && !/^\d{6}$/.test(draft.pincode) ? 'Pincode must be 6 digits' : undefined}
            onChange={(e) => set({ pincode: e.currentTarget.value.replace(/\D/g, '') || undefined })}
          />
          <TextInput
            label="SKU"
            placeholder="An SKU among the order's items"
            maxLength={64}
            value={draft.sku ?? ''}
            onChange={(e) => set({ sku: e.currentTarget.value || undefined })}
          />
          {companies.length > 1 && pick('companyId', 'Company', 'All my companies', choices(companies), true)}
          <Text size="xs" c="dimmed">Press F anywhere on the orders page to open these filters.</Text>
          <Group justify="space-between">
            <Button variant="default" onClick={() => setDraft({})}>Reset</Button>
            <Button type="submit">Apply</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
