// Every action on one order (part 2 §4), one use case each, called alike by
// the routes and any job: each runs in runOrderAction's transaction (scope and
// transition table first), refuses with a Refusal and writes nothing then, or
// writes through db/orders/status (version bump, timeline entry). Each returns
// the order it acted on. READY TO SHIP lives in ./ready-to-ship.ts.
import { enqueueStoreEffect } from '../../../db/channels/orders';
import type { z } from 'zod';
import type { Db } from '../../../db/connect';
import {
  activeShippingPackage,
  clearReturnQuantities,
  companyWarehouse,
  creditNoteAmounts,
  insertCreditNote,
  itemQuantities,
  setReturnQuantity,
} from '../../../db/orders/edits';
import { cancelBookings } from '../../../db/carriers/queries';
import { carrierFor } from '../../carriers';
import { releaseInventory } from '../../../db/orders/inventory';
import { setOrderStatus, updateOrder, type Tx } from '../../../db/orders/status';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { dueDateInWindow, packageTooSmall, returnQuantityError, type cancelReturnSchema, type CustomerDetails, type creditNoteSchema, type markDeliveredSchema, type orderDetailsSchema, type scheduleReturnSchema, type shippingPackageChangeSchema, type updateQuantitiesSchema, type weightChangeSchema } from '../../../domain/orders/action-inputs';
import { canConvertToCredit, REVERTIBLE_TO_PLACED, type OrderActionKey } from '../../../domain/orders/actions';
import { DUE_DATE_OUT_OF_WINDOW, ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { conflict, invalid, notFound } from '../../../domain/refusal';
import type { ServiceActor } from '../audit/actor';
import { runOrderAction, trailActor, writeCancel, type OrderRef, type OrderRow } from './order-action';
import { writeItemsChange } from './order-items';
import { paiseToDecimalText } from '../../../domain/money';

/** Runs `write` as `action` on the order and names the order acted on. */
async function act(db: Db, actor: ServiceActor, orderId: string, action: OrderActionKey, write: (tx: Tx, row: OrderRow) => Promise<unknown>): Promise<OrderRef> {
  await runOrderAction(db, actor, orderId, action, write);
  return { orderId };
}

/** A column update of the order, with its timeline entry, while it keeps the status it was read with. */
const edit = (tx: Tx, row: OrderRow, actor: ServiceActor, set: Parameters<typeof updateOrder>[2], description: string) =>
  updateOrder(tx, row.id, set, { description, ...trailActor(actor) }, { whileStatus: row.status });

function randomAwb(prefix: string): string {
  const n = new Uint32Array(2);
  globalThis.crypto.getRandomValues(n);
  return `${prefix}${String(n[0] % 1_000_000).padStart(6, '0')}${String(n[1] % 100_000).padStart(5, '0')}`;
}

/** Edit Customer Details: the shipping address, name, phone and e-mail. */
export async function editCustomer(db: Db, actor: ServiceActor, input: OrderRef & CustomerDetails): Promise<OrderRef> {
  const { orderId, ...b } = input;
  return act(db, actor, orderId, 'editCustomer', async (tx, row) => {
    const prev = JSON.parse(row.shipping_address || '{}') as Record<string, unknown>;
    const address = { ...prev, ...b, email: b.email ?? null };
    await edit(
      tx,
      row,
      actor,
      {
        shipping_address: JSON.stringify(address),
        customer_name: `${b.firstName} ${b.lastName}`,
        customer_phone: b.phone,
        customer_email: b.email ?? null,
        shipping_city: b.city,
        shipping_state: b.state,
        shipping_pincode: b.pincode,
      },
      'Customer details updated',
    );
  });
}

/** Edit Order Details: remarks, e-way bill, purchase order number. */
export async function editOrderDetails(db: Db, actor: ServiceActor, input: OrderRef & z.output<typeof orderDetailsSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'editOrderDetails', (tx, row) =>
    edit(tx, row, actor, { remarks: input.remarks || null, eway_bill: input.ewayBill || null, purchase_order_number: input.purchaseOrderNumber || null }, 'Order details updated'),
  );
}

/** Cancel with a reason (of the company named, when one is); stock held for the order is released. */
export async function cancelOrder(db: Db, actor: ServiceActor, input: OrderRef & { reason: string; companyId?: string }): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'cancel', async (tx, row) => {
    if (input.companyId && row.company_id !== input.companyId) throw notFound(ORDER_NOT_FOUND);
    await writeCancel(tx, row, actor, input.reason);
    // Cancelled here (not by the store itself): the store's order is cancelled too where it allows.
    if (actor.id !== null) await enqueueStoreEffect(tx, row.id, 'cancel');
  });
}

