import { Alert, Badge, Button, Group, Image, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  approvableAs,
  checkReturnLine,
  isReturnProcessed,
  RETURN_DETAILS,
  RETURN_KIND_LINE,
  RETURN_MODAL_TITLE,
  returnKindOf,
  returnLines,
  type FloorOrderDoc,
  type ReturnInfoResponse,
  type ReturnRow,
  type ReturnType,
} from '../../../domain/floor';
import { apiJson } from '../../api/client';
import { isLocalPhoto, LOCAL_PHOTO, readOrder } from '../../local-db/db';
import { useSyncStatus, type FloorSync } from '../../local-db/engine';
import { useLiveQuery } from '../../local-db/live';
import { useFloorSync } from '../../local-db/useFloorSync';
// The floor screens' own rules (notifications kept off the scan field).
import '../floor/floor.module.css';
import { DataTable, type DataTableColumn } from '../../ui/DataTable';
import { TouchNumber } from '../floor/TouchNumber';
import { keepPhoto, PhotoPicker, photoProblem, useObjectUrl } from '../floor/PhotoPicker';

export interface ReturnApprovalModalProps {
  orderId: string;
  onClose: () => void;
}

interface Line {
  wsin: string;
  sku: string;
  productTitle: string;
  max: number;
}

/** Both tables of the modal: cards below 992 px, no stripes. */
const RETURN_TABLE = { narrow: 'cards-tablet', verticalSpacing: 'sm', striped: false } as const;
type Item = Pick<Line, 'wsin' | 'sku' | 'productTitle'>;
const PRODUCT_COLUMN: DataTableColumn<Item> = {
  key: 'product',
  header: 'Product',
  card: 'wide',
  cell: (l) => (
    <>
      <Text fw={600}>{l.productTitle}</Text>
      <Text size="sm" c="dimmed">
        {l.sku}
      </Text>
    </>
  ),
};
const WSIN_COLUMN: DataTableColumn<Item> = { key: 'wsin', header: 'WSIN', cellProps: () => ({ fw: 700 }), cell: (l) => l.wsin };

type Model =
  | { mode: 'approve'; order: FloorOrderDoc; returnType: ReturnType; lines: Line[] }
  | { mode: 'details'; order: FloorOrderDoc; rows: ReturnRow[] }
  | { mode: 'closed'; order: FloorOrderDoc };

/** The order as this device knows it, or as the server answers when it is not kept here (online only). */
function useReturnModel(sync: FloorSync, orderId: string): { model: Model | null; loading: boolean; error: string | null } {
  const local = useLiveQuery(() => readOrder(sync.db, orderId), [sync, orderId]);
  const localDoc = local.data;
  const localUsable = localDoc && (approvableAs(localDoc) || (isReturnProcessed(localDoc.status) && localDoc.returnInfo));
  const remote = useQuery({
    queryKey: ['return-info', orderId],
    queryFn: ({ signal }) => apiJson<ReturnInfoResponse>(`/api/return-info?splitOrderId=${encodeURIComponent(orderId)}`, { signal }),
    enabled: local.ready && !localUsable,
    retry: false,
  });
  const model = useMemo((): Model | null => {
    if (localDoc && localUsable) {
      if (isReturnProcessed(localDoc.status)) return { mode: 'details', order: localDoc, rows: localDoc.returnInfo ?? [] };
      const type = approvableAs(localDoc)!;
      return { mode: 'approve', order: localDoc, returnType: type, lines: returnLines(localDoc.items, type) };
    }
    const info = remote.data?.data;
    if (!info) return null;
    if (info.processed) return { mode: 'details', order: info.order, rows: info.data };
    if (!info.approvable) return { mode: 'closed', order: info.order };
    return { mode: 'approve', order: info.order, returnType: info.returnType, lines: info.data.map((r) => ({ wsin: r.wsin, sku: r.sku, productTitle: r.productTitle, max: r.maxQuantity })) };
  }, [localDoc, localUsable, remote.data]);
  const error = remote.error ? (navigator.onLine ? (remote.error as Error).message : 'This order is not saved on this device. Connect to the network to open it.') : null;
  return { model, loading: !model && !error, error };
}

/**
 * 'Approval for RTO': approve an RTO or DTO with missing and damaged units
 * (0 to item quantity x WSIN multiplier) and an optional proof photo per
 * WSIN, or read the details of a processed return. Works offline: photos are
 * kept on the device and uploaded before the approval is sent.
 */
