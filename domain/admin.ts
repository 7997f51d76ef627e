// Admin last-mile masters: drivers, clusters (part 1 §3: clusterId,
// clusterName, clusterPincode), cluster owners, warehouses and their users,
// and journeys (one per assignment of orders to a driver). The spec names the
// calls but not their payloads (part 2 §7); these are the fields a last-mile
// operation needs, documented in /api/openapi.json through these schemas.
import { z } from 'zod';
import { okBody, pageFields, paginationInput, sortByInput } from './api';
import { adminListQuery, csvEmailOf, DELIVERY_STATUSES, idFilter, type DeliveryDriver, type DeliveryStatus } from './delivery';
import { normalisePhone, normalisePincode, PHONE_INPUT_MAX } from './phone';
import { EMAIL_INVALID, PASSWORD_LENGTH, PHONE_INVALID, PINCODE_INVALID } from './messages';

const req = (label: string, max = 100) => z.string({ error: `Please input ${label}` }).trim().min(1, `Please input ${label}`).max(max);
export { EMAIL_INVALID, PHONE_INVALID, PINCODE_INVALID };
const phone = z.string({ error: 'Please input phone' }).trim().max(PHONE_INPUT_MAX, PHONE_INVALID).transform(normalisePhone).pipe(z.string().max(10, PHONE_INVALID).regex(/^[1-9][0-9]{9}$/, PHONE_INVALID));
const pincode = z.string().trim().max(12, PINCODE_INVALID).transform(normalisePincode).pipe(z.string().max(6, PINCODE_INVALID).regex(/^[1-9][0-9]{5}$/, PINCODE_INVALID));
const email = z.string({ error: 'Please input email' }).trim().max(200).pipe(z.email(EMAIL_INVALID));
const optionalId = z.string().trim().max(64).optional().transform((v) => v || undefined);

export const VEHICLES = ['Bike', 'Scooter', 'Bicycle', 'Three-wheeler', 'Van', 'On foot'] as const;

// ---- drivers ----------------------------------------------------------------------------
export const createDriverSchema = z.object({
  name: req('driver name'),
  phone,
  vehicle: z.enum(VEHICLES, { error: 'Please select vehicle' }),
  clusterId: optionalId,
  active: z.boolean().default(true),
});
export type CreateDriverInput = z.output<typeof createDriverSchema>;
export const DRIVER_PHONE_TAKEN = 'A driver with this phone number already exists';
export const CLUSTER_NOT_FOUND = 'Cluster not found';

export const DRIVER_SORT_FIELDS = ['createdAt', 'name'] as const;
/** POST /admin/drivers {where, pagination, sortBy}: page size 10, newest first by default. */
export const driverListSchema = z.object({
  where: z
    .object({
      search: z.string().trim().max(40).optional(),
      clusterId: z.string().trim().max(64).optional(),
      active: z.boolean().optional(),
    })
    .default({}),
  pagination: paginationInput,
  sortBy: sortByInput(DRIVER_SORT_FIELDS, 'createdAt'),
});
export type DriverListInput = z.output<typeof driverListSchema>;
/** GET /admin/drivers: the same list by query string. */
export const driverListQuerySchema = z.object({
  search: z.string().trim().max(40).optional(),
  clusterId: z.string().trim().max(64).optional(),
  active: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  sortField: z.enum(DRIVER_SORT_FIELDS).default('createdAt'),
  sortOrder: z.enum(['ASC', 'DESC']).default('DESC'),
});

export type DriverRow = DeliveryDriver & { vehicle: string | null; active: boolean; clusterId: string | null; clusterName: string | null; createdAt: string; activeOrders: number };
export type DriverListResponse = { status: true; drivers: DriverRow[]; totalCount: number; page: number; pageSize: number };
export type DriverDetailResponse = {
  status: true;
  driver: DriverRow;
  counts: Partial<Record<DeliveryStatus, number>>;
  journeys: JourneyRow[];
};
export type CreatedResponse<K extends string, T> = { status: true; message: string } & { [k in K]: T };

// ---- clusters ---------------------------------------------------------------------------
export const createClusterSchema = z.object({
  name: req('cluster name', 60),
  city: req('city', 60),
  pincodes: z
    .array(pincode, { error: 'Please input at least one pincode' })
    .min(1, 'Please input at least one pincode')
    .max(500, 'At most 500 pincodes per cluster')
    .transform((p) => [...new Set(p)]),
  ownerId: optionalId,
});
export type CreateClusterInput = z.output<typeof createClusterSchema>;
export const CLUSTER_NAME_TAKEN = 'A cluster with this name already exists';
export const pincodesTaken = (list: { pincode: string; clusterName: string }[]) =>
  `These pincodes already belong to another cluster: ${list.map((p) => `${p.pincode} (${p.clusterName})`).join(', ')}`;

export const assignClusterSchema = z.object({ clusterId: req('cluster', 64), warehouseId: req('warehouse', 64) });
export type AssignClusterInput = z.output<typeof assignClusterSchema>;

