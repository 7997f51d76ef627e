// The floor's cluster filter matches the cluster's pincodes
// against the order's delivery pincode, which the pulled floor document carries.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Cluster } from '../../domain/admin';
import { clusterMatcher } from '../../domain/cluster-match';
import type { FloorOrderDoc } from '../../domain/floor';
import { DEMO_COMPANIES, DEMO_WAREHOUSES } from '../../db/seed';
import type { PullResponse } from '../../sync/protocol';
import { makeTestApp, signInDemo, type Agent } from './helpers';

let t: Awaited<ReturnType<typeof makeTestApp>>;
let wh: Agent;
const C0: string = DEMO_COMPANIES[0].id;
const W0: string = DEMO_WAREHOUSES[0].id;

beforeAll(async () => {
  t = await makeTestApp({ orders: 200 });
  wh = await signInDemo(t.app, 'warehouse');
}, 60_000);

describe('cluster filter on the floor', () => {
  it('pulls the delivery pincode with each floor order; an order in a cluster pincode shows, one outside does not', async () => {
    const clusters = await wh.json<{ cluster: Cluster[] }>('/api/clusters');
    expect(clusters.status).toBe(200);
    const cluster = clusters.body.cluster.find((c) => c.clusterPincode.length > 0)!;
    expect(cluster).toBeDefined();
    const allPincodes = new Set(clusters.body.cluster.flatMap((c) => c.clusterPincode));
    const outside = ['999999', '999998', '999997'].find((p) => !allPincodes.has(p))!;

    const [inside, other] = await t.db.selectFrom('orders').select(['id']).where('company_id', '=', C0).where('warehouse_id', '=', W0).where('status', '=', 'PLACED').orderBy('id').limit(2).execute();
    // Same city for both: only the pincode decides.
    await t.db.updateTable('orders').set({ shipping_pincode: cluster.clusterPincode[0], shipping_city: cluster.city }).where('id', '=', inside.id).execute();
    await t.db.updateTable('orders').set({ shipping_pincode: outside, shipping_city: cluster.city }).where('id', '=', other.id).execute();

    const pulled = await wh.json<PullResponse>('/api/sync/pull', { method: 'POST', body: { clientId: `cluster-device-${Date.now()}`, cookie: null, scope: { companyIds: [C0] } } });
    expect(pulled.status).toBe(200);
    const docs = pulled.body.patch.filter((op) => op.op === 'put' && op.table === 'orders').map((op) => (op as { value: FloorOrderDoc }).value);
    const byId = new Map(docs.map((d) => [d.id, d]));
    expect(byId.get(inside.id)?.pincode).toBe(cluster.clusterPincode[0]);
    expect(byId.get(other.id)?.pincode).toBe(outside);
    // Every pulled order carries its delivery pincode.
    expect(docs.every((d) => typeof d.pincode === 'string' && d.pincode.length === 6)).toBe(true);

    const matches = clusterMatcher(cluster);
    const shown = docs.filter(matches).map((d) => d.id);
    expect(shown).toContain(inside.id);
    expect(shown).not.toContain(other.id);
  });
});
