// One order: its detail (with the actions the caller may take now) and every
// action of part 2 §4. Each action is checked against the transition table in
// domain/orders.ts inside its transaction (runOrderAction), so a refused action
// answers 4xx and changes nothing.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { releaseInventory } from '../../../db/orders/inventory';
import { setOrderStatus, updateOrder } from '../../../db/orders/status';
import { uuidv7, nowIso } from '../../../domain/ids';
import {
  cancelOrderSchema,
  cancelReturnSchema,
  canConvertToCredit,
  creditNoteSchema,
  customerDetailsSchema,
  DUE_DATE_OUT_OF_WINDOW,
  dueDateInWindow,
  markDeliveredSchema,
  ORDER_NOT_FOUND,
  orderDetailsSchema,
  reassignWarehouseSchema,
  REVERTIBLE_TO_PLACED,
  returnQuantityError,
  scheduleReturnSchema,
  shippingPackageChangeSchema,
  updateQuantitiesSchema,
  weightChangeSchema,
  type OrderActionKey,
} from '../../../domain/orders';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';
import { readyToShipQuerySchema } from '../../../domain/carriers';
import { readyToShip } from '../../services/orders/ready-to-ship';
import { cancelOrder, runOrderAction, trailActor, type ActorInfo } from './operations';
import { findOrder, orderDto } from './queries';
import { responds } from '../../lib/responds';
import { OrderActionResponse, OrderDetailResponse, ReadyToShipResponse, ShippingPackagesResponse, WhatsappMessagesResponse } from '../../../domain/orders';

/** Order ids are UUIDs; the pattern keeps these routes off other areas' /orders/<word> paths. */
const ORDER = '/orders/:id{[0-9a-fA-F-]+}';
const idParam = z.object({ id: z.string().min(1).max(64) });

function actorOf(c: Context<AppEnv>): ActorInfo {
  const s = requireSession(c);
  return { role: s.role, id: s.userId, name: s.name };
}

/** Runs an action on the order named in the path (or body), answering the order as it is afterwards. */
async function act(
  c: Context<AppEnv>,
  orderId: string,
  action: OrderActionKey,
  fn: Parameters<typeof runOrderAction>[2],
  message: string,
) {
  const actor = actorOf(c);
  const scope = companyScope(c);
  await runOrderAction(c.var.dbh.db, { orderId, scope, actor, action }, fn);
  const after = await findOrder(c.var.dbh.db, orderId, scope);
  return c.json({ status: true as const, message, data: orderDto(after!, { role: actor.role }) } satisfies OrderActionResponse);
}

function randomAwb(prefix: string): string {
  const n = new Uint32Array(2);
  globalThis.crypto.getRandomValues(n);
  return `${prefix}${String(n[0] % 1_000_000).padStart(6, '0')}${String(n[1] % 100_000).padStart(5, '0')}`;
}

