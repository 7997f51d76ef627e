// The warehouse user's cluster filter on the orders list (part 1 §6: "Cluster
// filter ... WMS only"): GET /api/orders?cluster=<id> lists the orders whose
// delivery pincode is one of the cluster's pincodes, through every page.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../domain/admin';
import { company } from './orders-fixtures';
import { makeTestApp, signInDemo, type Agent, type TestApp } from './helpers';

let app: TestApp;
let db: Awaited<ReturnType<typeof makeTestApp>>['db'];
let seller: Agent;
let warehouse: Agent;
let admin: Agent;
let cluster: Cluster;
const companies = [0, 1, 2, 3].map(company);

beforeAll(async () => {
  ({ app, db } = await makeTestApp({ orders: 600 }));
  [seller, warehouse, admin] = await Promise.all([signInDemo(app, 'seller'), signInDemo(app, 'warehouse'), signInDemo(app, 'admin')]);
  await warehouse.json('/api/auth/selected-companies', { method: 'PUT', body: { companyIds: companies } });
  const list = await warehouse.json<{ cluster: Cluster[] }>('/api/clusters');
  expect(list.status).toBe(200);
  cluster = list.body.cluster.find((c) => c.clusterPincode.length >= 2)!;
  expect(cluster).toBeDefined();
  // Every 7th order is sent to one of the cluster's pincodes, so the cluster spans pages, companies and statuses.
  const ids = (await db.selectFrom('orders').select('id').orderBy('id').execute()).map((r) => r.id);
  for (let i = 0; i < ids.length; i += 7) {
    await db.updateTable('orders').set({ shipping_pincode: cluster.clusterPincode[(i / 7) % 2] }).where('id', '=', ids[i]).execute();
  }
}, 60_000);

type ListBody = { order: { id: string; pincode: string; status: string }[]; currentCount: number; page: { nextCursor: string | null } };

async function walkAll(agent: Agent, params: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let total = -1;
  for (let i = 0; i < 100; i++) {
    const r: { status: number; body: ListBody } = await agent.json<ListBody>(`/api/orders?${new URLSearchParams({ pageSize: '20', ...params, ...(cursor ? { cursor } : {}) })}`);
    expect(r.status).toBe(200);
    if (total < 0) total = r.body.currentCount;
    ids.push(...r.body.order.map((o) => o.id));
    cursor = r.body.page.nextCursor;
    if (!cursor) break;
  }
  return { ids, total };
}

async function expected(statuses?: string[]) {
  const pins = new Set(cluster.clusterPincode);
  const rows = await db
    .selectFrom('orders')
    .select(['id', 'shipping_pincode', 'status'])
    .where('company_id', 'in', companies)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.filter((o) => pins.has(o.shipping_pincode) && (!statuses || statuses.includes(o.status))).map((o) => o.id);
}

describe('GET /api/orders?cluster=', () => {
  it("lists exactly the orders delivered into the cluster's pincodes, newest first, over every page, with their count", async () => {
    const want = await expected();
    expect(want.length).toBeGreaterThan(40);
    const got = await walkAll(warehouse, { cluster: cluster.clusterId });
    expect(got.ids).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('combines with a status filter', async () => {
    const status = (await db.selectFrom('orders').select('status').where('shipping_pincode', 'in', cluster.clusterPincode).executeTakeFirstOrThrow()).status;
    const want = await expected([status]);
    expect(want.length).toBeGreaterThan(0);
    const got = await walkAll(warehouse, { cluster: cluster.clusterId, status });
    expect(got.ids).toEqual(want);
  });

  it('an unknown cluster is "Cluster not found"; a seller is told the filter is for warehouse users', async () => {
    const unknown = await warehouse.json<{ message: string }>('/api/orders?cluster=no-such-cluster');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Cluster not found');
    const bySeller = await seller.json<{ message: string }>(`/api/orders?cluster=${cluster.clusterId}`);
    expect(bySeller.status).toBe(400);
    expect(bySeller.body.message).toBe('The cluster filter is for warehouse users');
  });

  it('the admin, who keeps the clusters, may use it too', async () => {
    const r = await admin.json<ListBody>(`/api/orders?${new URLSearchParams({ cluster: cluster.clusterId, pageSize: '200' })}`);
    expect(r.status).toBe(200);
    expect(r.body.order.length).toBeGreaterThan(0);
    expect(r.body.order.every((o) => cluster.clusterPincode.includes(o.pincode))).toBe(true);
  });
});
