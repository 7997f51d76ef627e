import { sql, type Kysely } from 'kysely';
import type { DbHandle } from './connect';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';
import { hashPassword, PASSWORD_PARAMS, PRODUCTION_PASSWORD_PARAMS } from './password';
import { rebuildOrderStatusCounts } from './orders/status';
import { loadPincodes } from './pincodes/load';
import { seedCarriers } from './carriers/seed';
import { seedReturnRows } from './floor/seed-returns';
import { seedAdmin } from './admin/seed';
import { gtinCheckDigit } from '../domain/gs1';

/** An EAN-13 under India's GS1 prefix 890 with its check digit (the catalogue form checks it). */
const demoEan13 = (n: number) => {
  const body = `890${String(n).padStart(10, '0')}`.slice(0, 12);
  return `${body}${gtinCheckDigit(body)}`;
};
import { seedCompanyGstins } from './billing/seed-gstins';
import { COURIERS, DEMO_LOGINS, FIRST_NAMES, LANDMARKS, LAST_NAMES, PLACES, PRODUCTS, SERVICE_LEVELS, STREETS } from './seed-data';
import { STATUS_DESCRIPTIONS } from '../domain/tracking-rules';

/** Mulberry32: a small deterministic PRNG so the same seed gives the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}
type Rng = ReturnType<typeof prng>;

/** Deterministic UUIDv7 from a timestamp and the PRNG. */
function idAt(ms: number, rng: Rng): string {
  const hex = (n: number, len: number) => Math.floor(n).toString(16).padStart(len, '0');
  const ts = hex(ms, 12);
  const r = () => hex(rng.next() * 0x10000, 4);
  return `${ts.slice(0, 8)}-${ts.slice(8, 12)}-7${r().slice(1)}-${((8 + rng.int(0, 3)).toString(16))}${r().slice(1)}-${r()}${r()}${r()}`;
}

