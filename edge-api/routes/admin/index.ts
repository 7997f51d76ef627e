// The admin last-mile console (spec part 2 §7 "Delivery admin"; part 1 §7 get-all-clusters).
// Parse, call a use case of edge-api/services/admin, respond.
import { Hono, type Context, type TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { z } from 'zod';
import {
  assignClusterSchema,
  createClusterOwnerSchema,
  createClusterSchema,
  createDriverSchema,
  createWarehouseOwnerSchema,
  createWarehouseSchema,
  driverListQuerySchema,
  driverListSchema,
  journeyEmailSchema,
  journeyFilterSchema,
  journeyListQuerySchema,
  warehouseFindSchema,
  ClusterOwnerCreatedResponse,
  ClusterOwnersResponse,
  ClusterSavedResponse,
  ClustersResponse,
  DriverCreatedResponse,
  DriverDetailResponse,
  DriverListResponse,
  JourneyCountResponse,
  JourneyDetailResponse,
  JourneyListResponse,
  WarehouseCreatedResponse,
  WarehouseOwnerCreatedResponse,
  WarehousesResponse,
  WarehouseUsersResponse,
  type CreatedResponse,
  type JourneyFilter,
} from '../../../domain/admin';
import {
  assignOrdersSchema,
  csvEmailSchema,
  deliveryFilterSchema,
  deliveryListQuerySchema,
  markCancelledSchema,
  markDeliveredSchema,
  markRtoDeliveredSchema,
  markUndeliveredSchema,
  AssignOrdersResponse,
  DeliveryActionResponse,
  DeliveryDetailResponse,
  DeliveryListResponse,
  JobQueuedResponse,
  OrdersCountResponse,
  type DeliveryFilter,
} from '../../../domain/delivery';
import { EMAIL_TOO_MANY_ROWS } from '../../../domain/downloads';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { requireSession } from '../../middleware/session';
import { assignOrders, markCancelled, markDelivered, markRtoDelivered, markUndelivered } from '../../services/admin/delivery';
import { ADMIN_EXPORT_JOB, adminExportSource, requestAdminCsvEmail, writeAdminCsv, type AdminExportEntity } from '../../services/admin/exports';
import { checkMailRequest } from '../../services/mail/recipients';
import { assignCluster, createCluster, createClusterOwner, createDriver, createWarehouse, createWarehouseOwner } from '../../services/admin/masters';
import * as reads from '../../services/admin/reads';
import type { Actor } from '../../services/admin/actor';
import type { JsonText } from '../../services/admin/reads';
import { CSV, emailRequired, streamFile } from '../billing/respond';
import { responds } from '../../lib/responds';

const actorOf = (c: Context<AppEnv>): Actor => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, role: s.role };
};
const awbParam = z.object({ awb: z.string().trim().min(1).max(15) });
const idParam = z.object({ id: z.string().trim().min(1).max(64) });

const JSON_TYPE = { 'content-type': 'application/json' };
/** Answers JSON text a use case made (as c.json would answer its object, and typed the same for the client). */
const jsonText = <T>(c: Context<AppEnv>, text: JsonText<T>) => c.body(text, 200, JSON_TYPE) as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;

/** Streams the CSV of `entity` when it is within the direct limit, else answers 413 (the page asks for an e-mail). */
async function csvOrEmail(c: Context<AppEnv>, entity: AdminExportEntity, filter: object) {
  const source = adminExportSource(c.var.dbh, entity, filter);
  const count = await source.count();
  const limit = c.var.config.limits.csvRowsDirect;
  if (count > limit) return emailRequired(c, EMAIL_TOO_MANY_ROWS, count, limit);
  return streamFile(c, { contentType: CSV, fileName: source.fileName }, (out) => writeAdminCsv(source, out));
}

