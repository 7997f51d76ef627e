// One order as the detail page shows it (with the actions the caller may take
// now), its WhatsApp NDR messages, and the shipping packages to choose from.
import type { Db } from '../../../db/connect';
import type { Reader } from '../../../db/prepared';
import { findOrder, whatsappTrail, type FoundOrder } from '../../../db/orders/detail';
import { activeShippingPackages } from '../../../db/orders/edits';
import { availableActions, showsCodRemittance, type Actor } from '../../../domain/orders/actions';
import type { OrderDetail, ShippingPackage, WhatsappMessagesResponse } from '../../../domain/orders/responses';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { notFound } from '../../../domain/refusal';
import { EWB_FLAG_STATUSES, ewayBillMissing } from '../../../domain/einvoice/rules';
import type { ServiceActor } from '../audit/actor';
import { factsOf, runOrderAction, type OrderRef } from './order-action';

function parseJson<T>(s: string | null | undefined, fallback: T): T {
  if (!s) return fallback;
  try {
    return JSON.parse(s) as T;
  } catch {
    return fallback;
  }
}

export function orderDto(o: FoundOrder, actor: Actor): OrderDetail {
  const { order, items, trails, creditNotes, pkg, invoice } = o;
  const facts = factsOf(order);
  const ewayBill = order.eway_bill ?? invoice?.ewb_no ?? null;
  const consignmentValuePaise = invoice ? Number(invoice.amount_paise) : Number(order.total_paise);
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
    parcel:
      order.packed_weight_g === null || order.packed_weight_g === undefined
        ? null
        : {
            weightG: Number(order.packed_weight_g), packageCode: order.packed_package_code, lengthCm: Number(order.packed_length_cm),
            breadthCm: Number(order.packed_breadth_cm), heightCm: Number(order.packed_height_cm),
            volumetricWeightG: Number(order.volumetric_weight_g), chargeableWeightG: Number(order.chargeable_weight_g),
          },
    remittanceStatus: showsCodRemittance(facts) && order.remittance_status ? { status: order.remittance_status } : null,
    rtsVerifiedAt: order.rts_verified_at,
    ewayBill,
    ewayBillValidTill: invoice?.ewb_no ? invoice.ewb_valid_till : null,
    consignmentValuePaise,
    ewayBillNeeded: EWB_FLAG_STATUSES.includes(order.status) && ewayBillMissing(consignmentValuePaise, ewayBill),
    invoiceId: invoice?.id ?? null,
    invoiceIrnRegistered: invoice?.einvoice_status === 'registered',
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

/** The order (inside the actor's scope) with its items, timeline, credit notes and the actions the actor may take now; `sqlite` reads it through cached statements. */
export async function orderDetail(dbh: Reader, actor: ServiceActor, input: OrderRef): Promise<OrderDetail> {
  const found = await findOrder(dbh, input.orderId, actor.scope);
  if (!found) throw notFound(ORDER_NOT_FOUND);
  return orderDto(found, { role: actor.role });
}

/** NDR messages sent over WhatsApp, when the company's WhatsApp NDR module is active. */
export async function whatsappMessages(db: Db, actor: ServiceActor, input: OrderRef): Promise<WhatsappMessagesResponse['data']> {
  await runOrderAction(db, actor, input.orderId, 'whatsappMessages', async () => undefined);
  const rows = await whatsappTrail(db, input.orderId);
  return rows.map((r) => ({ id: r.id, status: r.status, message: r.description, source: r.source, sender: r.actor_name, createdAt: r.created_at }));
}

/** The active shipping packages, smallest first, as the package picker lists them. */
export async function shippingPackages(db: Db): Promise<ShippingPackage[]> {
  const rows = await activeShippingPackages(db);
  return rows.map((p) => ({
    code: p.code, name: p.name, lengthCm: Number(p.length_cm), breadthCm: Number(p.breadth_cm), heightCm: Number(p.height_cm), maxWeightG: Number(p.max_weight_g),
    label: `${p.name} (${Number(p.length_cm)} × ${Number(p.breadth_cm)} × ${Number(p.height_cm)} cm)`, value: p.code,
  }));
}

/** 'Regenerate Invoice and Shipping Label' (drawn by the documents area): refused unless the transition table allows it now. */
export async function checkRegenerateDocuments(db: Db, actor: ServiceActor, input: OrderRef): Promise<void> {
  await runOrderAction(db, actor, input.orderId, 'regenerateDocuments', async () => undefined);
}
