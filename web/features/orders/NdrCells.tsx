// The NDR section's own columns: what the courier said and how often, what the buyer asked, and what is
// due from the seller (respond by), pending with the courier, or why nothing can be done.
import { Badge, Stack, Text } from '@mantine/core';
import { indiaDateTime } from '../../../domain/india-time';
import type { NdrCase } from '../../../domain/ndr';
import { NdrActions } from './NdrActions';
import type { OrderListItem } from './queries';

const REQUEST_KIND: Record<string, string> = { reattempt: 'Re-attempt', address: 'New address' };
const REQUEST_STATE: Record<string, { label: string; color: string }> = {
  OPEN: { label: 'waiting for you', color: 'orange' },
  ACCEPTED: { label: 'accepted', color: 'green' },
  DECLINED: { label: 'declined', color: 'gray' },
  DONE: { label: 'done', color: 'green' },
};

export function NdrReasonCell({ c }: { c: NdrCase | undefined }) {
  if (!c) return <Text fz="sm" c="dimmed">…</Text>;
  return (
    <>
      <Text fz="sm" lineClamp={2} title={c.reason ?? undefined} data-testid="ndr-reason">{c.reason ?? 'No reason given'}</Text>
      <Text fz={11} c="dimmed" data-testid="ndr-attempts">
        {c.attempts} {c.attempts === 1 ? 'attempt' : 'attempts'}
        {c.lastAttemptAt ? ` · last ${indiaDateTime(c.lastAttemptAt)}` : ''}
      </Text>
    </>
  );
}

export function NdrRequestCell({ c }: { c: NdrCase | undefined }) {
  if (!c?.request) return <Text fz="sm" c="dimmed">—</Text>;
  const state = REQUEST_STATE[c.request.status] ?? { label: c.request.status.toLowerCase(), color: 'gray' };
  return (
    <>
      <Text fz="sm">{REQUEST_KIND[c.request.kind] ?? c.request.kind}</Text>
      <Badge size="xs" variant="light" color={state.color} data-testid="ndr-request-state">{state.label}</Badge>
    </>
  );
}

/** Respond by, the pending instruction, the order's actions, or why it has none. */
export function NdrNextCell({ row, c }: { row: OrderListItem; c: NdrCase | undefined }) {
  if (!c) return null;
  if (c.noActionReason) return <Text fz="xs" c="dimmed" maw={220} data-testid="ndr-no-action">{c.noActionReason}</Text>;
  const overdue = c.respondBy && Date.parse(c.respondBy) < Date.now();
  return (
    <Stack gap={4}>
      {c.respondBy && (
        <Text fz={11} c={overdue ? 'red' : 'dimmed'} data-testid="ndr-respond-by">
          {overdue ? 'Past the courier’s window: ' : 'Respond by '}
          {indiaDateTime(c.respondBy)}
        </Text>
      )}
      <NdrActions order={row} ndr={c} compact />
    </Stack>
  );
}
