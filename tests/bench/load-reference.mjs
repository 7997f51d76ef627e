// The reference of tests/bench/load.bench.ts: the same four requests answered by
// a bare node:http server over better-sqlite3 (prepared statements, no framework,
// no validation), on a copy of the same database taken after sign-in, in a
// process of its own. It does the same work the app does: looks the session up
// by its cookie (signed-in routes), reads what the app's answer carries (the
// list's rows, their items and the counts; the order with its items, timeline
// and credit notes) and writes what a push writes (stock, trail, the device's seq).
// `node tests/bench/load-reference.mjs <db file> <port>`.
import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';

const [file, port] = process.argv.slice(2);
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS ref_clients (client_id TEXT PRIMARY KEY, last_seq INTEGER NOT NULL)');
const session = db.prepare(`SELECT sessions.id, sessions.role, sessions.expires_at, users.company_id, users.warehouse_id FROM sessions
  JOIN users ON users.id = sessions.user_id WHERE sessions.id = ?`);
const cols = 'id, company_id, warehouse_id, shop_order_id, external_order_id, status, shop_type, order_type, payment_mode, total_paise, tracking_number, shipper, customer_name, customer_phone, shipping_city, shipping_state, shipping_pincode, remittance_status, created_at, updated_at';
const list = db.prepare(`SELECT ${cols} FROM orders WHERE company_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`);
const itemStatements = new Map();
const itemsOf = (ids) => {
  let st = itemStatements.get(ids.length);
  if (!st) itemStatements.set(ids.length, (st = db.prepare(`SELECT id, order_id, title, sku, quantity, catalogue_id FROM order_items WHERE order_id IN (${ids.map(() => '?').join(', ') || "''"})`)));
  return st.all(...ids);
};
const counts = db.prepare('SELECT status, sum(count) AS n FROM order_status_counts WHERE company_id = ? GROUP BY status');
const missed = db.prepare('SELECT count(*) AS n FROM missed_orders WHERE company_id = ?');
const requests = db.prepare("SELECT count(*) AS n FROM customer_requests WHERE status = 'OPEN' AND company_id = ?");
const order = db.prepare('SELECT orders.*, companies.name AS company_name, companies.whatsapp_ndr_active, companies.clickpost_active FROM orders JOIN companies ON companies.id = orders.company_id WHERE orders.id = ? AND orders.company_id = ?');
const items = db.prepare('SELECT * FROM order_items WHERE order_id = ?');
const trails = db.prepare('SELECT * FROM order_trails WHERE order_id = ? ORDER BY created_at, id');
const notes = db.prepare('SELECT * FROM credit_notes WHERE order_id = ? ORDER BY created_at');
const byAwb = db.prepare('SELECT id, status, shipper, shipping_state, pickup_state, shop_order_id, tracking_number, updated_at FROM orders WHERE tracking_number = ?');
const timeline = db.prepare('SELECT status, description, city, created_at FROM order_trails WHERE order_id = ? ORDER BY created_at');
const lastSeq = db.prepare('SELECT last_seq FROM ref_clients WHERE client_id = ?');
const setSeq = db.prepare('INSERT INTO ref_clients (client_id, last_seq) VALUES (?, ?) ON CONFLICT(client_id) DO UPDATE SET last_seq = excluded.last_seq');
const stock = db.prepare('UPDATE inventory SET quantity = quantity + ? WHERE warehouse_id = ? AND company_id = ? AND wsin = ? RETURNING id, quantity');
const trail = db.prepare(`INSERT INTO inventory_trail (id, inventory_id, warehouse_id, company_id, wsin, kind, delta, accepted, rejected, quantity_after, remarks, created_at)
  VALUES (?, ?, ?, ?, ?, 'inbound', ?, ?, ?, ?, ?, ?)`);
const push = db.transaction((clientId, commands) => {
  let seq = lastSeq.get(clientId)?.last_seq ?? 0;
  const results = [];
  for (const c of commands) {
    if (c.seq <= seq) { results.push({ seq: c.seq, status: 'skipped' }); continue; }
    const a = c.args;
    const row = stock.get(a.accepted, a.warehouseId, a.companyId, a.wsin);
    trail.run(randomUUID(), row.id, a.warehouseId, a.companyId, a.wsin, a.accepted, a.accepted, a.rejected, row.quantity, a.remarks, new Date().toISOString());
    seq = c.seq;
    results.push({ seq: c.seq, status: 'applied' });
  }
  setSeq.run(clientId, seq);
  return { lastSeq: seq, results };
});

/** The signed-in user of the request, as the app's session middleware finds it. */
function signedIn(req) {
  const token = /(?:^|;\s*)sd_session=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  if (!token) return null;
  const s = session.get(createHash('sha256').update(token).digest('hex'));
  return s && s.expires_at > new Date().toISOString() ? s : null;
}

const json = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
};

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const parts = url.pathname.split('/');
  if (req.method === 'GET' && parts[2] === 'order' && parts[3]) {
    const o = byAwb.get(parts[3]);
    return o ? json(res, 200, { status: true, order: o, timeline: timeline.all(o.id) }) : json(res, 404, { status: false });
  }
  const s = signedIn(req);
  if (!s) return json(res, 401, { status: false });
  if (req.method === 'GET' && url.pathname === '/api/orders') {
    const page = Number(url.searchParams.get('page') ?? 1);
    const size = Number(url.searchParams.get('pageSize') ?? 20);
    const rows = list.all(s.company_id, size, (page - 1) * size);
    return json(res, 200, {
      status: true, order: rows, items: itemsOf(rows.map((r) => r.id)), count: counts.all(s.company_id),
      missedOrderCount: missed.get(s.company_id).n, customerRequestCount: requests.get(s.company_id).n,
    });
  }
  if (req.method === 'GET' && parts[2] === 'orders' && parts[3]) {
    const o = order.get(parts[3], s.company_id);
    return o ? json(res, 200, { status: true, data: { ...o, items: items.all(o.id), trails: trails.all(o.id), creditNotes: notes.all(o.id) } }) : json(res, 404, { status: false });
  }
  if (req.method === 'POST' && url.pathname === '/api/sync/push') {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      json(res, 200, push(body.clientId, body.commands));
    });
    return;
  }
  json(res, 404, { status: false });
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