/** Queues the CSV of `entity` to be e-mailed (the own or company address, rate-limited); 202 with the job. */
async function csvByEmail(c: Context<AppEnv>, entity: AdminExportEntity, body: { email: string; filter: DeliveryFilter | JourneyFilter }) {
  const email = await checkMailRequest(c.var.dbh, requireSession(c), body.email, { jobKind: ADMIN_EXPORT_JOB, perHour: c.var.config.mailPerUserPerHour });
  const r = await requestAdminCsvEmail(c.var.dbh, actorOf(c), { entity, filter: body.filter, email });
  return c.json(r satisfies JobQueuedResponse, 202);
}

/** Answers a master a use case created (or changed): the message and the row under `key` (CreatedResponse). */
const saved = <K extends string, T, S extends 200 | 201>(c: Context<AppEnv>, key: K, message: string, row: T, status: S) =>
  c.json({ status: true, message, [key]: row } as CreatedResponse<K, T>, status);

const deliveryRoutes = new Hono<AppEnv>()
  .get('/admin/orders', responds(DeliveryListResponse), v('query', deliveryListQuerySchema), async (c) => jsonText(c, await reads.deliveryListJson(c.var.dbh, c.req.valid('query'))))
  .get('/admin/orders/filter/count', responds(OrdersCountResponse), v('query', deliveryFilterSchema), async (c) =>
    c.json(await reads.deliveryCount(c.var.dbh, c.req.valid('query'), c.var.config.limits.csvRowsDirect)),
  )
  .get('/admin/orders/:awb', responds(DeliveryDetailResponse), v('param', awbParam), async (c) => c.json(await reads.deliveryDetail(c.var.dbh, c.req.valid('param').awb)))
  .get('/lightning/orders', responds(DeliveryListResponse), v('query', deliveryListQuerySchema), async (c) => jsonText(c, await reads.deliveryListJson(c.var.dbh, c.req.valid('query'))))
  .get('/lightning/orders/:awb', responds(DeliveryDetailResponse), v('param', awbParam), async (c) => c.json(await reads.deliveryDetail(c.var.dbh, c.req.valid('param').awb)))
  .get('/admin/csv/orders/download', v('query', deliveryFilterSchema), async (c) => csvOrEmail(c, 'delivery-orders', c.req.valid('query')))
  .post('/admin/csv/orders/download/email', responds(JobQueuedResponse, 202), v('json', csvEmailSchema), async (c) =>
    csvByEmail(c, 'delivery-orders', c.req.valid('json')),
  )
  .post('/admin/order/mark-as-delivered', responds(DeliveryActionResponse), v('json', markDeliveredSchema), async (c) =>
    c.json((await markDelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-undelivered', responds(DeliveryActionResponse), v('json', markUndeliveredSchema), async (c) =>
    c.json((await markUndelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-cancelled', responds(DeliveryActionResponse), v('json', markCancelledSchema), async (c) =>
    c.json((await markCancelled(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-rto-delivered', responds(DeliveryActionResponse), v('json', markRtoDeliveredSchema), async (c) =>
    c.json((await markRtoDelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/drivers/assigned-orders', responds(AssignOrdersResponse), v('json', assignOrdersSchema), async (c) =>
    c.json((await assignOrders(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies AssignOrdersResponse),
  );

const masterRoutes = new Hono<AppEnv>()
  .post('/admin/drivers', responds(DriverListResponse), v('json', driverListSchema), async (c) => c.json(await reads.driverList(c.var.dbh, c.req.valid('json'))))
  .get('/admin/drivers', responds(DriverListResponse), v('query', driverListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await reads.driverList(c.var.dbh, {
        where: { search: q.search, clusterId: q.clusterId, active: q.active === undefined ? undefined : q.active === '1' },
        pagination: { page: q.page, pageSize: q.pageSize },
        sortBy: { field: q.sortField, order: q.sortOrder },
      }),
    );
  })
  .get('/admin/driver/:id', responds(DriverDetailResponse), v('param', idParam), async (c) => c.json(await reads.driverDetail(c.var.dbh, c.req.valid('param').id)))
  .post('/admin/create-driver', responds(DriverCreatedResponse, 201), v('json', createDriverSchema), async (c) =>
    saved(c, 'driver', 'Driver created', await createDriver(c.var.dbh, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/admin/clusters', responds(ClustersResponse), async (c) => c.json(await reads.clusters(c.var.dbh)))
  .post('/admin/create-cluster', responds(ClusterSavedResponse, 201), v('json', createClusterSchema), async (c) =>
    saved(c, 'cluster', 'Cluster created', await createCluster(c.var.dbh, actorOf(c), c.req.valid('json')), 201),
  )
  .post('/admin/assign-cluster', responds(ClusterSavedResponse), v('json', assignClusterSchema), async (c) =>
    saved(c, 'cluster', 'Cluster assigned', await assignCluster(c.var.dbh, actorOf(c), c.req.valid('json')), 200),
  )
  .get('/admin/cluster-owner', responds(ClusterOwnersResponse), async (c) => c.json(await reads.clusterOwners(c.var.dbh)))
  .post('/admin/create-cluster-owner', responds(ClusterOwnerCreatedResponse, 201), v('json', createClusterOwnerSchema), async (c) =>
    saved(c, 'clusterOwner', 'Cluster owner created', await createClusterOwner(c.var.dbh, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/admin/warehouse-user', responds(WarehouseUsersResponse), async (c) => c.json(await reads.warehouseUsers(c.var.dbh)))
  .post('/admin/create-warehouse-owner', responds(WarehouseOwnerCreatedResponse, 201), v('json', createWarehouseOwnerSchema), async (c) =>
    saved(c, 'warehouseUser', 'Warehouse owner created', await createWarehouseOwner(c.var.dbh, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/admin/warehouses', responds(WarehousesResponse), async (c) => c.json(await reads.warehouses(c.var.dbh)))
  .post('/admin/create-warehouse', responds(WarehouseCreatedResponse, 201), v('json', createWarehouseSchema), async (c) =>
    saved(c, 'warehouse', 'Warehouse created', await createWarehouse(c.var.dbh, actorOf(c), c.req.valid('json')), 201),
  )
  .get('/warehouse/find', responds(WarehousesResponse), v('query', warehouseFindSchema), async (c) => c.json(await reads.warehouses(c.var.dbh, c.req.valid('query').warehouseName)))
  /** get-all-clusters (part 1 §7): the warehouse user's cluster filter reads it too. */
  .get('/clusters', responds(ClustersResponse), async (c) => c.json(await reads.clusters(c.var.dbh)));

const journeyRoutes = new Hono<AppEnv>()
  .get('/admin/journey', responds(JourneyListResponse), v('query', journeyListQuerySchema), async (c) => {
    const { pageNumber, records, ...f } = c.req.valid('query');
    return c.json(await reads.journeyList(c.var.dbh, f, { pageNumber, records }));
  })
  .get('/admin/journey/filter/count', responds(JourneyCountResponse), v('query', journeyFilterSchema), async (c) =>
    c.json(await reads.journeyCount(c.var.dbh, c.req.valid('query'), c.var.config.limits.csvRowsDirect)),
  )
  .get('/admin/journey/csv', v('query', journeyFilterSchema), async (c) => csvOrEmail(c, 'journeys', c.req.valid('query')))
  .post('/admin/journey/download/email', responds(JobQueuedResponse, 202), v('json', journeyEmailSchema), async (c) =>
    csvByEmail(c, 'journeys', c.req.valid('json')),
  )
  .get('/admin/journey/:id', responds(JourneyDetailResponse), v('param', idParam), async (c) => c.json(await reads.journey(c.var.dbh, c.req.valid('param').id)));

export const adminRoutes = new Hono<AppEnv>()
  // Everything under /admin is the admin's alone, including paths not (yet) served.
  .route('/', deliveryRoutes)
  .route('/', masterRoutes)
  .route('/', journeyRoutes);
