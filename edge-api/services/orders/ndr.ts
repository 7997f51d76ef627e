// NDR work: for an order the courier could not deliver, the seller
// asks for a re-attempt (date and slot), changes the address or phone, or sends
// it back to origin; a buyer's request is accepted (its change applied) or
// declined with a reason. Every action checks the rules of domain/ndr.ts and
// writes a timeline entry. Called by the routes (and any job) alike.
import type { Db } from '../../../db/connect';
import { customerRequest, decideRequest, ndrFacts, problemOrder, type ProblemOrderRow } from '../../../db/ndr/queries';
import { OrderStateConflict, setOrderStatus, updateOrder, type Tx } from '../../../db/orders/status';
import { nowIso } from '../../../domain/ids';
import { ADDRESS_TRAIL_MARK, ndrCase, problemRefusal, REATTEMPT_TRAIL_PREFIX, REQUEST_NOT_FOUND, type NdrCase, REQUEST_NOT_OPEN, SLOT_LABELS, type ProblemActionKey, type ReattemptSlot } from '../../../domain/ndr';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { conflict, forbidden, invalid, notFound } from '../../../domain/refusal';
import { REATTEMPT_DATE_INVALID, reattemptDates } from '../../../domain/tracking-rules';
import { queueCourierNdr } from '../../carriers/live/ndr';
import type { ServiceActor } from '../audit/actor';

export type ProblemResult = { orderId: string; status: string };
export const trailBy = (a: ServiceActor) => ({ actorId: a.id, actorName: a.name, source: 'user' as const });

/** Runs one problem-order action in a transaction: the order in scope, the rule, then `fn`. */
export async function runProblemAction<T>(db: Db, actor: ServiceActor, orderId: string, key: ProblemActionKey, fn: (tx: Tx, row: ProblemOrderRow) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(async (tx) => {
      const row = await problemOrder(tx, orderId, actor.scope);
      if (!row) throw notFound(ORDER_NOT_FOUND);
      const refusal = problemRefusal(key, row.status, actor.role);
      if (refusal) throw refusal.kind === 'forbidden' ? forbidden(refusal.message) : conflict(refusal.message);
      return await fn(tx, row);
    });
  } catch (e) {
    if (e instanceof OrderStateConflict) throw conflict(e.current ? `Order is now ${e.current}; please reload` : ORDER_NOT_FOUND);
    throw e;
  }
}

const formatDay = (d: string) => new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

function checkDate(date: string) {
  if (!reattemptDates().includes(date)) throw invalid(REATTEMPT_DATE_INVALID, [{ path: 'date', message: REATTEMPT_DATE_INVALID }]);
}

async function writeReattempt(tx: Tx, row: ProblemOrderRow, actor: ServiceActor, date: string, slot: ReattemptSlot | null, via: string) {
  await updateOrder(tx, row.id, {}, { description: `${REATTEMPT_TRAIL_PREFIX} for ${formatDay(date)}${slot ? `, ${SLOT_LABELS[slot]}` : ''}${via}`, ...trailBy(actor) }, { whileStatus: row.status });
  // A live courier's parcel: the instruction goes on to the courier, its answer comes back on the timeline.
  await queueCourierNdr(tx, row.id, { kind: 'reattempt', date });
}

type AddressChange = { address1?: string; address2?: string; landmark?: string; phone?: string };
async function writeAddress(tx: Tx, row: ProblemOrderRow, actor: ServiceActor, change: AddressChange, via: string) {
  let addr: Record<string, unknown>;
  try {
    addr = JSON.parse(row.shipping_address) ?? {};
  } catch {
    addr = {};
  }
  const next = { ...addr };
  if (change.address1) next.address1 = change.address1;
  if (change.address2) next.address2 = change.address2;
  if (change.landmark) next.landmark = change.landmark;
  if (change.phone) next.phone = change.phone;
  const fields = [change.address1 || change.address2 ? 'address' : null, change.landmark ? 'landmark' : null, change.phone ? 'phone' : null].filter(Boolean);
  await updateOrder(
    tx,
    row.id,
    { shipping_address: JSON.stringify(next), ...(change.phone ? { customer_phone: change.phone } : {}) },
    { description: `Delivery ${fields.join(', ')} ${ADDRESS_TRAIL_MARK}${via}`, ...trailBy(actor) },
    { whileStatus: row.status },
  );
  const address = [change.address1, change.address2, change.landmark].filter(Boolean).join(', ');
  if (address || change.phone) await queueCourierNdr(tx, row.id, { kind: 'address', address: address || null, phone: change.phone || null });
}

