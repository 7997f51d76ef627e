import { Alert, Badge, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PACK_FILTERS, PACKABLE_STATUSES, type FloorOrderDoc, type PackFilter } from '../../../domain/floor';
import { readOrders } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import classes from './floor.module.css';
import cards from '../../ui/DataTable.module.css';
import { TouchPager } from '../../ui/TouchPager';
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
    const packed = toPack.filter((o) => o.packing.status === 'PACKED');
    const counts = { 0: toPack.length, 1: packed.length, 2: toPack.length - packed.length };
    const rows = filter === 1 ? packed : filter === 2 ? toPack.filter((o) => o.packing.status !== 'PACKED') : toPack;
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
      {!live.ready ? (
        <Group>
          <Loader size="sm" />
          <Text>Loading the orders saved on this device…</Text>
        </Group>
      ) : live.error ? (
        <Alert color="red" title="Could not read this device's orders">
          {String(live.error)}
        </Alert>
      ) : rows.length === 0 ? (
        <Alert color="gray" title="Nothing to display here" data-testid="pack-empty">
          {counts[0] === 0 ? 'No orders to pack are saved on this device yet. They arrive with the next sync.' : 'No orders match this filter.'}
        </Alert>
      ) : (
        <>
          <Table verticalSpacing="sm" fz="md" striped highlightOnHover data-testid="pack-list" className={cards.cards}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>AWB / Order</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Units</Table.Th>
                <Table.Th aria-label="Action" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((o) => (
                <Table.Tr key={o.id} data-testid="pack-row" data-awb={codeOf(o)}>
                  <Table.Td>
                    <Text fw={700}>{o.awb ?? '—'}</Text>
                    <Text size="sm" c="dimmed">
                      {o.shopOrderId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge size="lg" color={o.packing.status === 'PACKED' ? 'teal' : 'gray'} variant={o.packing.status === 'PACKED' ? 'filled' : 'light'}>
                      {o.packing.status === 'PACKED' ? 'Packed' : 'Not Packed'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {o.customerName}
                    <Text size="sm" c="dimmed">
                      {o.city}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label="Units">{o.items.reduce((n, i) => n + i.quantity, 0)}</Table.Td>
                  <Table.Td data-action>
                    <Button size="md" h={48} variant={o.packing.status === 'PACKED' ? 'default' : 'filled'} onClick={() => onOpen(codeOf(o))}>
                      {o.packing.status === 'PACKED' ? 'View' : 'Pack'}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <TouchPager page={page} pages={pages} onChange={(p) => setSearch({ page: p })} />
        </>
      )}
    </Stack>
  );
}
