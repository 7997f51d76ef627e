// COD remittance rows, their orders and the courier settings (domain/remittance.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/orders';
import '../tables/remittance';

type Db = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;
const chunks = <T,>(xs: readonly T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export type OrderForAwb = { id: string; company_id: string; cod_paise: number };

/** Delivered cash-on-delivery orders by AWB (in the scope given; null = every company). */
export async function deliveredCodOrdersByAwb(db: Db, awbs: readonly string[], scope: readonly string[] | null): Promise<Map<string, OrderForAwb>> {
  const out = new Map<string, OrderForAwb>();
  if (scope && !scope.length) return out;
  for (const part of chunks([...new Set(awbs)])) {
    let q = db
      .selectFrom('orders')
      .select(['id', 'company_id', 'cod_paise', 'tracking_number', 'status', 'payment_mode'])
      .where('tracking_number', 'in', part);
    if (scope) q = q.where('company_id', 'in', [...scope]);
    // Status and payment mode are checked here, not in SQL: with them in the WHERE, SQLite may walk
    // the status index over every delivered order instead of the AWB's unique index.
    for (const r of await q.execute()) {
      if (r.status === 'DELIVERED' && r.payment_mode === 'cod') out.set(r.tracking_number!, { id: r.id, company_id: r.company_id, cod_paise: Number(r.cod_paise) });
    }
  }
  return out;
}

/** Of these AWBs, the ones already remitted (by any UTR): AWB → the keys `courier|awb|utr` held. */
export async function remittedKeys(db: Db, awbs: readonly string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const part of chunks([...new Set(awbs)])) {
    const rows = await db.selectFrom('cod_remittances').select(['courier', 'awb', 'utr']).where('awb', 'in', part).execute();
    for (const r of rows) {
      const s = out.get(r.awb) ?? new Set<string>();
      s.add(`${r.courier}|${r.awb}|${r.utr}`);
      out.set(r.awb, s);
    }
  }
  return out;
}

export type NewRemittance = Database['cod_remittances'] extends infer T ? { [K in keyof T]: T[K] } : never;

export async function insertRemittances(db: Db, rows: readonly NewRemittance[]): Promise<void> {
  for (const part of chunks(rows)) await db.insertInto('cod_remittances').values([...part]).execute();
}

export async function insertImport(db: Db, row: Database['cod_remittance_imports']): Promise<void> {
  await db.insertInto('cod_remittance_imports').values(row).execute();
}

export async function courierSettings(db: Db) {
  return db.selectFrom('cod_courier_settings').selectAll().orderBy('courier').execute();
}

export async function saveCourierSetting(db: Db, courier: string, set: { not_remitted_days?: number; mapping?: string }, defaultDays: number, now: string) {
  const existing = await db.selectFrom('cod_courier_settings').selectAll().where('courier', '=', courier).executeTakeFirst();
  if (existing) await db.updateTable('cod_courier_settings').set({ ...set, updated_at: now }).where('courier', '=', courier).execute();
  else await db.insertInto('cod_courier_settings').values({ courier, not_remitted_days: set.not_remitted_days ?? defaultDays, mapping: set.mapping ?? null, updated_at: now }).execute();
}

/** Sum of remitted paise and the remittance ids per UTR, for the UTRs given (in scope). */
export async function remittancesByUtr(db: Db, utrs: readonly string[]) {
  const out = new Map<string, { ids: string[]; paise: number }>();
  for (const part of chunks([...new Set(utrs)])) {
    const rows = await db.selectFrom('cod_remittances').select(['id', 'utr', 'amount_paise']).where('utr', 'in', part).execute();
    for (const r of rows) {
      const e = out.get(r.utr) ?? { ids: [], paise: 0 };
      e.ids.push(r.id);
      e.paise += Number(r.amount_paise);
      out.set(r.utr, e);
    }
  }
  return out;
}

export async function markBankMatched(db: Db, ids: readonly string[], now: string) {
  for (const part of chunks(ids)) await db.updateTable('cod_remittances').set({ bank_matched_at: now }).where('id', 'in', part).where('bank_matched_at', 'is', null).execute();
}

/** Settles the remittances given (in scope, not yet settled); returns the order ids they paid. */
export async function settle(db: Db, ids: readonly string[], scope: readonly string[] | null, by: string | null, now: string): Promise<{ settled: number; orderIds: string[] }> {
  let settled = 0;
  const orderIds: string[] = [];
  for (const part of chunks(ids)) {
    let q = db.selectFrom('cod_remittances').select(['id', 'order_id']).where('id', 'in', part).where('settled_at', 'is', null);
    if (scope) q = q.where('company_id', 'in', scope.length ? [...scope] : ['']);
    const rows = await q.execute();
    if (!rows.length) continue;
    await db.updateTable('cod_remittances').set({ settled_at: now, settled_by: by }).where('id', 'in', rows.map((r) => r.id)).execute();
    settled += rows.length;
    orderIds.push(...rows.flatMap((r) => (r.order_id ? [r.order_id] : [])));
  }
  return { settled, orderIds };
}