/** A cluster as part 1 §3 names it (clusterId, clusterName, clusterPincode) with what the admin manages. */
export type Cluster = {
  clusterId: string;
  clusterName: string;
  clusterPincode: string[];
  city: string;
  /**
   * Its city and the districts its pincodes lie in (pincode directory): what
   * the warehouse floor matches an order's city against, as floor orders carry a city, not a pincode.
   */
  cities: string[];
  owner: { id: string; name: string; phone: string } | null;
  warehouses: { id: string; name: string }[];
  drivers: number;
  createdAt: string;
};
/** get-all-clusters (part 1 §7): `cluster[]`. */
export type ClustersResponse = { status: true; cluster: Cluster[] };

// ---- owners and warehouse users -----------------------------------------------------------
export const createClusterOwnerSchema = z.object({ name: req('name'), phone, email });
export type CreateClusterOwnerInput = z.output<typeof createClusterOwnerSchema>;
export const OWNER_EMAIL_TAKEN = 'A cluster owner with this email already exists';
export type ClusterOwner = { id: string; name: string; phone: string; email: string; clusters: string[]; createdAt: string };
export type ClusterOwnersResponse = { status: true; clusterOwners: ClusterOwner[] };

export const PASSWORD_RULE = PASSWORD_LENGTH;
export const createWarehouseOwnerSchema = z.object({
  name: req('name'),
  email,
  password: z.string({ error: 'Please input password' }).min(8, PASSWORD_RULE).max(20, PASSWORD_RULE),
  warehouseId: req('warehouse', 64),
});
export type CreateWarehouseOwnerInput = z.output<typeof createWarehouseOwnerSchema>;
export const USER_EMAIL_TAKEN = 'A user with this email already exists';
export const WAREHOUSE_NOT_FOUND = 'Warehouse not found';
export type WarehouseUser = { id: string; name: string; email: string; warehouseId: string | null; warehouseName: string | null; createdAt: string };
export type WarehouseUsersResponse = { status: true; warehouseUsers: WarehouseUser[] };

// ---- warehouses -------------------------------------------------------------------------
export const createWarehouseSchema = z.object({
  name: req('warehouse name'),
  code: z.string({ error: 'Please input warehouse code' }).trim().min(2, 'Please input warehouse code').max(12).regex(/^[A-Z0-9-]+$/, 'Code uses capital letters, digits and -'),
  email,
  phone,
  gst: z.string().trim().max(15, 'GST must be exactly 15 characters!').optional().transform((v) => v || ''),
  address: z.object({
    line1: req('Address Line 1', 200),
    line2: z.string().trim().max(200).default(''),
    city: req('City', 60),
    state: req('State', 60),
    pincode,
  }),
  clusterId: optionalId,
});
export type CreateWarehouseInput = z.output<typeof createWarehouseSchema>;
export const WAREHOUSE_CODE_TAKEN = 'A warehouse with this code already exists';
export type AdminWarehouse = {
  id: string;
  warehouseId: string;
  name: string;
  city: string;
  pincode: string;
  active: boolean;
  cluster: { id: string; name: string } | null;
  users: number;
  createdAt: string;
};
export type WarehousesResponse = { status: true; warehouses: AdminWarehouse[] };
export const warehouseFindSchema = z.object({ warehouseName: z.string().trim().min(1, 'Please input warehouse name').max(100) });

// ---- journeys ---------------------------------------------------------------------------
const journeyQuery = adminListQuery({ driverId: idFilter, clusterId: idFilter }, {});
export const journeyFilterSchema = journeyQuery.filter;
export type JourneyFilter = z.output<typeof journeyFilterSchema>;
export const journeyListQuerySchema = journeyQuery.list;
export const journeyEmailSchema = csvEmailOf(journeyFilterSchema.default({}));
export const JOURNEY_NOT_FOUND = 'Journey not found';

export type JourneyStatus = 'ACTIVE' | 'COMPLETED';
export type JourneyRow = {
  id: string;
  driver: DeliveryDriver;
  clusterName: string | null;
  orders: number;
  delivered: number;
  undelivered: number;
  returned: number;
  pending: number;
  status: JourneyStatus;
  createdBy: string;
  createdAt: string;
};
export type JourneyListResponse = { status: true; journeys: JourneyRow[]; currentCount: number; pageNumber: number; records: number };
export type JourneyOrder = { awb: string; orderStatus: DeliveryStatus; customerName: string; city: string; pincode: string; updatedAt: string };
export type JourneyDetailResponse = { status: true; journey: JourneyRow; orders: JourneyOrder[] };
export type JourneyCountResponse = { status: true; journeyCount: number; limit: number };

/** Pending = still with the driver (neither delivered, undelivered nor returned). */
export function journeyTally(statuses: string[]): { delivered: number; undelivered: number; returned: number; pending: number; status: JourneyStatus } {
  let delivered = 0;
  let undelivered = 0;
  let returned = 0;
  for (const s of statuses) {
    if (s === 'DELIVERED') delivered++;
    else if (s === 'UNDELIVERED' || s === 'UNATTEMPTED') undelivered++;
    else if (s === 'RTO_IN_TRANSIT' || s === 'RTO_DELIVERED') returned++;
  }
  const pending = statuses.length - delivered - undelivered - returned;
  return { delivered, undelivered, returned, pending, status: pending > 0 ? 'ACTIVE' : 'COMPLETED' };
}

