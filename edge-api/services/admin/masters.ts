// Use cases of the admin masters: drivers, clusters, cluster owners, warehouses and warehouse users.
import { warehouseName } from '../../../db/admin/actions';
import { hashPassword } from '../../../db/password';
import type { DbHandle } from '../../../db/connect';
import {
  clusterExists,
  clusterOwnerExists,
  clusterOwnerWithEmail,
  clusterWithName,
  driverById,
  driverWithPhone,
  insertCluster,
  insertClusterOwner,
  insertDriver,
  insertWarehouse,
  insertWarehouseUser,
  listClusters,
  listWarehouses,
  setWarehouseCluster,
  takenPincodes,
  userWithEmail,
  warehouseExists,
  warehouseWithCode,
} from '../../../db/admin/masters';
import {
  CLUSTER_NAME_TAKEN,
  CLUSTER_NOT_FOUND,
  DRIVER_PHONE_TAKEN,
  OWNER_EMAIL_TAKEN,
  pincodesTaken,
  USER_EMAIL_TAKEN,
  WAREHOUSE_CODE_TAKEN,
  WAREHOUSE_NOT_FOUND,
  type AdminWarehouse,
  type AssignClusterInput,
  type Cluster,
  type ClusterOwner,
  type CreateClusterInput,
  type CreateClusterOwnerInput,
  type CreateDriverInput,
  type CreateWarehouseInput,
  type CreateWarehouseOwnerInput,
  type DriverRow,
  type WarehouseUser,
} from '../../../domain/admin';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { conflict, notFound } from '../../../domain/refusal';
import type { Actor } from './actor';

export async function createDriver(dbh: DbHandle, _actor: Actor, input: CreateDriverInput): Promise<DriverRow> {
  return dbh.db.transaction().execute(async (tx) => {
    if (input.clusterId && !(await clusterExists(tx, input.clusterId))) throw notFound(CLUSTER_NOT_FOUND);
    if (await driverWithPhone(tx, input.phone)) throw conflict(DRIVER_PHONE_TAKEN);
    const id = uuidv7();
    await insertDriver(tx, {
      id, name: input.name, phone: input.phone, vehicle: input.vehicle, cluster_id: input.clusterId ?? null, active: input.active ? 1 : 0, created_at: nowIso(),
    });
    return (await driverById(tx, id))!;
  });
}

export async function createClusterOwner(dbh: DbHandle, _actor: Actor, input: CreateClusterOwnerInput): Promise<ClusterOwner> {
  return dbh.db.transaction().execute(async (tx) => {
    if (await clusterOwnerWithEmail(tx, input.email)) throw conflict(OWNER_EMAIL_TAKEN);
    const row = { id: uuidv7(), name: input.name, phone: input.phone, email: input.email.toLowerCase(), created_at: nowIso() };
    await insertClusterOwner(tx, row);
    return { id: row.id, name: row.name, phone: row.phone, email: row.email, clusters: [], createdAt: row.created_at };
  });
}

export async function createCluster(dbh: DbHandle, _actor: Actor, input: CreateClusterInput): Promise<Cluster> {
  return dbh.db.transaction().execute(async (tx) => {
    if (input.ownerId && !(await clusterOwnerExists(tx, input.ownerId))) throw notFound('Cluster owner not found');
    if (await clusterWithName(tx, input.name)) throw conflict(CLUSTER_NAME_TAKEN);
    const taken = await takenPincodes(tx, input.pincodes);
    if (taken.length) throw conflict(pincodesTaken(taken));
    const id = uuidv7();
    await insertCluster(tx, { id, name: input.name, city: input.city, owner_id: input.ownerId ?? null, created_at: nowIso() }, input.pincodes);
    return (await listClusters(tx, [id]))[0];
  });
}

/** Puts a warehouse in a cluster (a warehouse is in at most one; assigning again moves it). */
export async function assignCluster(dbh: DbHandle, _actor: Actor, input: AssignClusterInput): Promise<Cluster> {
  return dbh.db.transaction().execute(async (tx) => {
    if (!(await clusterExists(tx, input.clusterId))) throw notFound(CLUSTER_NOT_FOUND);
    if (!(await warehouseExists(tx, input.warehouseId))) throw notFound(WAREHOUSE_NOT_FOUND);
    await setWarehouseCluster(tx, input.warehouseId, input.clusterId, nowIso());
    return (await listClusters(tx, [input.clusterId]))[0];
  });
}

export async function createWarehouse(dbh: DbHandle, _actor: Actor, input: CreateWarehouseInput): Promise<AdminWarehouse> {
  return dbh.db.transaction().execute(async (tx) => {
    if (await warehouseWithCode(tx, input.code)) throw conflict(WAREHOUSE_CODE_TAKEN);
    if (input.clusterId && !(await clusterExists(tx, input.clusterId))) throw notFound(CLUSTER_NOT_FOUND);
    const id = uuidv7();
    const at = nowIso();
    await insertWarehouse(tx, {
      id, code: input.code, name: input.name, email: input.email.toLowerCase(), phone: input.phone, gst: input.gst,
      address: JSON.stringify({ ...input.address, landmark: '', country: 'India' }), created_at: at,
    });
    if (input.clusterId) await setWarehouseCluster(tx, id, input.clusterId, at);
    return (await listWarehouses(tx)).find((w) => w.id === id)!;
  });
}

/** A warehouse owner is a sign-in of role warehouse, working in that warehouse. */
export async function createWarehouseOwner(dbh: DbHandle, _actor: Actor, input: CreateWarehouseOwnerInput): Promise<WarehouseUser> {
  const hash = await hashPassword(input.password);
  return dbh.db.transaction().execute(async (tx) => {
    if (!(await warehouseExists(tx, input.warehouseId))) throw notFound(WAREHOUSE_NOT_FOUND);
    if (await userWithEmail(tx, input.email)) throw conflict(USER_EMAIL_TAKEN);
    const row = { id: uuidv7(), email: input.email.toLowerCase(), password_hash: hash, name: input.name, warehouse_id: input.warehouseId, created_at: nowIso() };
    await insertWarehouseUser(tx, row);
    const whName = await warehouseName(tx, input.warehouseId);
    return { id: row.id, name: row.name, email: row.email, warehouseId: row.warehouse_id, warehouseName: whName, createdAt: row.created_at };
  });
}
