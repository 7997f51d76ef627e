// Every write of an order goes through here: a guarded status change or
// column update that bumps `orders.version` and `updated_at` and leaves a
// timeline entry (order_trails) saying who did what and when.
//
// Invariant: for each (company_id, status), order_status_counts.count equals
// the number of orders rows with that company and status. Triggers on orders
// (migration 2026-11-22T0400) keep it inside every writing transaction, so it
// holds for writers outside this module too; rebuildOrderStatusCounts restores
// it from scratch (seeding, repair).
import { sql, type Kysely, type Updateable } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Database, OrderTable } from '../schema';
import '../tables/orders';

export type Tx = Kysely<Database>;

export type TrailInput = {
  description: string;
  actorId?: string | null;
  actorName?: string | null;
  /** user | carrier | system | sync */
  source?: string;
  city?: string | null;
  isReturn?: boolean;
  eventId?: string | null;
  /** The timeline entry's status; defaults to the order's (new) status. */
  status?: string;
  createdAt?: string;
};

/** The order is not in a state the change expects (it moved on, or never was). */
export class OrderStateConflict extends Error {
  constructor(
    readonly orderId: string,
    readonly current: string | null,
  ) {
    super(current === null ? `Order ${orderId} not found` : `Order is ${current}`);
    this.name = 'OrderStateConflict';
  }
}

/** Recounts every (company, status) from the orders table (seeding, repair). */
export async function rebuildOrderStatusCounts(db: Tx): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('order_status_counts').execute();
    await tx
      .insertInto('order_status_counts')
      .columns(['company_id', 'status', 'count'])
      .expression(tx.selectFrom('orders').select((eb) => ['company_id', 'status', eb.fn.countAll<number>().as('count')]).groupBy(['company_id', 'status']))
      .execute();
  });
}

/** Per-status counts over the given companies (null = all). */
export async function readStatusCounts(db: Tx, companyIds: readonly string[] | null): Promise<Record<string, number>> {
  let q = db
    .selectFrom('order_status_counts')
    .select((eb) => ['status', eb.fn.sum<number>('count').as('n')])
    .groupBy('status');
  if (companyIds) q = q.where('company_id', 'in', companyIds.length ? [...companyIds] : ['']);
  const out: Record<string, number> = {};
  for (const r of await q.execute()) if (Number(r.n) > 0) out[r.status] = Number(r.n);
  return out;
}

export async function addTrail(tx: Tx, orderId: string, status: string, t: TrailInput, at: string = nowIso()): Promise<void> {
  await tx
    .insertInto('order_trails')
    .values({
      id: uuidv7(),
      order_id: orderId,
      status: t.status ?? status,
      description: t.description,
      city: t.city ?? null,
      is_return: t.isReturn ?? (status.startsWith('RTO') || status.startsWith('DTO')) ? 1 : 0,
      source: t.source ?? 'user',
      actor_id: t.actorId ?? null,
      actor_name: t.actorName ?? null,
      event_id: t.eventId ?? null,
      created_at: t.createdAt ?? at,
    })
    .execute();
}

type OrderSet = Omit<Updateable<OrderTable>, 'id' | 'company_id' | 'status' | 'version' | 'updated_at'>;

/**
 * Moves an order to `to`, inside the caller's transaction: refuses with
 * OrderStateConflict unless the order is in one of `from` (when given), writes
 * the status with `set` in one UPDATE guarded by the status it read (so two
 * concurrent changes cannot both apply), bumps the version and adds the
 * timeline entry; the status counts follow by trigger. Returns the previous status.
 */
export async function setOrderStatus(
  tx: Tx,
  change: { orderId: string; to: string; from?: readonly string[]; set?: OrderSet; trail: TrailInput },
): Promise<{ from: string; companyId: string }> {
  const cur = await tx.selectFrom('orders').select(['company_id', 'status']).where('id', '=', change.orderId).executeTakeFirst();
  if (!cur) throw new OrderStateConflict(change.orderId, null);
  if (change.from && !change.from.includes(cur.status)) throw new OrderStateConflict(change.orderId, cur.status);
  const at = nowIso();
  const r = await tx
    .updateTable('orders')
    .set({ ...change.set, status: change.to, updated_at: at, version: sql<number>`version + 1` })
    .where('id', '=', change.orderId)
    .where('status', '=', cur.status)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new OrderStateConflict(change.orderId, cur.status);
  await addTrail(tx, change.orderId, change.to, change.trail, at);
  return { from: cur.status, companyId: cur.company_id };
}

/**
 * Any other write of an order: the columns, a version bump and a timeline
 * entry, status unchanged. With `whileStatus`, only while the order is still in
 * that status (the one the caller checked its rule against).
 */
export async function updateOrder(tx: Tx, orderId: string, set: OrderSet, trail: TrailInput, opts: { whileStatus?: string } = {}): Promise<void> {
  const cur = await tx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  if (!cur || (opts.whileStatus !== undefined && cur.status !== opts.whileStatus)) throw new OrderStateConflict(orderId, cur?.status ?? null);
  const at = nowIso();
  const r = await tx
    .updateTable('orders')
    .set({ ...set, updated_at: at, version: sql<number>`version + 1` })
    .where('id', '=', orderId)
    .where('status', '=', cur.status)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw new OrderStateConflict(orderId, cur.status);
  await addTrail(tx, orderId, cur.status, trail, at);
}
