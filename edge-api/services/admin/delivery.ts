// Use cases of the admin delivery-order panel: the four admin actions and the
// assignment of orders to a driver. Each applies exactly once per request id:
// the id is recorded in the same transaction as the change, so a double click
// or a retry answers the first outcome instead of applying again.
import type { Transaction } from 'kysely';
import type { DbHandle } from '../../../db/connect';
import type { Database } from '../../../db/schema';
import {
  applyDeliveryChange,
  deliveryOrderRow,
  parseAddress,
  recordAction,
  storedAction,
  type DeliveryChange,
} from '../../../db/admin/delivery';
import { clusterPincodes, deliveryOrdersByAwb, setActionResult, uploadPurpose } from '../../../db/admin/actions';
import { driverById } from '../../../db/admin/masters';
import { insertJourney } from '../../../db/admin/journeys';
import {
  ACTION_DONE,
  ACTION_TARGET,
  CHANGED_MEANWHILE,
  canAct,
  canAssign,
  DELIVERY_NOT_FOUND,
  DRIVER_INACTIVE,
  DRIVER_WITHOUT_CLUSTER,
  outsideDriverCluster,
  DRIVER_NOT_FOUND,
  finalStatusRefusal,
  notAssignable,
  PAST_TIME,
  REQUEST_REUSED,
  undeliveredReasonOf,
  type AssignOrdersInput,
  type AssignOrdersResponse,
  type DeliveryAction,
  type DeliveryActionResponse,
  type DeliveryStatus,
  type MarkCancelledInput,
  type MarkDeliveredInput,
  type MarkRtoDeliveredInput,
  type MarkUndeliveredInput,
} from '../../../domain/delivery';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { conflict, invalid, notFound } from '../../../domain/refusal';
import type { Actor } from './actor';

type Tx = Transaction<Database>;

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  return err?.code === '23505' || (typeof err?.code === 'string' && err.code.startsWith('SQLITE_CONSTRAINT')) || /UNIQUE constraint failed/.test(err?.message ?? '');
}

/**
 * Runs `apply` once for `requestId`: the id is claimed first inside the
 * transaction (a concurrent twin blocks or fails on it), the outcome stored
 * with it; a repeat answers the stored outcome with `replayed: true`.
 */
