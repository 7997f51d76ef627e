// COD remittance rows, their orders and the courier settings (domain/remittance.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/orders';
import '../tables/remittance';

type Db = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;
const chunks = <T,>(xs: readonly T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

export type IncomingRemittance = { id: string; awb: string; utr: string; date: string; paise: number; /** an earlier row of the same file has this AWB */ dup: 0 | 1 };

/**
 * Matches a file's rows to delivered COD orders and stores them, set-based: the rows go to the database as
 * one JSON value read as a table (json_each on SQLite, json_to_recordset on PostgreSQL), joined to orders by
 * AWB (the partial index of delivered COD orders) and inserted in one statement. A row whose courier, AWB and
 * UTR are stored already is skipped. Flags as `flagFor` (domain/remittance.ts) decides them: unknown AWB,
 * remitted twice (the AWB remitted before, or by an earlier row of the file), short, excess, ok. Returns the
 * flag of each row added.
 *
 * What is stored already for the file's AWBs (usually nothing) is read first, by one statement per 50,000
 * rows, and the insert then reads no remittances: a statement that reads the table it inserts into is first
 * copied whole into a temporary table.
 */
export async function insertMatchedRemittances(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  head: { importId: string; courier: string; now: string },
  rows: readonly IncomingRemittance[],
): Promise<string[]> {
  const flags: string[] = [];
  const remitted = new Set<string>();
  const stored = new Set<string>();
  const key = (awb: string, utr: string) => `${awb}\u0000${utr}`;
  for (let i = 0; i < rows.length; i += 50_000) {
    const awbs = JSON.stringify(rows.slice(i, i + 50_000).map((r) => r.awb));
    const list = dialect === 'postgres' ? sql`SELECT json_array_elements_text(CAST(${awbs} AS json))` : sql`SELECT value FROM json_each(${awbs})`;
    const held = await sql<{ awb: string; courier: string; utr: string }>`SELECT awb, courier, utr FROM cod_remittances WHERE awb IN (${list})`.execute(db);
    for (const h of held.rows) {
      remitted.add(h.awb);
      if (h.courier === head.courier) stored.add(key(h.awb, h.utr));
    }
  }
  const fresh = rows.filter((r) => !stored.has(key(r.awb, r.utr))).map((r) => ({ ...r, dup: r.dup || remitted.has(r.awb) ? 1 : 0 }));
  // The orders are reached through the partial index of delivered COD orders by AWB (migration
  // 2026-11-30T0300), which holds the columns read: the orders' rows are not visited. SQLite is told so by
  // name, so that statistics taken when the table was small (the planner then scans it once per row)
  // cannot choose otherwise.
  const orders = sql.raw(dialect === 'sqlite' ? 'orders o INDEXED BY orders_cod_delivered_awb' : 'orders o');
  // One statement per 50,000 rows keeps the JSON value (and PostgreSQL's parameter) moderate.
  for (let i = 0; i < fresh.length; i += 50_000) {
    const json = JSON.stringify(fresh.slice(i, i + 50_000));
    const incoming =
      dialect === 'postgres'
        ? sql`SELECT * FROM json_to_recordset(CAST(${json} AS json)) AS x(id text, awb text, utr text, date text, paise bigint, dup integer)`
        : sql`SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.awb') AS awb, json_extract(value, '$.utr') AS utr, json_extract(value, '$.date') AS date, json_extract(value, '$.paise') AS paise, json_extract(value, '$.dup') AS dup FROM json_each(${json})`;
    const r = await sql<{ flag: string }>`
      INSERT INTO cod_remittances (id, import_id, courier, awb, utr, remitted_on, amount_paise, order_id, company_id, expected_paise, flag, bank_matched_at, settled_at, settled_by, created_at)
      SELECT j.id, ${head.importId}, ${head.courier}, j.awb, j.utr, j.date, j.paise, o.id, o.company_id, o.cod_paise,
        CASE
          WHEN o.id IS NULL THEN 'unknown_awb'
          WHEN j.dup = 1 THEN 'remitted_twice'
          WHEN j.paise < o.cod_paise THEN 'short'
          WHEN j.paise > o.cod_paise THEN 'excess'
          ELSE 'ok'
        END,
        NULL, NULL, NULL, ${head.now}
      FROM (${incoming}) j
      LEFT JOIN ${orders} ON o.tracking_number = j.awb AND o.status = 'DELIVERED' AND o.payment_mode = 'cod'
      RETURNING flag`.execute(db);
    for (const x of r.rows) flags.push(x.flag);
  }
  return flags;
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