export const isDeliveryStatus = (s: string): s is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(s);

// ---- Response schemas (same names as the types above; listed in /api/openapi.json) ------

const DriverSchema = z.object({ id: z.string(), name: z.string(), phone: z.string() });
const DriverRowSchema = DriverSchema.extend({
  vehicle: z.string().nullable(), active: z.boolean(), clusterId: z.string().nullable(), clusterName: z.string().nullable(), createdAt: z.string(), activeOrders: z.number(),
});
const JourneyRowSchema = z.object({
  id: z.string(), driver: DriverSchema, clusterName: z.string().nullable(), orders: z.number(), delivered: z.number(), undelivered: z.number(),
  returned: z.number(), pending: z.number(), status: z.enum(['ACTIVE', 'COMPLETED']), createdBy: z.string(), createdAt: z.string(),
});
const ClusterSchema = z.object({
  clusterId: z.string(), clusterName: z.string(), clusterPincode: z.array(z.string()), city: z.string(), cities: z.array(z.string()),
  owner: z.object({ id: z.string(), name: z.string(), phone: z.string() }).nullable(), warehouses: z.array(z.object({ id: z.string(), name: z.string() })),
  drivers: z.number(), createdAt: z.string(),
});

/** POST /api/admin/drivers */
export const DriverListResponse: z.ZodType<DriverListResponse> = okBody({
  drivers: z.array(DriverRowSchema), totalCount: z.number(), ...pageFields,
});
/** GET /api/admin/driver/:id */
export const DriverDetailResponse: z.ZodType<DriverDetailResponse> = okBody({
  driver: DriverRowSchema, counts: z.partialRecord(z.enum(DELIVERY_STATUSES), z.number()), journeys: z.array(JourneyRowSchema),
});
/** GET /api/admin/clusters, GET /api/clusters */
export const ClustersResponse: z.ZodType<ClustersResponse> = okBody({ cluster: z.array(ClusterSchema) });
const ClusterOwnerSchema = z.object({ id: z.string(), name: z.string(), phone: z.string(), email: z.string(), clusters: z.array(z.string()), createdAt: z.string() });
const WarehouseUserSchema = z.object({ id: z.string(), name: z.string(), email: z.string(), warehouseId: z.string().nullable(), warehouseName: z.string().nullable(), createdAt: z.string() });
const AdminWarehouseSchema = z.object({
  id: z.string(), warehouseId: z.string(), name: z.string(), city: z.string(), pincode: z.string(), active: z.boolean(),
  cluster: z.object({ id: z.string(), name: z.string() }).nullable(), users: z.number(), createdAt: z.string(),
});
/** GET /api/admin/cluster-owner */
export const ClusterOwnersResponse: z.ZodType<ClusterOwnersResponse> = okBody({ clusterOwners: z.array(ClusterOwnerSchema) });
/** GET /api/admin/warehouse-user */
export const WarehouseUsersResponse: z.ZodType<WarehouseUsersResponse> = okBody({ warehouseUsers: z.array(WarehouseUserSchema) });
/** GET /api/admin/warehouses, GET /api/warehouse/find */
export const WarehousesResponse: z.ZodType<WarehousesResponse> = okBody({ warehouses: z.array(AdminWarehouseSchema) });
/** GET /api/admin/journey/filter/count */
export const JourneyCountResponse: z.ZodType<JourneyCountResponse> = okBody({ journeyCount: z.number(), limit: z.number() });
/** GET /api/admin/journey */
export const JourneyListResponse: z.ZodType<JourneyListResponse> = okBody({
  journeys: z.array(JourneyRowSchema), currentCount: z.number(), pageNumber: z.number(), records: z.number(),
});
/** GET /api/admin/journey/:id */
export const JourneyDetailResponse: z.ZodType<JourneyDetailResponse> = okBody({
  journey: JourneyRowSchema,
  orders: z.array(z.object({ awb: z.string(), orderStatus: z.enum(DELIVERY_STATUSES), customerName: z.string(), city: z.string(), pincode: z.string(), updatedAt: z.string() })),
});
/** A create of the admin masters (201): its message and the row, under `key`. */
export const createdResponse = (key: string, row: z.ZodType) => okBody({ message: z.string(), [key]: row });
export const DriverCreatedResponse = createdResponse('driver', DriverRowSchema);
export const ClusterSavedResponse = createdResponse('cluster', ClusterSchema);
export const ClusterOwnerCreatedResponse = createdResponse('clusterOwner', ClusterOwnerSchema);
export const WarehouseOwnerCreatedResponse = createdResponse('warehouseUser', WarehouseUserSchema);
export const WarehouseCreatedResponse = createdResponse('warehouse', AdminWarehouseSchema);
