// Delivery orders (last mile): the admin list, its capped count, one order with
// its trail, the writes of the admin actions, and the CSV export source.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/admin';
import type { Db, DbHandle } from '../connect';
import { readRows, readSql, type Reader } from '../prepared';
import type { ExportSource } from '../billing/exports';
import {
  DELIVERY_COUNT_CAP,
  DRIVER_VISIBLE_STATUSES,
  driverVisible,
  type CustomerAddress,
  type DeliveryFilter,
  type DeliveryListQuery,
  type DeliveryOrderDetail,
  type DeliveryOrderRow,
  type DeliveryStatus,
  type DeliveryTrail,
} from '../../domain/delivery';
import { istDayEnd, istDayStart } from '../../domain/orders/ist-dates';
import { withinIstDays } from './ist-days';
import { nowIso, uuidv7 } from '../../domain/ids';
import { indiaCsvDateTime } from '../../domain/india-time';
import { paiseToDecimalText, paiseToRupees } from '../../domain/money';

type AnyDb = Kysely<Database> | Transaction<Database>;

const SORT_COLUMN = { createdAt: 'd.created_at', updatedAt: 'd.updated_at', awb: 'd.awb' } as const;

/** The filtered rows (no sort, no columns): shared by the list, the count and the CSV. */
export function filteredDeliveryOrders(db: AnyDb, f: DeliveryFilter) {
  let q = withinIstDays(db.selectFrom('delivery_orders as d'), 'd.created_at', f);
  if (f.paymentMethod) q = q.where('d.payment_method', '=', f.paymentMethod);
  if (f.company) q = q.where('d.company_id', '=', f.company);
  if (f.orderStatus?.length) q = q.where('d.order_status', 'in', f.orderStatus);
  if (f.driverId) q = q.where('d.driver_id', '=', f.driverId);
  if (f.search) {
    const s = f.search.toUpperCase();
    // An AWB (or its beginning) goes through the primary key; ten digits is a customer's phone.
    if (/^[0-9]{10}$/.test(s)) q = q.where('d.customer_address', 'like', `%"phone":"${s}"%`);
    else {
      // An AWB or its beginning: the first DELIVERY_COUNT_CAP + 1 AWBs of that prefix, read from the
      // primary key (a short prefix can match most of the table; the count then says "more than").
      q = q.where('d.awb', 'in', (eb) =>
        eb.selectFrom('delivery_orders').select('awb').where('awb', '>=', s).where('awb', '<', `${s}\uffff`).orderBy('awb').limit(DELIVERY_COUNT_CAP + 1),
      );
    }
  }
  return q;
}

/** The filtered rows joined to their driver and company (the list's and the CSV's rows). */
const withDriverAndCompany = (db: AnyDb, f: DeliveryFilter) =>
  filteredDeliveryOrders(db, f).leftJoin('drivers as dr', 'dr.id', 'd.driver_id').leftJoin('companies as c', 'c.id', 'd.company_id');

type ListRow = {
  awb: string; order_status: string; attempt: number; payment_method: string; total_paise: number | string; company_id: string;
  company_name: string | null; customer_address: string; created_at: string; updated_at: string;
  driver_id: string | null; driver_name: string | null; driver_phone: string | null;
};

/**
 * The awbs of the page when several statuses are chosen: each status's rows in
 * order from its (status, sort column) index (by AWB: (status, awb), migration
 * 2026-11-26T0300), no more than the page needs, merged. A plain IN would make
 * SQLite sort every row of those statuses.
 */
function mergedStatuses(db: AnyDb, q: DeliveryListQuery) {
  const col = SORT_COLUMN[q.by];
  const dir = q.order === 'ASC' ? 'asc' : 'desc';
  const need = q.records * q.pageNumber;
  // A status named twice is walked once (its rows would be listed twice).
  const parts = [...new Set(q.orderStatus)].map((status) =>
    db.selectFrom(filteredDeliveryOrders(db, { ...q, orderStatus: [status] }).select(['d.awb', `${col} as k`]).orderBy(col, dir).orderBy('d.awb', dir).limit(need).as('p')).selectAll(),
  );
  return parts.slice(1).reduce((u, part) => u.unionAll(part), parts[0]);
}

