// One order: its detail (with the actions the caller may take now) and every
// action of part 2 §4. Routes parse, call the use case
// (edge-api/services/orders/order-actions.ts, order-detail.ts, ready-to-ship.ts)
// and answer the order as it is afterwards.
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { cancelOrderSchema, cancelReturnSchema, creditNoteSchema, customerDetailsSchema, markDeliveredSchema, orderDetailsSchema, reassignWarehouseSchema, scheduleReturnSchema, shippingPackageChangeSchema, updateQuantitiesSchema, weightChangeSchema } from '../../../domain/orders/action-inputs';
import { OrderActionResponse, OrderDetailResponse, ReadyToShipResponse, ShippingPackagesResponse, WhatsappMessagesResponse } from '../../../domain/orders/responses';
import { readyToShipQuerySchema } from '../../../domain/carriers';
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { idParam, ORDER_PATH as ORDER, serviceActor } from '../../lib/route-actor';
import { v } from '../../lib/validate';
import type { OrderRef } from '../../services/orders/order-action';
import {
  cancelOrder,
  cancelReturn,
  changeShippingPackage,
  changeWeight,
  editCustomer,
  editOrderDetails,
  generateCreditNote,
  markDelivered,
  reassignWarehouse,
  revertToPlaced,
  scheduleReturn,
  unblockInventory,
  updateQuantities,
} from '../../services/orders/order-actions';
import { checkRegenerateDocuments, orderDetail, shippingPackages, whatsappMessages } from '../../services/orders/order-detail';
import { readyToShip } from '../../services/orders/ready-to-ship';

/** The answer of an action: the order as it is afterwards. */
async function acted(c: Context<AppEnv>, message: string, done: OrderRef) {
  const data = await orderDetail(c.var.dbh, serviceActor(c), done);
  return c.json({ status: true as const, message, data } satisfies OrderActionResponse);
}

export const actionRoutes = new Hono<AppEnv>()
  .get(ORDER, responds(OrderDetailResponse), v('param', idParam), async (c) => {
    const data = await orderDetail(c.var.dbh, serviceActor(c), { orderId: c.req.valid('param').id });
    return c.json({ status: true as const, data } satisfies OrderDetailResponse);
  })
  /** READY TO SHIP with the courier chosen in the confirmation (`?courier=`), else the default one (services/orders/ready-to-ship). */
  .patch(`${ORDER}/ready-to-ship`, responds(ReadyToShipResponse), v('param', idParam), v('query', readyToShipQuerySchema), async (c) => {
    const actor = serviceActor(c);
    const { orderId, booking } = await readyToShip(c.var.dbh.db, actor, { orderId: c.req.valid('param').id, courier: c.req.valid('query').courier, via: c.req.valid('query').via }, { dbh: c.var.dbh, config: c.var.config, log: c.var.log });
    const data = await orderDetail(c.var.dbh, actor, { orderId });
    return c.json({ status: true as const, message: 'Order marked ready to ship', data, booking } satisfies ReadyToShipResponse);
  })
  .patch(`${ORDER}/customer`, responds(OrderActionResponse), v('param', idParam), v('json', customerDetailsSchema), async (c) =>
    acted(c, 'Customer details updated', await editCustomer(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch(`${ORDER}/details`, responds(OrderActionResponse), v('param', idParam), v('json', orderDetailsSchema), async (c) =>
    acted(c, 'Order details updated', await editOrderDetails(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch(`${ORDER}/cancel`, responds(OrderActionResponse), v('param', idParam), v('query', z.object({ companyId: z.string().max(64).optional() })), v('json', cancelOrderSchema), async (c) =>
    acted(c, 'Order cancelled', await cancelOrder(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, companyId: c.req.valid('query').companyId, reason: c.req.valid('json').reason })),
  )
  .patch(`${ORDER}/mark-delivered`, responds(OrderActionResponse), v('param', idParam), v('json', markDeliveredSchema), async (c) =>
    acted(c, 'Order marked as delivered', await markDelivered(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch(`${ORDER}/revert-to-placed`, responds(OrderActionResponse), v('param', idParam), async (c) =>
    acted(c, 'Order status brought back to PLACED', await revertToPlaced(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id })),
  )
  .patch('/orders/unblock-inventory/:id', responds(OrderActionResponse), v('param', idParam), async (c) =>
    acted(c, 'Inventory unblocked', await unblockInventory(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id })),
  )
  .get('/shipping-packages', responds(ShippingPackagesResponse), async (c) => {
    return c.json({ status: true as const, data: await shippingPackages(c.var.dbh.db) } satisfies ShippingPackagesResponse);
  })
  .patch('/order-shipping-packages', responds(OrderActionResponse), v('json', shippingPackageChangeSchema), async (c) =>
    acted(c, 'Shipping package updated', await changeShippingPackage(c.var.dbh.db, serviceActor(c), c.req.valid('json'))),
  )
  .post('/schedule_dto', responds(OrderActionResponse), v('json', scheduleReturnSchema), async (c) =>
    acted(c, 'Return scheduled', await scheduleReturn(c.var.dbh.db, serviceActor(c), c.req.valid('json'))),
  )
  .post('/cancel-return', responds(OrderActionResponse), v('json', cancelReturnSchema), async (c) =>
    acted(c, 'Return cancelled', await cancelReturn(c.var.dbh.db, serviceActor(c), c.req.valid('json'))),
  )
  .patch(`${ORDER}/weight`, responds(OrderActionResponse), v('param', idParam), v('json', weightChangeSchema), async (c) =>
    acted(c, 'Weight updated', await changeWeight(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch(`${ORDER}/warehouse`, responds(OrderActionResponse), v('param', idParam), v('json', reassignWarehouseSchema), async (c) =>
    acted(c, 'Warehouse reassigned', await reassignWarehouse(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .patch(`${ORDER}/items`, responds(OrderActionResponse), v('param', idParam), v('json', updateQuantitiesSchema), async (c) =>
    acted(c, 'Quantities updated', await updateQuantities(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  .post(`${ORDER}/credit-notes`, responds(OrderActionResponse), v('param', idParam), v('json', creditNoteSchema), async (c) =>
    acted(c, 'Credit note generated', await generateCreditNote(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id, ...c.req.valid('json') })),
  )
  /**
   * 'Regenerate Invoice and Shipping Label' is drawn by the documents area
   * (routes/billing); this guard runs first and refuses what the transition
   * table does not allow, then hands over.
   */
  .post(`${ORDER}/regenerate-documents`, v('param', idParam), async (c, next) => {
    await checkRegenerateDocuments(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id });
    await next();
  })
  /** NDR messages sent over WhatsApp, when the company's WhatsApp NDR module is active. */
  .get(`${ORDER}/whatsapp-messages`, responds(WhatsappMessagesResponse), v('param', idParam), async (c) => {
    const data = await whatsappMessages(c.var.dbh.db, serviceActor(c), { orderId: c.req.valid('param').id });
    return c.json({ status: true as const, data } satisfies WhatsappMessagesResponse);
  });
