// Retailer store addresses (D2R) and the retailer mapping.
import type { Kysely, Selectable, SelectQueryBuilder, Transaction } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import { storeSearchType, STORE_DEFAULTS, type StoreAddress, type StoreAddressDto, type StoreListQuery } from '../../domain/retailers';
import type { Db } from '../connect';
import type { Database, StoreAddressTable } from '../schema';
import { textMatches } from '../search';

type Q = Kysely<Database> | Transaction<Database>;
type StoreRow = Selectable<StoreAddressTable>;

export function storeDto(r: StoreRow): StoreAddressDto {
  return {
    id: r.id,
    companyId: r.company_id,
    storeName: r.store_name,
    firstName: r.first_name,
    lastName: r.last_name,
    phone: r.phone,
    email: r.email,
    address1: r.address1,
    address2: r.address2,
    addressLine1: r.address1,
    addressLine2: r.address2,
    zip: r.pincode,
    pincode: r.pincode,
    city: r.city,
    state: r.state,
    GSTIN: r.gstin,
    isDistributor: Number(r.is_distributor) === 1,
    isActive: Number(r.is_active) === 1,
    mappedTo: r.mapped_to,
    country: STORE_DEFAULTS.country,
    countryCode: STORE_DEFAULTS.countryCode,
    latitude: Number(r.latitude),
    longitude: Number(r.longitude),
    createdAt: r.created_at,
  };
}

const scoped = <O>(q: SelectQueryBuilder<Database, 'store_addresses', O>, scope: string[] | null): SelectQueryBuilder<Database, 'store_addresses', O> =>
  scope ? q.where('company_id', 'in', scope.length ? scope : ['']) : q;

/**
 * A page of store addresses in scope, newest first. The search reads the
 * phone when asked to (or when the text is numeric and longer than 3), else
 * the store name, the person's name and the city.
 */
export async function listStores(db: Db, scope: string[] | null, q: StoreListQuery) {
  let base = scoped(db.selectFrom('store_addresses'), scope);
  if (q.isActive) base = base.where('is_active', '=', Number(q.isActive));
  if (q.isDistributor) base = base.where('is_distributor', '=', Number(q.isDistributor));
  const text = q.searchText?.trim();
  if (text) {
    const type = q.searchOptionType ?? storeSearchType(text);
    if (type === 'phone') base = base.where((eb) => textMatches(eb.ref('phone'), text.replace(/\D/g, '')));
    else {
      base = base.where((eb) =>
        eb.or([
          textMatches(eb.ref('store_name'), text),
          textMatches(eb.ref('first_name'), text),
          textMatches(eb.ref('last_name'), text),
          textMatches(eb.ref('city'), text),
        ]),
      );
    }
  }
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).offset((q.page - 1) * q.limit).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(storeDto), total: Number(count.n) };
}

export async function findStoreRow(db: Q, id: string, scope: string[] | null) {
  return scoped(db.selectFrom('store_addresses').selectAll().where('id', '=', id), scope).executeTakeFirst();
}

/** Inserts a store for a company with country India, latitude and longitude 0. */
export async function insertStore(db: Q, companyId: string, s: StoreAddress): Promise<StoreRow> {
  const row: StoreRow = {
    id: uuidv7(),
    company_id: companyId,
    store_name: s.storeName,
    first_name: s.firstName ?? '',
    last_name: s.lastName ?? '',
    phone: s.phone,
    email: s.email ?? null,
    address1: s.address1,
    address2: s.address2,
    pincode: s.zip,
    city: s.city,
    state: s.state,
    gstin: s.gstin ? s.gstin.toUpperCase() : null,
    is_distributor: s.isDistributor ? 1 : 0,
    is_active: 1,
    mapped_to: null,
    latitude: STORE_DEFAULTS.latitude,
    longitude: STORE_DEFAULTS.longitude,
    created_at: nowIso(),
  };
  await db.insertInto('store_addresses').values(row).execute();
  return row;
}

/** The retailers others are mapped to, each with how many map to it. */
export async function primaryRetailers(db: Db, scope: string[] | null) {
  const mapped = await scoped(db.selectFrom('store_addresses'), scope)
    .select(['mapped_to', (eb) => eb.fn.countAll<number>().as('n')])
    .where('mapped_to', 'is not', null)
    .groupBy('mapped_to')
    .execute();
  const ids = mapped.map((m) => m.mapped_to!);
  const targets = ids.length ? await db.selectFrom('store_addresses').selectAll().where('id', 'in', ids).execute() : [];
  const byId = new Map(targets.map((t) => [t.id, t]));
  return mapped.flatMap((m) => {
    const t = byId.get(m.mapped_to!);
    return t ? [{ mappedTo: t.id, storeName: t.store_name, phone: t.phone, city: t.city, retailerCount: Number(m.n) }] : [];
  });
}

/** Orders placed for a retailer: what a mapping of it affects. */
export async function ordersOfRetailer(db: Db, retailerId: string): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('store_address_id', '=', retailerId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function mapRetailer(db: Db, retailerId: string, mappedTo: string) {
  await db.updateTable('store_addresses').set({ mapped_to: mappedTo }).where('id', '=', retailerId).execute();
}

/** True when some store is mapped to `retailerId` (it is a primary retailer). */
export async function hasMappedRetailers(db: Db, retailerId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('store_addresses').select('id').where('mapped_to', '=', retailerId).executeTakeFirst());
}