function listQuery(db: AnyDb, q: DeliveryListQuery) {
  const col = SORT_COLUMN[q.by];
  const dir = q.order === 'ASC' ? 'asc' : 'desc';
  if (new Set(q.orderStatus).size > 1) {
    return db
      .selectFrom(mergedStatuses(db, q).as('u'))
      .innerJoin('delivery_orders as d', 'd.awb', 'u.awb')
      .leftJoin('drivers as dr', 'dr.id', 'd.driver_id')
      .leftJoin('companies as c', 'c.id', 'd.company_id')
      .select([
        'd.awb', 'd.order_status', 'd.attempt', 'd.payment_method', 'd.total_paise', 'd.company_id', 'c.name as company_name',
        'd.customer_address', 'd.created_at', 'd.updated_at', 'd.driver_id', 'dr.name as driver_name', 'dr.phone as driver_phone',
      ])
      .orderBy('u.k', dir)
      .orderBy('d.awb', dir)
      .limit(q.records)
      .offset((q.pageNumber - 1) * q.records);
  }
  let query = withDriverAndCompany(db, q)
    .select([
      'd.awb', 'd.order_status', 'd.attempt', 'd.payment_method', 'd.total_paise', 'd.company_id', 'c.name as company_name',
      'd.customer_address', 'd.created_at', 'd.updated_at', 'd.driver_id', 'dr.name as driver_name', 'dr.phone as driver_phone',
    ])
    .orderBy(col, dir);
  if (q.by !== 'awb') query = query.orderBy('d.awb', dir);
  return query.limit(q.records).offset((q.pageNumber - 1) * q.records);
}

export const parseAddress = (text: string): CustomerAddress => {
  const empty = { name: '', phone: '', addressLine1: '', addressLine2: '', city: '', state: '', pincode: '' };
  try {
    const a = JSON.parse(text) as unknown;
    return a && typeof a === 'object' && !Array.isArray(a) ? ({ ...empty, ...(a as Partial<CustomerAddress>) }) : empty;
  } catch {
    return empty;
  }
};

