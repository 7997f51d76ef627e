// The order generator: any number of orders (the demo's 2,500, the benchmarks'
// million) with their items, timelines and customer requests, every status
// covered, deterministic for a given PRNG.
import type { DbHandle } from './connect';
import { deferIndexes, type Inserter, type Row } from './bulk-load';
import { idAt, phone, type Rng } from './seed-random';
import { COURIERS, FIRST_NAMES, LANDMARKS, LAST_NAMES, PLACES, STREETS } from './seed-data';
import { STATUS_DESCRIPTIONS } from '../domain/tracking-rules';

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

const DAY = 86_400_000;

/** A catalogue line the generated orders draw their items from. */
export type SeedCatalogueItem = { id: string; sku: string; title: string; price: number; gst: number; hsn: string; weight: number; wsin: string; multiplier: number };

export type OrderGeneratorInput = {
  total: number;
  rng: Rng;
  /** Orders are created over the 90 days before this instant. */
  anchor: number;
  companies: readonly { id: string; prefix: string; is_d2r: number }[];
  warehouses: readonly { id: string; code: string; city: string; state: string; pincode: string; companies: readonly number[] }[];
  catalogue: Record<string, SeedCatalogueItem[]>;
  log: (s: string) => void;
};

/** Inserts `total` orders through `ins`, spread over the 90 days before `anchor`. */
export async function generateOrders(h: DbHandle, ins: Inserter, input: OrderGeneratorInput) {
  const { total, rng, anchor, companies, warehouses, catalogue, log } = input;
  const iso = (ms: number) => new Date(ms).toISOString();
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
    const company = companies[i % companies.length];
    const ci = i % companies.length;
    const wh = warehouses.find((w) => (w.companies as readonly number[]).includes(ci) && (i % 3 !== 0 || w.code === 'BHW1')) ?? warehouses[0];
    const status = pickStatus(i, rng);
    const createdMs = anchor - span + Math.floor((i / total) * span) + rng.int(0, 60_000);
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
    const stepMs = Math.max(1, Math.min(DAY, (anchor - createdMs) / (path.length + 1)));
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
        payload: JSON.stringify(i % 8 === 0 ? { landmark: rng.pick(LANDMARKS), phone: phone(rng) } : { date: iso(anchor + 2 * DAY).slice(0, 10) }),
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
}
