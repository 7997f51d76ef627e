// Drivers, clusters, cluster owners, warehouses and warehouse users of the admin console.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';
import '../tables/admin';
import type {
  AdminWarehouse,
  Cluster,
  ClusterOwner,
  DriverListInput,
  DriverRow,
  WarehouseUser,
} from '../../domain/admin';
import { ACTIONABLE_STATUSES } from '../../domain/delivery';
import { textMatches } from '../search';

type AnyDb = Kysely<Database> | Transaction<Database>;

// ---- drivers ------------------------------------------------------------------------------
const driversFrom = (db: AnyDb) => db.selectFrom('drivers as dr');
type DriversQuery = ReturnType<typeof driversFrom>;

/** The list's filter on the drivers (`dr`), before any join or selection. */
function filterDrivers(q: DriversQuery, w: DriverListInput['where']): DriversQuery {
  let out = q;
  if (w.search) {
    const s = w.search;
    out = out.where((eb) => eb.or([textMatches(eb.ref('dr.name'), s), textMatches(eb.ref('dr.phone'), s)]));
  }
  if (w.clusterId) out = out.where('dr.cluster_id', '=', w.clusterId);
  if (w.active !== undefined) out = out.where('dr.active', '=', w.active ? 1 : 0);
  return out;
}

function driverBase(drivers: DriversQuery) {
  return drivers
    .leftJoin('clusters as cl', 'cl.id', 'dr.cluster_id')
    .select([
      'dr.id', 'dr.name', 'dr.phone', 'dr.vehicle', 'dr.active', 'dr.cluster_id', 'cl.name as cluster_name', 'dr.created_at',
      (eb) =>
        eb
          .selectFrom('delivery_orders as d')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('d.driver_id', '=', 'dr.id')
          .where('d.order_status', 'in', ['ASSIGNED', 'OUT_FOR_DELIVERY'])
          .as('active_orders'),
    ]);
}
type DriverDbRow = Awaited<ReturnType<ReturnType<typeof driverBase>['execute']>>[number];
const driverDto = (r: DriverDbRow): DriverRow => ({
  id: r.id, name: r.name, phone: r.phone, vehicle: r.vehicle, active: Number(r.active) === 1, clusterId: r.cluster_id,
  clusterName: r.cluster_name ?? null, createdAt: r.created_at, activeOrders: Number(r.active_orders ?? 0),
});

export async function listDrivers(db: AnyDb, input: DriverListInput): Promise<{ drivers: DriverRow[]; totalCount: number }> {
  const w = input.where;
  const dir = input.sortBy.order === 'ASC' ? 'asc' : 'desc';
  const col = input.sortBy.field === 'name' ? 'dr.name' : 'dr.created_at';
  const { page, pageSize } = input.pagination;
  const rows = await driverBase(filterDrivers(driversFrom(db), w)).orderBy(col, dir).orderBy('dr.id', dir).limit(pageSize).offset((page - 1) * pageSize).execute();
  const count = await filterDrivers(driversFrom(db), w).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { drivers: rows.map(driverDto), totalCount: Number(count.n) };
}

export async function driverById(db: AnyDb, id: string): Promise<DriverRow | null> {
  const r = await driverBase(driversFrom(db)).where('dr.id', '=', id).executeTakeFirst();
  return r ? driverDto(r) : null;
}