function rowDto(r: ListRow): DeliveryOrderRow {
  const a = parseAddress(r.customer_address);
  return {
    awb: r.awb,
    orderStatus: r.order_status as DeliveryStatus,
    attempt: Number(r.attempt),
    paymentMethod: r.payment_method,
    totalPrice: paiseToRupees(Number(r.total_paise)),
    companyId: r.company_id,
    companyName: r.company_name ?? '',
    customerName: a.name ?? '',
    city: a.city ?? '',
    pincode: a.pincode ?? '',
    driver: r.driver_id && driverVisible(r.order_status) ? { id: r.driver_id, name: r.driver_name ?? '', phone: r.driver_phone ?? '' } : null,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** One page of the admin list, and the filter's count (exact up to DELIVERY_COUNT_CAP). */
export async function listDeliveryOrders(r: Reader, q: DeliveryListQuery): Promise<{ rows: DeliveryOrderRow[]; count: number; capped: boolean }> {
  const db = r.db as Db;
  const [rows, count] = await Promise.all([readRows<ListRow>(r, listQuery(db, q)), countDeliveryOrders(r, q, DELIVERY_COUNT_CAP)]);
  return { rows: rows.map(rowDto), ...count };
}

// ---- the list as JSON, built by SQLite ----------------------------------------------------
//
// The page the admin console reads most. On SQLite it is two cached prepared
// statements (SQL written by hand, its values bound, no query builder compiled
// per request): the capped count, and the page already as the JSON objects of
// DeliveryOrderRow that the answer carries. SQLite builds each row's object (the
// address fields read with ->>, '' when the stored text is not JSON), so no row
// object is made, parsed or serialised in JavaScript. The page's AWBs are found
// first from the sort index alone (OFFSET skips index entries, not joined rows),
// then only those rows are read and joined to their driver and company.
// `listDeliveryOrders` above gives the same rows as objects (PostgreSQL, and the
// reference of tests/api/admin-list.test.ts, which holds the two answers equal byte
// for byte). It stays because it is faster than that Kysely path: see
// admin.delivery_list_json_speedup in tests/bench/admin.bench.ts.

const SQL_SORT = { createdAt: 'd.created_at', updatedAt: 'd.updated_at', awb: 'd.awb' } as const;
const SQL_LITERAL = /^[A-Z_]+$/;
const DRIVER_VISIBLE_SQL = DRIVER_VISIBLE_STATUSES.map((s) => {
  if (!SQL_LITERAL.test(s)) throw new Error(`unexpected status ${s}`);
  return `'${s}'`;
}).join(', ');
// Rupees as JavaScript writes them (paiseToRupees, then JSON.stringify): a whole amount without '.0'.
const TOTAL_PRICE = 'CASE WHEN d.total_paise % 100 = 0 THEN d.total_paise / 100 ELSE d.total_paise / 100.0 END';
const addressField = (key: string) => `CASE WHEN json_valid(d.customer_address) THEN coalesce(d.customer_address ->> '$.${key}', '') ELSE '' END`;
const ROW_JSON = `json_object('awb', d.awb, 'orderStatus', d.order_status, 'attempt', d.attempt, 'paymentMethod', d.payment_method,
  'totalPrice', ${TOTAL_PRICE}, 'companyId', d.company_id, 'companyName', coalesce(c.name, ''),
  'customerName', ${addressField('name')}, 'city', ${addressField('city')}, 'pincode', ${addressField('pincode')},
  'driver', CASE WHEN d.driver_id IS NOT NULL AND d.driver_id <> '' AND d.order_status IN (${DRIVER_VISIBLE_SQL})
    THEN json_object('id', d.driver_id, 'name', coalesce(dr.name, ''), 'phone', coalesce(dr.phone, '')) END,
  'createdAt', d.created_at, 'updatedAt', d.updated_at)`;

/** The filter's conditions (as filteredDeliveryOrders), their values appended to `params`; `status` replaces the status list. */
function filterSql(f: DeliveryFilter, params: unknown[], status?: string): string {
  const w: string[] = [];
  const add = (cond: string, ...values: unknown[]) => {
    w.push(cond);
    params.push(...values);
  };
  if (f.start) add('d.created_at >= ?', istDayStart(f.start));
  if (f.end) add('d.created_at <= ?', istDayEnd(f.end));
  if (f.paymentMethod) add('d.payment_method = ?', f.paymentMethod);
  if (f.company) add('d.company_id = ?', f.company);
  if (status !== undefined) add('d.order_status = ?', status);
  else if (f.orderStatus?.length) add(`d.order_status IN (${f.orderStatus.map(() => '?').join(', ')})`, ...f.orderStatus);
  if (f.driverId) add('d.driver_id = ?', f.driverId);
  if (f.search) {
    const s = f.search.toUpperCase();
    if (/^[0-9]{10}$/.test(s)) add('d.customer_address LIKE ?', `%"phone":"${s}"%`);
    else add('d.awb IN (SELECT awb FROM delivery_orders WHERE awb >= ? AND awb < ? ORDER BY awb LIMIT ?)', s, `${s}\uffff`, DELIVERY_COUNT_CAP + 1);
  }
  return w.length ? ` WHERE ${w.join(' AND ')}` : '';
}

/** The page's AWBs and sort keys (`awb`, `k`), in page order; as listQuery, several statuses merged from their own index walks (by AWB too). */
function pageKeysSql(q: DeliveryListQuery, params: unknown[]): string {
  const col = SQL_SORT[q.by];
  const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
  const order = q.by === 'awb' ? `d.awb ${dir}` : `${col} ${dir}, d.awb ${dir}`;
  let sql: string;
  if (new Set(q.orderStatus).size > 1) {
    // By AWB, each status is walked on delivery_orders_status_awb (migration 2026-11-26T0300).
    const need = q.records * q.pageNumber;
    const parts = [...new Set(q.orderStatus)].map((status) => {
      const where = filterSql(q, params, status);
      params.push(need);
      return `SELECT * FROM (SELECT d.awb AS awb, ${col} AS k FROM delivery_orders AS d${where} ORDER BY ${order} LIMIT ?)`;
    });
    sql = `SELECT awb, k FROM (${parts.join(' UNION ALL ')}) ORDER BY k ${dir}, awb ${dir} LIMIT ? OFFSET ?`;
  } else {
    sql = `SELECT d.awb AS awb, ${col} AS k FROM delivery_orders AS d${filterSql(q, params)} ORDER BY ${order} LIMIT ? OFFSET ?`;
  }
  params.push(q.records, (q.pageNumber - 1) * q.records);
  return sql;
}

/**
 * SQLite: one page of the admin list as the JSON text of its DeliveryOrderRow
 * array, and the filter's count (exact up to DELIVERY_COUNT_CAP): two cached
 * statements. The page's keys are the outer loop (CROSS JOIN), so its ORDER BY
 * costs no sort.
 */
export async function listDeliveryOrdersJson(r: Reader, q: DeliveryListQuery): Promise<{ ordersJson: string; empty: boolean; count: number; capped: boolean }> {
  const countParams: unknown[] = [];
  const countText = `SELECT count(*) AS n FROM (SELECT 1 FROM delivery_orders AS d${filterSql(q, countParams)} LIMIT ?)`;
  countParams.push(DELIVERY_COUNT_CAP + 1);
  const params: unknown[] = [];
  const keys = pageKeysSql(q, params);
  const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
  const text = `SELECT ${ROW_JSON} AS j
    FROM (${keys}) AS p CROSS JOIN delivery_orders AS d ON d.awb = p.awb
    LEFT JOIN drivers AS dr ON dr.id = d.driver_id LEFT JOIN companies AS c ON c.id = d.company_id
    ORDER BY p.k ${dir}, p.awb ${dir}`;
  const [rows, [counted]] = await Promise.all([readSql<{ j: string }>(r, text, params), readSql<{ n: number }>(r, countText, countParams)]);
  const n = Number(counted?.n ?? 0);
  let ordersJson = '[';
  for (let i = 0; i < rows.length; i++) ordersJson += i ? `,${rows[i].j}` : rows[i].j;
  return { ordersJson: `${ordersJson}]`, empty: !rows.length, count: Math.min(n, DELIVERY_COUNT_CAP), capped: n > DELIVERY_COUNT_CAP };
}

/** The filter's count, counting no further than `cap` (then `capped`). */
export async function countDeliveryOrders(r: Reader, f: DeliveryFilter, cap: number | null): Promise<{ count: number; capped: boolean }> {
  const db = r.db as Db;
  const inner = filteredDeliveryOrders(db, f).select(sql<number>`1`.as('one'));
  const q = db.selectFrom((cap === null ? inner : inner.limit(cap + 1)).as('x')).select((eb) => eb.fn.countAll<number>().as('n'));
  const [row] = await readRows<{ n: number | string }>(r, q);
  const n = Number(row?.n ?? 0);
  return cap !== null && n > cap ? { count: cap, capped: true } : { count: n, capped: false };
}

export async function deliveryOrderRow(db: AnyDb, awb: string) {
  return db.selectFrom('delivery_orders').selectAll().where('awb', '=', awb).executeTakeFirst();
}

export async function deliveryOrderDetail(db: AnyDb, awb: string, podUrl: (key: string) => string): Promise<DeliveryOrderDetail | null> {
  const o = await db
    .selectFrom('delivery_orders as d')
    .leftJoin('drivers as dr', 'dr.id', 'd.driver_id')
    .leftJoin('companies as c', 'c.id', 'd.company_id')
    .selectAll('d')
    .select(['dr.name as driver_name', 'dr.phone as driver_phone', 'c.name as company_name'])
    .where('d.awb', '=', awb)
    .executeTakeFirst();
  if (!o) return null;
  const trails = await db.selectFrom('delivery_order_trails').selectAll().where('awb', '=', awb).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  const journey = await db
    .selectFrom('journey_orders as jo')
    .innerJoin('journeys as j', 'j.id', 'jo.journey_id')
    .select('j.id')
    .where('jo.awb', '=', awb)
    .orderBy('j.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    awb: o.awb,
    orderStatus: o.order_status as DeliveryStatus,
    attempt: Number(o.attempt),
    otp: o.otp,
    paymentMethod: o.payment_method,
    totalPrice: paiseToRupees(Number(o.total_paise)),
    companyId: o.company_id,
    companyName: o.company_name ?? '',
    customerAddress: parseAddress(o.customer_address),
    driver: o.driver_id && driverVisible(o.order_status) ? { id: o.driver_id, name: o.driver_name ?? '', phone: o.driver_phone ?? '' } : null,
    podUrl: o.pod_url ? (/^https?:|^\//.test(o.pod_url) ? o.pod_url : podUrl(o.pod_url)) : null,
    shippingLabelURL: o.shipping_label_url,
    cordinates: o.latitude != null && o.longitude != null ? { latitude: Number(o.latitude), longitude: Number(o.longitude) } : null,
    deliveredAt: o.delivered_at,
    lastReason: o.last_reason,
    journeyId: journey?.id ?? null,
    version: Number(o.version),
    trails: trails.map(
      (t): DeliveryTrail => ({ id: t.id, status: t.status, fromStatus: t.from_status, action: t.action, note: t.note, actorName: t.actor_name, createdAt: t.created_at }),
    ),
  };
}

export type DeliveryChange = {
  status: DeliveryStatus;
  driverId?: string | null;
  attemptIncrement?: boolean;
  deliveredAt?: string | null;
  reason?: string | null;
  podUrl?: string | null;
  latitude?: number | null;
  longitude?: number | null;
};

/**
 * Applies a change to one order if it is still at `version`, and writes its
 * trail row with the actor. Returns false when the order moved meanwhile.
 */
export async function applyDeliveryChange(
  tx: AnyDb,
  order: { awb: string; order_status: string; version: number },
  change: DeliveryChange,
  trail: { action: string; note: string | null; actor: { id: string; name: string } },
  at = nowIso(),
): Promise<boolean> {
  const set: Record<string, unknown> = { order_status: change.status, updated_at: at, version: Number(order.version) + 1 };
  if (change.driverId !== undefined) set.driver_id = change.driverId;
  if (change.deliveredAt !== undefined) set.delivered_at = change.deliveredAt;
  if (change.reason !== undefined) set.last_reason = change.reason;
  if (change.podUrl !== undefined) set.pod_url = change.podUrl;
  if (change.latitude !== undefined) set.latitude = change.latitude;
  if (change.longitude !== undefined) set.longitude = change.longitude;
  let q = tx.updateTable('delivery_orders').set(set).where('awb', '=', order.awb).where('version', '=', Number(order.version));
  if (change.attemptIncrement) q = q.set((eb) => ({ attempt: eb('attempt', '+', 1) }));
  const r = await q.executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await tx
    .insertInto('delivery_order_trails')
    .values({
      id: uuidv7(), awb: order.awb, status: change.status, from_status: order.order_status, action: trail.action, note: trail.note,
      actor_id: trail.actor.id, actor_name: trail.actor.name, created_at: at,
    })
    .execute();
  return true;
}

export async function storedAction(db: AnyDb, requestId: string) {
  return db.selectFrom('delivery_actions').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function recordAction(tx: AnyDb, row: { requestId: string; awb: string; action: string; actorId: string; result: unknown }) {
  await tx
    .insertInto('delivery_actions')
    .values({ request_id: row.requestId, awb: row.awb, action: row.action, actor_id: row.actorId, result: JSON.stringify(row.result), created_at: nowIso() })
    .execute();
}

// ---- CSV ----------------------------------------------------------------------------------
const EXPORT_PAGE = 2000;
export const DELIVERY_CSV_HEADER = [
  'AWB', 'Status', 'Attempt', 'Payment method', 'Total price', 'Company', 'Customer name', 'Customer phone', 'Address line 1', 'Address line 2',
  'City', 'State', 'Pincode', 'Driver', 'Driver phone', 'Delivered at (IST)', 'Last reason', 'Created at (IST)', 'Updated at (IST)',
];

/** The filtered delivery orders as CSV rows, newest first, read a keyset page at a time. */
export function deliveryExport(dbh: DbHandle, f: DeliveryFilter): ExportSource {
  const db = dbh.db;
  return {
    fileName: 'delivery-orders.csv',
    header: DELIVERY_CSV_HEADER,
    count: async () => (await countDeliveryOrders({ db, sqlite: dbh.sqlite }, f, null)).count,
    pages: async function* () {
      let after: { created_at: string; awb: string } | null = null;
      for (;;) {
        let q = withDriverAndCompany(db, f)
          .select([
            'd.awb', 'd.order_status', 'd.attempt', 'd.payment_method', 'd.total_paise', 'c.name as company_name', 'd.customer_address',
            'dr.name as driver_name', 'dr.phone as driver_phone', 'd.delivered_at', 'd.last_reason', 'd.created_at', 'd.updated_at',
          ])
          .orderBy('d.created_at', 'desc')
          .orderBy('d.awb', 'desc')
          .limit(EXPORT_PAGE);
        if (after) {
          const a = after;
          q = q.where((eb) => eb.or([eb('d.created_at', '<', a.created_at), eb.and([eb('d.created_at', '=', a.created_at), eb('d.awb', '<', a.awb)])]));
        }
        const rows = await q.execute();
        if (!rows.length) return;
        yield rows.map((r) => {
          const a = parseAddress(r.customer_address);
          return [
            r.awb, r.order_status, Number(r.attempt), r.payment_method, paiseToDecimalText(Number(r.total_paise)), r.company_name ?? '', a.name, a.phone,
            a.addressLine1, a.addressLine2, a.city, a.state, a.pincode, r.driver_name ?? '', r.driver_phone ?? '', indiaCsvDateTime(r.delivered_at), r.last_reason ?? '',
            indiaCsvDateTime(r.created_at), indiaCsvDateTime(r.updated_at),
          ];
        });
        if (rows.length < EXPORT_PAGE) return;
        const last = rows[rows.length - 1];
        after = { created_at: last.created_at, awb: last.awb };
      }
    },
  };
}