/** Sets the orders' remittance status (those not already so), with a trail row each naming who did it. */
export async function setOrdersRemittanceStatus(db: Db, orderIds: readonly string[], status: string, actor: { id: string | null; name: string }, now: string, newId: () => string) {
  for (const part of chunks([...new Set(orderIds)])) {
    const changed = await db
      .updateTable('orders')
      .set({ remittance_status: status, updated_at: now, version: sql<number>`version + 1` })
      .where('id', 'in', part)
      .where((eb) => eb.or([eb('remittance_status', 'is', null), eb('remittance_status', '!=', status)]))
      .returning(['id', 'status'])
      .execute();
    if (!changed.length) continue;
    await db
      .insertInto('order_trails')
      .values(changed.map((o) => ({ id: newId(), order_id: o.id, status: o.status, description: `COD remittance ${status}`, city: null, is_return: 0, source: 'user', actor_id: actor.id, actor_name: actor.name, event_id: null, created_at: now })))
      .execute();
  }
}

export async function listRemittances(db: Db, scope: readonly string[] | null, limit: number) {
  let q = db
    .selectFrom('cod_remittances as r')
    .leftJoin('orders as o', 'o.id', 'r.order_id')
    .leftJoin('companies as c', 'c.id', 'r.company_id')
    .select(['r.id', 'r.courier', 'r.awb', 'r.order_id', 'o.shop_order_id', 'r.company_id', 'c.name as company_name', 'r.amount_paise', 'r.expected_paise', 'r.utr', 'r.remitted_on', 'r.flag', 'r.bank_matched_at', 'r.settled_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id')
    .limit(limit);
  // Unknown AWBs belong to no company: finance and admin (scope null) see them.
  if (scope) q = q.where('r.company_id', 'in', scope.length ? [...scope] : ['']);
  return q.execute();
}

/**
 * Delivered COD orders not settled: when each was delivered (its first DELIVERED trail), its courier
 * (delivery partner id without 'dp-') and how much the couriers' files remit for it.
 */
export async function unsettledDeliveredCod(db: Db, scope: readonly string[] | null) {
  let q = db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.shop_order_id',
      'o.tracking_number',
      'o.delivery_partner_id',
      'o.cod_paise',
      'o.updated_at',
      eb.selectFrom('order_trails as t').select((t) => t.fn.min('t.created_at').as('d')).whereRef('t.order_id', '=', 'o.id').where('t.status', '=', 'DELIVERED').as('delivered_at'),
      eb.selectFrom('cod_remittances as r').select((r) => r.fn.sum<number>('r.amount_paise').as('p')).whereRef('r.order_id', '=', 'o.id').as('remitted_paise'),
    ])
    .where('o.status', '=', 'DELIVERED')
    .where('o.payment_mode', '=', 'cod')
    .where((eb) => eb.or([eb('o.remittance_status', 'is', null), eb('o.remittance_status', '!=', 'PAID')]))
    .where('o.tracking_number', 'is not', null);
  if (scope) q = q.where('o.company_id', 'in', scope.length ? [...scope] : ['']);
  return q.execute();
}

/** One company's remittances whose UTR a bank credit matched, remitted between the days given (YYYY-MM-DD, inclusive). */
export async function bankMatchedRemittances(db: Db, companyId: string, from: string | undefined, to: string | undefined) {
  let q = db
    .selectFrom('cod_remittances as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.utr', 'r.courier', 'r.remitted_on', 'r.awb', 'r.amount_paise', 'o.shop_order_id'])
    .where('r.company_id', '=', companyId)
    .where('r.bank_matched_at', 'is not', null)
    .orderBy('r.remitted_on')
    .orderBy('r.utr')
    .orderBy('r.awb');
  if (from) q = q.where('r.remitted_on', '>=', from);
  if (to) q = q.where('r.remitted_on', '<=', to);
  return q.execute();
}

/** Delivered COD orders first delivered at or after `since` (ISO): when, and their COD amount. */
export async function codDeliveredSince(db: Db, scope: readonly string[] | null, since: string) {
  let q = db
    .selectFrom('order_trails as t')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select((eb) => ['o.id', 'o.cod_paise', eb.fn.min('t.created_at').as('delivered_at')])
    .where('t.status', '=', 'DELIVERED')
    .where('t.created_at', '>=', since)
    .where('o.payment_mode', '=', 'cod')
    .groupBy(['o.id', 'o.cod_paise']);
  if (scope) q = q.where('o.company_id', 'in', scope.length ? [...scope] : ['']);
  return q.execute();
}

/** Remitted paise per remittance day since `since` (YYYY-MM-DD), in scope. */
export async function remittedByDaySince(db: Db, scope: readonly string[] | null, since: string) {
  let q = db
    .selectFrom('cod_remittances')
    .select((eb) => ['remitted_on', eb.fn.sum<number>('amount_paise').as('p')])
    .where('remitted_on', '>=', since)
    .groupBy('remitted_on');
  if (scope) q = q.where('company_id', 'in', scope.length ? [...scope] : ['']);
  return q.execute();
}
