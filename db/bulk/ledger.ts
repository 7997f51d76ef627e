// The bulk ledger: one row per applied upload row whose write is not
// idempotent by itself (an order, an inbound), so a resubmitted file changes
// nothing the second time.
import type { Kysely, Transaction } from 'kysely';
import { nowIso } from '../../domain/ids';
import type { Database } from '../schema';
import '../tables/bulk';

type Q = Kysely<Database> | Transaction<Database>;

/** Claims the key; false when it was claimed before (the row was applied already). */
export async function claimLedger(db: Q, kind: string, companyId: string, rowKey: string, ref: string | null = null): Promise<boolean> {
  const r = await db
    .insertInto('bulk_ledger')
    .values({ kind, company_id: companyId, row_key: rowKey, ref, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['kind', 'company_id', 'row_key']).doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function ledgerHas(db: Q, kind: string, companyId: string, rowKey: string): Promise<string | null | undefined> {
  const r = await db.selectFrom('bulk_ledger').select('ref').where('kind', '=', kind).where('company_id', '=', companyId).where('row_key', '=', rowKey).executeTakeFirst();
  return r ? r.ref : undefined;
}

/** Which of `keys` are in the ledger already. */
export async function ledgerKeys(db: Q, kind: string, companyId: string, keys: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const part = keys.slice(i, i + 500);
    const rows = await db.selectFrom('bulk_ledger').select('row_key').where('kind', '=', kind).where('company_id', '=', companyId).where('row_key', 'in', part).execute();
    for (const r of rows) out.add(r.row_key);
  }
  return out;
}