export const actionRoutes = new Hono<AppEnv>()
  .get(ORDER, requireRole(), responds(OrderDetailResponse), v('param', idParam), async (c) => {
    const found = await findOrder(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!found) throw notFound(ORDER_NOT_FOUND);
    return c.json({ status: true as const, data: orderDto(found, { role: requireSession(c).role }) } satisfies OrderDetailResponse);
  })
  /** READY TO SHIP with the courier chosen in the confirmation (`?courier=`), else the default one (services/orders/ready-to-ship). */
  .patch(`${ORDER}/ready-to-ship`, requireRole(), responds(ReadyToShipResponse), v('param', idParam), v('query', readyToShipQuerySchema), async (c) => {
    const s = requireSession(c);
    const scope = companyScope(c);
    const orderId = c.req.valid('param').id;
    const { booking } = await readyToShip(c.var.dbh.db, { id: s.userId, name: s.name, role: s.role, scope }, { orderId, courier: c.req.valid('query').courier });
    const after = await findOrder(c.var.dbh.db, orderId, scope);
    return c.json({ status: true as const, message: 'Order marked ready to ship', data: orderDto(after!, { role: s.role }), booking } satisfies ReadyToShipResponse);
  })
  .patch(`${ORDER}/customer`, requireRole(), responds(OrderActionResponse), v('param', idParam), v('json', customerDetailsSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'editCustomer',
      async (tx, row) => {
        const prev = JSON.parse(row.shipping_address || '{}') as Record<string, unknown>;
        const address = { ...prev, ...b, email: b.email ?? null };
        await updateOrder(
          tx,
          row.id,
          {
            shipping_address: JSON.stringify(address),
            customer_name: `${b.firstName} ${b.lastName}`,
            customer_phone: b.phone,
            customer_email: b.email ?? null,
            shipping_city: b.city,
            shipping_state: b.state,
            shipping_pincode: b.pincode,
          },
          { description: 'Customer details updated', ...trailActor(actor) },
          { whileStatus: row.status },
        );
      },
      'Customer details updated',
    );
  })
  .patch(`${ORDER}/details`, requireRole(), responds(OrderActionResponse), v('param', idParam), v('json', orderDetailsSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'editOrderDetails',
      (tx, row) =>
        updateOrder(
          tx,
          row.id,
          { remarks: b.remarks || null, eway_bill: b.ewayBill || null, purchase_order_number: b.purchaseOrderNumber || null },
          { description: 'Order details updated', ...trailActor(actor) },
          { whileStatus: row.status },
        ),
      'Order details updated',
    );
  })
  .patch(`${ORDER}/cancel`, requireRole(), responds(OrderActionResponse), v('param', idParam), v('query', z.object({ companyId: z.string().max(64).optional() })), v('json', cancelOrderSchema), async (c) => {
    const actor = actorOf(c);
    const { companyId } = c.req.valid('query');
    const { reason } = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'cancel',
      async (tx, row) => {
        if (companyId && row.company_id !== companyId) throw new ApiFailure(404, ORDER_NOT_FOUND);
        await cancelOrder(tx, row, actor, reason);
      },
      'Order cancelled',
    );
  })
  .patch(`${ORDER}/mark-delivered`, requireRole(), responds(OrderActionResponse), v('param', idParam), v('json', markDeliveredSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'markDelivered',
      async (tx, row) => {
        let paymentMode = row.payment_mode;
        let due: string | null = null;
        if (b.d2RDueDate) {
          if (!canConvertToCredit({ orderType: Number(row.order_type), paymentMode: row.payment_mode })) {
            throw new ApiFailure(400, 'Only retailer orders paid by cash on delivery can be converted to credit', [{ path: 'd2RDueDate', message: 'Not a retailer COD order' }]);
          }
          if (!dueDateInWindow(b.d2RDueDate)) throw new ApiFailure(400, DUE_DATE_OUT_OF_WINDOW, [{ path: 'd2RDueDate', message: DUE_DATE_OUT_OF_WINDOW }]);
          paymentMode = 'credit';
          due = b.d2RDueDate;
        } else if (b.paymentMode && b.paymentMode !== row.payment_mode) {
          throw new ApiFailure(400, 'A due date is needed to convert the order to credit', [{ path: 'd2RDueDate', message: 'Please select a due date' }]);
        }
        await setOrderStatus(tx, {
          orderId: row.id,
          to: 'DELIVERED',
          from: ['READY_TO_SHIP'],
          set: {
            payment_mode: paymentMode,
            d2r_due_date: due,
            inventory_blocked: 0,
            remittance_status: paymentMode === 'cod' ? 'PROCESSING' : row.remittance_status,
          },
          trail: { description: due ? `Marked delivered; converted to credit due ${due}` : 'Marked delivered', ...trailActor(actor) },
        });
      },
      'Order marked as delivered',
    );
  })
  .patch(`${ORDER}/revert-to-placed`, requireRole('admin'), responds(OrderActionResponse), v('param', idParam), async (c) => {
    const actor = actorOf(c);
    return act(
      c,
      c.req.valid('param').id,
      'revertToPlaced',
      async (tx, row) => {
        await setOrderStatus(tx, {
          orderId: row.id,
          to: 'PLACED',
          from: REVERTIBLE_TO_PLACED,
          set: { cancel_reason: null, rts_verified_at: null },
          trail: { description: `Order status brought back to PLACED from ${row.status}`, ...trailActor(actor) },
        });
      },
      'Order status brought back to PLACED',
    );
  })
  .patch('/orders/unblock-inventory/:id', requireRole('admin'), responds(OrderActionResponse), v('param', idParam), async (c) => {
    const actor = actorOf(c);
    return act(
      c,
      c.req.valid('param').id,
      'unblockInventory',
      async (tx, row) => {
        await updateOrder(tx, row.id, { inventory_blocked: 0 }, { description: 'Inventory unblocked', ...trailActor(actor) }, { whileStatus: row.status });
        await releaseInventory(tx, row, actor, `Released by admin for order ${row.shop_order_id}`);
      },
      'Inventory unblocked',
    );
  })
  .get('/shipping-packages', requireRole(), responds(ShippingPackagesResponse), async (c) => {
    const rows = await c.var.dbh.db.selectFrom('shipping_packages').selectAll().where('active', '=', 1).orderBy('max_weight_g').execute();
    return c.json({
      status: true as const,
      data: rows.map((p) => ({
        code: p.code, name: p.name, lengthCm: Number(p.length_cm), breadthCm: Number(p.breadth_cm), heightCm: Number(p.height_cm), maxWeightG: Number(p.max_weight_g),
        label: `${p.name} (${Number(p.length_cm)} × ${Number(p.breadth_cm)} × ${Number(p.height_cm)} cm)`, value: p.code,
      })),
    } satisfies ShippingPackagesResponse);
  })
  .patch('/order-shipping-packages', requireRole(), responds(OrderActionResponse), v('json', shippingPackageChangeSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      b.orderId,
      'changeShippingPackage',
      async (tx, row) => {
        const p = await tx.selectFrom('shipping_packages').selectAll().where('code', '=', b.selectedValue).where('active', '=', 1).executeTakeFirst();
        if (!p) throw new ApiFailure(400, 'Please select a shipping package', [{ path: 'selectedValue', message: 'Unknown shipping package' }]);
        await updateOrder(
          tx,
          row.id,
          { shipping_package_code: p.code, length_cm: p.length_cm, breadth_cm: p.breadth_cm, height_cm: p.height_cm },
          { description: `Shipping package changed to ${p.name}`, ...trailActor(actor) },
          { whileStatus: row.status },
        );
      },
      'Shipping package updated',
    );
  })
  .post('/schedule_dto', requireRole(), responds(OrderActionResponse), v('json', scheduleReturnSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      b.splitOrderId,
      'scheduleReturn',
      async (tx, row) => {
        const items = await tx.selectFrom('order_items').select(['id', 'quantity']).where('order_id', '=', row.id).execute();
        const err = returnQuantityError(b.items, new Map(items.map((i) => [i.id, i.quantity])));
        if (err) throw new ApiFailure(400, err, [{ path: 'items', message: err }]);
        for (const it of b.items) await tx.updateTable('order_items').set({ return_quantity: it.returnQuantity }).where('id', '=', it.id).where('order_id', '=', row.id).execute();
        const units = b.items.reduce((n, i) => n + i.returnQuantity, 0);
        const prefix = row.tracking_number?.slice(0, 2) ?? 'RT';
        await setOrderStatus(tx, {
          orderId: row.id,
          to: 'DTO_PLACED',
          from: ['DELIVERED', 'DTO_CANCELLED'],
          set: { return_awb: randomAwb(`R${prefix}`) },
          trail: { description: `Return scheduled for ${units} unit${units === 1 ? '' : 's'}${b.reason ? `: ${b.reason}` : ''}`, isReturn: true, ...trailActor(actor) },
        });
      },
      'Return scheduled',
    );
  })
  .post('/cancel-return', requireRole(), responds(OrderActionResponse), v('json', cancelReturnSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      b.splitOrderId,
      'cancelReturn',
      async (tx, row) => {
        if (b.awb && row.return_awb && b.awb !== row.return_awb) throw new ApiFailure(409, 'AWB does not match the return shipment');
        await tx.updateTable('order_items').set({ return_quantity: 0 }).where('order_id', '=', row.id).execute();
        await setOrderStatus(tx, {
          orderId: row.id,
          to: 'DTO_CANCELLED',
          from: ['DTO_PLACED'],
          trail: { description: 'Return cancelled', isReturn: true, ...trailActor(actor) },
        });
      },
      'Return cancelled',
    );
  })
  .patch(`${ORDER}/weight`, requireRole('admin'), responds(OrderActionResponse), v('param', idParam), v('json', weightChangeSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'changeWeight',
      (tx, row) =>
        updateOrder(
          tx,
          row.id,
          {
            weight_g: b.weightG,
            ...(b.lengthCm ? { length_cm: b.lengthCm } : {}),
            ...(b.breadthCm ? { breadth_cm: b.breadthCm } : {}),
            ...(b.heightCm ? { height_cm: b.heightCm } : {}),
          },
          { description: `Weight changed from ${row.weight_g} g to ${b.weightG} g`, ...trailActor(actor) },
          { whileStatus: row.status },
        ),
      'Weight updated',
    );
  })
  .patch(`${ORDER}/warehouse`, requireRole('admin'), responds(OrderActionResponse), v('param', idParam), v('json', reassignWarehouseSchema), async (c) => {
    const actor = actorOf(c);
    const { warehouseId } = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'reassignWarehouse',
      async (tx, row) => {
        const wh = await tx
          .selectFrom('warehouses')
          .innerJoin('warehouse_companies', 'warehouse_companies.warehouse_id', 'warehouses.id')
          .select(['warehouses.id', 'warehouses.name', 'warehouses.address'])
          .where('warehouses.id', '=', warehouseId)
          .where('warehouse_companies.company_id', '=', row.company_id)
          .where('warehouses.active', '=', 1)
          .executeTakeFirst();
        if (!wh) throw new ApiFailure(400, 'Please select warehouse', [{ path: 'warehouseId', message: 'This warehouse does not serve the company' }]);
        const address = JSON.parse(wh.address || '{}') as { state?: string; pincode?: string };
        await updateOrder(
          tx,
          row.id,
          { warehouse_id: wh.id, pickup_state: address.state ?? row.pickup_state, pickup_pincode: address.pincode ?? row.pickup_pincode },
          { description: `Warehouse changed to ${wh.name}`, ...trailActor(actor) },
          { whileStatus: row.status },
        );
      },
      'Warehouse reassigned',
    );
  })
  .patch(`${ORDER}/items`, requireRole('admin'), responds(OrderActionResponse), v('param', idParam), v('json', updateQuantitiesSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'updateQuantities',
      async (tx, row) => {
        const items = await tx.selectFrom('order_items').select(['id', 'quantity', 'final_price_paise', 'title']).where('order_id', '=', row.id).execute();
        const byId = new Map(items.map((i) => [i.id, i]));
        if (b.items.some((i) => !byId.has(i.id))) throw new ApiFailure(400, 'Unknown item', [{ path: 'items', message: 'Unknown item' }]);
        for (const it of b.items) await tx.updateTable('order_items').set({ quantity: it.quantity }).where('id', '=', it.id).execute();
        const qty = new Map(b.items.map((i) => [i.id, i.quantity]));
        const goods = items.reduce((n, i) => n + Number(i.final_price_paise) * (qty.get(i.id) ?? i.quantity), 0);
        const total = goods + Number(row.shipping_paise);
        const changes = b.items.filter((i) => byId.get(i.id)!.quantity !== i.quantity).map((i) => `${byId.get(i.id)!.title}: ${byId.get(i.id)!.quantity} → ${i.quantity}`);
        await updateOrder(
          tx,
          row.id,
          { total_paise: total, cod_paise: row.payment_mode === 'cod' ? total : Number(row.cod_paise) },
          { description: changes.length ? `Quantities updated (${changes.join('; ')})` : 'Quantities confirmed', ...trailActor(actor) },
          { whileStatus: row.status },
        );
      },
      'Quantities updated',
    );
  })
  .post(`${ORDER}/credit-notes`, requireRole('admin'), responds(OrderActionResponse), v('param', idParam), v('json', creditNoteSchema), async (c) => {
    const actor = actorOf(c);
    const b = c.req.valid('json');
    return act(
      c,
      c.req.valid('param').id,
      'generateCreditNote',
      async (tx, row) => {
        const prior = await tx.selectFrom('credit_notes').select(['amount_paise']).where('order_id', '=', row.id).execute();
        const credited = prior.reduce((n, p) => n + Number(p.amount_paise), 0);
        const left = Number(row.total_paise) - credited;
        const amount = b.amountPaise ?? left;
        if (amount <= 0 || amount > left) {
          const msg = left <= 0 ? 'The order is fully credited already' : `Amount cannot be more than ₹${(left / 100).toFixed(2)}`;
          throw new ApiFailure(400, msg, [{ path: 'amountPaise', message: msg }]);
        }
        const number = `CN-${row.shop_order_id}-${prior.length + 1}`;
        await tx
          .insertInto('credit_notes')
          .values({
            id: uuidv7(), order_id: row.id, company_id: row.company_id, number, amount_paise: amount, reason: b.reason,
            actor_id: actor.id, actor_name: actor.name, created_at: nowIso(),
          })
          .execute();
        await updateOrder(tx, row.id, {}, { description: `Credit note ${number} generated for ₹${(amount / 100).toFixed(2)}`, ...trailActor(actor) }, { whileStatus: row.status });
      },
      'Credit note generated',
    );
  })
  /**
   * 'Regenerate Invoice and Shipping Label' is drawn by the documents area
   * (routes/billing); this guard runs first and refuses what the transition
   * table does not allow, then hands over.
   */
  .post(`${ORDER}/regenerate-documents`, requireRole(), v('param', idParam), async (c, next) => {
    const actor = actorOf(c);
    await runOrderAction(c.var.dbh.db, { orderId: c.req.valid('param').id, scope: companyScope(c), actor, action: 'regenerateDocuments' }, async () => undefined);
    await next();
  })
  /** NDR messages sent over WhatsApp, when the company's WhatsApp NDR module is active. */
  .get(`${ORDER}/whatsapp-messages`, requireRole(), responds(WhatsappMessagesResponse), v('param', idParam), async (c) => {
    const actor = actorOf(c);
    const id = c.req.valid('param').id;
    await runOrderAction(c.var.dbh.db, { orderId: id, scope: companyScope(c), actor, action: 'whatsappMessages' }, async () => undefined);
    const rows = await c.var.dbh.db
      .selectFrom('order_trails')
      .select(['id', 'status', 'description', 'source', 'actor_name', 'created_at'])
      .where('order_id', '=', id)
      .where((eb) => eb.or([eb('source', '=', 'whatsapp'), eb('status', 'in', ['UNDELIVERED', 'RTO_UNDELIVERED', 'DTO_UNDELIVERED'])]))
      .orderBy('created_at')
      .execute();
    return c.json({
      status: true as const,
      data: rows.map((r) => ({ id: r.id, status: r.status, message: r.description, source: r.source, sender: r.actor_name, createdAt: r.created_at })),
    } satisfies WhatsappMessagesResponse);
  });