export function ReturnApprovalModal({ orderId, onClose }: ReturnApprovalModalProps) {
  const sync = useFloorSync();
  const { model, loading, error } = useReturnModel(sync, orderId);
  const phone = useMediaQuery('(max-width: 47.99em)', typeof window !== 'undefined' && window.innerWidth < 768);
  const kind = model ? (model.mode === 'approve' ? model.returnType : returnKindOf(model.order)) : null;
  const title = (
    <div>
      <Title order={3}>{RETURN_MODAL_TITLE}</Title>
      {kind && (
        <Text size="sm" fw={600} c={kind === 'DTO' ? 'grape.8' : 'blue.8'} data-testid="return-kind">
          {RETURN_KIND_LINE[kind]}
        </Text>
      )}
    </div>
  );
  return (
    <Modal opened onClose={onClose} title={title} size="70rem" fullScreen={phone} padding={phone ? 'sm' : 'md'} closeButtonProps={{ size: 'xl', 'aria-label': 'Close' }}>
      {loading && (
        <Group>
          <Loader size="sm" />
          <Text>Loading the return…</Text>
        </Group>
      )}
      {error && (
        <Alert color="red" title="Could not open the return">
          {error}
        </Alert>
      )}
      {model && <OrderHeader order={model.order} />}
      {model?.mode === 'details' && <ReturnDetails sync={sync} rows={model.rows} />}
      {model?.mode === 'closed' && (
        <Alert color="gray" title="Nothing to approve">
          This order is {model.order.status.replace(/_/g, ' ').toLowerCase()}; only RTO delivered and DTO delivered orders can be approved.
        </Alert>
      )}
      {model?.mode === 'approve' && <ApproveForm key={model.order.id} sync={sync} order={model.order} returnType={model.returnType} lines={model.lines} onDone={onClose} />}
    </Modal>
  );
}

function OrderHeader({ order }: { order: FloorOrderDoc }) {
  return (
    <Group mb="md" gap="lg" wrap="wrap">
      <div>
        <Text c="dimmed" size="sm">
          Order
        </Text>
        <Text fw={700} fz="lg">
          {order.shopOrderId}
        </Text>
      </div>
      <div>
        <Text c="dimmed" size="sm">
          AWB
        </Text>
        <Text fw={700} fz="lg">
          {order.returnAwb ?? order.awb ?? '—'}
        </Text>
      </div>
      <Badge size="lg" variant="light">
        {order.status.replace(/_/g, ' ')}
      </Badge>
    </Group>
  );
}

interface LineState {
  missing: number | string;
  damaged: number | string;
  photo: File | null;
  photoError: string | null;
}

