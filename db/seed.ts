import { sql } from 'kysely';
import type { DbHandle } from './connect';
import { DEMO_PASSWORD_HASHES } from './demo-password-hashes';
import { hashPassword, PASSWORD_PARAMS, PRODUCTION_PASSWORD_PARAMS } from './password';
import { rebuildOrderStatusCounts } from './orders/status';
import { loadPincodes } from './pincodes/load';
import { seedCarriers } from './carriers/seed';
import { seedReturnRows } from './floor/seed-returns';
import { seedAdmin } from './admin/seed';
import { seedCompanyGstins } from './billing/seed-gstins';
import { COURIERS, DEMO_LOGINS, FIRST_NAMES, LANDMARKS, LAST_NAMES, PLACES, PRODUCTS, SERVICE_LEVELS, STREETS } from './seed-data';
import { demoEan13, gstin, idAt, pan, phone, prng } from './seed-random';
import { makeInserter } from './bulk-load';
import { generateOrders, type SeedCatalogueItem } from './seed-orders';

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
  const catalogue: Record<string, SeedCatalogueItem[]> = {};
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

  const t0 = Date.now();
  await generateOrders(h, ins, { total, rng, anchor: SEED_ANCHOR, companies: DEMO_COMPANIES, warehouses: DEMO_WAREHOUSES, catalogue, log });

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
