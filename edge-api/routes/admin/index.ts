// The admin last-mile console (spec part 2 §7 "Delivery admin"; part 1 §7 get-all-clusters).
// Parse, call a use case of edge-api/services/admin, respond.
import { Hono, type Context } from 'hono';
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
  type CreatedResponse,
  type AdminWarehouse,
  type Cluster,
  type ClusterOwner,
  type DriverRow,
  type WarehouseUser,
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
  type AssignOrdersResponse,
  type DeliveryActionResponse,
  type JobQueuedResponse,
} from '../../../domain/delivery';
import { EMAIL_TOO_MANY_ROWS } from '../../../domain/downloads';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { requireRole, requireSession } from '../../middleware/session';
import { assignOrders, markCancelled, markDelivered, markRtoDelivered, markUndelivered } from '../../services/admin/delivery';
import { ADMIN_EXPORT_JOB, adminExportSource, requestAdminCsvEmail, writeAdminCsv, type AdminExportEntity } from '../../services/admin/exports';
import { checkMailRequest } from '../../services/mail/recipients';
import { assignCluster, createCluster, createClusterOwner, createDriver, createWarehouse, createWarehouseOwner } from '../../services/admin/masters';
import * as reads from '../../services/admin/reads';
import type { Actor } from '../../services/admin/actor';
import { CSV, emailRequired, streamFile } from '../billing/respond';

const admin = requireRole('admin');
const actorOf = (c: Context<AppEnv>): Actor => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, role: s.role };
};
const awbParam = z.object({ awb: z.string().trim().min(1).max(15) });
const idParam = z.object({ id: z.string().trim().min(1).max(64) });

/** Streams the CSV of `entity` when it is within the direct limit, else answers 413 (the page asks for an e-mail). */
async function csvOrEmail(c: Context<AppEnv>, entity: AdminExportEntity, filter: object) {
  const source = adminExportSource(c.var.dbh, entity, filter);
  const count = await source.count();
  const limit = c.var.config.limits.csvRowsDirect;
  if (count > limit) return emailRequired(c, EMAIL_TOO_MANY_ROWS, count, limit);
  return streamFile(c, { contentType: CSV, fileName: source.fileName }, (out) => writeAdminCsv(source, out));
}

