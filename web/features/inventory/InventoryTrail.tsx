import { Alert, Anchor, Button, Group, Loader, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultTrailRange, EXPORT_TRAIL, TRAIL_PAGE_SIZE, TRAIL_TABS, type InventoryDoc, type InventoryTrailResponse, type ScannedTrailResponse } from '../../../domain/floor';
import { apiJson } from '../../api/client';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import cards from '../../ui/DataTable.module.css';
import { formatWhen } from '../sync/format';

type Kind = 'inventory' | 'scanned';
const DATE = /^\d{4}\/\d{2}\/\d{2}$/;

/** The trail of one stock row: tabs Inventory and (WMS) Scanned, 50 a page, 30 days back to tomorrow by default. */
export function InventoryTrail({ row, wms }: { row: InventoryDoc; wms: boolean }) {
  const [kind, setKind] = useState<Kind>('inventory');
  const [range, setRange] = useState(() => defaultTrailRange());
  const [draft, setDraft] = useState(range);
  const [page, setPage] = useState(1);
  const synced = row.id !== '';

  const trail = useQuery({
    queryKey: ['inventory-trail', row.id, row.wsin, kind, range, page],
    enabled: synced,
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async ({ signal }) => {
      const filter = { trailsBetweenTime: range, page };
      if (kind === 'scanned') {
        const r = await apiJson<ScannedTrailResponse>(`/api/inventory/scanned-stock/trail/${encodeURIComponent(row.wsin)}`, {
          method: 'POST',
          body: { companyId: row.companyId, warehouseId: row.warehouseId, filter },
          signal,
        });
        return { trail: r.trails, count: r.count };
      }
      return apiJson<InventoryTrailResponse>(`/api/inventory/trail/${encodeURIComponent(row.id)}`, { method: 'POST', body: { filter }, signal });
    },
  });
  const pages = Math.max(1, Math.ceil((trail.data?.count ?? 0) / TRAIL_PAGE_SIZE));
  const exportUrl = `/api/inventory/trail/export?${new URLSearchParams({
    warehouseId: row.warehouseId,
    wsin: row.wsin,
    companyId: row.companyId,
    appType: wms ? 'wms' : 'seller',
    kind,
    start: range.start,
    end: range.end,
  })}`;
  const rangeOk = DATE.test(draft.start) && DATE.test(draft.end);

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Tabs value={kind} onChange={(v) => (setKind((v as Kind) ?? 'inventory'), setPage(1))}>
          <Tabs.List>
            <Tabs.Tab value="inventory" mih={44}>
              {TRAIL_TABS.inventory}
            </Tabs.Tab>
            {wms && (
              <Tabs.Tab value="scanned" mih={44}>
                {TRAIL_TABS.scanned}
              </Tabs.Tab>
            )}
          </Tabs.List>
        </Tabs>
        <Button component="a" href={exportUrl} download variant="light" h={44} leftSection={<IconDownload size={16} />} disabled={!synced}>
          {EXPORT_TRAIL}
        </Button>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!rangeOk) return;
          setRange(draft);
          setPage(1);
        }}
      >
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="From" placeholder="YYYY/MM/DD" value={draft.start} onChange={(e) => setDraft({ ...draft, start: e.currentTarget.value })} error={DATE.test(draft.start) ? undefined : 'Use YYYY/MM/DD'} w={140} size="md" styles={{ input: { height: 44, minHeight: 44 } }} />
          <TextInput label="To" placeholder="YYYY/MM/DD" value={draft.end} onChange={(e) => setDraft({ ...draft, end: e.currentTarget.value })} error={DATE.test(draft.end) ? undefined : 'Use YYYY/MM/DD'} w={140} size="md" styles={{ input: { height: 44, minHeight: 44 } }} />
          <Button type="submit" variant="default" h={44} disabled={!rangeOk}>
            Apply
          </Button>
        </Group>
      </form>
      {!synced ? (
        <Alert color="gray">This stock row is new on this device; its trail appears after the next sync.</Alert>
      ) : trail.isPending ? (
        <Loader size="sm" />
      ) : trail.isError ? (
        <Alert color="orange" title="The trail needs a connection">
          {navigator.onLine ? (trail.error as Error).message : 'Connect to the network to see the trail. Changes made here are saved on this device meanwhile.'}
        </Alert>
      ) : trail.data.trail.length === 0 ? (
        <Text c="dimmed">Nothing to display here</Text>
      ) : (
        <Table striped fz="sm" data-testid="inventory-trail" className={cards.cardsTablet}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>After</Table.Th>
              <Table.Th>Remarks</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {trail.data.trail.map((t) => (
              <Table.Tr key={t.id}>
                <Table.Td data-label="When">{formatWhen(t.createdAt)}</Table.Td>
                <Table.Td data-label="Type">{t.kind}</Table.Td>
                <Table.Td data-label="Change">
                  {t.delta > 0 ? `+${t.delta}` : t.delta}
                  {t.rejected > 0 ? ` (${t.rejected} rejected)` : ''}
                </Table.Td>
                <Table.Td data-label="After">{t.quantityAfter}</Table.Td>
                <Table.Td data-label="Remarks">{t.remarks ?? ''}</Table.Td>
                <Table.Td data-label="By">{t.actorName ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {synced && trail.data && (
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Button variant="default" h={44} disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <Text size="sm" data-testid="trail-page">
            Page {page} of {pages} · {trail.data.count} entries
          </Text>
          <Button variant="default" h={44} disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </Group>
      )}
      <Anchor size="xs" c="dimmed" component="span">
        {range.start} – {range.end}
      </Anchor>
    </Stack>
  );
}
