// Journeys: one per assignment of delivery orders to a driver, with the
// current outcome of each of its orders.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/admin';
import type { DbHandle } from '../connect';
import type { ExportSource } from '../billing/exports';
import { journeyTally, type JourneyFilter, type JourneyRow } from '../../domain/admin';
import type { DeliveryStatus } from '../../domain/delivery';
import { withinIstDays } from './ist-days';
import { parseAddress } from './delivery';
import { indiaCsvDateTime } from '../../domain/india-time';

type AnyDb = Kysely<Database> | Transaction<Database>;

export function filteredJourneys(db: AnyDb, f: JourneyFilter) {
  let q = withinIstDays(db.selectFrom('journeys as j'), 'j.created_at', f);
  if (f.driverId) q = q.where('j.driver_id', '=', f.driverId);
  if (f.clusterId) q = q.where('j.cluster_id', '=', f.clusterId);
  return q;
}

function journeyBase(db: AnyDb, f: JourneyFilter) {
  return filteredJourneys(db, f)
    .innerJoin('drivers as dr', 'dr.id', 'j.driver_id')
    .leftJoin('clusters as cl', 'cl.id', 'j.cluster_id')
    .select(['j.id', 'j.driver_id', 'dr.name as driver_name', 'dr.phone as driver_phone', 'cl.name as cluster_name', 'j.orders', 'j.created_by', 'j.created_at']);
}
type JourneyDbRow = Awaited<ReturnType<ReturnType<typeof journeyBase>['execute']>>[number];

async function withTally(db: AnyDb, rows: JourneyDbRow[]): Promise<JourneyRow[]> {
  if (!rows.length) return [];
  const st = await db
    .selectFrom('journey_orders as jo')
    .innerJoin('delivery_orders as d', 'd.awb', 'jo.awb')
    .select(['jo.journey_id', 'd.order_status'])
    .where('jo.journey_id', 'in', rows.map((r) => r.id))
    .execute();
  const by = new Map<string, string[]>();
  for (const s of st) by.set(s.journey_id, [...(by.get(s.journey_id) ?? []), s.order_status]);
  return rows.map((r) => ({
    id: r.id,
    driver: { id: r.driver_id, name: r.driver_name, phone: r.driver_phone },
    clusterName: r.cluster_name ?? null,
    orders: Number(r.orders),
    createdBy: r.created_by,
    createdAt: r.created_at,
    ...journeyTally(by.get(r.id) ?? []),
  }));
}

export async function listJourneys(db: AnyDb, f: JourneyFilter, page: { pageNumber: number; records: number }) {
  const rows = await journeyBase(db, f)
    .orderBy('j.created_at', 'desc')
    .orderBy('j.id', 'desc')
    .limit(page.records)
    .offset((page.pageNumber - 1) * page.records)
    .execute();
  return withTally(db, rows);
}

export async function countJourneys(db: AnyDb, f: JourneyFilter): Promise<number> {
  const r = await filteredJourneys(db, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function journeyDetail(db: AnyDb, id: string) {
  const row = await journeyBase(db, {}).where('j.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const [journey] = await withTally(db, [row]);
  const orders = await db
    .selectFrom('journey_orders as jo')
    .innerJoin('delivery_orders as d', 'd.awb', 'jo.awb')
    .select(['d.awb', 'd.order_status', 'd.customer_address', 'd.updated_at'])
    .where('jo.journey_id', '=', id)
    .orderBy('d.awb')
    .execute();
  return {
    journey,
    orders: orders.map((o) => {
      const a = parseAddress(o.customer_address);
      return { awb: o.awb, orderStatus: o.order_status as DeliveryStatus, customerName: a.name, city: a.city, pincode: a.pincode, updatedAt: o.updated_at };
    }),
  };
}

export async function insertJourney(
  db: AnyDb,
  row: { id: string; driver_id: string; cluster_id: string | null; created_by: string; created_at: string },
  awbs: string[],
) {
  await db.insertInto('journeys').values({ ...row, orders: awbs.length }).execute();
  for (let i = 0; i < awbs.length; i += 200) {
    await db.insertInto('journey_orders').values(awbs.slice(i, i + 200).map((awb) => ({ journey_id: row.id, awb }))).execute();
  }
}

export const JOURNEY_CSV_HEADER = ['Journey', 'Driver', 'Driver phone', 'Cluster', 'Orders', 'Delivered', 'Undelivered', 'Returned', 'Pending', 'Status', 'Created by', 'Created at (IST)'];

export function journeyExport(dbh: DbHandle, f: JourneyFilter): ExportSource {
  const db = dbh.db;
  const PAGE = 500;
  return {
    fileName: 'journeys.csv',
    header: JOURNEY_CSV_HEADER,
    count: () => countJourneys(db, f),
    pages: async function* () {
      for (let page = 1; ; page++) {
        const rows = await listJourneys(db, f, { pageNumber: page, records: PAGE });
        if (!rows.length) return;
        yield rows.map((j) => [
          j.id, j.driver.name, j.driver.phone, j.clusterName ?? '', j.orders, j.delivered, j.undelivered, j.returned, j.pending, j.status, j.createdBy, indiaCsvDateTime(j.createdAt),
        ]);
        if (rows.length < PAGE) return;
      }
    },
  };
}