const deliveryRoutes = new Hono<AppEnv>()
  .get('/admin/orders', admin, v('query', deliveryListQuerySchema), async (c) => c.json(await reads.deliveryList(c.var.dbh, c.req.valid('query'))))
  .get('/admin/orders/filter/count', admin, v('query', deliveryFilterSchema), async (c) =>
    c.json(await reads.deliveryCount(c.var.dbh, c.req.valid('query'), c.var.config.limits.csvRowsDirect)),
  )
  .get('/admin/orders/:awb', admin, v('param', awbParam), async (c) => c.json(await reads.deliveryDetail(c.var.dbh, c.req.valid('param').awb)))
  .get('/lightning/orders', admin, v('query', deliveryListQuerySchema), async (c) => c.json(await reads.deliveryList(c.var.dbh, c.req.valid('query'))))
  .get('/lightning/orders/:awb', admin, v('param', awbParam), async (c) => c.json(await reads.deliveryDetail(c.var.dbh, c.req.valid('param').awb)))
  .get('/admin/csv/orders/download', admin, v('query', deliveryFilterSchema), async (c) => csvOrEmail(c, 'delivery-orders', c.req.valid('query')))
  .post('/admin/csv/orders/download/email', admin, v('json', csvEmailSchema), async (c) => {
    const body = c.req.valid('json');
    const email = await checkMailRequest(c.var.dbh, requireSession(c), body.email, { jobKind: ADMIN_EXPORT_JOB, perHour: c.var.config.mailPerUserPerHour });
    const r = await requestAdminCsvEmail(c.var.dbh, actorOf(c), { entity: 'delivery-orders', filter: body.filter, email });
    return c.json(r satisfies JobQueuedResponse, 202);
  })
  .post('/admin/order/mark-as-delivered', admin, v('json', markDeliveredSchema), async (c) =>
    c.json((await markDelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-undelivered', admin, v('json', markUndeliveredSchema), async (c) =>
    c.json((await markUndelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-cancelled', admin, v('json', markCancelledSchema), async (c) =>
    c.json((await markCancelled(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/order/mark-as-rto-delivered', admin, v('json', markRtoDeliveredSchema), async (c) =>
    c.json((await markRtoDelivered(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies DeliveryActionResponse),
  )
  .post('/admin/drivers/assigned-orders', admin, v('json', assignOrdersSchema), async (c) =>
    c.json((await assignOrders(c.var.dbh, actorOf(c), c.req.valid('json'))) satisfies AssignOrdersResponse),
  );

const masterRoutes = new Hono<AppEnv>()
  .post('/admin/drivers', admin, v('json', driverListSchema), async (c) => c.json(await reads.driverList(c.var.dbh, c.req.valid('json'))))
  .get('/admin/drivers', admin, v('query', driverListQuerySchema), async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await reads.driverList(c.var.dbh, {
        where: { search: q.search, clusterId: q.clusterId, active: q.active === undefined ? undefined : q.active === '1' },
        pagination: { page: q.page, pageSize: q.pageSize },
        sortBy: { field: q.sortField, order: q.sortOrder },
      }),
    );
  })
  .get('/admin/driver/:id', admin, v('param', idParam), async (c) => c.json(await reads.driverDetail(c.var.dbh, c.req.valid('param').id)))
  .post('/admin/create-driver', admin, v('json', createDriverSchema), async (c) => {
    const driver = await createDriver(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Driver created', driver } satisfies CreatedResponse<'driver', DriverRow>, 201);
  })
  .get('/admin/clusters', admin, async (c) => c.json(await reads.clusters(c.var.dbh)))
  .post('/admin/create-cluster', admin, v('json', createClusterSchema), async (c) => {
    const cluster = await createCluster(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Cluster created', cluster } satisfies CreatedResponse<'cluster', Cluster>, 201);
  })
  .post('/admin/assign-cluster', admin, v('json', assignClusterSchema), async (c) => {
    const cluster = await assignCluster(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Cluster assigned', cluster } satisfies CreatedResponse<'cluster', Cluster>);
  })
  .get('/admin/cluster-owner', admin, async (c) => c.json(await reads.clusterOwners(c.var.dbh)))
  .post('/admin/create-cluster-owner', admin, v('json', createClusterOwnerSchema), async (c) => {
    const clusterOwner = await createClusterOwner(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Cluster owner created', clusterOwner } satisfies CreatedResponse<'clusterOwner', ClusterOwner>, 201);
  })
  .get('/admin/warehouse-user', admin, async (c) => c.json(await reads.warehouseUsers(c.var.dbh)))
  .post('/admin/create-warehouse-owner', admin, v('json', createWarehouseOwnerSchema), async (c) => {
    const warehouseUser = await createWarehouseOwner(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Warehouse owner created', warehouseUser } satisfies CreatedResponse<'warehouseUser', WarehouseUser>, 201);
  })
  .get('/admin/warehouses', admin, async (c) => c.json(await reads.warehouses(c.var.dbh)))
  .post('/admin/create-warehouse', admin, v('json', createWarehouseSchema), async (c) => {
    const warehouse = await createWarehouse(c.var.dbh, actorOf(c), c.req.valid('json'));
    return c.json({ status: true, message: 'Warehouse created', warehouse } satisfies CreatedResponse<'warehouse', AdminWarehouse>, 201);
  })
  .get('/warehouse/find', admin, v('query', warehouseFindSchema), async (c) => c.json(await reads.warehouses(c.var.dbh, c.req.valid('query').warehouseName)))
  /** get-all-clusters (part 1 §7): the warehouse user's cluster filter reads it too. */
  .get('/clusters', requireRole('admin', 'warehouse'), async (c) => c.json(await reads.clusters(c.var.dbh)));

const journeyRoutes = new Hono<AppEnv>()
  .get('/admin/journey', admin, v('query', journeyListQuerySchema), async (c) => {
    const { pageNumber, records, ...f } = c.req.valid('query');
    return c.json(await reads.journeyList(c.var.dbh, f, { pageNumber, records }));
  })
  .get('/admin/journey/filter/count', admin, v('query', journeyFilterSchema), async (c) =>
    c.json(await reads.journeyCount(c.var.dbh, c.req.valid('query'), c.var.config.limits.csvRowsDirect)),
  )
  .get('/admin/journey/csv', admin, v('query', journeyFilterSchema), async (c) => csvOrEmail(c, 'journeys', c.req.valid('query')))
  .post('/admin/journey/download/email', admin, v('json', journeyEmailSchema), async (c) => {
    const body = c.req.valid('json');
    const email = await checkMailRequest(c.var.dbh, requireSession(c), body.email, { jobKind: ADMIN_EXPORT_JOB, perHour: c.var.config.mailPerUserPerHour });
    const r = await requestAdminCsvEmail(c.var.dbh, actorOf(c), { entity: 'journeys', filter: body.filter, email });
    return c.json(r satisfies JobQueuedResponse, 202);
  })
  .get('/admin/journey/:id', admin, v('param', idParam), async (c) => c.json(await reads.journey(c.var.dbh, c.req.valid('param').id)));

export const adminRoutes = new Hono<AppEnv>()
  // Everything under /admin is the admin's alone, including paths not (yet) served.
  .use('/admin/*', admin)
  .route('/', deliveryRoutes)
  .route('/', masterRoutes)
  .route('/', journeyRoutes);
