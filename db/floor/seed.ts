// Orders waiting to be packed, in bulk, for benchmarks and tests of the floor
// (the demo seeder's mix has only a quarter of its orders in packable states).
import { uuidv7 } from '../../domain/ids';
import type { Insertable } from 'kysely';
import type { Db } from '../connect';
import type { OrderItemTable, OrderTable, OrderTrailTable } from '../schema';
import { chunks } from './context';

export interface PackingSeedOptions {
  companyId: string;
  warehouseId: string;
  count: number;
  /** Units of the one item each order has (all of one WSIN). */
  units: number;
  /** Order numbers are `${prefix}${n}`. */
  prefix: string;
}

export interface SeededPackingOrder {
  id: string;
  shopOrderId: string;
  wsin: string;
  units: number;
}

/** Inserts `count` PLACED orders of one catalogue item each, in one transaction; triggers stamp their sync versions. */
export async function seedPackingOrders(db: Db, opts: PackingSeedOptions): Promise<SeededPackingOrder[]> {
  const products = await db
    .selectFrom('catalogue_items')
    .innerJoin('catalogue_wsins', 'catalogue_wsins.catalogue_id', 'catalogue_items.id')
    .select(['catalogue_items.id', 'catalogue_items.product_title', 'catalogue_items.sku', 'catalogue_items.price_paise', 'catalogue_wsins.wsin', 'catalogue_wsins.multiplier'])
    .where('catalogue_items.company_id', '=', opts.companyId)
    .where('catalogue_wsins.multiplier', '=', 1)
    .orderBy('catalogue_items.sku')
    .execute();
  if (!products.length) throw new Error(`company ${opts.companyId} has no catalogue item with a WSIN`);
  const now = new Date().toISOString();
  const seeded: SeededPackingOrder[] = [];
  const orders: Insertable<OrderTable>[] = [];
  const items: Insertable<OrderItemTable>[] = [];
  const trails: Insertable<OrderTrailTable>[] = [];
  for (let i = 0; i < opts.count; i++) {
    const p = products[i % products.length];
    const id = uuidv7();
    const address = { firstName: 'Bench', lastName: `Customer ${i}`, phone: '9800000000', address1: '1, MG Road', address2: 'Near Metro', city: 'Pune', state: 'Maharashtra', pincode: '411001' };
    orders.push({
      id, company_id: opts.companyId, warehouse_id: opts.warehouseId, shop_order_id: `${opts.prefix}${i + 1}`, external_order_id: null, status: 'PLACED',
      shop_type: 'manual', order_type: 0, payment_mode: 'prepaid', total_paise: p.price_paise * opts.units, shipping_paise: 0, cod_paise: 0,
      tracking_number: null, return_awb: null, delivery_partner_id: null, shipper: null, customer_name: `Bench Customer ${i}`, customer_phone: '9800000000',
      customer_email: null, shipping_address: JSON.stringify(address), billing_address: JSON.stringify(address), shipping_state: 'Maharashtra',
      shipping_city: 'Pune', shipping_pincode: '411001', pickup_state: 'Maharashtra', pickup_pincode: '421302', weight_g: 500, length_cm: 20,
      breadth_cm: 15, height_cm: 10, shipping_package_code: null, remittance_status: null, rts_verified_at: null, eway_bill: null, remarks: null,
      cancel_reason: null, d2r_due_date: null, store_address_id: null, salesman_id: null, purchase_order_number: null, terms_of_payment: null,
      due_date: null, invoice_number: null, inventory_blocked: 0, extra: null, created_at: now, updated_at: now, version: 0,
    });
    items.push({
      id: uuidv7(), order_id: id, catalogue_id: p.id, title: p.product_title, sku: p.sku, quantity: opts.units, final_price_paise: p.price_paise,
      return_quantity: 0, is_free: 0, hsn_code: null, gst: null, wsin_mapping: JSON.stringify({ [p.wsin]: 1 }),
    });
    trails.push({
      id: uuidv7(), order_id: id, status: 'PLACED', description: 'Order placed', city: null, is_return: 0, source: 'system', actor_id: null,
      actor_name: 'System', event_id: null, created_at: now,
    });
    seeded.push({ id, shopOrderId: `${opts.prefix}${i + 1}`, wsin: p.wsin, units: opts.units });
  }
  await db.transaction().execute(async (trx) => {
    for (const part of chunks(orders, 200)) await trx.insertInto('orders').values(part).execute();
    for (const part of chunks(items, 500)) await trx.insertInto('order_items').values(part).execute();
    for (const part of chunks(trails, 500)) await trx.insertInto('order_trails').values(part).execute();
  });
  return seeded;
}
