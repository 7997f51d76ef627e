// Demo data of the admin last-mile console, laid over the seeded delivery
// orders and drivers (db/seed.ts calls this): two cluster owners, clusters of
// the seeded cities with the demo warehouses in them, drivers' vehicles and
// clusters, a "created" trail for every delivery order, the coordinates of
// delivered ones, and one journey per driver with the orders they carry.
import type { DbHandle } from '../connect';
import '../tables/admin';
import { uuidv7 } from '../../domain/ids';

const DEMO_CLUSTERS = [
  { name: 'Mumbai Metro', city: 'Mumbai', pincodes: ['400001', '400601', '411001', '440001', '421302'], warehouse: 0, owner: 0 },
  { name: 'NCR', city: 'New Delhi', pincodes: ['110001', '122001', '201301', '226001', '160017'], warehouse: null, owner: 1 },
  { name: 'South', city: 'Bengaluru', pincodes: ['560001', '570001', '600001', '641001', '500001', '682001', '562114'], warehouse: 1, owner: 0 },
] as const;

/** Rough city centres, for the proof-of-delivery location of seeded delivered orders. */
const CENTRES: Record<string, [number, number]> = {
  Mumbai: [18.9388, 72.8354], Pune: [18.5204, 73.8567], Thane: [19.1972, 72.9722], Nagpur: [21.1458, 79.0882], 'New Delhi': [28.6328, 77.2197],
  Gurugram: [28.4595, 77.0266], Noida: [28.5355, 77.391], Lucknow: [26.8467, 80.9462], Bengaluru: [12.9716, 77.5946], Mysuru: [12.2958, 76.6394],
  Chennai: [13.0827, 80.2707], Coimbatore: [11.0168, 76.9558], Hyderabad: [17.385, 78.4867], Kolkata: [22.5726, 88.3639], Ahmedabad: [23.0225, 72.5714],
  Surat: [21.1702, 72.8311], Jaipur: [26.9124, 75.7873], Kochi: [9.9312, 76.2673], Bhopal: [23.2599, 77.4126], Indore: [22.7196, 75.8577],
  Patna: [25.5941, 85.1376], Bhubaneswar: [20.2961, 85.8245], Guwahati: [26.1445, 91.7362], Chandigarh: [30.7333, 76.7794], Srinagar: [34.0837, 74.7973],
};
const VEHICLES = ['Bike', 'Scooter', 'Van', 'Bike', 'Bicycle', 'Three-wheeler'];

export async function seedAdmin(h: DbHandle, opts: { warehouseIds: readonly string[]; at: string }): Promise<void> {
  const db = h.db;
  const owners = [
    { id: uuidv7(Date.parse(opts.at)), name: 'Sunil Kale', phone: '9820012345', email: 'sunil.kale@shipdesk.in', created_at: opts.at },
    { id: uuidv7(Date.parse(opts.at) + 1), name: 'Neha Arora', phone: '9810054321', email: 'neha.arora@shipdesk.in', created_at: opts.at },
  ];
  await db.insertInto('cluster_owners').values(owners).execute();
  const clusterIds: string[] = [];
  for (const [i, c] of DEMO_CLUSTERS.entries()) {
    const id = uuidv7(Date.parse(opts.at) + 10 + i);
    clusterIds.push(id);
    await db.insertInto('clusters').values({ id, name: c.name, city: c.city, owner_id: owners[c.owner].id, created_at: opts.at }).execute();
    await db.insertInto('cluster_pincodes').values(c.pincodes.map((pincode) => ({ pincode, cluster_id: id }))).execute();
    const wh = c.warehouse === null ? undefined : opts.warehouseIds[c.warehouse];
    if (wh) await db.insertInto('warehouse_clusters').values({ warehouse_id: wh, cluster_id: id, assigned_at: opts.at }).execute();
  }
  const drivers = await db.selectFrom('drivers').select(['id', 'created_at']).orderBy('created_at').orderBy('id').execute();
  // One driver is inactive: one carrying no parcel just now.
  const carrying = new Set(
    (await db.selectFrom('delivery_orders').select('driver_id').where('order_status', 'in', ['ASSIGNED', 'OUT_FOR_DELIVERY']).execute()).map((r) => r.driver_id),
  );
  const idle = [...drivers].reverse().find((d) => !carrying.has(d.id))?.id;
  for (const [i, d] of drivers.entries()) {
    await db.updateTable('drivers').set({ vehicle: VEHICLES[i % VEHICLES.length], cluster_id: clusterIds[i % clusterIds.length], active: d.id === idle ? 0 : 1 }).where('id', '=', d.id).execute();
  }
  const orders = await db.selectFrom('delivery_orders').select(['awb', 'order_status', 'driver_id', 'customer_address', 'created_at', 'updated_at']).orderBy('awb').execute();
  const trails = [];
  const byDriver = new Map<string, string[]>();
  const startedAt = new Map<string, string>();
  for (const o of orders) {
    trails.push({ id: uuidv7(Date.parse(o.created_at)), awb: o.awb, status: 'PLACED', from_status: null, action: 'created', note: null, actor_id: null, actor_name: 'System', created_at: o.created_at });
    if (o.order_status !== 'PLACED') {
      trails.push({
        id: uuidv7(Date.parse(o.updated_at) + 1), awb: o.awb, status: o.order_status, from_status: 'PLACED', action: 'status', note: null, actor_id: null, actor_name: 'System',
        created_at: new Date(Date.parse(o.updated_at) + 1000).toISOString(),
      });
    }
    if (o.driver_id) {
      byDriver.set(o.driver_id, [...(byDriver.get(o.driver_id) ?? []), o.awb]);
      if (!startedAt.has(o.driver_id) || o.created_at < startedAt.get(o.driver_id)!) startedAt.set(o.driver_id, o.created_at);
    }
    if (o.order_status === 'DELIVERED') {
      const city = (JSON.parse(o.customer_address) as { city: string }).city;
      const c = CENTRES[city];
      if (c) {
        const jitter = (Number(o.awb.slice(-3)) % 50) / 2000;
        await db.updateTable('delivery_orders').set({ latitude: c[0] + jitter, longitude: c[1] - jitter, delivered_at: new Date(Date.parse(o.updated_at) + 1000).toISOString() }).where('awb', '=', o.awb).execute();
      }
    }
  }
  for (let i = 0; i < trails.length; i += 100) await db.insertInto('delivery_order_trails').values(trails.slice(i, i + 100)).execute();
  for (const [driverId, awbs] of byDriver) {
    const d = await db.selectFrom('drivers').select('cluster_id').where('id', '=', driverId).executeTakeFirst();
    const id = uuidv7(Date.parse(opts.at) + 100 + awbs.length);
    await db.insertInto('journeys').values({ id, driver_id: driverId, cluster_id: d?.cluster_id ?? null, created_by: 'Platform Admin', orders: awbs.length, created_at: startedAt.get(driverId) ?? opts.at }).execute();
    await db.insertInto('journey_orders').values(awbs.map((awb) => ({ journey_id: id, awb }))).execute();
  }
}
