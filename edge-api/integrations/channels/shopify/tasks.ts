/** Shopify's durable tasks: an order webhook imported, the shipment and a cancellation written back. */
import { fromShopify, shopifyOrderSchema } from '../../../../domain/channels';
import { GiveUp, type TaskContext } from '../../tasks';
import { effectSubject, refusedForGood, type EffectPayload } from '../effects';
import { importStoreOrder } from '../import';
import { shopifyGraphql } from './client';
import type { ShopifySecrets, ShopifySettings } from './kind';

export async function importShopifyOrder(ctx: TaskContext<{ topic: string; order: unknown }>) {
  const parsed = shopifyOrderSchema.safeParse(ctx.task.payload.order);
  if (!parsed.success) throw new GiveUp(`Not a Shopify order: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
  return importStoreOrder(ctx.dbh, { id: ctx.task.connectionId!, companyId: ctx.task.companyId! }, fromShopify(parsed.data));
}

const gid = (id: string) => (id.startsWith('gid://') ? id : `gid://shopify/Order/${id}`);

type OrderFulfilment = {
  order: null | {
    cancelledAt: string | null;
    fulfillments: { trackingInfo: { number: string | null }[] }[];
    fulfillmentOrders: { nodes: { id: string; status: string }[] };
  };
};

const ORDER_FULFILMENT = `query OrderFulfilment($id: ID!) {
  order(id: $id) {
    cancelledAt
    fulfillments(first: 20) { trackingInfo(first: 5) { number } }
    fulfillmentOrders(first: 20) { nodes { id status } }
  }
}`;

const FULFILMENT_CREATE = `mutation FulfilmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;

const ORDER_CANCEL = `mutation OrderCancel($orderId: ID!) {
  orderCancel(orderId: $orderId, reason: OTHER, refund: false, restock: true, notifyCustomer: true) { job { id } orderCancelUserErrors { field message code } }
}`;

/** fulfillmentCreate with trackingInfo on the order's open fulfillment orders (unless a fulfilment with this AWB exists). */
export async function fulfilShopifyOrder(ctx: TaskContext<EffectPayload>) {
  const { order, conn, trackingUrl } = await effectSubject<ShopifySettings, ShopifySecrets>(ctx);
  if (!order.tracking_number) throw new GiveUp('The order has no AWB yet');
  const opts = { log: ctx.log, idempotent: true };
  const found = await shopifyGraphql<OrderFulfilment>(conn, ORDER_FULFILMENT, { id: gid(order.store_order_id!) }, { ...opts, name: 'order.fulfillmentOrders' }).catch(refusedForGood);
  if (!found.order) throw new GiveUp(`Shopify has no order ${order.shop_order_id}`);
  if (found.order.fulfillments.some((f) => f.trackingInfo.some((t) => t.number === order.tracking_number))) return { already: true };
  const open = found.order.fulfillmentOrders.nodes.filter((n) => n.status === 'OPEN' || n.status === 'IN_PROGRESS');
  if (!open.length) throw new GiveUp('Shopify has no open fulfillment order for this order (fulfilled or cancelled in Shopify)');
  const made = await shopifyGraphql<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: { message: string }[] } }>(conn, FULFILMENT_CREATE, {
    fulfillment: {
      lineItemsByFulfillmentOrder: open.map((n) => ({ fulfillmentOrderId: n.id })),
      notifyCustomer: true,
      trackingInfo: { company: order.shipper ?? undefined, number: order.tracking_number, url: trackingUrl },
    },
  }, { log: ctx.log, idempotent: false, name: 'fulfillmentCreate' }).catch(refusedForGood);
  const errors = made.fulfillmentCreate.userErrors;
  if (errors.length || !made.fulfillmentCreate.fulfillment) throw new GiveUp(`Shopify refused the fulfilment: ${errors.map((e) => e.message).join('; ')}`);
  return { fulfillmentId: made.fulfillmentCreate.fulfillment.id };
}

export async function cancelShopifyOrder(ctx: TaskContext<EffectPayload>) {
  const { order, conn } = await effectSubject<ShopifySettings, ShopifySecrets>(ctx);
  const found = await shopifyGraphql<OrderFulfilment>(conn, ORDER_FULFILMENT, { id: gid(order.store_order_id!) }, { log: ctx.log, idempotent: true, name: 'order' }).catch(refusedForGood);
  if (!found.order) throw new GiveUp(`Shopify has no order ${order.shop_order_id}`);
  if (found.order.cancelledAt) return { already: true };
  const r = await shopifyGraphql<{ orderCancel: { job: { id: string } | null; orderCancelUserErrors: { message: string }[] } }>(conn, ORDER_CANCEL, { orderId: gid(order.store_order_id!) }, { log: ctx.log, idempotent: false, name: 'orderCancel' }).catch(refusedForGood);
  if (r.orderCancel.orderCancelUserErrors.length) throw new GiveUp(`Shopify refused the cancellation: ${r.orderCancel.orderCancelUserErrors.map((e) => e.message).join('; ')}`);
  return { jobId: r.orderCancel.job?.id ?? null };
}
