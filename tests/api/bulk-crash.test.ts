// Bulk order submits across a crash: a real server process is killed (SIGKILL) in the middle of
// uploads of 3-row orders (12 users posting a file each at once). Every order it wrote is whole (its 3 rows, its ledger row); the same file
// sent again to a server started on the same database reports every order as done and makes none twice.
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../db/connect';
import { DEMO_COMPANIES } from '../../db/seed';
import { DEMO_LOGINS } from '../../db/seed-data';
import { startServer } from '../e2e/server';

const PREFIX = 'CRASH-';
/** Files posted at once (a submit takes at most 100 rows: 33 orders of 3 rows each). */
const FILES = 12;
const PER_FILE = 33;
const ORDERS = FILES * PER_FILE;
type Server = Awaited<ReturnType<typeof startServer>>;
const servers: Server[] = [];
let dbh: DbHandle | undefined;
afterAll(async () => {
  await dbh?.destroy();
  for (const s of servers.reverse()) await s.stop();
});

/** Signs the demo seller in over HTTP; answers a JSON poster carrying the session cookie and XSRF token. */
async function sellerOf(url: string) {
  const login = DEMO_LOGINS.find((l) => l.role === 'seller' && !('company' in l))!;
  const a = await fetch(`${url}/api/auth/authenticate`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: login.email, password: login.password, appType: login.appType }),
  });
  const auth = (await a.json()) as { xsrfToken: string; oauthCode: string };
  const l = await fetch(`${url}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': auth.xsrfToken }, body: JSON.stringify({ oauthCode: auth.oauthCode }),
  });
  expect(l.status).toBe(200);
  const cookie = l.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return (p: string, body: unknown) =>
    fetch(url + p, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': auth.xsrfToken, cookie }, body: JSON.stringify(body) });
}

function row(id: string, sku: string, quantity: number) {
  return {
    id, length: '20', breadth: '15', height: '10', weight: '750', paymentMethod: 'cod', itemName: 'Item', itemQuantity: String(quantity), discount: '0', sku,
    name: 'Asha Verma', phone: '9876543210', email: 'asha@example.com', line1: '12 MG Road', line2: 'Near Metro', city: 'Mumbai', state: 'Maharashtra',
    pincode: '400001', awb: '', deliveryPartner: '', shippingLabelUrl: '', invoiceUrl: '', shippingPrice: '50', itemPrice: '', ewayBill: '', warehouseId: '',
    backdate: '', purchaseOrderNumber: '', isb2bOrder: 'no', isD2ROrder: 'no', beatId: '', dueDate: '',
  };
}

/** The file's orders as they stand in the database: shop order id → its item rows. */
async function ordersOnDisk(db: DbHandle['db']) {
  const items = await db.selectFrom('orders').leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .select(['orders.shop_order_id', 'order_items.id as item']).where('orders.company_id', '=', DEMO_COMPANIES[0].id).where('orders.shop_order_id', 'like', `${PREFIX}%`).execute();
  const byOrder = new Map<string, number>();
  for (const i of items) byOrder.set(i.shop_order_id, (byOrder.get(i.shop_order_id) ?? 0) + (i.item ? 1 : 0));
  const orders = await db.selectFrom('orders').select(['shop_order_id']).where('company_id', '=', DEMO_COMPANIES[0].id).where('shop_order_id', 'like', `${PREFIX}%`).execute();
  return { orders: orders.length, distinct: new Set(orders.map((o) => o.shop_order_id)).size, rows: byOrder };
}

describe('a bulk order upload killed mid-submit', () => {
  it('leaves each order whole or absent, and the same file sent again reports every order done, none made twice', { timeout: 300_000 }, async () => {
    const first = await startServer({ orders: 20, apiOnly: true });
    servers.push(first);
    dbh = connect({ file: path.join(first.dir, 'app.db') });
    const skus = (await dbh.db.selectFrom('catalogue_items').select('sku').where('company_id', '=', DEMO_COMPANIES[0].id).where('active', '=', 1).orderBy('sku').limit(3).execute()).map((r) => r.sku);
    expect(skus).toHaveLength(3);
    const files = Array.from({ length: FILES }, (_, f) => ({
      fileId: `crash-test-file-${f}`,
      rows: Array.from({ length: PER_FILE }, (_, n) => `${PREFIX}${f}-${String(n + 1).padStart(3, '0')}`).flatMap((id) => skus.map((sku, k) => row(id, sku, k + 1))),
    }));

    const post = await sellerOf(first.url);
    const answers = files.map((file) => post('/api/order/bulk', file).then((r) => r.status, () => 'killed' as const));
    // Kill the server once some orders are in, long before all are.
    let seen = 0;
    for (let t = 0; t < 3000 && seen < 20; t++) {
      await sleep(5);
      seen = (await ordersOnDisk(dbh.db)).orders;
    }
    first.child.kill('SIGKILL');
    expect(await Promise.all(answers)).toContain('killed');
    const crashed = await ordersOnDisk(dbh.db);
    expect(crashed.orders).toBeGreaterThanOrEqual(20);
    expect(crashed.orders).toBeLessThan(ORDERS); // killed mid-submit, not after
    expect([...crashed.rows.values()].every((n) => n === 3)).toBe(true); // whole orders only
    const ledger = await dbh.db.selectFrom('bulk_ledger').select('row_key').where('company_id', '=', DEMO_COMPANIES[0].id).where('row_key', 'like', `${PREFIX}%`).execute();
    expect(ledger.length).toBe(crashed.orders);

    // The user sends the same file again, to a server started on the same database.
    const second = await startServer({ orders: 20, apiOnly: true, dir: first.dir });
    servers.push(second);
    const postAgain = await sellerOf(second.url);
    for (const file of files) {
      const again = await postAgain('/api/order/bulk', file);
      expect(again.status).toBe(200);
      const body = (await again.json()) as { errorArray: unknown[]; executeErrors: number; executeSuccess: number };
      expect(body).toMatchObject({ errorArray: [], executeErrors: 0, executeSuccess: file.rows.length });
    }
    const after = await ordersOnDisk(dbh.db);
    expect(after.orders).toBe(ORDERS);
    expect(after.distinct).toBe(ORDERS);
    expect([...after.rows.values()].every((n) => n === 3)).toBe(true);
  });
});