async function once<R extends { replayed: boolean }>(
  dbh: DbHandle,
  actor: Actor,
  key: { requestId: string; awb: string; action: string },
  apply: (tx: Tx) => Promise<R>,
): Promise<R> {
  const replay = async (): Promise<R | null> => {
    const prior = await storedAction(dbh.db, key.requestId);
    if (!prior) return null;
    if (prior.action !== key.action || prior.awb !== key.awb) throw conflict(REQUEST_REUSED);
    return { ...(JSON.parse(prior.result) as R), replayed: true };
  };
  const first = await replay();
  if (first) return first;
  try {
    return await dbh.db.transaction().execute(async (tx) => {
      await recordAction(tx, { requestId: key.requestId, awb: key.awb, action: key.action, actorId: actor.id, result: {} });
      const result = await apply(tx);
      await setActionResult(tx, key.requestId, result);
      return result;
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await replay();
      if (again) return again;
    }
    throw e;
  }
}

async function actOn(
  dbh: DbHandle,
  actor: Actor,
  action: DeliveryAction,
  input: { awb: string; requestId: string },
  change: (order: NonNullable<Awaited<ReturnType<typeof deliveryOrderRow>>>, tx: Tx) => Promise<{ change: Omit<DeliveryChange, 'status'>; note: string | null }>,
): Promise<DeliveryActionResponse> {
  const awb = input.awb.toUpperCase();
  return once(dbh, actor, { requestId: input.requestId, awb, action }, async (tx) => {
    const order = await deliveryOrderRow(tx, awb);
    if (!order) throw notFound(DELIVERY_NOT_FOUND);
    if (!canAct(order.order_status)) throw conflict(finalStatusRefusal(awb, order.order_status), { orderStatus: order.order_status });
    const status = ACTION_TARGET[action];
    const c = await change(order, tx);
    const ok = await applyDeliveryChange(tx, order, { ...c.change, status }, { action, note: c.note, actor: { id: actor.id, name: actor.name } });
    if (!ok) throw conflict(CHANGED_MEANWHILE);
    return { status: true, message: ACTION_DONE[action], awb, orderStatus: status, replayed: false } satisfies DeliveryActionResponse;
  });
}

async function checkDriver(tx: Tx, driverId: string | undefined) {
  if (!driverId) return undefined;
  const d = await driverById(tx, driverId);
  if (!d) throw notFound(DRIVER_NOT_FOUND);
  return d;
}

/** Mark delivered at a past time, optionally with the proof-of-delivery photo and where it was taken. */
export async function markDelivered(dbh: DbHandle, actor: Actor, input: MarkDeliveredInput, now = Date.now()): Promise<DeliveryActionResponse> {
  const at = Date.parse(input.timeStamp);
  // A minute of clock difference between the admin's device and the server is allowed.
  if (!Number.isFinite(at) || at > now + 60_000) throw invalid(PAST_TIME, [{ path: 'timeStamp', message: PAST_TIME }]);
  if ((input.latitude === undefined) !== (input.longitude === undefined)) {
    throw invalid('Please give both latitude and longitude', [{ path: 'latitude', message: 'Please give both latitude and longitude' }]);
  }
  return actOn(dbh, actor, 'delivered', input, async (order, tx) => {
    const driver = await checkDriver(tx, input.driverId);
    let podUrl: string | undefined;
    if (input.podKey) {
      const up = await uploadPurpose(tx, input.podKey);
      if (!up || up.purpose !== 'proof') throw invalid('Proof of delivery photo not found, please upload it again', [{ path: 'podKey', message: 'Proof of delivery photo not found, please upload it again' }]);
      podUrl = `/api/files/${input.podKey}`;
    }
    const when = new Date(at).toISOString();
    if (when < order.created_at) throw invalid('Delivery time cannot be before the order was created', [{ path: 'timeStamp', message: 'Delivery time cannot be before the order was created' }]);
    return {
      change: {
        driverId: driver ? driver.id : undefined,
        deliveredAt: when,
        podUrl,
        latitude: input.latitude,
        longitude: input.longitude,
        reason: null,
      },
      note: `Delivered at ${when}${driver ? ` by ${driver.name}` : ''}`,
    };
  });
}

/** Mark undelivered with a reason ("Other" carries the typed one); counts an attempt. */
export async function markUndelivered(dbh: DbHandle, actor: Actor, input: MarkUndeliveredInput): Promise<DeliveryActionResponse> {
  const reason = undeliveredReasonOf(input);
  return actOn(dbh, actor, 'undelivered', input, async (_order, tx) => {
    const driver = await checkDriver(tx, input.driverId);
    return { change: { driverId: driver ? driver.id : undefined, reason, attemptIncrement: true }, note: reason };
  });
}

/** Cancel: the parcel goes back to the seller (RTO_IN_TRANSIT). */
export async function markCancelled(dbh: DbHandle, actor: Actor, input: MarkCancelledInput): Promise<DeliveryActionResponse> {
  return actOn(dbh, actor, 'cancelled', input, async () => ({ change: { reason: input.reason || null }, note: input.reason || null }));
}

export async function markRtoDelivered(dbh: DbHandle, actor: Actor, input: MarkRtoDeliveredInput): Promise<DeliveryActionResponse> {
  return actOn(dbh, actor, 'rto-delivered', input, async () => ({ change: {}, note: null }));
}

/**
 * Assigns orders to an active driver (all or none): each becomes ASSIGNED with
 * a trail row, and the batch becomes one journey of that driver.
 */
export async function assignOrders(dbh: DbHandle, actor: Actor, input: AssignOrdersInput): Promise<AssignOrdersResponse> {
  const awbs = input.assignedOrderIds.map((a) => a.toUpperCase());
  const run = async (tx: Tx): Promise<AssignOrdersResponse> => {
    const driver = await driverById(tx, input.driverId);
    if (!driver) throw notFound(DRIVER_NOT_FOUND);
    if (!driver.active) throw conflict(DRIVER_INACTIVE);
    const orders = await deliveryOrdersByAwb(tx, awbs);
    const found = new Set(orders.map((o) => o.awb));
    const missing = awbs.filter((a) => !found.has(a));
    if (missing.length) throw notFound(`${DELIVERY_NOT_FOUND}: ${missing.join(', ')}`);
    const bad = orders.filter((o) => !canAssign(o.order_status)).map((o) => o.awb);
    if (bad.length) throw conflict(notAssignable(bad));
    // A driver delivers only within the cluster's pincodes.
    if (!driver.clusterId) throw conflict(DRIVER_WITHOUT_CLUSTER);
    const serves = new Set(await clusterPincodes(tx, driver.clusterId));
    const outside = orders.filter((o) => !serves.has(String(parseAddress(o.customer_address).pincode).trim())).map((o) => o.awb);
    if (outside.length) throw conflict(outsideDriverCluster(driver.name, outside));
    const at = nowIso();
    for (const o of orders) {
      const ok = await applyDeliveryChange(tx, o, { status: 'ASSIGNED' as DeliveryStatus, driverId: driver.id }, {
        action: 'assigned', note: `Assigned to ${driver.name} (${driver.phone})`, actor: { id: actor.id, name: actor.name },
      }, at);
      if (!ok) throw conflict(CHANGED_MEANWHILE);
    }
    const journeyId = uuidv7();
    await insertJourney(tx, { id: journeyId, driver_id: driver.id, cluster_id: driver.clusterId, created_by: actor.name, created_at: at }, awbs);
    return {
      status: true,
      message: `${awbs.length} order${awbs.length === 1 ? '' : 's'} assigned to ${driver.name}`,
      journeyId,
      assigned: awbs.length,
      driver: { id: driver.id, name: driver.name, phone: driver.phone },
      replayed: false,
    };
  };
  if (input.requestId) return once(dbh, actor, { requestId: input.requestId, awb: awbs.join(',').slice(0, 500), action: `assign:${input.driverId}` }, run);
  return dbh.db.transaction().execute(run);
}

