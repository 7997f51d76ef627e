/**
 * Store orders in (docs/integrations/shopify.md):
 *  - channels.webhook_ack_p95_ms: a signed Shopify orders/create webhook through
 *    the app (the HMAC over the raw body checked, the delivery queued as a
 *    durable task, 200 answered), p95 over many deliveries; goal under 10 ms.
 *    Reference: GET /api/health through the same app, p95 over as many
 *    requests (what any answer of the app costs).
 *  - channels.import_1000_ms: 1,000 queued webhook orders imported into orders
 *    by the task worker (parse, SKUs matched, the order made with its items,
 *    GST and warehouse, the store link recorded). Reference: the same 1,000
 *    orders (same customer, address, lines and prices) made through the bulk
 *    order path (edge-api/services/bulk/orders.ts orderBatch, what a bulk
 *    upload runs), on the same database.
 * SQLite in a file (WAL), as the server runs by default.
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { connect } from '../../db/connect';
import { migrateToLatest } from '../../db/migrate';
import { DEMO_COMPANIES, seed } from '../../db/seed';
import type { BulkRow } from '../../domain/bulk/rules';
import { createApp, defaultConfig } from '../../edge-api/app';
import { createConnection } from '../../edge-api/integrations/connections';
import { TASK_HANDLERS } from '../../edge-api/integrations/handlers';
import { CONNECTION_KINDS } from '../../edge-api/integrations/kinds';
import { drainTasks } from '../../edge-api/integrations/tasks';
import { orderBatch } from '../../edge-api/services/bulk/orders';
import { percentile, round, type BenchResult } from './stats';

const ORDER = JSON.parse(fs.readFileSync(new URL('../fixtures/channels/shopify-order.json', import.meta.url), 'utf8'));
const SECRET = 'shpss_bench_secret';

/** Store order i: the documentation's example order under its own id and name. */
const storeOrder = (i: number) => ({ ...ORDER, id: 9_000_000 + i, admin_graphql_api_id: `gid://shopify/Order/${9_000_000 + i}`, name: `#S${i}` });

/** The same order as bulk upload rows (one a line), for the reference. */
function bulkRows(i: number): BulkRow[] {
  const a = ORDER.shipping_address;
  return (ORDER.line_items as { sku: string; title: string; quantity: number; price: string }[]).map((l, n) => ({
    id: `#B${i}`, length: '20', breadth: '15', height: '10', weight: '500', paymentMethod: 'cod', itemName: l.title, itemQuantity: String(l.quantity),
    discount: n === 0 ? ORDER.total_discounts : '0', sku: l.sku, name: `${a.first_name} ${a.last_name}`, phone: '9845012345', email: ORDER.email, line1: a.address1,
    line2: a.city, city: a.city, state: a.province, pincode: a.zip, awb: '', deliveryPartner: '', shippingLabelUrl: '', invoiceUrl: '', shippingPrice: ORDER.shipping_lines[0].price,
    itemPrice: l.price, ewayBill: '', warehouseId: '', backdate: '', purchaseOrderNumber: '', isb2bOrder: 'no', isD2ROrder: 'no', beatId: '', dueDate: '',
  }) as unknown as BulkRow);
}

async function setup(dir: string) {
  const dbh = connect({ file: path.join(dir, 'app.db') });
  await migrateToLatest(dbh.db);
  await seed(dbh, { orders: 200, pincodes: false });
  const config = defaultConfig({ dataDir: dir });
  const app = createApp({ dbh, logger: pino({ level: 'silent' }), config });
  const companyId = DEMO_COMPANIES[0].id;
  const conn = await createConnection(dbh, config, CONNECTION_KINDS, { id: null, name: 'Bench', role: 'admin', scope: null }, {
    kind: 'shopify', label: 'Bench store', companyId, settings: { shopDomain: 'bench-store.myshopify.com' }, secrets: { accessToken: 'shpat_bench', clientSecret: SECRET },
  });
  return { dbh, config, app, companyId, connectionId: conn.id };
}

function webhook(app: ReturnType<typeof createApp>, connectionId: string, order: unknown, delivery: string) {
  const body = JSON.stringify(order);
  return app.request(`/api/integrations/shopify/${connectionId}/webhook`, {
    method: 'POST', body,
    headers: {
      'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': delivery, 'x-shopify-shop-domain': 'bench-store.myshopify.com',
      'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
    },
  });
}

export async function benchChannels({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sd-channels-bench-'));
  const { dbh, config, app, companyId, connectionId } = await setup(dir);
  const log = pino({ level: 'silent' });
  try {
    const n = 1000;
    // Warm-up: a few of each request.
    for (let i = 0; i < 20; i++) {
      await webhook(app, connectionId, storeOrder(-1 - i), `warm-${i}`);
      await app.request('/api/health');
    }
    await drainTasks(dbh, config, log, TASK_HANDLERS);

    // The acknowledgement of each of n deliveries (each a new order, so each is queued).
    const ack: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await webhook(app, connectionId, storeOrder(i), `bench-${i}`);
      ack.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${await res.text()}`);
    }
    const health: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await app.request('/api/health');
      health.push(performance.now() - t);
    }

    // The n queued orders imported by the task worker.
    const before = Number((await dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const t = performance.now();
    const ran = await drainTasks(dbh, config, log, TASK_HANDLERS);
    const importMs = performance.now() - t;
    const after = Number((await dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    if (after - before !== n) throw new Error(`${ran} tasks made ${after - before} orders, not ${n}`);

    // Reference: the same orders through the bulk order path.
    const seller = await dbh.db.selectFrom('users').select(['id', 'name']).where('email', '=', 'seller@shipdesk.in').executeTakeFirstOrThrow();
    const actor = { id: seller.id, name: seller.name, role: 'seller' as const, companyId, warehouseId: null, scope: [companyId] };
    const groups = Array.from({ length: n }, (_, i) => bulkRows(i));
    const tb = performance.now();
    const batch = await orderBatch(dbh, actor, groups.flat());
    let made = 0;
    for (const rows of groups) if (await batch.create(rows)) made++;
    const bulkMs = performance.now() - tb;
    if (made !== n) throw new Error(`the bulk path made ${made} orders, not ${n}`);

    const p95 = round(percentile(ack, 0.95));
    const ref95 = round(percentile(health, 0.95));
    return [
      {
        name: 'channels.webhook_ack_p95_ms', value: p95, unit: 'ms', reference: ref95, ratio: round(p95 / ref95),
        data: `${n} signed orders/create deliveries (HMAC checked, task queued, 200) on SQLite; p50 ${round(percentile(ack, 0.5))} ms, p90 ${round(percentile(ack, 0.9))} ms; goal < 10 ms; reference GET /api/health p95; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores${quick ? ' (--quick runs the same)' : ''}`,
      },
      {
        name: 'channels.import_1000_ms', value: Math.round(importMs), unit: 'ms', reference: Math.round(bulkMs), ratio: round(importMs / bulkMs),
        data: `${n} queued webhook orders (2 lines each) imported by the task worker; reference the same ${n} orders through the bulk order path (orderBatch)`,
      },
    ];
  } finally {
    await dbh.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