export async function driverStatusCounts(db: AnyDb, id: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('delivery_orders')
    .select(['order_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('driver_id', '=', id)
    .groupBy('order_status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.order_status, Number(r.n)]));
}

export async function driverWithPhone(db: AnyDb, phone: string) {
  return db.selectFrom('drivers').select('id').where('phone', '=', phone).executeTakeFirst();
}

export async function insertDriver(db: AnyDb, row: { id: string; name: string; phone: string; vehicle: string; cluster_id: string | null; active: number; created_at: string }) {
  await db.insertInto('drivers').values(row).execute();
}

// ---- clusters -----------------------------------------------------------------------------
export async function listClusters(db: AnyDb, ids?: string[]): Promise<Cluster[]> {
  let q = db
    .selectFrom('clusters as cl')
    .leftJoin('cluster_owners as o', 'o.id', 'cl.owner_id')
    .select(['cl.id', 'cl.name', 'cl.city', 'cl.created_at', 'cl.owner_id', 'o.name as owner_name', 'o.phone as owner_phone'])
    .orderBy('cl.name');
  if (ids) q = q.where('cl.id', 'in', ids.length ? ids : ['']);
  const clusters = await q.execute();
  if (!clusters.length) return [];
  const clusterIds = clusters.map((c) => c.id);
  const [pins, whs, drivers, districts] = await Promise.all([
    db.selectFrom('cluster_pincodes').select(['cluster_id', 'pincode']).where('cluster_id', 'in', clusterIds).orderBy('pincode').execute(),
    db
      .selectFrom('warehouse_clusters as wc')
      .innerJoin('warehouses as w', 'w.id', 'wc.warehouse_id')
      .select(['wc.cluster_id', 'w.id', 'w.name'])
      .where('wc.cluster_id', 'in', clusterIds)
      .orderBy('w.name')
      .execute(),
    db
      .selectFrom('drivers')
      .select(['cluster_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('cluster_id', 'in', clusterIds)
      .groupBy('cluster_id')
      .execute(),
    db
      .selectFrom('cluster_pincodes as cp')
      .innerJoin('pincodes as p', 'p.pincode', 'cp.pincode')
      .select(['cp.cluster_id', 'p.district'])
      .distinct()
      .where('cp.cluster_id', 'in', clusterIds)
      .execute(),
  ]);
  return clusters.map((c) => ({
    clusterId: c.id,
    clusterName: c.name,
    clusterPincode: pins.filter((p) => p.cluster_id === c.id).map((p) => p.pincode),
    city: c.city,
    cities: [...new Set([c.city, ...districts.filter((d) => d.cluster_id === c.id).map((d) => d.district)])].sort(),
    owner: c.owner_id ? { id: c.owner_id, name: c.owner_name ?? '', phone: c.owner_phone ?? '' } : null,
    warehouses: whs.filter((w) => w.cluster_id === c.id).map((w) => ({ id: w.id, name: w.name })),
    drivers: Number(drivers.find((d) => d.cluster_id === c.id)?.n ?? 0),
    createdAt: c.created_at,
  }));
}

export async function clusterExists(db: AnyDb, id: string) {
  return !!(await db.selectFrom('clusters').select('id').where('id', '=', id).executeTakeFirst());
}
export async function clusterWithName(db: AnyDb, name: string) {
  return db.selectFrom('clusters').select('id').where(sql<string>`lower(name)`, '=', name.toLowerCase()).executeTakeFirst();
}
export async function takenPincodes(db: AnyDb, pincodes: string[]) {
  return db
    .selectFrom('cluster_pincodes as p')
    .innerJoin('clusters as cl', 'cl.id', 'p.cluster_id')
    .select(['p.pincode', 'cl.name as clusterName'])
    .where('p.pincode', 'in', pincodes.length ? pincodes : [''])
    .orderBy('p.pincode')
    .execute();
}
export async function insertCluster(db: AnyDb, row: { id: string; name: string; city: string; owner_id: string | null; created_at: string }, pincodes: string[]) {
  await db.insertInto('clusters').values(row).execute();
  for (let i = 0; i < pincodes.length; i += 200) {
    await db.insertInto('cluster_pincodes').values(pincodes.slice(i, i + 200).map((pincode) => ({ pincode, cluster_id: row.id }))).execute();
  }
}
export async function setWarehouseCluster(db: AnyDb, warehouseId: string, clusterId: string, at: string) {
  await db.deleteFrom('warehouse_clusters').where('warehouse_id', '=', warehouseId).execute();
  await db.insertInto('warehouse_clusters').values({ warehouse_id: warehouseId, cluster_id: clusterId, assigned_at: at }).execute();
}
/** The pincodes a cluster serves (the floor's cluster filter). */
export async function pincodesOfCluster(db: AnyDb, clusterId: string): Promise<string[]> {
  return (await db.selectFrom('cluster_pincodes').select('pincode').where('cluster_id', '=', clusterId).execute()).map((r) => r.pincode);
}

// ---- cluster owners -------------------------------------------------------------------------
/** The cluster owners (those of `ids` only, when given), newest first, each with the names of its clusters. */
export async function listClusterOwners(db: AnyDb, ids?: string[]): Promise<ClusterOwner[]> {
  let q = db.selectFrom('cluster_owners').selectAll().orderBy('created_at', 'desc');
  if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
  const owners = await q.execute();
  if (!owners.length) return [];
  let cq = db.selectFrom('clusters').select(['owner_id', 'name']).where('owner_id', 'is not', null).orderBy('name');
  if (ids) cq = cq.where('owner_id', 'in', owners.map((o) => o.id));
  const clusters = await cq.execute();
  return owners.map((o) => ({
    id: o.id, name: o.name, phone: o.phone, email: o.email, createdAt: o.created_at,
    clusters: clusters.filter((c) => c.owner_id === o.id).map((c) => c.name),
  }));
}
export async function clusterOwnerExists(db: AnyDb, id: string) {
  return !!(await db.selectFrom('cluster_owners').select('id').where('id', '=', id).executeTakeFirst());
}
export async function clusterOwnerWithEmail(db: AnyDb, email: string) {
  return db.selectFrom('cluster_owners').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}
export async function insertClusterOwner(db: AnyDb, row: { id: string; name: string; phone: string; email: string; created_at: string }) {
  await db.insertInto('cluster_owners').values(row).execute();
}

// ---- warehouses and their users ---------------------------------------------------------------
export async function listWarehouses(db: AnyDb, nameLike?: string): Promise<AdminWarehouse[]> {
  let q = db
    .selectFrom('warehouses as w')
    .leftJoin('warehouse_clusters as wc', 'wc.warehouse_id', 'w.id')
    .leftJoin('clusters as cl', 'cl.id', 'wc.cluster_id')
    .select([
      'w.id', 'w.code', 'w.name', 'w.address', 'w.active', 'w.created_at', 'cl.id as cluster_id', 'cl.name as cluster_name',
      (eb) => eb.selectFrom('users as u').select((e) => e.fn.countAll<number>().as('n')).whereRef('u.warehouse_id', '=', 'w.id').as('users'),
    ])
    .orderBy('w.name');
  if (nameLike) q = q.where((eb) => textMatches(eb.ref('w.name'), nameLike)).limit(20);
  const rows = await q.execute();
  return rows.map((w) => {
    let address: { city?: string; pincode?: string } = {};
    try {
      address = JSON.parse(w.address);
    } catch {
      /* keep empty */
    }
    return {
      id: w.id, warehouseId: w.code, name: w.name, city: address.city ?? '', pincode: address.pincode ?? '', active: Number(w.active) === 1,
      cluster: w.cluster_id ? { id: w.cluster_id, name: w.cluster_name ?? '' } : null, users: Number(w.users ?? 0), createdAt: w.created_at,
    };
  });
}
export async function warehouseExists(db: AnyDb, id: string) {
  return !!(await db.selectFrom('warehouses').select('id').where('id', '=', id).executeTakeFirst());
}
export async function warehouseWithCode(db: AnyDb, code: string) {
  return db.selectFrom('warehouses').select('id').where('code', '=', code).executeTakeFirst();
}
export async function insertWarehouse(
  db: AnyDb,
  row: { id: string; code: string; name: string; email: string; phone: string; gst: string; address: string; created_at: string },
) {
  await db
    .insertInto('warehouses')
    .values({ ...row, pan: '', website: '', invoice_prefix: null, b2b_invoice_prefix: null, b2c_index: 0, b2b_index: 0, active: 1 })
    .execute();
}
export async function listWarehouseUsers(db: AnyDb): Promise<WarehouseUser[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('warehouses as w', 'w.id', 'u.warehouse_id')
    .select(['u.id', 'u.name', 'u.email', 'u.warehouse_id', 'w.name as warehouse_name', 'u.created_at'])
    .where('u.role', '=', 'warehouse')
    .orderBy('u.created_at', 'desc')
    .execute();
  return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, warehouseId: u.warehouse_id, warehouseName: u.warehouse_name ?? null, createdAt: u.created_at }));
}
export async function userWithEmail(db: AnyDb, email: string) {
  return db.selectFrom('users').select('id').where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}
export async function insertWarehouseUser(db: AnyDb, row: { id: string; email: string; password_hash: string; name: string; warehouse_id: string; created_at: string }) {
  await db.insertInto('users').values({ ...row, role: 'warehouse', company_id: null }).execute();
}

export { ACTIONABLE_STATUSES };
