import { useCallback, useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { BULK_CANCEL_LIMIT, BULK_CANCEL_LIMIT_MSG, BULK_FAILED_TITLE, plural, SOMETHING_WENT_WRONG } from '../../../domain/orders/texts';
import { SELECT_AT_LEAST_ONE } from '../../../domain/messages';
import { apiFetch, apiJson, apiOk, ApiRequestError, getXsrfToken } from '../../api/client';
import { DownloadActions } from '../downloads';
import { JobProgress } from './JobProgress';
import { refreshOrders, type OrderListItem } from './queries';
import type { BulkCancelResponse, BulkReadyToShipStarted, BulkServiceabilityResponse } from '../../../domain/orders/responses';

export type BulkActionsProps = { selected: ReadonlyMap<string, OrderListItem>; onClear: () => void };

/** Bulk actions on the selection; each needs at least one selected order. */
export function BulkActions({ selected, onClear }: BulkActionsProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const ids = [...selected.keys()];
  const needSelection = () => {
    if (ids.length) return false;
    notifications.show({ color: 'red', message: SELECT_AT_LEAST_ONE });
    return true;
  };

  const readyToShip = async () => {
    if (needSelection()) return;
    setBusy('rts');
    try {
      const r = await apiOk<BulkReadyToShipStarted>('/api/bulkreadytoship/', { method: 'POST', body: { orderids: ids.join(',') } });
      setJobId(r.jobId);
    } catch (e) {
      const body = e instanceof ApiRequestError ? (e.body as { status?: boolean; message?: string } | null) : null;
      if (body?.status === false && body.message) notifications.show({ color: 'red', title: BULK_FAILED_TITLE, message: body.message });
      else notifications.show({ color: 'red', message: SOMETHING_WENT_WRONG });
    } finally {
      setBusy(null);
    }
  };

  const finished = useCallback(() => {
    setJobId(null);
    onClear();
    void refreshOrders(queryClient);
  }, [onClear, queryClient]);

  const cancelPlaced = () => {
    if (needSelection()) return;
    if (ids.length > BULK_CANCEL_LIMIT) {
      notifications.show({ color: 'red', message: BULK_CANCEL_LIMIT_MSG });
      return;
    }
    let reason = '';
    modals.openConfirmModal({
      title: `Cancel ${plural(ids.length, 'placed order')}?`,
      children: (
        <Stack gap="xs">
          <Text size="sm">Only orders still PLACED are cancelled; the others are listed back to you.</Text>
          <Textarea label="Reason" maxLength={500} autosize minRows={2} onChange={(e) => (reason = e.currentTarget.value)} />
        </Stack>
      ),
      labels: { confirm: 'Cancel orders', cancel: 'Keep them' },
      confirmProps: { color: 'red' },
      onConfirm: async () => {
        setBusy('cancel');
        const byCompany = new Map<string, string[]>();
        for (const [id, row] of selected) byCompany.set(row.companyId, [...(byCompany.get(row.companyId) ?? []), id]);
        let cancelled = 0;
        const failed: string[] = [];
        try {
          for (const [companyId, list] of byCompany) {
            const qs = new URLSearchParams({ orderIds: list.join(',') });
            if (reason.trim()) qs.set('reason', reason.trim());
            const res = await apiFetch(`/api/bulk/cancel-placed-orders/${encodeURIComponent(companyId)}?${qs}`, { headers: { 'x-xsrf-token': getXsrfToken() } });
            const body = (await res.json().catch(() => null)) as Partial<BulkCancelResponse> | null; // a refusal has only `message`
            if (!res.ok) throw new Error(body?.message ?? SOMETHING_WENT_WRONG);
            cancelled += body?.cancelled?.length ?? 0;
            failed.push(...(body?.failed ?? []).map((f) => `${f.shopOrderId}: ${f.reason}`));
          }
          notifications.show({
            color: failed.length ? 'yellow' : 'green',
            title: `${plural(cancelled, 'order')} cancelled`,
            message: failed.length ? failed.slice(0, 5).join('; ') : undefined,
          });
          onClear();
        } catch (e) {
          notifications.show({ color: 'red', title: BULK_FAILED_TITLE, message: (e as Error).message || SOMETHING_WENT_WRONG });
        } finally {
          setBusy(null);
          void refreshOrders(queryClient);
        }
      },
    });
  };

  const serviceability = async () => {
    if (needSelection()) return;
    setBusy('svc');
    try {
      const r = await apiJson<BulkServiceabilityResponse>('/api/bulk-check-serviceability', { method: 'POST', body: { orderIds: ids } });
      const bad = r.data.filter((x) => !x.serviceable).length;
      notifications.show({ color: bad ? 'yellow' : 'green', title: 'Serviceability checked', message: r.message });
      void refreshOrders(queryClient);
    } catch (e) {
      notifications.show({ color: 'red', title: BULK_FAILED_TITLE, message: (e as Error).message || SOMETHING_WENT_WRONG });
    } finally {
      setBusy(null);
    }
  };

  // Start Fulfillment: with one order selected the packing station opens on it (its AWB, else its order number);
  // with several, the packing list of exactly those; with none, the packing station's own list.
  const startFulfillment = () => {
    const rows = [...selected.values()];
    const codes = rows.map((r) => r.trackingNumber || r.shopOrderId);
    if (rows.length === 1) {
      void navigate({ to: '/fulfillment', search: { t: codes[0] } });
      return;
    }
    if (rows.length > 1) {
      void navigate({ to: '/fulfillment', search: { only: codes.join(',') } });
      return;
    }
    void navigate({ to: '/fulfillment' });
  };

  // Bulk actions act on the selection: disabled until there is one, and each names how many it acts on.
  const counted = ids.length ? ` (${ids.length})` : '';
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap" data-testid="bulk-actions">
        <Text size="sm" c={ids.length ? undefined : 'dimmed'} data-testid="selection-count" miw={90}>
          {ids.length ? `${ids.length} selected` : 'None selected'}
        </Text>
        <Button size="xs" onClick={readyToShip} loading={busy === 'rts'} disabled={!!jobId || !ids.length}>Mark Ready To Ship{counted}</Button>
        <Button size="xs" variant="light" color="red" onClick={cancelPlaced} loading={busy === 'cancel'} disabled={!ids.length}>Cancel Placed Orders{counted}</Button>
        <Button size="xs" variant="light" onClick={serviceability} loading={busy === 'svc'} disabled={!ids.length}>Check Serviceability{counted}</Button>
        <Button size="xs" variant="default" onClick={startFulfillment} data-testid="start-fulfillment">Start Fulfillment</Button>
        <DownloadActions orderIds={ids} label="Documents" />
        {ids.length > 0 && (
          <Button size="xs" variant="subtle" onClick={onClear}>Clear selection</Button>
        )}
      </Group>
      {jobId && <JobProgress jobId={jobId} title="Marking orders ready to ship" onFinished={finished} />}
    </Stack>
  );
}
