// Weight reconciliation rows, the orders' packed weights they are checked
// against, courier settings and sellers' tolerances (domain/weights.ts).
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/orders';
import '../tables/weights';

type Db = Kysely<Database> | Transaction<Database>;

const CHUNK = 500;
const chunks = <T,>(xs: readonly T[]) => Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));
/** Rows of these companies only (null = every company; rows of no company only then). */
const scoped = (scope: readonly string[] | null) => (scope && !scope.length ? [''] : scope ? [...scope] : null);

export type PackedForAwb = { id: string; company_id: string; chargeable_weight_g: number | null };

/** Orders by AWB (any status) with the chargeable weight recorded at packing; of one company only when it is named. */
export async function packedByAwb(db: Db, awbs: readonly string[], companyId?: string): Promise<Map<string, PackedForAwb>> {
  const out = new Map<string, PackedForAwb>();
  for (const part of chunks([...new Set(awbs)])) {
    let q = db.selectFrom('orders').select(['id', 'company_id', 'tracking_number', 'chargeable_weight_g']).where('tracking_number', 'in', part);
    if (companyId !== undefined) q = q.where('company_id', '=', companyId);
    const rows = await q.execute();
    for (const r of rows) out.set(r.tracking_number!, { id: r.id, company_id: r.company_id, chargeable_weight_g: r.chargeable_weight_g === null ? null : Number(r.chargeable_weight_g) });
  }
  return out;
}

/** Of these AWBs, the ones this courier has billed already. */
export async function billedAwbs(db: Db, courier: string, awbs: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (const part of chunks([...new Set(awbs)])) {
    for (const r of await db.selectFrom('weight_charges').select('awb').where('courier', '=', courier).where('awb', 'in', part).execute()) out.add(r.awb);
  }
  return out;
}

export type NewWeightCharge = Database['weight_charges'] extends infer T ? { [K in keyof T]: T[K] } : never;

/** Inserts billed weights; a courier and AWB billed already (by a file or a push at the same moment) is left as it is. Returns how many were added. */
export async function insertCharges(db: Db, rows: readonly NewWeightCharge[]): Promise<number> {
  let added = 0;
  for (const part of chunks(rows)) {
    const r = await db.insertInto('weight_charges').values([...part]).onConflict((oc) => oc.columns(['courier', 'awb']).doNothing()).executeTakeFirst();
    added += Number(r.numInsertedOrUpdatedRows ?? 0);
  }
  return added;
}

export async function tolerances(db: Db, companyIds: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const part of chunks([...new Set(companyIds)])) {
    for (const r of await db.selectFrom('weight_tolerances').select(['company_id', 'tolerance_g']).where('company_id', 'in', part).execute()) out.set(r.company_id, Number(r.tolerance_g));
  }
  return out;
}

export async function saveTolerance(db: Db, companyId: string, toleranceG: number, by: string | null, now: string) {
  const existing = await db.selectFrom('weight_tolerances').select('company_id').where('company_id', '=', companyId).executeTakeFirst();
  if (existing) await db.updateTable('weight_tolerances').set({ tolerance_g: toleranceG, updated_by: by, updated_at: now }).where('company_id', '=', companyId).execute();
  else await db.insertInto('weight_tolerances').values({ company_id: companyId, tolerance_g: toleranceG, updated_by: by, updated_at: now }).execute();
}

/** The company's undecided discrepancies judged again against a new tolerance; returns how many changed status. */
export async function reassess(db: Db, companyId: string, toleranceG: number): Promise<number> {
  const within = await db.updateTable('weight_charges').set({ status: 'auto_accepted' })
    .where('company_id', '=', companyId).where('status', '=', 'open').where('difference_g', '<=', toleranceG).executeTakeFirst();
  const beyond = await db.updateTable('weight_charges').set({ status: 'open' })
    .where('company_id', '=', companyId).where('status', '=', 'auto_accepted').where('difference_g', '>', toleranceG).executeTakeFirst();
  return Number(within.numUpdatedRows) + Number(beyond.numUpdatedRows);
}

export async function courierSettings(db: Db) {
  return db.selectFrom('weight_courier_settings').selectAll().orderBy('courier').execute();
}

export async function saveCourierSetting(db: Db, courier: string, set: { dispute_days?: number; mapping?: string }, defaultDays: number, now: string) {
  const existing = await db.selectFrom('weight_courier_settings').select('courier').where('courier', '=', courier).executeTakeFirst();
  if (existing) await db.updateTable('weight_courier_settings').set({ ...set, updated_at: now }).where('courier', '=', courier).execute();
  else await db.insertInto('weight_courier_settings').values({ courier, dispute_days: set.dispute_days ?? defaultDays, mapping: set.mapping ?? null, updated_at: now }).execute();
}

/** Billed weights with the evidence recorded at packing (the order's box, weight, time and packer). */
export async function listCharges(db: Db, scope: readonly string[] | null, filter: { courier?: string; statuses?: readonly string[]; ids?: readonly string[] }, limit: number) {
  let q = db
    .selectFrom('weight_charges as w')
    .leftJoin('orders as o', 'o.id', 'w.order_id')
    .leftJoin('companies as c', 'c.id', 'w.company_id')
    .leftJoin('users as u', 'u.id', 'o.weighed_by')
    .select([
      'w.id', 'w.courier', 'w.awb', 'w.order_id', 'o.shop_order_id', 'c.name as company_name', 'w.billed_on', 'w.billed_weight_g', 'w.charge_paise',
      'w.packed_chargeable_g', 'w.difference_g', 'w.status', 'w.dispute_by', 'w.source',
      'o.packed_weight_g', 'o.packed_photo_key', 'o.packed_length_cm', 'o.packed_breadth_cm', 'o.packed_height_cm', 'o.volumetric_weight_g', 'o.weighed_at', 'u.name as packed_by',
    ])
    .orderBy('w.billed_on', 'desc')
    .orderBy('w.id')
    .limit(limit);
  const s = scoped(scope);
  if (s) q = q.where('w.company_id', 'in', s);
  if (filter.courier) q = q.where('w.courier', '=', filter.courier);
  if (filter.statuses) q = q.where('w.status', 'in', [...filter.statuses]);
  if (filter.ids) q = q.where('w.id', 'in', [...filter.ids]);
  return q.execute();
}

/** Per courier and status: rows, extra grams billed and extra charges. */
export async function totalsByCourier(db: Db, scope: readonly string[] | null) {
  let q = db
    .selectFrom('weight_charges')
    .select((eb) => ['courier', 'status', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('difference_g').as('g'), eb.fn.sum<number>('charge_paise').as('p')])
    .groupBy(['courier', 'status']);
  const s = scoped(scope);
  if (s) q = q.where('company_id', 'in', s);
  return q.execute();
}

/** The rows given (in scope) as a decision needs them. */
export async function chargesFor(db: Db, ids: readonly string[], scope: readonly string[] | null) {
  const out: { id: string; awb: string; status: string; dispute_by: string }[] = [];
  const s = scoped(scope);
  for (const part of chunks([...new Set(ids)])) {
    let q = db.selectFrom('weight_charges').select(['id', 'awb', 'status', 'dispute_by']).where('id', 'in', part);
    if (s) q = q.where('company_id', 'in', s);
    out.push(...(await q.execute()));
  }
  return out;
}

export async function setStatus(db: Db, ids: readonly string[], status: string, by: string | null, now: string) {
  for (const part of chunks(ids)) await db.updateTable('weight_charges').set({ status, decided_at: now, decided_by: by }).where('id', 'in', part).execute();
}
