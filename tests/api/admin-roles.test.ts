import { beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let agents: Record<'seller' | 'warehouse' | 'admin', Agent>;

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 20 }));
  agents = { seller: await signInDemo(app, 'seller'), warehouse: await signInDemo(app, 'warehouse'), admin: await signInDemo(app, 'admin') };
}, 60_000);

/** Every /api/admin route the app serves (the registered handlers, not a hand-kept list). */
function adminRoutes() {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of app.routes) {
    if (!r.path.startsWith('/api/admin/') || r.method === 'ALL') continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const concrete = (path: string) => path.replace(/:([A-Za-z]+)/g, (_m, name) => (name === 'awb' ? 'LM700001' : 'x0000000-0000-7000-8000-000000000001'));

describe('every /admin route is the admin\'s alone', () => {
  it('finds the admin calls of the spec among the routes', () => {
    const paths = adminRoutes().map((r) => `${r.method} ${r.path}`);
    for (const p of [
      'GET /api/admin/orders', 'GET /api/admin/orders/:awb', 'GET /api/admin/orders/filter/count', 'GET /api/admin/csv/orders/download',
      'POST /api/admin/csv/orders/download/email', 'GET /api/admin/journey', 'GET /api/admin/journey/:id', 'GET /api/admin/journey/csv',
      'GET /api/admin/journey/filter/count', 'POST /api/admin/journey/download/email', 'GET /api/admin/clusters', 'GET /api/admin/warehouses',
      'GET /api/admin/cluster-owner', 'GET /api/admin/warehouse-user', 'GET /api/admin/drivers', 'GET /api/admin/driver/:id', 'POST /api/admin/drivers',
      'POST /api/admin/create-driver', 'POST /api/admin/create-cluster-owner', 'POST /api/admin/create-warehouse-owner', 'POST /api/admin/create-cluster',
      'POST /api/admin/assign-cluster', 'POST /api/admin/create-warehouse', 'POST /api/admin/drivers/assigned-orders',
      'POST /api/admin/order/mark-as-delivered', 'POST /api/admin/order/mark-as-undelivered', 'POST /api/admin/order/mark-as-cancelled',
      'POST /api/admin/order/mark-as-rto-delivered',
    ]) {
      expect(paths).toContain(p);
    }
  });

  for (const who of ['seller', 'warehouse'] as const) {
    it(`refuses the ${who} with 403 on every one of them, changing nothing`, async () => {
      const before = await db.selectFrom('delivery_orders').select(['awb', 'order_status', 'version']).orderBy('awb').execute();
      const drivers = await db.selectFrom('drivers').select('id').execute();
      const routes = adminRoutes();
      expect(routes.length).toBeGreaterThan(25);
      for (const r of routes) {
        const res = await agents[who].json(concrete(r.path), {
          method: r.method,
          body: r.method === 'GET' ? undefined : { awb: 'LM700001', requestId: 'req-000000001', reason: 'Other', timeStamp: new Date().toISOString(), email: 'x@example.com' },
        });
        expect({ route: `${r.method} ${r.path}`, status: res.status }).toEqual({ route: `${r.method} ${r.path}`, status: 403 });
      }
      expect(await db.selectFrom('delivery_orders').select(['awb', 'order_status', 'version']).orderBy('awb').execute()).toEqual(before);
      expect(await db.selectFrom('drivers').select('id').execute()).toEqual(drivers);
    });
  }

  it('lets the admin through (no 403) on the same routes', async () => {
    for (const r of adminRoutes().filter((x) => x.method === 'GET')) {
      const res = await agents.admin.request(concrete(r.path));
      expect({ route: r.path, forbidden: res.status === 403 }).toEqual({ route: r.path, forbidden: false });
    }
  });

  it('refuses an anonymous caller with 401', async () => {
    const res = await app.request('/api/admin/orders');
    expect(res.status).toBe(401);
  });

  it('get-all-clusters is open to the warehouse user, not to the seller', async () => {
    const w = await agents.warehouse.json('/api/clusters');
    expect(w.status).toBe(200);
    expect(w.body.cluster.length).toBeGreaterThan(0);
    expect(w.body.cluster[0]).toHaveProperty('clusterPincode');
    expect((await agents.seller.json('/api/clusters')).status).toBe(403);
  });
});