/** The path of statuses an order has been through to reach `status` (its timeline). */
export function statusPath(status: string): string[] {
  const forward = ['PLACED', 'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED'];
  const upTo = (s: string) => forward.slice(0, forward.indexOf(s) + 1);
  const ndr = [...upTo('OUT_FOR_DELIVERY'), 'UNDELIVERED'];
  const rto = [...ndr, 'RTO_IN_TRANSIT'];
  const dto = [...forward, 'DTO_PLACED'];
  const paths: Record<string, string[]> = {
    PLACED: ['PLACED'],
    PROCESSED: ['PLACED', 'PROCESSED'],
    UNSERVICEABLE: ['PLACED', 'UNSERVICEABLE'],
    CANCELLED: ['PLACED', 'CANCELLED'],
    UNDELIVERED: ndr,
    RTO_IN_TRANSIT: rto,
    RTO_OUT_FOR_DELIVERY: [...rto, 'RTO_OUT_FOR_DELIVERY'],
    RTO_UNDELIVERED: [...rto, 'RTO_OUT_FOR_DELIVERY', 'RTO_UNDELIVERED'],
    RTO_DELIVERED: [...rto, 'RTO_OUT_FOR_DELIVERY', 'RTO_DELIVERED'],
    RTO_PROCESSED: [...rto, 'RTO_OUT_FOR_DELIVERY', 'RTO_DELIVERED', 'RTO_PROCESSED'],
    DTO_PLACED: dto,
    DTO_CANCELLED: [...dto, 'DTO_CANCELLED'],
    DTO_IN_TRANSIT: [...dto, 'DTO_IN_TRANSIT'],
    DTO_OUT_FOR_DELIVERY: [...dto, 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY'],
    DTO_UNDELIVERED: [...dto, 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_UNDELIVERED'],
    DTO_DELIVERED: [...dto, 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_DELIVERED'],
    DTO_PROCESSED: [...dto, 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_DELIVERED', 'DTO_PROCESSED'],
  };
  return paths[status] ?? upTo(status);
}

// The timeline's own default texts, and what a carrier says for the statuses it has none for.
const DESCRIPTIONS: Record<string, string> = {
  ...STATUS_DESCRIPTIONS,
  // An NDR reason, as a carrier reports the failed attempt.
  UNDELIVERED: 'Customer not available at address',
  UNSERVICEABLE: 'Pincode not serviceable by courier',
  CANCELLED: 'Order cancelled by seller',
  RTO_PROCESSED: 'Return checked and processed',
  DTO_PLACED: 'Customer return scheduled',
  DTO_CANCELLED: 'Customer return cancelled',
  DTO_PROCESSED: 'Customer return checked and processed',
};

/** The sorting hub of a state's region, where a parcel leaving or reaching that state passes. */
const REGION_HUB: Record<string, string> = {
  Maharashtra: 'Bhiwandi', Goa: 'Bhiwandi', Gujarat: 'Ahmedabad', 'Madhya Pradesh': 'Nagpur',
  Karnataka: 'Bengaluru', Kerala: 'Bengaluru', 'Tamil Nadu': 'Chennai', Telangana: 'Hyderabad', 'Andhra Pradesh': 'Hyderabad',
  Delhi: 'Gurugram', Haryana: 'Gurugram', 'Uttar Pradesh': 'Gurugram', Punjab: 'Ludhiana', Chandigarh: 'Ludhiana',
  'Jammu and Kashmir': 'Ludhiana', Uttarakhand: 'Gurugram', Rajasthan: 'Jaipur',
  'West Bengal': 'Kolkata', Bihar: 'Kolkata', Odisha: 'Kolkata', Assam: 'Guwahati', Jharkhand: 'Kolkata',
};
const hubOf = (place: { city: string; state: string }) => REGION_HUB[place.state] ?? place.city;

/**
 * Where a seeded trail event happens: at the warehouse until pickup, at the
 * delivery region's hub in transit, in the delivery city for the last mile
 * and the attempts, and back through the buyer's hub to the warehouse for a
 * return (RTO or DTO).
 */
function trailCity(status: string, k: number, wh: { city: string; state: string }, dest: { city: string; state: string }): string {
  if (k === 0) return wh.city;
  switch (status) {
    case 'IN_TRANSIT':
      // The in-transit scan is at the hub serving the delivery city (the line haul's end).
      return hubOf(dest);
    case 'OUT_FOR_DELIVERY':
    case 'DELIVERED':
    case 'UNDELIVERED':
    case 'DTO_PLACED':
    case 'DTO_CANCELLED':
      return dest.city;
    case 'RTO_IN_TRANSIT':
    case 'DTO_IN_TRANSIT':
      return hubOf(dest);
    default:
      // Placed, packed, shipped (picked up), unserviceable, cancelled, and a return's arrival at the warehouse.
      return wh.city;
  }
}

// Weighted mix: most orders are in the forward flow, every status appears.
const STATUS_WEIGHTS: [string, number][] = [
  ['PLACED', 14], ['PROCESSED', 3], ['READY_TO_SHIP', 8], ['SHIPPED', 5], ['IN_TRANSIT', 10], ['OUT_FOR_DELIVERY', 4],
  ['DELIVERED', 30], ['UNDELIVERED', 3], ['UNSERVICEABLE', 2], ['CANCELLED', 4], ['RTO_IN_TRANSIT', 2],
  ['RTO_OUT_FOR_DELIVERY', 1], ['RTO_UNDELIVERED', 1], ['RTO_DELIVERED', 2], ['RTO_PROCESSED', 2], ['DTO_PLACED', 1],
  ['DTO_CANCELLED', 1], ['DTO_IN_TRANSIT', 1], ['DTO_OUT_FOR_DELIVERY', 1], ['DTO_UNDELIVERED', 1], ['DTO_DELIVERED', 2],
  ['DTO_PROCESSED', 2],
];
const WEIGHT_TOTAL = STATUS_WEIGHTS.reduce((s, [, w]) => s + w, 0);
function pickStatus(i: number, rng: Rng): string {
  // The first orders walk every status once so even a small seed covers them all.
  if (i < STATUS_WEIGHTS.length) return STATUS_WEIGHTS[i][0];
  let x = rng.next() * WEIGHT_TOTAL;
  for (const [s, w] of STATUS_WEIGHTS) if ((x -= w) < 0) return s;
  return 'PLACED';
}

export const SEED_ANCHOR = Date.parse('2026-11-21T06:00:00.000Z');
const DAY = 86_400_000;

export const DEMO_COMPANIES = [
  { id: 'c0000000-0000-7000-8000-000000000001', name: 'Chai Point Retail Pvt Ltd', prefix: 'CP', is_d2r: 0, place: 8, email: 'ops@chaipointretail.in', whatsapp: 1, clickpost: 1, approve: 0 },
  { id: 'c0000000-0000-7000-8000-000000000002', name: 'Khadi Threads LLP', prefix: 'KT', is_d2r: 0, place: 0, email: 'hello@khadithreads.in', whatsapp: 0, clickpost: 0, approve: 1 },
  { id: 'c0000000-0000-7000-8000-000000000003', name: 'Desi Naturals Distributors', prefix: 'DN', is_d2r: 1, place: 14, email: 'orders@desinaturals.in', whatsapp: 0, clickpost: 0, approve: 0 },
  { id: 'c0000000-0000-7000-8000-000000000004', name: 'Konkan Kitchenware Co', prefix: 'KK', is_d2r: 0, place: 1, email: 'care@konkankitchen.in', whatsapp: 1, clickpost: 0, approve: 0 },
] as const;
export const DEMO_WAREHOUSES = [
  { id: 'w0000000-0000-7000-8000-000000000001', code: 'BHW1', name: 'Bhiwandi Fulfilment Centre', city: 'Bhiwandi', state: 'Maharashtra', pincode: '421302', companies: [0, 1, 2, 3] },
  { id: 'w0000000-0000-7000-8000-000000000002', code: 'BLR1', name: 'Hoskote Fulfilment Centre', city: 'Hoskote', state: 'Karnataka', pincode: '562114', companies: [0, 2] },
] as const;

function gstin(stateCode: string, pan: string, rng: Rng) {
  return `${stateCode}${pan}${rng.int(1, 9)}Z${rng.int(0, 9)}`;
}
function pan(rng: Rng) {
  const L = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const l = () => L[rng.int(0, L.length - 1)];
  return `${l()}${l()}${l()}C${l()}${rng.int(1000, 9999)}${l()}`;
}
function phone(rng: Rng) {
  return `${rng.pick(['9', '8', '7', '6'])}${String(rng.int(0, 999_999_999)).padStart(9, '0')}`;
}

type Row = Record<string, unknown>;

/**
 * For a bulk load on SQLite: drops the non-unique secondary indexes of
 * `tables` (unique ones stay: they enforce constraints during the load) and
 * the status-count triggers (the counts are rebuilt once at the end of seed()),
 * and enlarges the page cache. The returned function recreates them all from
 * their stored SQL and restores the cache.
 */
function deferIndexes(sqlite: NonNullable<DbHandle['sqlite']>, tables: string[]): () => void {
  const defs = sqlite
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND tbl_name IN (${tables.map(() => '?').join(',')})
      AND ((type = 'index' AND sql NOT LIKE 'CREATE UNIQUE %') OR (type = 'trigger' AND (name LIKE 'order_status_counts_%' OR name LIKE 'order_items_summary_%')))`)
    .all(...tables) as { type: 'index' | 'trigger'; name: string; sql: string }[];
  const cache = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  for (const d of defs) sqlite.exec(`DROP ${d.type === 'index' ? 'INDEX' : 'TRIGGER'} "${d.name}"`);
  return () => {
    sqlite.exec('BEGIN');
    for (const d of defs) sqlite.exec(d.sql);
    sqlite.exec('COMMIT');
    sqlite.pragma(`cache_size = ${cache}`);
  };
}

/** Inserts many rows fast: one prepared statement per table on SQLite, multi-row batches on PostgreSQL. */
function makeInserter(h: DbHandle) {
  const stmts = new Map<string, { run: (...a: unknown[]) => unknown; cols: string[] }>();
  const pending = new Map<string, Row[]>();
  const insertNow = async (table: string, rows: Row[]) => {
    if (!rows.length) return;
    if (h.sqlite) {
      let st = stmts.get(table);
      if (!st) {
        const cols = Object.keys(rows[0]);
        const p = h.sqlite.prepare(`INSERT INTO ${table} (${cols.join(',')}) VALUES (${cols.map(() => '?').join(',')})`);
        st = { run: (...a) => p.run(...a), cols };
        stmts.set(table, st);
      }
      for (const r of rows) st.run(...st.cols.map((c) => r[c] as unknown));
    } else {
      // Rows of any table by name: the seed builds them as plain objects.
      const untyped = h.db as unknown as Kysely<Record<string, Row>>;
      const colCount = Object.keys(rows[0]).length;
      const per = Math.max(1, Math.floor(60000 / colCount));
      for (let i = 0; i < rows.length; i += per) {
        await untyped.insertInto(table).values(rows.slice(i, i + per)).execute();
      }
    }
  };
  let count = 0;
  // Flushing every table in first-seen order keeps parents ahead of their children.
  const flushAll = async () => {
    for (const [t, list] of pending) {
      if (list.length) {
        pending.set(t, []);
        await insertNow(t, list);
      }
    }
    count = 0;
  };
  return {
    add: async (table: string, row: Row) => {
      let list = pending.get(table);
      if (!list) pending.set(table, (list = []));
      list.push(row);
      if (++count >= 5000) await flushAll();
    },
    flush: async (_order?: string[]) => flushAll(),
  };
}

export type SeedOptions = { orders?: number; seed?: number; log?: (s: string) => void; /** Load the all-India pincode directory (default true). */ pincodes?: boolean };

/**
 * Fills an empty, migrated database with demo data. Deterministic for a given seed
 * (ids, names and dates; password hashes differ by salt). Returns counts.
 */
export async function seed(h: DbHandle, opts: SeedOptions = {}) {
  const total = opts.orders ?? 2500;
  const rng = prng(opts.seed ?? 20261122);
  const log = opts.log ?? (() => {});
  const ins = makeInserter(h);
  const iso = (ms: number) => new Date(ms).toISOString();
  const created = iso(SEED_ANCHOR - 120 * DAY);
  const STATE_CODES: Record<string, string> = { Karnataka: '29', Maharashtra: '27', 'Tamil Nadu': '33', Delhi: '07', 'West Bengal': '19', Gujarat: '24' };

  // Companies and warehouses
  for (const c of DEMO_COMPANIES) {
    const place = PLACES[c.place];
    const p = pan(rng);
    await h.db.insertInto('companies').values({
      id: c.id, name: c.name, email: c.email, phone: phone(rng), pan: p,
      gst: gstin(STATE_CODES[place.state] ?? '27', p, rng), website: `www.${c.email.split('@')[1]}`,
      poc: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, poc_phone: phone(rng),
      address: JSON.stringify({ line1: `${rng.int(1, 400)}, ${rng.pick(STREETS)}`, line2: rng.pick(LANDMARKS), city: place.city, state: place.state, pincode: place.pincode }),
      warehouse_requirement: null, is_d2r: c.is_d2r, whatsapp_ndr_active: c.whatsapp, clickpost_active: c.clickpost,
      approve_rts_returns: c.approve, tracking_layout: null, created_at: created,
      email_verified: c.email, // demo addresses count as verified (e-mail verification)
    }).execute();
  }
  for (const w of DEMO_WAREHOUSES) {
    const p = pan(rng);
    await h.db.insertInto('warehouses').values({
      id: w.id, code: w.code, name: w.name, email: `${w.code.toLowerCase()}@shipdesk.in`, phone: phone(rng), pan: p,
      gst: gstin(STATE_CODES[w.state] ?? '27', p, rng), website: 'www.shipdesk.in',
      address: JSON.stringify({ line1: `Plot ${rng.int(1, 90)}, Logistics Park`, line2: 'Industrial Area', landmark: rng.pick(LANDMARKS), city: w.city, state: w.state, pincode: w.pincode, country: 'India' }),
      invoice_prefix: `${w.code}-B2C-`, b2b_invoice_prefix: `${w.code}-B2B-`, b2c_index: 0, b2b_index: 0, active: 1, created_at: created,
      email_verified: `${w.code.toLowerCase()}@shipdesk.in`,
    }).execute();
    for (const ci of w.companies) {
      await h.db.insertInto('warehouse_companies').values({ warehouse_id: w.id, company_id: DEMO_COMPANIES[ci].id }).execute();
    }
  }

  // Users
  for (const u of DEMO_LOGINS) {
    // Logins naming their company have fixed ids, so adding one leaves every other seeded value unchanged.
    const own = 'company' in u ? u : null;
    await h.db.insertInto('users').values({
      id: 'id' in u ? u.id : own ? `u0000000-0000-7000-8000-${String(own.company + 1).padStart(12, '0')}` : idAt(SEED_ANCHOR - 120 * DAY, rng),
      // (a test run hashes at its own cheap parameters: the precomputed hashes are at production's)
      email: u.email, password_hash: (PASSWORD_PARAMS === PRODUCTION_PASSWORD_PARAMS ? DEMO_PASSWORD_HASHES[u.email] : undefined) ?? (await hashPassword(u.password)), role: u.role,
      name: 'name' in u ? u.name : u.role === 'admin' ? 'Platform Admin' : u.role === 'seller' ? 'Ritika Sharma' : 'Manoj Patil',
      company_id: own ? DEMO_COMPANIES[own.company].id : u.role === 'seller' ? DEMO_COMPANIES[0].id : null,
      warehouse_id: u.role === 'warehouse' ? DEMO_WAREHOUSES[0].id : null, created_at: created,
      email_verified_at: created, // demo addresses count as verified (e-mail verification)
    }).execute();
  }

  // Delivery partners
  const partnerIds: string[] = [];
  for (const c of COURIERS) {
    const id = `p0000000-0000-7000-8000-${c.code.padEnd(12, '0').slice(0, 12).replace(/[^0-9a-f]/g, '0')}${''}`;
    partnerIds.push(`dp-${c.code}`);
    void id;
    await h.db.insertInto('delivery_partners').values({
      id: `dp-${c.code}`, name: c.name, code: c.code, status: 1, hmac_secret: `whsec_${c.code}_demo`,
      service_levels: JSON.stringify(SERVICE_LEVELS[c.code]),
    }).execute();
  }

  // Catalogue, WSINs, inventory
  const catalogue: Record<string, { id: string; sku: string; title: string; price: number; gst: number; hsn: string; weight: number; wsin: string; multiplier: number }[]> = {};
  for (const [ci, c] of DEMO_COMPANIES.entries()) {
    catalogue[c.id] = [];
    for (const [pi, p] of PRODUCTS.entries()) {
      if ((pi + ci) % 4 === 3) continue; // each company sells most, not all, products
      const id = idAt(SEED_ANCHOR - 100 * DAY + pi * 1000 + ci, rng);
      const sku = `${c.prefix}-${String(pi + 1).padStart(4, '0')}`;
      const wsin = `W${c.prefix}${String(pi + 1).padStart(6, '0')}`;
      const multiplier = p.title.includes('Pack of') ? 4 : 1;
      catalogue[c.id].push({ id, sku, title: p.title, price: p.price, gst: p.gst, hsn: p.hsn, weight: p.weight, wsin, multiplier });
      const half = p.gst / 2;
      await ins.add('catalogue_items', {
        id, company_id: c.id, shop_type: 'manual', product_id: `${c.prefix}P${1000 + pi}`, variant_id: `${c.prefix}V${1000 + pi}`,
        product_title: p.title, variant_title: 'Default', category: p.category, product_type: p.category, sku,
        handle: p.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'), bar_code: demoEan13(rng.int(0, 9_999_999_999)),
        hsn_code: p.hsn, price_paise: p.price, base_price_paise: Math.round(p.price * 0.7), margin: 20, distributor_margin: 10,
        weight_g: p.weight, length_cm: 20, breadth_cm: 15, height_cm: 10, active: 1, image_urls: '[]',
        inventory_quantity: 0, d2r_category: c.is_d2r ? 'FMCG' : null,
        gst: JSON.stringify({ cgst: half, sgst: half, igst: p.gst, utgst: half, cess: 0 }), created_at: created, updated_at: created,
      });
      await ins.add('wsins', { wsin, company_id: c.id, product_name: p.title, created_at: created });
      await ins.add('catalogue_wsins', { catalogue_id: id, wsin, multiplier });
      for (const [wi, w] of DEMO_WAREHOUSES.entries()) {
        if (!(w.companies as readonly number[]).includes(ci)) continue;
        const qty = rng.int(20, 400);
        const invId = idAt(SEED_ANCHOR - 90 * DAY + pi * 10 + wi, rng);
        await ins.add('inventory', {
          id: invId, warehouse_id: w.id, company_id: c.id, wsin, location: `${String.fromCharCode(65 + (pi % 6))}-${String(1 + (pi % 12)).padStart(2, '0')}-${1 + wi}`,
          quantity: qty, blocked: 0, scanned_quantity: qty, version: 0, updated_at: created,
        });
        await ins.add('inventory_trail', {
          id: idAt(SEED_ANCHOR - 90 * DAY + pi * 10 + wi, rng), inventory_id: invId, warehouse_id: w.id, company_id: c.id, wsin,
          kind: 'inbound', delta: qty, accepted: qty, rejected: 0, quantity_after: qty, remarks: 'Opening stock', actor_id: null,
          actor_name: 'Manoj Patil', created_at: iso(SEED_ANCHOR - 20 * DAY),
        });
      }
    }
  }
  await ins.flush(['catalogue_items', 'wsins', 'catalogue_wsins', 'inventory', 'inventory_trail']);

  // Store addresses (retailers) for the D2R company
  const d2r = DEMO_COMPANIES[2];
  for (let i = 0; i < 40; i++) {
    const place = PLACES[(i * 7) % PLACES.length];
    await ins.add('store_addresses', {
      id: idAt(SEED_ANCHOR - 60 * DAY + i, rng), company_id: d2r.id,
      store_name: `${rng.pick(['Shree', 'Sai', 'New', 'Royal', 'Balaji', 'Ganesh'])} ${rng.pick(['Kirana', 'General Stores', 'Supermart', 'Provisions', 'Traders'])}`,
      first_name: rng.pick(FIRST_NAMES), last_name: rng.pick(LAST_NAMES), phone: phone(rng), email: null,
      address1: `Shop ${rng.int(1, 60)}, ${rng.pick(STREETS)}`, address2: rng.pick(LANDMARKS), pincode: place.pincode, city: place.city,
      state: place.state, gstin: i % 3 === 0 ? gstin('27', pan(rng), rng) : null, is_distributor: i % 10 === 0 ? 1 : 0, is_active: 1,
      mapped_to: null, latitude: 0, longitude: 0, created_at: created,
    });
  }
  await ins.flush(['store_addresses']);

  // Orders with items and timelines. On SQLite the secondary indexes of the
  // bulk-loaded tables (and the status-count triggers) are dropped for the
  // load and built again afterwards (one sort per index instead of a million
  // random inserts), with a larger page cache meanwhile; the rows are the same.
  const restoreBulk = h.sqlite ? deferIndexes(h.sqlite, ['orders', 'order_items', 'order_trails']) : () => {};
  const t0 = Date.now();
  const span = 90 * DAY;
  const begin = async () => { if (h.sqlite) h.sqlite.exec('BEGIN'); };
  const commit = async () => { if (h.sqlite) h.sqlite.exec('COMMIT'); };
  await begin();
  const counters = new Map<string, number>();
  for (let i = 0; i < total; i++) {
    const company = DEMO_COMPANIES[i % DEMO_COMPANIES.length];
    const ci = i % DEMO_COMPANIES.length;
    const wh = DEMO_WAREHOUSES.find((w) => (w.companies as readonly number[]).includes(ci) && (i % 3 !== 0 || w.code === 'BHW1')) ?? DEMO_WAREHOUSES[0];
    const status = pickStatus(i, rng);
    const createdMs = SEED_ANCHOR - span + Math.floor((i / total) * span) + rng.int(0, 60_000);
    const id = idAt(createdMs, rng);
    const n = (counters.get(company.id) ?? 10000) + 1;
    counters.set(company.id, n);
    const dest = rng.pick(PLACES);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const ph = phone(rng);
    const courier = COURIERS[i % COURIERS.length];
    const paymentMode = rng.next() < 0.45 ? 'cod' : rng.next() < 0.9 ? 'prepaid' : 'credit';
    const hasAwb = !['PLACED', 'PROCESSED', 'UNSERVICEABLE', 'CANCELLED'].includes(status);
    const items = catalogue[company.id];
    const count = rng.int(1, 3);
    let totalPaise = 0;
    let weight = 0;
    const itemRows: Row[] = [];
    for (let k = 0; k < count; k++) {
      const it = items[(i + k * 5) % items.length];
      const qty = rng.int(1, 3);
      totalPaise += it.price * qty;
      weight += it.weight * qty;
      const half = it.gst / 2;
      itemRows.push({
        id: idAt(createdMs, rng), order_id: id, catalogue_id: it.id, title: it.title, sku: it.sku, quantity: qty,
        final_price_paise: it.price, return_quantity: status.startsWith('DTO_') && status !== 'DTO_CANCELLED' ? 1 : 0, is_free: 0,
        hsn_code: it.hsn, gst: JSON.stringify({ cgst: half, sgst: half, igst: it.gst, utgst: half, cess: 0 }),
        wsin_mapping: JSON.stringify({ [it.wsin]: it.multiplier }),
      });
    }
    const shipping = totalPaise > 49900 ? 0 : 4900;
    const address = {
      firstName: first, lastName: last, phone: ph, email: `${first.toLowerCase()}.${last.toLowerCase()}@example.in`,
      address1: `${rng.int(1, 999)}, ${rng.pick(STREETS)}`, address2: rng.pick(LANDMARKS), city: dest.city, state: dest.state, pincode: dest.pincode,
    };
    const path = statusPath(status);
    const stepMs = Math.max(1, Math.min(DAY, (SEED_ANCHOR - createdMs) / (path.length + 1)));
    const updatedMs = createdMs + stepMs * (path.length - 1);
    await ins.add('orders', {
      id, company_id: company.id, warehouse_id: wh.id, shop_order_id: `${company.prefix}${n}`, external_order_id: `#${n}`,
      status, shop_type: i % 7 === 0 ? 'manual_fbw' : i % 2 === 0 ? 'manual' : 'shopify',
      order_type: company.is_d2r ? 2 : i % 11 === 0 ? 1 : 0, payment_mode: paymentMode, total_paise: totalPaise + shipping,
      shipping_paise: shipping, cod_paise: paymentMode === 'cod' ? totalPaise + shipping : 0,
      tracking_number: hasAwb ? `${courier.prefix}${String(1_000_000_000 + i).padStart(10, '0')}` : null,
      return_awb: status.startsWith('DTO_') && status !== 'DTO_PLACED' ? `R${courier.prefix}${String(1_000_000_000 + i)}` : null,
      delivery_partner_id: hasAwb ? `dp-${courier.code}` : null, shipper: hasAwb ? courier.name : null,
      customer_name: `${first} ${last}`, customer_phone: ph, customer_email: address.email,
      shipping_address: JSON.stringify(address), billing_address: JSON.stringify(address),
      shipping_state: dest.state, shipping_city: dest.city, shipping_pincode: dest.pincode,
      pickup_state: wh.state, pickup_pincode: wh.pincode, weight_g: weight, length_cm: 25, breadth_cm: 20, height_cm: 12,
      shipping_package_code: null,
      remittance_status: paymentMode === 'cod' && status === 'DELIVERED' ? rng.pick(['PROCESSING', 'DUE', 'PAID']) : null,
      rts_verified_at: path.includes('READY_TO_SHIP') ? new Date(createdMs + stepMs).toISOString() : null,
      eway_bill: null, remarks: null, cancel_reason: status === 'CANCELLED' ? 'Customer asked to cancel' : null,
      d2r_due_date: null, store_address_id: null, salesman_id: null, purchase_order_number: null, terms_of_payment: null,
      due_date: null, invoice_number: null, inventory_blocked: ['PLACED', 'PROCESSED', 'READY_TO_SHIP'].includes(status) ? 1 : 0,
      extra: null, created_at: iso(createdMs), updated_at: iso(updatedMs), version: 0,
      // What the order_items triggers write (migration 2026-11-23T0100), which the bulk load drops.
      items_summary: itemRows.map((r) => r as { id: string; sku: string; quantity: number }).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .map((r) => `${r.sku} x ${r.quantity}`).join('; '),
    });
    for (const r of itemRows) await ins.add('order_items', r);
    for (const [k, st] of path.entries()) {
      // The same draws as before (so every other seeded value stays as it was), but the
      // city follows the parcel: warehouse, its region's hub, the delivery city, and back.
      if (k !== 0 && !(k >= path.length - 1 && !st.startsWith('RTO'))) rng.pick(PLACES);
      const city = trailCity(st, k, wh, dest);
      await ins.add('order_trails', {
        id: idAt(createdMs + stepMs * k, rng), order_id: id, status: st, description: DESCRIPTIONS[st] ?? st, city,
        is_return: st.startsWith('RTO') || st.startsWith('DTO') ? 1 : 0, source: k === 0 ? 'system' : 'carrier',
        actor_id: null, actor_name: k === 0 ? 'System' : courier.name, event_id: null, created_at: iso(createdMs + stepMs * k),
      });
    }
    if (status === 'UNDELIVERED' && i % 4 === 0) {
      await ins.add('customer_requests', {
        id: idAt(updatedMs, rng), order_id: id, company_id: company.id, kind: i % 8 === 0 ? 'address' : 'reattempt',
        payload: JSON.stringify(i % 8 === 0 ? { landmark: rng.pick(LANDMARKS), phone: phone(rng) } : { date: iso(SEED_ANCHOR + 2 * DAY).slice(0, 10) }),
        status: 'OPEN', created_at: iso(updatedMs),
      });
    }
    if (i % 50_000 === 49_999) {
      await ins.flush(['orders', 'order_items', 'order_trails', 'customer_requests']);
      await commit();
      log(`  ${i + 1} orders (${Math.round((i + 1) / ((Date.now() - t0) / 1000))}/s)`);
      await begin();
    }
  }
  await ins.flush(['orders', 'order_items', 'order_trails', 'customer_requests']);
  await commit();
  restoreBulk();

  // Missed orders and last-mile delivery orders
  const missedStatuses = ['FAILED', 'PENDING', 'RESOLVED', 'IGNORED'];
  for (let i = 0; i < 60; i++) {
    const company = DEMO_COMPANIES[i % DEMO_COMPANIES.length];
    await ins.add('missed_orders', {
      id: idAt(SEED_ANCHOR - (60 - i) * 3_600_000, rng), company_id: company.id, shop_order_id: `${company.prefix}M${500 + i}`,
      status: missedStatuses[i % 4], synced: i % 3 === 0 ? 1 : 0,
      reason: rng.pick(['SKU not found in catalogue', 'Invalid pincode', 'Duplicate order id', 'Payment pending']),
      payload: null, created_at: iso(SEED_ANCHOR - (60 - i) * 3_600_000),
    });
  }
  const driverIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const id = idAt(SEED_ANCHOR - 200 * DAY + i, rng);
    driverIds.push(id);
    await ins.add('drivers', { id, name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, phone: phone(rng), created_at: created });
  }
  await ins.flush(['missed_orders', 'drivers']);
  const dStatuses = ['PLACED', 'RECEIVED', 'ASSIGNED', 'OUT_FOR_DELIVERY', 'UNATTEMPTED', 'UNDELIVERED', 'DELIVERED', 'RTO_IN_TRANSIT', 'RTO_DELIVERED'];
  for (let i = 0; i < 90; i++) {
    const dest = rng.pick(PLACES);
    const st = dStatuses[i % dStatuses.length];
    const at = iso(SEED_ANCHOR - (90 - i) * 3_600_000);
    await ins.add('delivery_orders', {
      awb: `LM${String(700000 + i)}`, company_id: DEMO_COMPANIES[i % DEMO_COMPANIES.length].id, order_status: st,
      attempt: ['UNATTEMPTED', 'UNDELIVERED'].includes(st) ? 1 : 0, otp: String(rng.int(1000, 9999)),
      payment_method: i % 2 ? 'cod' : 'prepaid', total_paise: rng.int(199, 4999) * 100,
      customer_address: JSON.stringify({ name: `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`, phone: phone(rng), addressLine1: `${rng.int(1, 99)}, ${rng.pick(STREETS)}`, addressLine2: rng.pick(LANDMARKS), city: dest.city, state: dest.state, pincode: dest.pincode }),
      driver_id: ['ASSIGNED', 'OUT_FOR_DELIVERY', 'DELIVERED', 'UNATTEMPTED', 'UNDELIVERED'].includes(st) ? driverIds[i % driverIds.length] : null,
      pod_url: null, shipping_label_url: null, created_at: at, updated_at: at,
    });
  }
  await ins.flush(['delivery_orders']);
  await seedAdmin(h, { warehouseIds: DEMO_WAREHOUSES.map((w) => w.id), at: created });
  await rebuildOrderStatusCounts(h.db);
  await seedReturnRows(h);
  await seedCarriers(h);
  await seedCompanyGstins(h);
  if (opts.pincodes !== false) await loadPincodes(h.db);
  if (h.sqlite) h.sqlite.exec('ANALYZE');
  else await sql`ANALYZE`.execute(h.db);
  const seconds = (Date.now() - t0) / 1000;
  return { orders: total, seconds, ordersPerSecond: Math.round(total / Math.max(seconds, 0.001)) };
}

export async function isSeeded(h: DbHandle): Promise<boolean> {
  const row = await h.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) > 0;
}
