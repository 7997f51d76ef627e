import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { isFullyScanned, isPackable, itemsToScan, judgeScan, notPackableReason, PACKABLE_STATUSES, QUANTITY_ERROR, requiredUnits, type FloorOrderDoc } from '../../../domain/floor';
import { findOrderByCode, hasPending, readOrder } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import { feedback } from '../../scanner/feedback';
import { useScanner, type ScanSource } from '../../scanner/useScanner';
import { ScanBox } from './ScanBox';
import { ScanResult, type ScanOutcome } from './ScanResult';

export interface ActivePackingProps {
  awb: string;
  sync: FloorSync;
}

/** Per WSIN, the larger count: Dexie's row catches up with the screen's judged scans, never passes them. */
function mergeCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = Math.max(out[k] ?? 0, v);
  return out;
}

const lowerKeys = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k.toLowerCase(), v]));

function notifyLookupFailure(message: string) {
  notifications.show({ color: 'red', title: 'Order not found', message });
}

/** Finds the order for the scanned AWB on this device (syncing once if it is not there yet), or goes back with why. */
function useOrderForAwb(awb: string, sync: FloorSync): string | null {
  const navigate = useNavigate();
  const [orderId, setOrderId] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void (async () => {
      let doc = await findOrderByCode(sync.db, awb, PACKABLE_STATUSES);
      if (!doc && navigator.onLine) {
        await sync.engine.sync();
        doc = await findOrderByCode(sync.db, awb, PACKABLE_STATUSES);
      }
      if (!live) return;
      if (!doc || (!isPackable(doc) && doc.packing.status !== 'PACKED')) {
        feedback.fail();
        notifyLookupFailure(doc ? notPackableReason(doc) : `No order to pack has the AWB ${awb}.`);
        void navigate({ to: '/fulfillment', replace: true });
        return;
      }
      setOrderId(doc.id);
    })();
    return () => {
      live = false;
    };
  }, [awb, sync, navigate]);
  return orderId;
}

export function ActivePacking({ awb, sync }: ActivePackingProps) {
  const navigate = useNavigate();
  const orderId = useOrderForAwb(awb, sync);
  const live = useLiveQuery(orderId ? () => readOrder(sync.db, orderId) : null, [orderId, sync]);
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const seq = useRef(0);

  // A crash between the last scan and the submit leaves the order fully scanned: submit it now.
  useEffect(() => {
    if (!orderId) return;
    void (async () => {
      const doc = await readOrder(sync.db, orderId);
      if (!doc || !isPackable(doc) || !isFullyScanned(requiredUnits(doc.items), doc.packing.scanned)) return;
      if (await hasPending(sync.db, 'pack.submit', doc.id)) return;
      await sync.engine.enqueue('pack.submit', { awb, orderId: doc.id, scanned: requiredUnits(doc.items) });
    })();
  }, [orderId, sync, awb]);

  const show = (next: Omit<ScanOutcome, 'seq'>) => {
    seq.current += 1;
    // The verdict is on screen before this handler awaits anything else.
    flushSync(() => setOutcome({ ...next, seq: seq.current } as ScanOutcome));
  };

  // The verdict must not wait for IndexedDB (a write in progress holds reads back for tens of ms):
  // scans are judged against the order as last read from Dexie plus the scans this screen has
  // judged since, and written in order behind the screen's back.
  const docRef = useRef<FloorOrderDoc | undefined>(undefined);
  if (live.ready) docRef.current = live.data;
  const judged = useRef<Record<string, number>>({});
  const writes = useRef<Promise<void>>(Promise.resolve());

  const fail = (title: string, message: string) => {
    show({ kind: 'fail', title, detail: message });
    feedback.fail();
    notifications.show({ color: 'red', title, message });
  };

  const { submit } = useScanner({
    onScan: async ({ code }) => {
      if (!orderId) return;
      const doc = docRef.current ?? (await readOrder(sync.db, orderId));
      if (!doc || !isPackable(doc)) {
        // Packed (or gone): the next expected scan is an AWB; one more unit of this order is too many.
        if (doc && code.trim().toLowerCase() in lowerKeys(requiredUnits(doc.items))) return fail(QUANTITY_ERROR.title, QUANTITY_ERROR.message);
        void navigate({ to: '/fulfillment', search: { t: code } });
        return;
      }
      const scanned = mergeCounts(doc.packing.scanned, judged.current);
      const verdict = judgeScan({ ...doc, packing: { ...doc.packing, scanned } }, code);
      if (!verdict.ok) return fail(verdict.title, verdict.message);
      judged.current = { ...judged.current, [verdict.wsin]: verdict.scanned };
      show(
        verdict.complete
          ? { kind: 'packed', title: 'Packed', detail: `${verdict.wsin} ${verdict.scanned}/${verdict.required}. Every item is in the box.` }
          : { kind: 'pass', title: `${verdict.wsin} ✓`, detail: `${verdict.scanned} of ${verdict.required} scanned` },
      );
      feedback.pass();
      const after = { ...scanned, [verdict.wsin]: verdict.scanned };
      writes.current = writes.current
        .then(async () => {
          await sync.engine.enqueue('pack.scan', { awb, orderId: doc.id, wsin: verdict.wsin });
          if (verdict.complete) await sync.engine.enqueue('pack.submit', { awb, orderId: doc.id, scanned: after });
        })
        .catch((error: unknown) => {
          notifications.show({ color: 'red', title: 'Scan not saved', message: `${error instanceof Error ? error.message : String(error)}. Scan the item again.` });
        });
    },
    onError: (error) => notifications.show({ color: 'red', title: 'Scan not saved', message: error instanceof Error ? error.message : String(error) }),
  });

  if (!orderId || !live.ready) {
    return (
      <Group>
        <Loader />
        <Text fz="xl">Looking up {awb}…</Text>
      </Group>
    );
  }
  const doc = live.data;
  if (!doc) {
    return (
      <Stack>
        <Alert color="orange" title="This order is no longer on this device" fz="lg">
          It was cancelled, shipped or moved on the server. Put its items aside and scan the next AWB.
        </Alert>
        <ScanBox label="Next AWB" placeholder="Scan or type an AWB" onSubmit={(code) => submit(code)} autoFocus />
      </Stack>
    );
  }
  return <PackingView doc={doc} outcome={outcome} onSubmit={(code, source) => submit(code, source)} />;
}

