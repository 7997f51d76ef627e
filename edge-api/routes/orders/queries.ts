import type { Db } from '../../../db/connect';
import type { Tx } from '../../../db/orders/status';
import type { Order } from '../../../db/schema';
import '../../../db/tables/orders';
import '../../../db/tables/bulk';
import { availableActions, showsCodRemittance, type Actor, type OrderFacts } from '../../../domain/orders';
import type { OrderDetail } from '../../../domain/orders';

/** An order row with the company flags the action rules read, or undefined outside `scope`. */
export async function findOrderRow(db: Tx, id: string, scope: readonly string[] | null) {
  let q = db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .selectAll('orders')
    .select(['companies.whatsapp_ndr_active', 'companies.clickpost_active', 'companies.name as company_name'])
    .where('orders.id', '=', id);
  if (scope) q = q.where('orders.company_id', 'in', scope.length ? [...scope] : ['']);
  return q.executeTakeFirst();
}
export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;

export function factsOf(o: Pick<Order, 'status' | 'shop_type' | 'order_type' | 'payment_mode' | 'inventory_blocked' | 'tracking_number'> & { whatsapp_ndr_active: number; clickpost_active: number }): OrderFacts {
  return {
    status: o.status,
    shopType: o.shop_type,
    orderType: Number(o.order_type),
    paymentMode: o.payment_mode,
    inventoryBlocked: Number(o.inventory_blocked) === 1,
    hasAwb: !!o.tracking_number,
    clickpostActive: Number(o.clickpost_active) === 1,
    whatsappNdrActive: Number(o.whatsapp_ndr_active) === 1,
  };
}

/** One order with its items, timeline and credit notes, or undefined when it does not exist inside `scope`. */
export async function findOrder(db: Db, id: string, scope: readonly string[] | null) {
  const order = await findOrderRow(db, id, scope);
  if (!order) return undefined;
  const [items, trails, creditNotes, pkg, beat] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', id).execute(),
    db.selectFrom('order_trails').selectAll().where('order_id', '=', id).orderBy('created_at').orderBy('id').execute(),
    db.selectFrom('credit_notes').selectAll().where('order_id', '=', id).orderBy('created_at').execute(),
    order.shipping_package_code
      ? db.selectFrom('shipping_packages').select(['code', 'name']).where('code', '=', order.shipping_package_code).executeTakeFirst()
      : Promise.resolve(undefined),
    // The D2R beat the order was placed under (beats arrive with the bulk beats upload).
    order.beat_id
      ? db.selectFrom('beats').select(['id', 'name']).where('id', '=', order.beat_id).where('company_id', '=', order.company_id).executeTakeFirst()
      : Promise.resolve(undefined),
  ]);
  return { order, items, trails, creditNotes, pkg, beat };
}

function parseJson<T>(s: string | null | undefined, fallback: T): T {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}

export function orderDto(o: NonNullable<Awaited<ReturnType<typeof findOrder>>>, actor: Actor): OrderDetail {
  const { order, items, trails, creditNotes, pkg } = o;
  const facts = factsOf(order);
  const extra = parseJson<Record<string, unknown>>(order.extra, {});
  return {
    id: order.id,
    companyId: order.company_id,
    companyName: order.company_name,
    warehouseId: order.warehouse_id,
    shopOrderId: order.shop_order_id,
    externalOrderId: order.external_order_id,
    status: order.status,
    shopType: order.shop_type,
    orderType: Number(order.order_type),
    isD2ROrder: Number(order.order_type) === 2,
    isb2bOrder: Number(order.order_type) === 1,
    paymentMode: order.payment_mode,
    totalPaise: Number(order.total_paise),
    shippingPaise: Number(order.shipping_paise),
    codPaise: Number(order.cod_paise),
    trackingNumber: order.tracking_number,
    deliveryAwb: order.tracking_number,
    returnAwb: order.return_awb,
    deliveryPartnerId: order.delivery_partner_id,
    shipper: order.shipper,
    customerAddress: parseJson<Record<string, string>>(order.shipping_address, {}),
    billingAddress: parseJson<Record<string, string>>(order.billing_address, {}),
    shippingEmail: order.customer_email,
    shippingPhone: order.customer_phone,
    shipping: { state: order.shipping_state, city: order.shipping_city, pincode: order.shipping_pincode },
    pickup: { state: order.pickup_state, pincode: order.pickup_pincode },
    weightG: Number(order.weight_g),
    dimensions: { length: Number(order.length_cm), breadth: Number(order.breadth_cm), height: Number(order.height_cm) },
    shippingPackageCode: order.shipping_package_code,
    shippingPackageName: pkg?.name ?? null,
    remittanceStatus: showsCodRemittance(facts) && order.remittance_status ? { status: order.remittance_status } : null,
    rtsVerifiedAt: order.rts_verified_at,
    ewayBill: order.eway_bill,
    remarks: order.remarks,
    cancelReason: order.cancel_reason,
    d2rDueDate: order.d2r_due_date,
    purchaseOrderNumber: order.purchase_order_number,
    beat: order.beat_id ? { id: order.beat_id, name: o.beat?.name ?? null } : null,
    invoiceNumber: order.invoice_number,
    invoiceUrl: typeof extra.invoiceUrl === 'string' ? extra.invoiceUrl : null,
    shippingLabelUrl: typeof extra.shippingLabelUrl === 'string' ? extra.shippingLabelUrl : null,
    inventoryBlocked: Number(order.inventory_blocked) === 1,
    whatsappNdrActive: facts.whatsappNdrActive,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    version: Number(order.version),
    actions: availableActions(facts, actor),
    items: items.map((i) => ({
      id: i.id, title: i.title, sku: i.sku, quantity: i.quantity, finalPricePaise: Number(i.final_price_paise),
      returnQuantity: i.return_quantity, catalogueId: i.catalogue_id, isFree: Number(i.is_free) === 1, hsnCode: i.hsn_code,
      wsinMapping: parseJson<Record<string, number>>(i.wsin_mapping, {}),
    })),
    trails: trails.map((t) => ({
      id: t.id, status: t.status, description: t.description, city: t.city, return: Number(t.is_return) === 1,
      source: t.source, actorName: t.actor_name, createdAt: t.created_at,
    })),
    creditDebitNotes: creditNotes.map((n) => ({
      id: n.id, number: n.number, amountPaise: Number(n.amount_paise), reason: n.reason, actorName: n.actor_name, createdAt: n.created_at,
    })),
  };
}
export type { OrderDetail };