/** NDR: ask the courier to deliver again on a day it delivers, in a slot. */
export async function requestReattempt(db: Db, actor: ServiceActor, input: { orderId: string; date: string; slot: ReattemptSlot }): Promise<ProblemResult> {
  checkDate(input.date);
  return runProblemAction(db, actor, input.orderId, 'ndrReattempt', async (tx, row) => {
    await writeReattempt(tx, row, actor, input.date, input.slot, '');
    return { orderId: row.id, status: row.status };
  });
}

/** NDR: correct the delivery address or phone before the next attempt. */
export async function updateNdrAddress(db: Db, actor: ServiceActor, input: { orderId: string } & AddressChange): Promise<ProblemResult> {
  return runProblemAction(db, actor, input.orderId, 'ndrUpdateAddress', async (tx, row) => {
    await writeAddress(tx, row, actor, input, '');
    return { orderId: row.id, status: row.status };
  });
}

/** NDR: give up delivering; the parcel goes back to the warehouse (UNDELIVERED → RTO_IN_TRANSIT). */
export async function returnToOrigin(db: Db, actor: ServiceActor, input: { orderId: string; reason?: string }): Promise<ProblemResult> {
  return runProblemAction(db, actor, input.orderId, 'ndrReturnToOrigin', async (tx, row) => {
    await setOrderStatus(tx, {
      orderId: row.id,
      to: 'RTO_IN_TRANSIT',
      from: [row.status],
      trail: { description: `Return to origin requested${input.reason ? `: ${input.reason}` : ''}`, ...trailBy(actor), isReturn: true },
    });
    await queueCourierNdr(tx, row.id, { kind: 'rto' });
    return { orderId: row.id, status: 'RTO_IN_TRANSIT' };
  });
}

async function openRequest(db: Db, actor: ServiceActor, requestId: string) {
  const req = await customerRequest(db, requestId, actor.scope);
  if (!req) throw notFound(REQUEST_NOT_FOUND);
  if (req.status !== 'OPEN') throw conflict(REQUEST_NOT_OPEN);
  return req;
}

/** A buyer's request accepted: its change is applied (re-attempt on the date asked, or the new address/phone). */
export async function acceptCustomerRequest(db: Db, actor: ServiceActor, input: { requestId: string; slot?: ReattemptSlot }): Promise<ProblemResult> {
  const req = await openRequest(db, actor, input.requestId);
  let payload: Record<string, string> = {};
  try {
    payload = JSON.parse(req.payload) ?? {};
  } catch {
    payload = {};
  }
  return runProblemAction(db, actor, req.order_id, 'requestAccept', async (tx, row) => {
    const at = nowIso();
    if (!(await decideRequest(tx, req.id, 'ACCEPTED', actor.name, at, null))) throw conflict(REQUEST_NOT_OPEN);
    if (req.kind === 'reattempt') {
      // the day asked may have passed since: the next delivery day then
      const days = reattemptDates();
      const date = payload.date && days.includes(payload.date) ? payload.date : days[0];
      await writeReattempt(tx, row, actor, date, input.slot ?? null, ' (buyer’s request accepted)');
    } else {
      await writeAddress(tx, row, actor, payload, ' (buyer’s request accepted)');
    }
    return { orderId: row.id, status: row.status };
  });
}

/** A buyer's request declined, with the seller's reason (kept for the seller; the buyer reads only that it was not accepted). */
export async function declineCustomerRequest(db: Db, actor: ServiceActor, input: { requestId: string; reason: string }): Promise<ProblemResult> {
  const req = await openRequest(db, actor, input.requestId);
  return runProblemAction(db, actor, req.order_id, 'requestDecline', async (tx, row) => {
    if (!(await decideRequest(tx, req.id, 'DECLINED', actor.name, nowIso(), input.reason))) throw conflict(REQUEST_NOT_OPEN);
    await updateOrder(tx, row.id, {}, { description: `Buyer’s ${req.kind === 'reattempt' ? 're-attempt' : 'address'} request declined: ${input.reason}`, ...trailBy(actor) }, { whileStatus: row.status });
    return { orderId: row.id, status: row.status };
  });
}

/** The NDR workspace's facts of these orders (those outside the caller's companies are left out). */
export async function ndrCases(db: Db, actor: ServiceActor, orderIds: readonly string[]): Promise<NdrCase[]> {
  const { orders, trails, requests } = await ndrFacts(db, orderIds, actor.scope);
  return orders.map((o) => ndrCase(o, trails.get(o.id) ?? [], requests.get(o.id) ?? null));
}
