import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PACK_FILTERS, PACKABLE_STATUSES, type FloorOrderDoc, type PackFilter } from '../../../domain/floor';
import { readOrders } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import { NOTHING_TO_DISPLAY } from '../../../domain/orders/texts';
import classes from './floor.module.css';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { deviceOrderList, orderCodeColumn } from './orderList';
import { useClusterFilter } from '../admin/ClusterFilter';

const PAGE_SIZE = 50;

export interface PackingListProps {
  sync: FloorSync;
  filter: PackFilter;
  page: number;
  /** Only these orders (AWBs or order numbers): a selection from the orders page. */
  only?: readonly string[];
  onOpen: (code: string) => void;
}

const codeOf = (o: FloorOrderDoc) => o.awb ?? o.shopOrderId;
const isPacked = (o: FloorOrderDoc) => o.packing.status === 'PACKED';

const COLUMNS = (onOpen: (code: string) => void): DataTableColumn<FloorOrderDoc>[] => [
  orderCodeColumn((o) => o.awb),
  {
    key: 'status',
    header: 'Status',
    card: 'title',
    cell: (o) => (
      <Badge size="lg" color={isPacked(o) ? 'teal' : 'gray'} variant={isPacked(o) ? 'filled' : 'light'}>
        {isPacked(o) ? 'Packed' : 'Not Packed'}
      </Badge>
    ),
  },
  {
    key: 'customer',
    header: 'Customer',
    card: 'title',
    cell: (o) => (
      <>
        {o.customerName}
        <Text size="sm" c="dimmed">
          {o.city}
        </Text>
      </>
    ),
  },
  { key: 'units', header: 'Units', cell: (o) => o.items.reduce((n, i) => n + i.quantity, 0) },
  {
    key: 'action',
    label: 'Action',
    card: 'action',
    cell: (o) => (
      <Button size="md" h={48} variant={isPacked(o) ? 'default' : 'filled'} onClick={() => onOpen(codeOf(o))}>
        {isPacked(o) ? 'View' : 'Pack'}
      </Button>
    ),
  },
];

/** Orders to pack on this device, filtered All (0) / Packed (1) / Not Packed (2). */
export function PackingList({ sync, filter, page, only, onOpen }: PackingListProps) {
  const navigate = useNavigate();
  const live = useLiveQuery(() => readOrders(sync.db), [sync]);
  const cluster = useClusterFilter();
  const inCluster = cluster.matches;
  const chosen = useMemo(() => (only?.length ? new Set(only) : null), [only]);
  const { counts, rows } = useMemo(() => {
    const toPack = (live.data ?? [])
      .filter((o) => (PACKABLE_STATUSES as readonly string[]).includes(o.status) && inCluster(o))
      .filter((o) => !chosen || chosen.has(codeOf(o)) || chosen.has(o.shopOrderId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const packed = toPack.filter(isPacked);
    const counts = { 0: toPack.length, 1: packed.length, 2: toPack.length - packed.length };
    const rows = filter === 1 ? packed : filter === 2 ? toPack.filter((o) => !isPacked(o)) : toPack;
    return { counts, rows };
  }, [live.data, filter, inCluster, chosen]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const setSearch = (next: { filter?: PackFilter; page?: number }) =>
    navigate({ to: '/fulfillment', search: { filter: next.filter ?? filter, page: next.page ?? 1, only: only?.join(',') } });

  return (
    <Stack gap="sm">
      {chosen && (
        <Alert color="blue" variant="light" data-testid="pack-selection">
          <Group justify="space-between" gap="xs">
            <Text size="sm">
              {`Packing the ${only!.length} ${only!.length === 1 ? 'order' : 'orders'} selected on the orders page.`}
            </Text>
            <Button size="xs" h={44} variant="default" onClick={() => navigate({ to: '/fulfillment', search: { filter } })}>
              Show every order
            </Button>
          </Group>
        </Alert>
      )}
      <Group gap={6} wrap="wrap" role="group" aria-label="Packing filter" data-testid="pack-filter">
        {PACK_FILTERS.map((f) => (
          <Button
            key={f.value}
            h={44}
            px="sm"
            variant={filter === f.value ? 'filled' : 'default'}
            aria-pressed={filter === f.value}
            onClick={() => setSearch({ filter: f.value })}
          >
            {`${f.label} (${counts[f.value]})`}
          </Button>
        ))}
        <div className={classes.touchInputs}>{cluster.element}</div>
      </Group>
      <DataTable
        label="Orders to pack"
        testId="pack-list"
        {...deviceOrderList(live, shown)}
        rowProps={(o) => ({ 'data-testid': 'pack-row', 'data-awb': codeOf(o) })}
        columns={COLUMNS(onOpen)}
        empty={{
          title: NOTHING_TO_DISPLAY,
          text: counts[0] === 0 ? 'No orders to pack are saved on this device yet. They arrive with the next sync.' : 'No orders match this filter.',
          testId: 'pack-empty',
        }}
        touchPager={{ page, pages, onChange: (p) => setSearch({ page: p }) }}
      />
    </Stack>
  );
}