function PackingView({ doc, outcome, onSubmit }: { doc: FloorOrderDoc; outcome: ScanOutcome | null; onSubmit: (code: string, source: ScanSource) => void }) {
  const lines = itemsToScan(doc);
  const titles = new Map(doc.items.flatMap((i) => (Object.keys(i.wsinMapping).length ? Object.keys(i.wsinMapping) : [i.sku]).map((w) => [w, i.title] as const)));
  const packed = doc.packing.status === 'PACKED';
  const next = lines.find((l) => l.scanned_qty < l.qty);
  const left = lines.reduce((n, l) => n + l.qty - l.scanned_qty, 0);

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text c="dimmed">AWB</Text>
            <Text fz={26} fw={800} data-testid="active-awb">
              {doc.awb ?? '—'}
            </Text>
          </div>
          <div>
            <Text c="dimmed">Order</Text>
            <Text fz={22} fw={700}>
              {doc.shopOrderId}
            </Text>
            <Text>{doc.customerName}</Text>
          </div>
          <div>
            <Text c="dimmed">Packing</Text>
            <Badge size="xl" color={packed ? 'teal' : 'gray'} variant={packed ? 'filled' : 'light'} data-testid="pack-status">
              {packed ? 'Packed' : 'Not Packed'}
            </Badge>
            {packed && !doc.packing.packedBy && (
              <Text size="sm" c="dimmed">
                Saved on this device; sent with the next sync.
              </Text>
            )}
            {packed && doc.packing.packedBy && <Text size="sm">by {doc.packing.packedBy}</Text>}
          </div>
        </SimpleGrid>
      </Paper>

      <Title order={3} fz={28} data-testid="next-scan">
        {packed ? 'Packed. Next: scan the next AWB' : next ? `Next: scan a WSIN (${left} ${left === 1 ? 'unit' : 'units'} left, e.g. ${next.wsin})` : 'Every item is scanned'}
      </Title>

      <ScanResult outcome={outcome} />

      <ScanBox label={packed ? 'Next AWB' : 'WSIN'} placeholder={packed ? 'Scan or type an AWB' : 'Scan or type a WSIN'} onSubmit={onSubmit} autoFocus testId="wsin-input" />

      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="md" fz="lg" data-testid="items-to-scan">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>WSIN</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Scanned</Table.Th>
              <Table.Th w="30%">Progress</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((l) => {
              const done = l.scanned_qty >= l.qty;
              return (
                <Table.Tr key={l.wsin} data-testid="scan-line" data-wsin={l.wsin} data-done={done ? 'true' : 'false'} bg={done ? 'var(--mantine-color-green-light)' : undefined}>
                  <Table.Td fw={700}>{l.wsin}</Table.Td>
                  <Table.Td>{titles.get(l.wsin) ?? ''}</Table.Td>
                  <Table.Td fw={700} data-testid="scan-count">
                    {l.scanned_qty} / {l.qty} {done ? '✓ done' : ''}
                  </Table.Td>
                  <Table.Td>
                    <Progress value={(100 * l.scanned_qty) / l.qty} color={done ? 'green' : 'blue'} size="xl" aria-label={`${l.wsin}: ${l.scanned_qty} of ${l.qty}`} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