/** READY_TO_SHIP → DELIVERED; a retailer COD order may be converted to credit with a due date. */
export async function markDelivered(db: Db, actor: ServiceActor, input: OrderRef & z.output<typeof markDeliveredSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'markDelivered', async (tx, row) => {
    let paymentMode = row.payment_mode;
    let due: string | null = null;
    if (input.d2RDueDate) {
      if (!canConvertToCredit({ orderType: Number(row.order_type), paymentMode: row.payment_mode })) {
        throw invalid('Only retailer orders paid by cash on delivery can be converted to credit', [{ path: 'd2RDueDate', message: 'Not a retailer COD order' }]);
      }
      if (!dueDateInWindow(input.d2RDueDate)) throw invalid(DUE_DATE_OUT_OF_WINDOW, [{ path: 'd2RDueDate', message: DUE_DATE_OUT_OF_WINDOW }]);
      paymentMode = 'credit';
      due = input.d2RDueDate;
    } else if (input.paymentMode && input.paymentMode !== row.payment_mode) {
      throw invalid('A due date is needed to convert the order to credit', [{ path: 'd2RDueDate', message: 'Please select a due date' }]);
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
  });
}

/**
 * Admin: the order back to PLACED from where it is. A PLACED order has no
 * courier, AWB or booking: the booking is cancelled with the courier and the
 * order ships afresh through Ready to Ship.
 */
export async function revertToPlaced(db: Db, actor: ServiceActor, input: OrderRef): Promise<OrderRef> {
  let released: { partnerCode: string; awb: string }[] = [];
  const ref = await act(db, actor, input.orderId, 'revertToPlaced', async (tx, row) => {
    await setOrderStatus(tx, {
      orderId: row.id,
      to: 'PLACED',
      from: REVERTIBLE_TO_PLACED,
      set: { cancel_reason: null, rts_verified_at: null, tracking_number: null, delivery_partner_id: null, shipper: null },
      trail: { description: `Order status brought back to PLACED from ${row.status}${row.tracking_number ? `; AWB ${row.tracking_number} cancelled` : ''}`, ...trailActor(actor) },
    });
    released = await cancelBookings(tx, row.id);
  });
  for (const b of released) await carrierFor(b.partnerCode)?.cancel(db, b.awb);
  return ref;
}

/** Admin: release the stock held for the order. */
export async function unblockInventory(db: Db, actor: ServiceActor, input: OrderRef): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'unblockInventory', async (tx, row) => {
    await edit(tx, row, actor, { inventory_blocked: 0 }, 'Inventory unblocked');
    await releaseInventory(tx, row, actor, `Released by admin for order ${row.shop_order_id}`);
  });
}

/** Another active shipping package; the order takes its dimensions. */
export async function changeShippingPackage(db: Db, actor: ServiceActor, input: z.output<typeof shippingPackageChangeSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'changeShippingPackage', async (tx, row) => {
    const p = await activeShippingPackage(tx, input.selectedValue);
    if (!p) throw invalid('Please select a shipping package', [{ path: 'selectedValue', message: 'Unknown shipping package' }]);
    const weightG = Number(row.weight_g);
    if (weightG > Number(p.max_weight_g)) {
      const message = packageTooSmall(p.name, Number(p.max_weight_g), weightG);
      throw invalid(message, [{ path: 'selectedValue', message }]);
    }
    await edit(tx, row, actor, { shipping_package_code: p.code, length_cm: p.length_cm, breadth_cm: p.breadth_cm, height_cm: p.height_cm }, `Shipping package changed to ${p.name}`);
  });
}

