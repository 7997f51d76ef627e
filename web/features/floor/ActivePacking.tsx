import { Alert, Badge, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { memo, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { catalogueItemFor, describeWrongScan, isFullyScanned, isPackable, itemsToScan, judgeScan, notPackableReason, PACKABLE_STATUSES, QUANTITY_ERROR, requiredUnits, resolveScan, type FloorOrderDoc, type ItemToScan, type WrongScanContext } from '../../../domain/floor';
import type { Gs1Data } from '../../../domain/gs1';
import { findOrderByCode, hasPending, readCatalogue, readOrder } from '../../local-db/db';
import type { FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import { feedback } from '../../scanner/feedback';
import { useScanner, type ScanSource } from '../../scanner/useScanner';
import { ScanBox } from '../../ui/ScanBox';
// The floor screens' own rules (notifications kept off the scan field).
import './floor.module.css';
import { DataTable } from '../../ui/DataTable';
import { FLOOR_TABLE } from '../../ui/floorTable';
import { leaveNotice } from './notice';
import { ScanResult, type ScanOutcome } from './ScanResult';
import { ParcelWeightForm } from './ParcelWeightForm';

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
        // Back to /fulfillment (part 2 §8), where the reason is the verdict banner (no toast).
        leaveNotice({ kind: 'fail', title: 'Order not found', detail: doc ? notPackableReason(doc) : `No order to pack has the AWB ${awb}.` });
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

/**
 * What a code that is not one of this order's units is on this device: another parcel, or a
 * catalogue product (by WSIN, SKU or its maker's GTIN). The catalogue (small) is read first;
 * every order on the device only for a code the catalogue does not know.
 */
async function lookUpElsewhere(sync: FloorSync, orderId: string, code: string): Promise<WrongScanContext> {
  const product = catalogueItemFor(await readCatalogue(sync.db), code);
  if (product) return { productTitle: product.productTitle };
  const other = await findOrderByCode(sync.db, code);
  return other && other.id !== orderId ? { otherParcel: true } : {};
}

/** Resolves after the next frame has been painted. */
const afterPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

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

  // One verdict per scan: the banner, the sound and the vibration; never a toast on top of it.
  const fail = (title: string, message: string) => {
    show({ kind: 'fail', title, detail: message });
    feedback.fail();
  };

  const { submit } = useScanner({
    onScan: async ({ code: scannedCode }) => {
      if (!orderId) return;
      const doc = docRef.current ?? (await readOrder(sync.db, orderId));
      // A product's own barcode (EAN, GS1-128, GS1 DataMatrix, GS1 Digital Link) counts as its WSIN.
      const resolved = doc ? resolveScan(doc.items, scannedCode) : { code: scannedCode };
      const code = resolved.code;
      if (!doc || !isPackable(doc)) {
        // Packed (or gone): the next expected scan is an AWB; one more unit of this order is too many.
        if (doc && code.trim().toLowerCase() in lowerKeys(requiredUnits(doc.items))) return fail(QUANTITY_ERROR.title, QUANTITY_ERROR.message);
        void navigate({ to: '/fulfillment', search: { t: code } });
        return;
      }
      const scanned = mergeCounts(doc.packing.scanned, judged.current);
      const verdict = judgeScan({ ...doc, packing: { ...doc.packing, scanned } }, code);
      if (!verdict.ok) {
        // Said as what happened: one too many, another parcel's AWB, a product not in this order, or an unknown code.
        const current = { ...doc, packing: { ...doc.packing, scanned } };
        const extra = describeWrongScan(current, code);
        if (extra.kind === 'extra') {
          show({ kind: 'fail', title: extra.title, detail: extra.message });
          feedback.play('extra');
          return;
        }
        // Not in this order, said at once: what the code is elsewhere on the device needs a read of
        // Dexie (every order, for an unknown code), so it is said in the same verdict when it answers,
        // with the sound and vibration of what it turned out to be. The next scan does not wait for it.
        const interim = describeWrongScan(current, code, { lookingUp: true });
        show({ kind: 'fail', title: interim.title, detail: interim.message });
        const shownSeq = seq.current;
        void lookUpElsewhere(sync, doc.id, scannedCode)
          .catch((): WrongScanContext => ({}))
          .then((context) => {
            const wrong = describeWrongScan(current, code, context);
            feedback.play(wrong.kind);
            // A later scan's verdict stays: this one is only refined while it is still the one shown.
            if (seq.current === shownSeq) setOutcome({ kind: 'fail', title: wrong.title, detail: wrong.message, seq: shownSeq });
          });
        return;
      }
      judged.current = { ...judged.current, [verdict.wsin]: verdict.scanned };
      if (verdict.complete) feedback.play('packed');
      else feedback.pass();
      show(
        verdict.complete
          ? { kind: 'packed', title: 'Packed', detail: `${verdict.wsin} ${verdict.scanned}/${verdict.required}. Every item is in the box.` }
          : { kind: 'pass', title: `${verdict.wsin} ✓`, detail: `${verdict.scanned} of ${verdict.required} scanned${gs1Words(resolved.gs1)}` },
      );
      const after = { ...scanned, [verdict.wsin]: verdict.scanned };
      writes.current = writes.current
        // The outbox write (a Dexie transaction and its local effect) waits until the verdict's frame
        // is painted, so it never delays it; writes stay in scan order behind the screen's back.
        .then(afterPaint)
        .then(async () => {
          await sync.engine.enqueue('pack.scan', { awb, orderId: doc.id, wsin: verdict.wsin, ...(resolved.gs1 ? { gs1: resolved.gs1 } : {}) });
          if (verdict.complete) await sync.engine.enqueue('pack.submit', { awb, orderId: doc.id, scanned: after });
        })
        .catch((error: unknown) => fail('Scan not saved', `${error instanceof Error ? error.message : String(error)}. Scan the item again.`));
    },
    onError: (error) => fail('Scan not saved', error instanceof Error ? error.message : String(error)),
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
  const packed = doc.packing.status === 'PACKED';
  const next = lines.find((l) => l.scanned_qty < l.qty);
  const total = lines.reduce((n, l) => n + l.qty, 0);
  const done = lines.reduce((n, l) => n + l.scanned_qty, 0);
  const left = total - done;
  const hint = packed ? 'Packed. Next: scan the next AWB' : next ? `Next: scan a WSIN (${left} ${left === 1 ? 'unit' : 'units'} left, e.g. ${next.wsin})` : 'Every item is scanned';

  // The work first: on a 360 x 640 handheld the order's progress, the verdict and the scan field
  // are in the first screenful; the order's details and its lines follow. On a tablet (768 px and
  // wider, either way up) the order card, verdict and scan field sit beside the lines.
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="xs" data-testid="packing-layout">
      <Stack gap="xs">
        <Paper withBorder p="xs" radius="md" data-testid="order-card">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fz={{ base: 20, sm: 26 }} fw={800} lh={1.2} data-testid="active-awb" style={{ overflowWrap: 'anywhere' }}>
                {doc.awb ?? '—'}
              </Text>
              <Text size="sm" c="dimmed" lineClamp={1}>
                {doc.shopOrderId} · {doc.customerName}
              </Text>
            </div>
            <Badge size="lg" color={packed ? 'teal' : 'gray'} variant={packed ? 'filled' : 'light'} data-testid="pack-status" style={{ flexShrink: 0 }}>
              {packed ? 'Packed' : 'Not Packed'}
            </Badge>
          </Group>
          <Group gap="xs" wrap="nowrap" mt={6}>
            <Text fz={20} fw={800} data-testid="order-progress" style={{ whiteSpace: 'nowrap' }}>
              {done} / {total} {total === 1 ? 'unit' : 'units'}
            </Text>
            <Progress value={total ? (100 * done) / total : 0} color={packed || left === 0 ? 'teal' : 'blue'} size="lg" style={{ flex: 1 }} aria-label={`${done} of ${total} units scanned`} />
          </Group>
          {packed && (
            <Text size="sm" c="dimmed">
              {doc.packing.packedBy ? `by ${doc.packing.packedBy}` : 'Saved on this device; sent with the next sync.'}
            </Text>
          )}
        </Paper>

        <ScanResult outcome={outcome} compact placeholder={packed ? 'Packed: every item is in the box.' : 'Each scan is judged here.'} />

        <ScanBox label={packed ? 'Next AWB' : 'WSIN'} placeholder={packed ? 'Scan or type an AWB' : 'Scan or type a WSIN'} onSubmit={onSubmit} autoFocus testId="wsin-input" />

        <Text fz={{ base: 16, sm: 24 }} fw={700} data-testid="next-scan">
          {hint}
        </Text>

        {packed && <ParcelWeightForm key={doc.id} doc={doc} />}
      </Stack>

      <ScanLines doc={doc} />
    </SimpleGrid>
  );
}

const done = (l: ItemToScan) => l.scanned_qty >= l.qty;

/** The order's lines: re-rendered when the order on the device changes, not on every verdict. */
const ScanLines = memo(function ScanLines({ doc }: { doc: FloorOrderDoc }) {
  const lines = itemsToScan(doc);
  const titles = new Map(doc.items.flatMap((i) => (Object.keys(i.wsinMapping).length ? Object.keys(i.wsinMapping) : [i.sku]).map((w) => [w, i.title] as const)));
  return (
    <DataTable
      label="Items to scan"
      testId="items-to-scan"
      rows={lines}
      rowKey={(l) => l.wsin}
      rowProps={(l) => ({
        'data-testid': 'scan-line',
        'data-wsin': l.wsin,
        'data-done': done(l) ? 'true' : 'false',
        bg: done(l) ? 'var(--mantine-color-green-light)' : undefined,
      })}
      columns={[
        { key: 'wsin', header: 'WSIN', card: 'title', cellProps: () => ({ fw: 700 }), cell: (l) => l.wsin },
        {
          key: 'scanned',
          header: 'Scanned',
          card: 'title',
          cellProps: () => ({ fw: 700, 'data-testid': 'scan-count', style: { whiteSpace: 'nowrap' } }),
          cell: (l) => `${l.scanned_qty} / ${l.qty} ${done(l) ? '✓ done' : ''}`,
        },
        { key: 'item', header: 'Item', card: 'wide', cell: (l) => titles.get(l.wsin) ?? '' },
        {
          key: 'progress',
          header: 'Progress',
          width: '30%',
          card: 'wide',
          cell: (l) => (
            <Progress value={(100 * l.scanned_qty) / l.qty} color={done(l) ? 'green' : 'blue'} size="xl" aria-label={`${l.wsin}: ${l.scanned_qty} of ${l.qty}`} />
          ),
        },
      ]}
      {...FLOOR_TABLE}
      // Beside the order card on a tablet the lines get half the width: cards where their columns do not fit.
      narrow="scroll"
      minWidth={520}
      fz="lg"
      striped={false}
    />
  );
});

/** ' · lot AB-123 · expires 2027-04-30' for a GS1 scan that read them (nothing otherwise). */
function gs1Words(gs1: Gs1Data | undefined): string {
  if (!gs1) return '';
  return `${gs1.lot ? ` · lot ${gs1.lot}` : ''}${gs1.expiry ? ` · expires ${gs1.expiry}` : ''}`;
}
