// Queries of the public tracking area. Plain functions taking `db` first.
import { createHash } from 'node:crypto';
import { CompiledQuery, type Compilable } from 'kysely';
import type { Statement } from 'better-sqlite3';
import type { Db, DbHandle } from '../../../db/connect';
import { lookupPincodeLocation, type PincodeLocation } from '../../../db/pincodes/load';
import '../../../db/tables/tracking';
import { isSpecialState, metroCity } from '../../../domain/india';
import {
  deliveredAt,
  ESTIMATE_STATUSES,
  NDR_STATUSES,
  readStoredLayout,
  shippedAt,
  type PublicTimelineEntry,
  type PublicTracking,
  type PublicTrackingResponse,
} from '../../../domain/tracking';
import { deliveryZone, estimateDelivery, parseServiceLevel, type ZoneLocation } from '../../../domain/zones';

/**
 * A hot query built with Kysely once per database and then run as a prepared
 * statement (SQLite: kept prepared; PostgreSQL: a parameterised query). Kysely
 * compiles, and better-sqlite3 prepares, on every call otherwise, which was
 * most of the cost of a public lookup. `build` receives placeholder values and
 * must use each parameter exactly once, in order.
 */
function preparedQuery<R>(arity: number, build: (db: Db, ...params: string[]) => Compilable<R>) {
  const compiled = new WeakMap<Db, { sql: string; stmt?: Statement }>();
  return async (dbh: DbHandle, ...params: string[]): Promise<R[]> => {
    let entry = compiled.get(dbh.db);
    if (!entry) {
      const placeholders = Array.from({ length: arity }, (_, i) => `__prepared_param_${i}__`);
      const q = build(dbh.db, ...placeholders).compile();
      if (q.parameters.length !== arity || q.parameters.some((p, i) => p !== placeholders[i])) {
        throw new Error('preparedQuery: parameters must each be used once, in order');
      }
      entry = { sql: q.sql, stmt: dbh.sqlite?.prepare(q.sql) };
      compiled.set(dbh.db, entry);
    }
    const { sql, stmt } = entry;
    if (stmt) {
      // Through Kysely's connection, so it waits for a transaction in progress
      // instead of reading its uncommitted rows.
      return await dbh.db.connection().execute(async () => stmt.all(...params) as R[]);
    }
    return (await dbh.db.executeQuery<R>(CompiledQuery.raw(sql, params))).rows;
  };
}

