// Queries of the public tracking area (moved from edge-api/routes/tracking/queries.ts).
// Plain functions taking the handle or `db` first; no HTTP here.
import type { Compilable } from 'kysely';
import type { Db, DbHandle } from '../connect';
import { lookupPincodeLocation, type PincodeLocation } from '../pincodes/load';
import { compiledShape, readSql } from '../prepared';
import '../tables/tracking';
import '../tables/ndr';
import '../tables/billing';
import { isSpecialState, metroCity } from '../../domain/india';
import type { RequestRow, TrailRow } from '../../domain/tracking-events';
import { normaliseAwb } from '../../domain/tracking-events';
import type { ZoneLocation } from '../../domain/zones';

/**
 * A hot query built with Kysely once per database and then run as a cached
 * prepared statement (db/prepared.ts: `compiledShape` and `readSql`; on
 * PostgreSQL, or while a transaction holds the SQLite connection, through
 * Kysely without compiling again). `build` receives stand-ins for the
 * parameters and uses each where its value goes.
 */
function preparedQuery<R>(name: string, build: (db: Db, arg: (i: number) => string) => Compilable<R>) {
  const key = `tracking.public.${name}`;
  return async (dbh: DbHandle, ...params: string[]): Promise<R[]> => {
    const shape = compiledShape(dbh.db, key, (arg) => build(dbh.db, arg));
    return readSql<R>(dbh, shape.sql, shape.bind(params));
  };
}

const trackedOrderQuery = preparedQuery('order', (db, arg) =>
  db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .leftJoin('delivery_partners', 'delivery_partners.id', 'orders.delivery_partner_id')
    .leftJoin('warehouses', 'warehouses.id', 'orders.warehouse_id')
    .select([
      'orders.id',
      'orders.company_id',
      'orders.tracking_number',
      'orders.shop_order_id',
      'orders.status',
      'orders.shipper',
      'orders.pickup_state',
      'orders.pickup_pincode',
      'orders.shipping_state',
      'orders.shipping_city',
      'orders.shipping_pincode',
      'orders.version',
      'orders.updated_at',
      'companies.tracking_layout',
      'delivery_partners.name as partner_name',
      'delivery_partners.service_levels',
      'warehouses.address as warehouse_address',
    ])
    .where('orders.tracking_number', '=', arg(0)),
);

/** The order behind an AWB: trimmed, without spaces or dashes, in capitals; else exactly as typed (trimmed). */
export async function findTrackedOrder(dbh: DbHandle, awb: string) {
  const wanted = normaliseAwb(awb);
  const [row] = await trackedOrderQuery(dbh, wanted);
  const typed = awb.trim();
  if (row || typed === wanted) return row;
  return (await trackedOrderQuery(dbh, typed))[0];
}
export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof findTrackedOrder>>>;

const timelineQuery = preparedQuery('timeline', (db, arg) =>
  db
    .selectFrom('order_trails')
    .select(['status', 'created_at', 'description', 'city', 'source'])
    .where('order_id', '=', arg(0))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

/** The order's whole trail, oldest first (carrier events by when they happened). Internal: filter before showing. */
export async function loadTrail(dbh: DbHandle, orderId: string): Promise<TrailRow[]> {
  return await timelineQuery(dbh, orderId);
}

const requestsQuery = preparedQuery('requests', (db, arg) =>
  db
    .selectFrom('customer_requests')
    .select(['id', 'kind', 'status', 'created_at', 'decided_at', 'payload'])
    .where('order_id', '=', arg(0))
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

export type StoredRequest = RequestRow & { id: string; payload: string };
/** The buyer's requests (NDR) on an order, oldest first. */
export async function loadRequests(dbh: DbHandle, orderId: string): Promise<StoredRequest[]> {
  return await requestsQuery(dbh, orderId);
}

/** What the buyer's page shows beside the shipment: the seller's brand and help contact, and the items. */
export async function loadBuyerExtras(db: Db, companyId: string) {
  const [company, profile] = await Promise.all([
    db.selectFrom('companies').select(['name']).where('id', '=', companyId).executeTakeFirst(),
    db.selectFrom('invoicing_profiles').select(['brand_name', 'logo_key']).where('company_id', '=', companyId).executeTakeFirst(),
  ]);
  return { company, profile };
}

// Pincodes never change while the server runs: remember the ones found, per database.
const pincodeCaches = new WeakMap<Db, Map<string, PincodeLocation>>();
const PINCODE_CACHE_MAX = 20_000;

async function pincodeLocation(db: Db, pincode: string): Promise<PincodeLocation | null> {
  let cache = pincodeCaches.get(db);
  if (!cache) pincodeCaches.set(db, (cache = new Map()));
  const hit = cache.get(pincode);
  if (hit) return hit;
  const loc = await lookupPincodeLocation(db, pincode);
  if (cache.size >= PINCODE_CACHE_MAX) cache.clear();
  // A pincode not found is not remembered: the directory may be loaded after start.
  if (loc) cache.set(pincode, loc);
  return loc;
}

export function cityOf(addressJson: string | null): string {
  try {
    return String((addressJson && JSON.parse(addressJson)?.city) ?? '');
  } catch {
    return '';
  }
}

/** A pincode's place from the directory, else from the order's own city and state. */
export async function zoneLocation(db: Db, pincode: string, city: string, state: string): Promise<ZoneLocation> {
  const loc = await pincodeLocation(db, pincode);
  if (loc) return loc;
  return { pincode, district: city, state, isMetro: metroCity(city, state) !== null, isSpecial: isSpecialState(state, city) };
}

