// The order as the courier allocation reads it, scoped like every order read.
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import '../tables/orders';
import '../tables/preferences-carriers-promoters';

type Db = Kysely<Database>;

export async function orderForShipping(db: Db, id: string, scope: readonly string[] | null) {
  let q = db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .select([
      'orders.id', 'orders.company_id', 'orders.shop_order_id', 'orders.status', 'orders.shop_type', 'orders.order_type', 'orders.payment_mode',
      'orders.inventory_blocked', 'orders.tracking_number', 'orders.weight_g', 'orders.cod_paise', 'orders.total_paise', 'orders.pickup_pincode',
      'orders.shipping_pincode', 'orders.customer_name', 'orders.customer_phone', 'orders.shipping_city', 'orders.shipping_state', 'orders.delivery_partner_id', 'orders.billing_address',
      'orders.chargeable_weight_g', 'orders.warehouse_id',
      'companies.whatsapp_ndr_active', 'companies.clickpost_active',
    ])
    .where('orders.id', '=', id);
  if (scope) q = q.where('orders.company_id', 'in', scope.length ? [...scope] : ['']);
  return q.executeTakeFirst();
}
export type ShippingOrder = NonNullable<Awaited<ReturnType<typeof orderForShipping>>>;

/** Lines of an order with their catalogue list price (for the high-margin rule). */
export async function orderLinesWithListPrice(db: Db, orderId: string) {
  const rows = await db
    .selectFrom('order_items')
    .leftJoin('catalogue_items', 'catalogue_items.id', 'order_items.catalogue_id')
    .select(['order_items.quantity', 'order_items.final_price_paise', 'catalogue_items.price_paise'])
    .where('order_items.order_id', '=', orderId)
    .execute();
  return rows.map((r) => ({ quantity: Number(r.quantity), finalPricePaise: Number(r.final_price_paise), cataloguePricePaise: r.price_paise === null ? null : Number(r.price_paise) }));
}

export async function d2rApproval(db: Db, orderId: string) {
  return db.selectFrom('d2r_approvals').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
