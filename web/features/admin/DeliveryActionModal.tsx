import { useState } from 'react';
import { FileInput, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  ACTION_FALLBACK,
  ACTION_LABELS,
  OTHER_REASON,
  PAST_TIME,
  UNDELIVERED_REASONS,
  markUndeliveredSchema,
  type DeliveryAction,
  type DeliveryActionResponse,
  type DeliveryOrderDetail,
} from '../../../domain/delivery';
import { uuidv7 } from '../../../domain/ids';
import { ApiRequestError, apiFetch, apiJson } from '../../api/client';
import { FormFooter } from '../../ui/FormFooter';
import { adminKeys } from './api';
import { useAdminPost } from './useAdminPost';
import type { PresignResponse } from '../../../domain/uploads';

const PATHS: Record<DeliveryAction, string> = {
  delivered: '/api/admin/order/mark-as-delivered',
  undelivered: '/api/admin/order/mark-as-undelivered',
  cancelled: '/api/admin/order/mark-as-cancelled',
  'rto-delivered': '/api/admin/order/mark-as-rto-delivered',
};

/** Local date-time for <input type="datetime-local"> (minutes). */
const localInput = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

async function uploadProof(file: File): Promise<string> {
  const pre = await apiJson<PresignResponse>('/api/uploads/presign', {
    method: 'POST',
    body: { purpose: 'proof', fileName: file.name, contentType: file.type, size: file.size },
  });
  const put = await apiFetch(pre.uploadUrl, { method: 'PUT', body: file, headers: { 'content-type': file.type } });
  if (!put.ok) {
    const body = (await put.json().catch(() => null)) as { message?: string } | null;
    throw new ApiRequestError(put.status, body?.message ?? 'Upload failed');
  }
  return pre.key;
}

export type DeliveryActionModalProps = { action: DeliveryAction | null; order: DeliveryOrderDetail; onClose: () => void };

/**
 * One admin action on a delivery order. The request id is minted when the
 * dialog opens, so a double click or a retry of the same submission applies once.
 */
export function DeliveryActionModal({ action, order, onClose }: DeliveryActionModalProps) {
  return (
    <Modal opened={!!action} onClose={onClose} title={action ? `${ACTION_LABELS[action]} · ${order.awb}` : ''} centered>
      {action && <ActionForm key={action} action={action} order={order} onClose={onClose} />}
    </Modal>
  );
}

function ActionForm({ action, order, onClose }: { action: DeliveryAction; order: DeliveryOrderDetail; onClose: () => void }) {
  const [requestId] = useState(() => uuidv7());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { busy, post, onSubmit } = useAdminPost({ invalidate: adminKeys.delivery, onDone: onClose, setErrors });
  const [when, setWhen] = useState(() => localInput(Date.now() - 5 * 60_000));
  const [photo, setPhoto] = useState<File | null>(null);
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [reason, setReason] = useState<string | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const [cancelReason, setCancelReason] = useState('');

  const submit = async () => {
    setErrors({});
    let body: Record<string, unknown> = { awb: order.awb, requestId };
    if (action === 'delivered') {
      const at = new Date(when);
      if (!when || Number.isNaN(at.getTime()) || at.getTime() > Date.now()) {
        setErrors({ timeStamp: PAST_TIME });
        return;
      }
      body = { ...body, timeStamp: at.toISOString(), ...(order.driver ? { driverId: order.driver.id } : {}) };
      if (lat.trim() || lon.trim()) body = { ...body, latitude: Number(lat), longitude: Number(lon) };
    } else if (action === 'undelivered') {
      body = { ...body, reason: reason ?? '', ...(reason === OTHER_REASON ? { otherReason } : {}), ...(order.driver ? { driverId: order.driver.id } : {}) };
      const r = markUndeliveredSchema.safeParse(body);
      if (!r.success) {
        setErrors(Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message])));
        return;
      }
    } else if (action === 'cancelled') {
      body = { ...body, ...(cancelReason.trim() ? { reason: cancelReason.trim() } : {}) };
    }
    await post(async () => {
      if (action === 'delivered' && photo) body = { ...body, podKey: await uploadProof(photo) };
      const r = await apiJson<DeliveryActionResponse>(PATHS[action], { method: 'POST', body });
      if (!r?.status) throw new Error(ACTION_FALLBACK[action]);
      return r;
    }, ACTION_FALLBACK[action]);
  };

  return (
    // noValidate: a future time gets the form's own message (PAST_TIME), not the browser's bubble for `max`.
    <form onSubmit={onSubmit(submit)} noValidate>
      <Stack gap="sm">
        {action === 'delivered' && (
          <>
            <TextInput
              type="datetime-local"
              label="Delivered at"
              value={when}
              max={localInput(Date.now())}
              onChange={(e) => setWhen(e.currentTarget.value)}
              error={errors.timeStamp}
              withAsterisk
            />
            <FileInput label="Proof of delivery photo" placeholder="Choose a photo" accept="image/png,image/jpeg,image/webp" value={photo} onChange={setPhoto} clearable error={errors.podKey} />
            <Group grow>
              <TextInput label="Latitude" inputMode="decimal" value={lat} onChange={(e) => setLat(e.currentTarget.value)} error={errors.latitude} />
              <TextInput label="Longitude" inputMode="decimal" value={lon} onChange={(e) => setLon(e.currentTarget.value)} error={errors.longitude} />
            </Group>
          </>
        )}
        {action === 'undelivered' && (
          <>
            <Select label="Reason" placeholder="Select a reason" data={[...UNDELIVERED_REASONS]} value={reason} onChange={setReason} error={errors.reason} withAsterisk />
            {reason === OTHER_REASON && (
              <TextInput label="Other reason" value={otherReason} onChange={(e) => setOtherReason(e.currentTarget.value)} error={errors.otherReason} maxLength={500} withAsterisk />
            )}
          </>
        )}
        {action === 'cancelled' && (
          <>
            <Text size="sm">The order goes back to the seller: it becomes RTO in transit.</Text>
            <Textarea label="Reason" value={cancelReason} onChange={(e) => setCancelReason(e.currentTarget.value)} maxLength={500} autosize minRows={2} error={errors.reason} />
          </>
        )}
        {action === 'rto-delivered' && <Text size="sm">Mark {order.awb} as delivered back to the seller (RTO delivered)?</Text>}
        <FormFooter cancelLabel="Close" onCancel={onClose} cancelDisabled={busy} submitLabel={ACTION_LABELS[action]} loading={busy} submitTestId="action-submit" />
      </Stack>
    </form>
  );
}