const trackedOrderQuery = preparedQuery(1, (db, awb) =>
  db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .leftJoin('delivery_partners', 'delivery_partners.id', 'orders.delivery_partner_id')
    .leftJoin('warehouses', 'warehouses.id', 'orders.warehouse_id')
    .select([
      'orders.id',
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
    .where('orders.tracking_number', '=', awb),
);

/** The order behind an AWB (as typed, else in capitals), with what the public answer needs of its company and courier. */
export async function findTrackedOrder(dbh: DbHandle, awb: string) {
  const [row] = await trackedOrderQuery(dbh, awb);
  if (row || awb === awb.toUpperCase()) return row;
  return (await trackedOrderQuery(dbh, awb.toUpperCase()))[0];
}
export type TrackedOrder = NonNullable<Awaited<ReturnType<typeof findTrackedOrder>>>;

const timelineQuery = preparedQuery(1, (db, orderId) =>
  db
    .selectFrom('order_trails')
    .select(['status', 'created_at', 'description', 'city'])
    .where('order_id', '=', orderId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc'),
);

/** The order's timeline, oldest first (carrier events by when they happened). */
export async function loadTimeline(dbh: DbHandle, orderId: string): Promise<PublicTimelineEntry[]> {
  const rows = await timelineQuery(dbh, orderId);
  return rows.map((r) => ({ status: r.status, createdAt: r.created_at, description: r.description, city: r.city }));
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

function cityOf(addressJson: string | null): string {
  try {
    return String((addressJson && JSON.parse(addressJson)?.city) ?? '');
  } catch {
    return '';
  }
}

/** A pincode's place from the directory, else from the order's own city and state. */
async function zoneLocation(db: Db, pincode: string, city: string, state: string): Promise<ZoneLocation> {
  const loc = await pincodeLocation(db, pincode);
  if (loc) return loc;
  return { pincode, district: city, state, isMetro: metroCity(city, state) !== null, isSpecial: isSpecialState(state, city) };
}

/**
 * Estimated delivery: the courier's stored service level for the zone between the
 * pickup and delivery pincodes, counted from the SHIPPED (else READY_TO_SHIP) event.
 */
export async function estimateFor(db: Db, o: TrackedOrder, timeline: PublicTimelineEntry[]): Promise<string | null> {
  if (!ESTIMATE_STATUSES.includes(o.status) || o.service_levels == null) return null;
  const from = shippedAt(timeline);
  if (!from) return null;
  const origin = await zoneLocation(db, o.pickup_pincode, cityOf(o.warehouse_address), o.pickup_state);
  const dest = await zoneLocation(db, o.shipping_pincode, o.shipping_city, o.shipping_state);
  return estimateDelivery(from, deliveryZone(origin, dest), parseServiceLevel(o.service_levels));
}

/** The public answer: only what a customer may see (no ids, phone, e-mail or street address). */
export async function publicTracking(dbh: DbHandle, o: TrackedOrder): Promise<PublicTracking> {
  const timeline = await loadTimeline(dbh, o.id);
  const db = dbh.db;
  return {
    trackingNumber: o.tracking_number ?? '',
    shopOrderId: o.shop_order_id,
    status: o.status,
    shipper: o.partner_name ?? o.shipper ?? null,
    pickup: { state: o.pickup_state },
    shipping: { state: o.shipping_state },
    deliveredOn: deliveredAt(timeline),
    estimatedDelivery: await estimateFor(db, o, timeline),
    customerRequestsAllowed: NDR_STATUSES.includes(o.status),
    timeline,
    pageLayout: readStoredLayout(o.tracking_layout),
    updatedAt: o.updated_at,
  };
}

/** The public answer as sent: the exact JSON text and its strong ETag (a hash of those bytes). */
export type PublicAnswer = { json: string; etag: string };

/**
 * Public answers, remembered per AWB as typed, so that a repeated lookup costs
 * no query at all while nothing in the database has changed.
 *
 * SQLite: an entry is served as is while the database's change stamp is the
 * one read before the entry was computed. The stamp is `total_changes()` of
 * our connection: every row inserted, updated or deleted through it, in any
 * table (carrier events, status changes, layouts, service levels, pincodes...).
 * It moves on the write itself, even inside a transaction not yet committed,
 * and reading it touches no file. So any write of this process makes the next
 * lookup look again, exactly.
 * Writes of another process to the same file (e.g. `npm run seed` while the
 * server runs) move `PRAGMA data_version` instead; that pragma takes file
 * locks (a few syscalls), so it is read at most every DATA_VERSION_EVERY_MS:
 * such writes show within that delay (the answer itself says max-age=60).
 * When the stamp has moved (and always on PostgreSQL, which has no such stamp),
 * the order's row is read (one indexed query) and the remembered answer is kept
 * only if that row (version, status, layout, service level, ...) is unchanged:
 * every write of an order bumps its version and writes its trail.
 */
type Entry = PublicAnswer & { changes: number; dataVersion: number; rowKey: string };
type Stamp = { changes: number; dataVersion: number };
const NO_STAMP: Stamp = { changes: -1, dataVersion: -1 };
const ANSWERS_MAX = 10_000;
export const DATA_VERSION_EVERY_MS = 250;
const answers = new WeakMap<Db, Map<string, Entry>>();
const stampers = new WeakMap<Db, () => Stamp>();

function stamper(dbh: DbHandle): () => Stamp {
  let read = stampers.get(dbh.db);
  if (!read) {
    const sqlite = dbh.sqlite;
    if (!sqlite) read = () => NO_STAMP;
    else {
      const changes = sqlite.prepare('SELECT total_changes()').pluck();
      const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
      let dv = -1;
      let dvReadAt = -Infinity;
      read = () => {
        try {
          const now = performance.now();
          if (now - dvReadAt >= DATA_VERSION_EVERY_MS) {
            dv = Number(dataVersion.get());
            dvReadAt = now;
          }
          return { changes: Number(changes.get()), dataVersion: dv };
        } catch {
          return NO_STAMP; // the connection is busy (a statement mid-iteration): look again
        }
      };
    }
    stampers.set(dbh.db, read);
  }
  return read;
}

/** Strong ETag: the answer's bytes decide it, so equal tags mean byte-identical bodies. */
const strongEtag = (json: string) => `"${createHash('sha1').update(json).digest('base64url')}"`;

/** The public answer for an AWB (as typed, else in capitals), or null when no order has it. */
export async function publicAnswer(dbh: DbHandle, awb: string): Promise<PublicAnswer | null> {
  let memo = answers.get(dbh.db);
  if (!memo) answers.set(dbh.db, (memo = new Map()));
  const readStamp = stamper(dbh);
  const stamp = readStamp();
  const hit = memo.get(awb);
  if (hit && stamp !== NO_STAMP && hit.changes === stamp.changes && hit.dataVersion === stamp.dataVersion) return hit;

  const o = await findTrackedOrder(dbh, awb);
  if (!o) {
    memo.delete(awb);
    return null;
  }
  // Stamped with what was read before the row: a write since then moves the stamp again.
  const rowKey = JSON.stringify(o);
  if (hit && hit.rowKey === rowKey) {
    hit.changes = stamp.changes;
    hit.dataVersion = stamp.dataVersion;
    return hit;
  }
  const json = JSON.stringify({ status: true, data: { data: await publicTracking(dbh, o) } } satisfies PublicTrackingResponse);
  const entry: Entry = { json, etag: strongEtag(json), rowKey, changes: stamp.changes, dataVersion: stamp.dataVersion };
  if (!hit && memo.size >= ANSWERS_MAX) memo.delete(memo.keys().next().value!);
  memo.set(awb, entry);
  return entry;
}
