/**
 * The courier's own label: after a booking at a live courier, a durable task
 * (`courier.label:<order>:<awb>`) fetches its label PDF (Delhivery
 * packing_slip, Shiprocket courier/generate/label) and keeps it in the app's
 * file store under `couriers/label-<order id>.pdf`. Label downloads print it in
 * place of ours (edge-api/services/billing/labels.ts); a courier that has none
 * leaves our 4x6 label.
 */
import type { DbHandle } from '../../../db/connect';
import { putFile } from '../../../db/files/store';
import type { AppConfig } from '../../env';
import { enqueueTask, GiveUp, type TaskHandler, type TaskHandlers } from '../../integrations/tasks';
import { filesOf } from '../../lib/files';
import { liveCarrierOf } from './registry';

export const LABEL_TASK = 'courier.label';
/** A courier's label larger than this is not kept (ours is printed). */
export const MAX_LABEL_BYTES = 5 * 1024 * 1024;

export type LabelPayload = { connectionId: string; orderId: string; awb: string };

export const courierLabelKey = (orderId: string) => `couriers/label-${orderId.replace(/[^A-Za-z0-9_.-]/g, '_')}.pdf`;

/** Asks for the courier's label of a booking just made (once per order and AWB). */
export async function queueCourierLabel(dbh: DbHandle, input: LabelPayload & { companyId: string | null }, at?: Date) {
  return enqueueTask(dbh, {
    kind: LABEL_TASK, key: `${LABEL_TASK}:${input.orderId}:${input.awb}`, companyId: input.companyId, connectionId: input.connectionId,
    subject: { type: 'order', id: input.orderId }, payload: { connectionId: input.connectionId, orderId: input.orderId, awb: input.awb } satisfies LabelPayload, at,
  });
}

/** The stored courier label of an order, or null (print ours). */
export async function storedCourierLabel(dbh: DbHandle, config: Pick<AppConfig, 'dataDir' | 'fileStore'>, orderId: string): Promise<Buffer | null> {
  return filesOf(dbh, config).read(courierLabelKey(orderId));
}

export const labelHandler: TaskHandler<LabelPayload> = async ({ dbh, config, log, task }) => {
  const carrier = await liveCarrierOf(dbh, config, log, task.payload.connectionId);
  if (!carrier) throw new GiveUp('The courier account is no longer connected');
  if (!carrier.labelPdf) return { stored: false, reason: 'This courier has no label of its own: ours is printed' };
  const pdf = await carrier.labelPdf(dbh.db, task.payload.awb);
  if (!pdf) return { stored: false, reason: 'The courier gave no label: ours is printed' };
  const bytes = Buffer.from(pdf);
  if (bytes.length > MAX_LABEL_BYTES || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    return { stored: false, reason: 'The courier\'s label is not a PDF we can print: ours is printed' };
  }
  await putFile(filesOf(dbh, config), courierLabelKey(task.payload.orderId), bytes);
  return { stored: true, bytes: bytes.length };
};

export const LABEL_HANDLERS: TaskHandlers = { [LABEL_TASK]: labelHandler as TaskHandler<never> };
