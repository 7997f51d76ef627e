/** WooCommerce's durable tasks: an order webhook imported, the shipment (a note to the customer, status completed) and a cancellation written back. */
import { fromWoo, wooOrderSchema } from '../../../../domain/channels';
import { GiveUp, type TaskContext } from '../../tasks';
import { effectSubject, refusedForGood, type EffectPayload } from '../effects';
import { importStoreOrder } from '../import';
import { wooRequest } from './client';
import type { WooSecrets, WooSettings } from './kind';

export async function importWooOrder(ctx: TaskContext<{ topic: string; order: unknown }>) {
  const parsed = wooOrderSchema.safeParse(ctx.task.payload.order);
  if (!parsed.success) throw new GiveUp(`Not a WooCommerce order: ${parsed.error.issues[0]!.path.join('.')} ${parsed.error.issues[0]!.message}`);
  return importStoreOrder(ctx.dbh, { id: ctx.task.connectionId!, companyId: ctx.task.companyId! }, fromWoo(parsed.data));
}

export const wooShipmentNote = (awb: string, courier: string | null, url: string | null) =>
  `Your order has shipped${courier ? ` with ${courier}` : ''}. AWB ${awb}.${url ? ` Track it at ${url}` : ''}`;

export async function fulfilWooOrder(ctx: TaskContext<EffectPayload>) {
  const { order, conn, trackingUrl } = await effectSubject<WooSettings, WooSecrets>(ctx);
  if (!order.tracking_number) throw new GiveUp('The order has no AWB yet');
  const path = `/orders/${encodeURIComponent(order.store_order_id!)}`;
  const { data: notes } = await wooRequest<{ note: string }[]>(conn, { method: 'GET', path: `${path}/notes`, name: 'order.notes' }, ctx.log).catch(refusedForGood);
  if (!notes.some((n) => n.note.includes(`AWB ${order.tracking_number}`))) {
    await wooRequest(conn, {
      method: 'POST', path: `${path}/notes`, name: 'order.notes.create',
      body: JSON.stringify({ note: wooShipmentNote(order.tracking_number, order.shipper, trackingUrl), customer_note: true }),
    }, ctx.log).catch(refusedForGood);
  }
  await wooRequest(conn, { method: 'PUT', path, name: 'order.update', idempotent: true, body: JSON.stringify({ status: 'completed' }) }, ctx.log).catch(refusedForGood);
  return { status: 'completed' };
}

export async function cancelWooOrder(ctx: TaskContext<EffectPayload>) {
  const { order, conn } = await effectSubject<WooSettings, WooSecrets>(ctx);
  await wooRequest(conn, { method: 'PUT', path: `/orders/${encodeURIComponent(order.store_order_id!)}`, name: 'order.update', idempotent: true, body: JSON.stringify({ status: 'cancelled' }) }, ctx.log).catch(refusedForGood);
  return { status: 'cancelled' };
}