/** A return (DTO) of some units of a delivered order, with a return AWB. */
export async function scheduleReturn(db: Db, actor: ServiceActor, input: z.output<typeof scheduleReturnSchema>): Promise<OrderRef> {
  return act(db, actor, input.splitOrderId, 'scheduleReturn', async (tx, row) => {
    const items = await itemQuantities(tx, row.id);
    const err = returnQuantityError(input.items, new Map(items.map((i) => [i.id, i.quantity])));
    if (err) throw invalid(err, [{ path: 'items', message: err }]);
    for (const it of input.items) await setReturnQuantity(tx, row.id, it.id, it.returnQuantity);
    const units = input.items.reduce((n, i) => n + i.returnQuantity, 0);
    const prefix = row.tracking_number?.slice(0, 2) ?? 'RT';
    await setOrderStatus(tx, {
      orderId: row.id,
      to: 'DTO_PLACED',
      from: ['DELIVERED', 'DTO_CANCELLED'],
      set: { return_awb: randomAwb(`R${prefix}`) },
      trail: { description: `Return scheduled for ${units} unit${units === 1 ? '' : 's'}${input.reason ? `: ${input.reason}` : ''}`, isReturn: true, ...trailActor(actor) },
    });
  });
}

/** The scheduled return called off (the AWB, when given, must be the return's). */
export async function cancelReturn(db: Db, actor: ServiceActor, input: z.output<typeof cancelReturnSchema>): Promise<OrderRef> {
  return act(db, actor, input.splitOrderId, 'cancelReturn', async (tx, row) => {
    if (input.awb && row.return_awb && input.awb !== row.return_awb) throw conflict('AWB does not match the return shipment');
    await clearReturnQuantities(tx, row.id);
    await setOrderStatus(tx, { orderId: row.id, to: 'DTO_CANCELLED', from: ['DTO_PLACED'], trail: { description: 'Return cancelled', isReturn: true, ...trailActor(actor) } });
  });
}

/** Admin: the weight (and any dimension given). */
export async function changeWeight(db: Db, actor: ServiceActor, input: OrderRef & z.output<typeof weightChangeSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'changeWeight', (tx, row) =>
    edit(
      tx,
      row,
      actor,
      {
        weight_g: input.weightG,
        ...(input.lengthCm ? { length_cm: input.lengthCm } : {}),
        ...(input.breadthCm ? { breadth_cm: input.breadthCm } : {}),
        ...(input.heightCm ? { height_cm: input.heightCm } : {}),
      },
      `Weight changed from ${row.weight_g} g to ${input.weightG} g`,
    ),
  );
}

/** Admin: another warehouse of the company ships it; the pickup address follows. */
export async function reassignWarehouse(db: Db, actor: ServiceActor, input: OrderRef & { warehouseId: string }): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'reassignWarehouse', async (tx, row) => {
    const wh = await companyWarehouse(tx, input.warehouseId, row.company_id);
    if (!wh) throw invalid('Please select warehouse', [{ path: 'warehouseId', message: 'This warehouse does not serve the company' }]);
    const address = JSON.parse(wh.address || '{}') as { state?: string; pincode?: string };
    await edit(tx, row, actor, { warehouse_id: wh.id, pickup_state: address.state ?? row.pickup_state, pickup_pincode: address.pincode ?? row.pickup_pincode }, `Warehouse changed to ${wh.name}`);
  });
}

/** Admin: item quantities; the total (and COD amount), the weight and the stock held follow (./order-items.ts). */
export async function updateQuantities(db: Db, actor: ServiceActor, input: OrderRef & z.output<typeof updateQuantitiesSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'updateQuantities', (tx, row) => writeItemsChange(tx, row, trailActor(actor), { quantities: input.items }));
}

/** Admin: a credit note for part or all of what is not credited yet. */
export async function generateCreditNote(db: Db, actor: ServiceActor, input: OrderRef & z.output<typeof creditNoteSchema>): Promise<OrderRef> {
  return act(db, actor, input.orderId, 'generateCreditNote', async (tx, row) => {
    const prior = await creditNoteAmounts(tx, row.id);
    const credited = prior.reduce((n, p) => n + Number(p.amount_paise), 0);
    const left = Number(row.total_paise) - credited;
    const amount = input.amountPaise ?? left;
    if (amount <= 0 || amount > left) {
      const msg = left <= 0 ? 'The order is fully credited already' : `Amount cannot be more than ₹${paiseToDecimalText(left)}`;
      throw invalid(msg, [{ path: 'amountPaise', message: msg }]);
    }
    const number = `CN-${row.shop_order_id}-${prior.length + 1}`;
    await insertCreditNote(tx, {
      id: uuidv7(), order_id: row.id, company_id: row.company_id, number, amount_paise: amount, reason: input.reason,
      actor_id: actor.id, actor_name: actor.name, created_at: nowIso(),
    });
    await edit(tx, row, actor, {}, `Credit note ${number} generated for ₹${paiseToDecimalText(amount)}`);
  });
}
