// Reads of the admin console (lists and details), shaped as the responses of domain/.
import type { DbHandle } from '../../../db/connect';
import { countDeliveryOrders, deliveryOrderDetail, listDeliveryOrders, listDeliveryOrdersJson } from '../../../db/admin/delivery';
import { countJourneys, journeyDetail, listJourneys } from '../../../db/admin/journeys';
import {
  driverById,
  driverStatusCounts,
  listClusterOwners,
  listClusters,
  listDrivers,
  listWarehouses,
  listWarehouseUsers,
  pincodesOfCluster,
} from '../../../db/admin/masters';
import {
  JOURNEY_NOT_FOUND,
  type ClusterOwnersResponse,
  type ClustersResponse,
  type DriverDetailResponse,
  type DriverListInput,
  type DriverListResponse,
  type JourneyCountResponse,
  type JourneyDetailResponse,
  type JourneyFilter,
  type JourneyListResponse,
  type WarehousesResponse,
  type WarehouseUsersResponse,
} from '../../../domain/admin';
import {
  DELIVERY_NOT_FOUND,
  DRIVER_NOT_FOUND,
  type DeliveryDetailResponse,
  type DeliveryFilter,
  type DeliveryListQuery,
  type DeliveryListResponse,
  type OrdersCountResponse,
} from '../../../domain/delivery';
import { notFound } from '../../../domain/refusal';
import { CLUSTER_NOT_FOUND } from '../../../domain/admin';

export async function deliveryList(dbh: DbHandle, q: DeliveryListQuery): Promise<DeliveryListResponse> {
  const { rows, count, capped } = await listDeliveryOrders(dbh, q);
  return {
    status: true,
    message: listMessage(!rows.length),
    orders: rows,
    currentCount: count,
    capped,
    pageNumber: q.pageNumber,
    records: q.records,
    pages: Math.max(1, Math.ceil(count / q.records)),
  };
}

/** JSON text of a response of type T (the type travels with the text, for the route's answer). */
export type JsonText<T> = string & { readonly __json?: T };

const listMessage = (empty: boolean) => (empty ? 'Nothing to display here' : 'Delivery orders');

/**
 * The same answer as `deliveryList`, as its JSON text. On SQLite the page comes
 * from the database already as JSON (db/admin/delivery.ts listDeliveryOrdersJson):
 * one cached statement, no row object made in JavaScript, nothing serialised but
 * the envelope. PostgreSQL serialises `deliveryList`.
 */
export async function deliveryListJson(dbh: DbHandle, q: DeliveryListQuery): Promise<JsonText<DeliveryListResponse>> {
  if (dbh.dialect !== 'sqlite') return JSON.stringify(await deliveryList(dbh, q));
  const { ordersJson, empty, count, capped } = await listDeliveryOrdersJson(dbh, q);
  const pages = Math.max(1, Math.ceil(count / q.records));
  return `{"status":true,"message":${JSON.stringify(listMessage(empty))},"orders":${ordersJson},"currentCount":${count},"capped":${capped},"pageNumber":${q.pageNumber},"records":${q.records},"pages":${pages}}`;
}

export async function deliveryDetail(dbh: DbHandle, awb: string): Promise<DeliveryDetailResponse> {
  const order = await deliveryOrderDetail(dbh.db, awb.toUpperCase(), (key) => `/api/files/${key}`);
  if (!order) throw notFound(DELIVERY_NOT_FOUND);
  return { status: true, order };
}

export async function deliveryCount(dbh: DbHandle, f: DeliveryFilter, limit: number): Promise<OrdersCountResponse> {
  const { count } = await countDeliveryOrders(dbh, f, null);
  return { status: true, ordersCount: count, limit };
}

export async function driverList(dbh: DbHandle, input: DriverListInput): Promise<DriverListResponse> {
  const { drivers, totalCount } = await listDrivers(dbh.db, input);
  return { status: true, drivers, totalCount, page: input.pagination.page, pageSize: input.pagination.pageSize };
}

export async function driverDetail(dbh: DbHandle, id: string): Promise<DriverDetailResponse> {
  const driver = await driverById(dbh.db, id);
  if (!driver) throw notFound(DRIVER_NOT_FOUND);
  const [counts, journeys] = await Promise.all([driverStatusCounts(dbh.db, id), listJourneys(dbh.db, { driverId: id }, { pageNumber: 1, records: 10 })]);
  return { status: true, driver, counts, journeys };
}

export async function clusters(dbh: DbHandle): Promise<ClustersResponse> {
  return { status: true, cluster: await listClusters(dbh.db) };
}

/** The pincodes of one cluster (the floor's cluster filter turns a cluster into these). */
export async function clusterPincodes(dbh: DbHandle, clusterId: string): Promise<string[]> {
  const pins = await pincodesOfCluster(dbh.db, clusterId);
  if (!pins.length && !(await listClusters(dbh.db, [clusterId])).length) throw notFound(CLUSTER_NOT_FOUND);
  return pins;
}

export async function clusterOwners(dbh: DbHandle): Promise<ClusterOwnersResponse> {
  return { status: true, clusterOwners: await listClusterOwners(dbh.db) };
}

export async function warehouses(dbh: DbHandle, nameLike?: string): Promise<WarehousesResponse> {
  return { status: true, warehouses: await listWarehouses(dbh.db, nameLike) };
}

export async function warehouseUsers(dbh: DbHandle): Promise<WarehouseUsersResponse> {
  return { status: true, warehouseUsers: await listWarehouseUsers(dbh.db) };
}

export async function journeyList(dbh: DbHandle, f: JourneyFilter, page: { pageNumber: number; records: number }): Promise<JourneyListResponse> {
  const [journeys, currentCount] = await Promise.all([listJourneys(dbh.db, f, page), countJourneys(dbh.db, f)]);
  return { status: true, journeys, currentCount, pageNumber: page.pageNumber, records: page.records };
}

export async function journeyCount(dbh: DbHandle, f: JourneyFilter, limit: number): Promise<JourneyCountResponse> {
  return { status: true, journeyCount: await countJourneys(dbh.db, f), limit };
}

export async function journey(dbh: DbHandle, id: string): Promise<JourneyDetailResponse> {
  const j = await journeyDetail(dbh.db, id);
  if (!j) throw notFound(JOURNEY_NOT_FOUND);
  return { status: true, ...j };
}
