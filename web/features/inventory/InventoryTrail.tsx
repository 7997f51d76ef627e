import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultTrailRange, EXPORT_TRAIL, TRAIL_PAGE_SIZE, TRAIL_TABS, type InventoryDoc, type InventoryTrailResponse, type ScannedTrailResponse } from '../../../domain/floor';
import { apiJson } from '../../api/client';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { TouchTabs } from '../../ui/TouchTabs';
import { formatWhen } from '../sync/format';

type Kind = 'inventory' | 'scanned';
type TrailEntry = InventoryTrailResponse['trail'][number];

const TRAIL_COLUMNS: DataTableColumn<TrailEntry>[] = [
  { key: 'when', header: 'When', cell: (t) => formatWhen(t.createdAt) },
  { key: 'type', header: 'Type', cell: (t) => t.kind },
  { key: 'change', header: 'Change', cell: (t) => `${t.delta > 0 ? `+${t.delta}` : t.delta}${t.rejected > 0 ? ` (${t.rejected} rejected)` : ''}` },
  { key: 'after', header: 'After', cell: (t) => t.quantityAfter },
  { key: 'remarks', header: 'Remarks', cell: (t) => t.remarks ?? '' },
  { key: 'by', header: 'By', cell: (t) => t.actorName ?? '' },
];
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
        <TouchTabs
          value={kind}
          onChange={(v) => (setKind(v as Kind), setPage(1))}
          tabs={[{ value: 'inventory', label: TRAIL_TABS.inventory }, wms && { value: 'scanned', label: TRAIL_TABS.scanned }]}
        />
        <Button component="a" href={exportUrl} download variant="light" h={44} leftSection={<IconDownload size={16} />} disabled={!synced}>
          {EXPORT_TRAIL}
        </Button>
      </Group>
      <form noValidate
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
      ) : (
        <DataTable
          label="Trail"
          testId="inventory-trail"
          rows={trail.data?.trail}
          rowKey={(t) => t.id}
          columns={TRAIL_COLUMNS}
          loading={trail.isPending}
          refreshing={trail.isPlaceholderData && trail.isFetching}
          skeletonRows={3}
          error={
            trail.isError && {
              title: 'The trail needs a connection',
              message: navigator.onLine ? (trail.error as Error).message : 'Connect to the network to see the trail. Changes made here are saved on this device meanwhile.',
            }
          }
          touchPager={
            trail.data && {
              page,
              pages,
              onChange: setPage,
              always: true,
              testId: 'trail-page',
              position: `Page ${page} of ${pages} · ${trail.data.count} entries`,
            }
          }
          narrow="cards-tablet"
          fz="sm"
        />
      )}
      <Anchor size="xs" c="dimmed" component="span">
        {range.start} – {range.end}
      </Anchor>
    </Stack>
  );
}
