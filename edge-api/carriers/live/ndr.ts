/**
 * NDR instructions sent on to the live courier that carries the parcel: the
 * seller's re-attempt, address change or return to origin (and a buyer's
 * request the seller accepts) are recorded as a durable task
 * (`courier.ndr:<order>:<id>`) in the same transaction as the action, sent by
 * the task worker, and the courier's answer is written on the order's timeline
 * in its words: accepted (with its request id) or refused (the task then fails,
 * in the seller's retry list). Orders of the demo couriers send nothing.
 */
import type { Db } from '../../../db/connect';
import { tasksAbout } from '../../../db/integrations/tasks';
import { updateOrder } from '../../../db/orders/status';
import { uuidv7 } from '../../../domain/ids';
import { PartnerError } from '../../integrations/http';
import { enqueueTask, GiveUp, type TaskHandler, type TaskHandlers } from '../../integrations/tasks';
import type { NdrInstruction } from '../types';
import { BOOK_TASK } from './booking';
import { liveCarrierOf } from './registry';

export const NDR_TASK = 'courier.ndr';
export type NdrPayload = { connectionId: string; orderId: string; awb: string; ndr: NdrInstruction };

const WHAT: Record<NdrInstruction['kind'], string> = { reattempt: 're-attempt', address: 'address change', rto: 'return to origin' };
const TITLES: Record<string, string> = { delhivery: 'Delhivery', shiprocket: 'Shiprocket' };

/** The live booking of an order: its connection and AWB, or null (a demo courier's order). */
async function liveBookingOf(db: Db, orderId: string): Promise<{ connectionId: string; companyId: string | null; awb: string } | null> {
  const booked = (await tasksAbout(db, 'order', orderId)).find((t) => t.kind === BOOK_TASK && t.status === 'done' && t.connection_id);
  const awb = booked?.result ? (JSON.parse(booked.result) as { awb?: string }).awb : undefined;
  return booked && awb ? { connectionId: booked.connection_id!, companyId: booked.company_id, awb } : null;
}

/** Queues the instruction for the courier (inside the action's transaction); nothing for a demo courier's order. */
export async function queueCourierNdr(db: Db, orderId: string, ndr: NdrInstruction): Promise<void> {
  const live = await liveBookingOf(db, orderId);
  if (!live) return;
  await enqueueTask({ db }, {
    kind: NDR_TASK, key: `${NDR_TASK}:${orderId}:${uuidv7()}`, companyId: live.companyId, connectionId: live.connectionId, subject: { type: 'order', id: orderId },
    payload: { connectionId: live.connectionId, orderId, awb: live.awb, ndr } satisfies NdrPayload,
  });
}

export const ndrHandler: TaskHandler<NdrPayload> = async ({ dbh, config, log, task }) => {
  const { connectionId, orderId, awb, ndr } = task.payload;
  const carrier = await liveCarrierOf(dbh, config, log, connectionId);
  if (!carrier) throw new GiveUp('The courier account is no longer connected');
  const title = TITLES[carrier.code] ?? carrier.code;
  const note = (description: string) =>
    dbh.db.transaction().execute((tx) => updateOrder(tx, orderId, {}, { description: description.slice(0, 300), source: 'carrier', actorId: connectionId, actorName: title }));
  if (!carrier.ndrAction) throw new GiveUp(`${title} takes no NDR instructions`);
  let r;
  try {
    r = await carrier.ndrAction(dbh.db, awb, ndr);
  } catch (err) {
    if (err instanceof PartnerError && !err.transient) {
      await note(`${title} refused the ${WHAT[ndr.kind]} request: ${err.message}`);
      throw new GiveUp(err.message);
    }
    throw err;
  }
  await note(r.ok ? `${title} accepted the ${WHAT[ndr.kind]} request${r.message ? `: ${r.message}` : ''}` : `${title} refused the ${WHAT[ndr.kind]} request: ${r.message}`);
  if (!r.ok) throw new GiveUp(r.message);
  return r;
};

export const NDR_HANDLERS: TaskHandlers = { [NDR_TASK]: ndrHandler as TaskHandler<never> };