function ApproveForm({ sync, order, returnType, lines, onDone }: { sync: FloorSync; order: FloorOrderDoc; returnType: ReturnType; lines: Line[]; onDone: () => void }) {
  const status = useSyncStatus(sync);
  const queryClient = useQueryClient();
  const [state, setState] = useState<Record<string, LineState>>(() => Object.fromEntries(lines.map((l) => [l.wsin, { missing: 0, damaged: 0, photo: null, photoError: null }])));
  const [saving, setSaving] = useState(false);
  const set = (wsin: string, patch: Partial<LineState>) => setState((s) => ({ ...s, [wsin]: { ...s[wsin], ...patch } }));
  // The line's own message as the counts are typed (the same rule the server applies): each count
  // from 0 to the line's units, and missing + damaged together no more than its units.
  const errors = useMemo(() => {
    const found: Record<string, string> = {};
    for (const line of lines) {
      const s = state[line.wsin];
      const problem = checkReturnLine({ wsin: line.wsin, missingQuantity: Number(s.missing), damageQuantity: Number(s.damaged) }, line.max);
      if (problem) found[line.wsin] = problem;
    }
    return found;
  }, [lines, state]);
  const blocked = Object.keys(errors).length > 0;
  /** A count of returned units per line (missing or damaged), with the line's error that names it. */
  const countColumn = (key: 'missing' | 'damaged', label: string, names: RegExp): DataTableColumn<Line> => ({
    key,
    header: label,
    card: 'title',
    cell: (l) => (
      <TouchNumber
        label={label}
        ariaLabel={`${label} quantity of ${l.wsin}`}
        min={0}
        // The + button stops where missing and damaged together reach the line's units.
        max={Math.max(0, l.max - (Number(state[l.wsin][key === 'missing' ? 'damaged' : 'missing']) || 0))}
        value={state[l.wsin][key]}
        onChange={(v) => set(l.wsin, { [key]: v })}
        error={errors[l.wsin] && names.test(errors[l.wsin]) ? errors[l.wsin] : undefined}
      />
    ),
  });

  const pickPhoto = (wsin: string, file: File | undefined) => {
    if (!file) return;
    // Said once, beside the photo buttons (not a toast as well).
    const problem = photoProblem(file);
    set(wsin, problem ? { photo: null, photoError: problem } : { photo: file, photoError: null });
  };

  const approve = async () => {
    if (blocked) return;
    setSaving(true);
    try {
      const items = [];
      for (const line of lines) {
        const s = state[line.wsin];
        const imageKey = s.photo ? await keepPhoto(sync, s.photo, order.companyId, `${line.wsin}.jpg`) : undefined;
        items.push({ wsin: line.wsin, sku: line.sku, missingQuantity: Number(s.missing), damageQuantity: Number(s.damaged), ...(imageKey ? { imageKey } : {}) });
      }
      const seq = await sync.engine.enqueue('return.approve', { orderId: order.id, returnType, items });
      if (navigator.onLine && (await sync.engine.sync())) {
        const refused = sync.engine.getStatus().rejected.find((r) => r.seq === seq);
        if (refused) {
          notifications.show({ color: 'red', title: 'Error', message: refused.reason });
          return;
        }
        notifications.show({ color: 'green', title: 'Success', message: `${returnType} approved` });
        // The orders list and slider read the server: reload what they show (part 1 §8).
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['return-info', order.id] });
      } else {
        notifications.show({ color: 'blue', title: `${returnType} approval saved`, message: 'Saved on this device. It is sent when the network is back.' });
      }
      onDone();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <DataTable
        label="Returned items"
        testId="return-lines"
        rows={lines}
        rowKey={(l) => l.wsin}
        rowProps={(l) => ({ 'data-wsin': l.wsin })}
        columns={[
          PRODUCT_COLUMN,
          WSIN_COLUMN,
          { key: 'units', header: 'Units', cell: (l) => l.max },
          countColumn('missing', 'Missing', /Missing|together/),
          countColumn('damaged', 'Damaged', /Damaged/),
          {
            key: 'photo',
            header: 'Proof photo (optional)',
            card: 'wide',
            cell: (l) => (
              <PhotoPicker
                subject={l.wsin}
                testId={`photo-file-${l.wsin}`}
                photo={state[l.wsin].photo}
                error={state[l.wsin].photoError}
                onPick={(f) => pickPhoto(l.wsin, f)}
                onClear={() => set(l.wsin, { photo: null, photoError: null })}
              />
            ),
          },
        ]}
        {...RETURN_TABLE}
      />
      {!status.online && (
        <Alert color="orange" variant="light">
          Offline: the approval and its photos are saved on this device and sent when the network is back.
        </Alert>
      )}
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" size="lg" h={48} onClick={onDone}>
          Cancel
        </Button>
        <Button size="lg" h={48} onClick={() => void approve()} loading={saving} disabled={blocked} data-testid="approve-return">
          Approve {returnType}
        </Button>
      </Group>
    </Stack>
  );
}

function ReturnDetails({ sync, rows }: { sync: FloorSync; rows: ReturnRow[] }) {
  return (
    <Stack>
      <Title order={4}>{RETURN_DETAILS}</Title>
      <DataTable
        label={RETURN_DETAILS}
        testId="return-details"
        rows={rows}
        rowKey={(r) => r.wsin}
        rowProps={(r) => ({ 'data-wsin': r.wsin })}
        columns={[
          { ...PRODUCT_COLUMN, cellProps: () => ({ fw: 600 }), cell: (r) => r.productTitle },
          { key: 'sku', header: 'SKU', cell: (r) => r.sku },
          { ...WSIN_COLUMN, cellProps: undefined },
          { key: 'missing', header: 'Missing', cellProps: () => ({ 'data-testid': 'details-missing' }), cell: (r) => r.missingQuantity },
          { key: 'damaged', header: 'Damaged', cellProps: () => ({ 'data-testid': 'details-damaged' }), cell: (r) => r.damageQuantity },
          {
            key: 'proof',
            header: 'Proof',
            cellProps: () => ({ 'data-wide': true }),
            cell: (r) => (r.imageLocation ? <ProofImage sync={sync} location={r.imageLocation} /> : '—'),
          },
        ]}
        {...RETURN_TABLE}
      />
    </Stack>
  );
}

/** A proof photo: from the server, or from this device while it waits to be uploaded. */
function ProofImage({ sync, location }: { sync: FloorSync; location: string }) {
  const local = useLiveQuery(isLocalPhoto(location) ? () => sync.photos.photos.get(location.slice(LOCAL_PHOTO.length)) : null, [location]);
  const blobUrl = useObjectUrl(local.data?.blob ?? null);
  const src = isLocalPhoto(location) ? (local.data?.key ? `/api/files/${local.data.key}` : blobUrl) : location;
  if (!src) return <Text size="sm">Photo</Text>;
  return (
    <a href={src} target="_blank" rel="noreferrer">
      <Image src={src} alt="Proof photo" w={64} h={64} radius="sm" fit="cover" />
    </a>
  );
}
