// The demo's timelines look real. Each seeded order's trail
// starts in its warehouse's city, stays there until the courier picks it up,
// passes through at most one hub city each way, and ends its last mile in the
// delivery city; a return travels back to the warehouse. No hopping between
// unrelated cities.
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WAREHOUSES } from '../../db/seed';
import { makeTestApp } from './helpers';

type Trail = { status: string; city: string | null };
type Order = { id: string; status: string; whCity: string; destCity: string; trail: Trail[] };
let orders: Order[] = [];

beforeAll(async () => {
  const { db } = await makeTestApp({ orders: 400 });
  const whCity = new Map<string, string>(DEMO_WAREHOUSES.map((w) => [w.id, w.city]));
  const rows = await db.selectFrom('orders').select(['id', 'status', 'warehouse_id', 'shipping_city']).execute();
  const trails = await db.selectFrom('order_trails').select(['order_id', 'status', 'city', 'created_at', 'id']).orderBy('created_at').orderBy('id').execute();
  const byOrder = new Map<string, Trail[]>();
  for (const t of trails) {
    const list = byOrder.get(t.order_id) ?? [];
    list.push({ status: t.status, city: t.city });
    byOrder.set(t.order_id, list);
  }
  orders = rows.map((r) => ({ id: r.id, status: r.status, whCity: whCity.get(r.warehouse_id ?? '') ?? '?', destCity: r.shipping_city ?? '', trail: byOrder.get(r.id) ?? [] }));
  expect(orders.length).toBe(400);
}, 120_000);

const PRE_PICKUP = ['PLACED', 'PROCESSED', 'READY_TO_SHIP', 'SHIPPED', 'UNSERVICEABLE', 'CANCELLED'];
const LAST_MILE = ['OUT_FOR_DELIVERY', 'DELIVERED', 'UNDELIVERED'];

describe('seeded timelines', () => {
  it('start in the warehouse city and stay there until pickup', () => {
    for (const o of orders) {
      expect(o.trail[0]?.city, o.id).toBe(o.whCity);
      for (const t of o.trail.filter((t) => PRE_PICKUP.includes(t.status))) expect(t.city, `${o.id} ${t.status}`).toBe(o.whCity);
    }
  });

  it('do the last mile in the delivery city, and a delivered order ends there', () => {
    for (const o of orders) {
      for (const t of o.trail.filter((t) => LAST_MILE.includes(t.status))) expect(t.city, `${o.id} ${t.status}`).toBe(o.destCity);
      if (o.status === 'DELIVERED') expect(o.trail.at(-1)?.city, o.id).toBe(o.destCity);
    }
  });

  it('pass through at most one other city each way, and bring a return back to the warehouse', () => {
    let sawHub = false;
    for (const o of orders) {
      const returnAt = o.trail.findIndex((t) => t.status.startsWith('RTO') || t.status.startsWith('DTO'));
      const out = returnAt < 0 ? o.trail : o.trail.slice(0, returnAt);
      const back = returnAt < 0 ? [] : o.trail.slice(returnAt);
      const others = (leg: Trail[]) => new Set(leg.map((t) => t.city).filter((c) => c !== o.whCity && c !== o.destCity));
      expect(others(out).size, `${o.id} outbound ${JSON.stringify(out)}`).toBeLessThanOrEqual(1);
      expect(others(back).size, `${o.id} return ${JSON.stringify(back)}`).toBeLessThanOrEqual(1);
      if (others(out).size === 1) sawHub = true;
      const arrived = back.filter((t) => /^(RTO|DTO)_(DELIVERED|PROCESSED)$/.test(t.status));
      for (const t of arrived) expect(t.city, `${o.id} ${t.status}`).toBe(o.whCity);
    }
    // Parcels between regions do pass a hub (the demo is not all same-city deliveries).
    expect(sawHub).toBe(true);
  });
});
