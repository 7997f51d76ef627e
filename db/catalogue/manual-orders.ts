// Creating a manual order: every check against stored data (catalogue items,
// warehouse, store address, salesman, the order being cloned, order id
// uniqueness), the totals recomputed with computeOrderTotals (client totals
// are never read), the order, its items and its PLACED trail, in one
// transaction. 'Clone & Edit' also cancels the original if still PLACED.
import { normaliseGst, paiseToRupees, type CatalogueGst } from '../../domain/catalogue';
import { nowIso, uuidv7 } from '../../domain/ids';
import {
  editedAs,
  FINAL_ORDER_VALUE_NEGATIVE,
  ORDER_TYPE,
  orderIdExists,
  PRODUCT_REQUIRED,
  totalsOfOrder,
  WAREHOUSE_REQUIRED,
  withStoreDiscounts,
  d2rPricingStore,
  type Address,
  type ManualOrder,
  type ManualShopType,
} from '../../domain/manual-order';
import { allocateWarehouse, NO_ACTIVE_WAREHOUSE } from '../../domain/allocation';
import { indiaDayStart, indiaToday } from '../../domain/india-time';
import { Refusal } from '../../domain/refusal';
import type { Db } from '../connect';
import '../tables/manual-order-gstins';
import { allocationWarehouses, destinationOf } from './ship-from';
import { releaseInventory } from '../orders/inventory';
import { addTrail, OrderStateConflict, setOrderStatus } from '../orders/status';
import '../tables/catalogue';
import { catalogueForOrder } from './items';
import { findStoreRow, insertStore } from './stores';
import { storeDiscounts } from '../bulk/catalogue';
import { companyAddress, companyWarehouses } from './warehouses';

/** A business refusal (a domain Refusal): nothing was written. `path` names the field when there is one. */
export class OrderRefusal extends Refusal {
  constructor(
    kind: 'invalid' | 'not_found' | 'conflict',
    message: string,
    public path?: string,
  ) {
    super(kind, message, path ? [{ path, message }] : undefined);
  }
}

export type Actor = { id: string; name: string };

const PLACED = 'PLACED';
const CANCELLED = 'CANCELLED';

/** The address JSON stored on orders ({firstName,...,pincode,gstin}). */
function storedAddress(a: Address) {
  return {
    firstName: a.firstName, lastName: a.lastName, phone: a.phone, email: a.email ?? null, address1: a.address1, address2: a.address2,
    city: a.city, state: a.state, pincode: a.zip, gstin: a.gstin ?? null, companyName: a.companyName ?? null,
  };
}

export type CreateManualOrderArgs = {
  companyId: string;
  order: ManualOrder;
  actor: Actor;
  /** manual / manual_fbw, or the store a channel order came from (shopify, woocommerce). */
  shopType: ManualShopType | 'shopify' | 'woocommerce';
  /** Company ids the caller may read (for the order being cloned); null = all. */
  scope: string[] | null;
  /**
   * More writes that belong with the order (a bulk upload's parcel and its ledger row), made in the
   * order's own transaction: the order, its items and these are written together or not at all.
   */
  within?: (trx: Db, orderId: string) => Promise<void>;
};

export async function createManualOrder(db: Db, args: CreateManualOrderArgs) {
  const { companyId, order, actor } = args;
  return db.transaction().execute(async (trx) => {
    const company = await companyAddress(trx, companyId);
    if (!company) throw new OrderRefusal('not_found', 'Company not found', 'companyId');

    const linked = await companyWarehouses(trx, companyId);
    let warehouse: (typeof linked)[number] | undefined;
    if (order.whId) {
      warehouse = linked.find((w) => w.id === order.whId);
      if (!warehouse) throw new OrderRefusal('invalid', WAREHOUSE_REQUIRED, 'whId');
    }

    const taken = await trx.selectFrom('orders').select('id').where('company_id', '=', companyId).where('shop_order_id', '=', order.id).executeTakeFirst();
    if (taken) throw new OrderRefusal('conflict', orderIdExists(order.id), 'id');

    const catalogue = await catalogueForOrder(trx, companyId, [...new Set(order.items.map((i) => i.catalogueId))]);
    order.items.forEach((it, i) => {
      const c = catalogue.get(it.catalogueId);
      if (!c || Number(c.active) !== 1) throw new OrderRefusal('invalid', PRODUCT_REQUIRED, `items.${i}.catalogueId`);
    });

    // Every manual order ships from a warehouse: the one chosen, else the allocation rule (domain/allocation.ts).
    if (!warehouse) {
      const allocation = allocateWarehouse({
        warehouses: await allocationWarehouses(trx, companyId),
        lines: order.items.map((it) => ({ quantity: it.quantity, wsinMapping: catalogue.get(it.catalogueId)!.wsinMapping })),
        destination: await destinationOf(trx, order.shippingAddress),
        companyState: company.address.state ?? null,
      });
      if (!allocation) throw new OrderRefusal('invalid', NO_ACTIVE_WAREHOUSE, 'whId');
      warehouse = linked.find((w) => w.id === allocation.warehouseId)!;
    }

    // The seller's own courier: the order carries that AWB and courier from the start.
    let ownCourier: { partnerId: string | null; name: string } | null = null;
    if (order.awb) {
      const wanted = (order.awbPartner ?? '').trim();
      const partners = await trx.selectFrom('delivery_partners').select(['id', 'code', 'name']).execute();
      const p = partners.find((x) => x.id === wanted || x.code.toLowerCase() === wanted.toLowerCase() || x.name.toLowerCase() === wanted.toLowerCase());
      ownCourier = { partnerId: p?.id ?? null, name: p?.name ?? wanted };
      const awbTaken = await trx.selectFrom('orders').select('id').where('tracking_number', '=', order.awb).executeTakeFirst();
      if (awbTaken) throw new OrderRefusal('conflict', `AWB ${order.awb} is already used by another order`, 'awb');
    }

    let original: { id: string; status: string; company_id: string; warehouse_id: string | null; inventory_blocked: number } | undefined;
    if (order.cloneFrom) {
      let q = trx.selectFrom('orders').select(['id', 'status', 'company_id', 'warehouse_id', 'inventory_blocked']).where('id', '=', order.cloneFrom);
      if (args.scope) q = q.where('company_id', 'in', args.scope.length ? args.scope : ['']);
      original = await q.executeTakeFirst();
      if (!original) throw new OrderRefusal('not_found', 'Order not found', 'cloneFrom');
    }

    let storeAddressId: string | null = null;
    if (order.orderType === ORDER_TYPE.d2r) {
      if (order.selectedStoreAddressId) {
        const store = await findStoreRow(trx, order.selectedStoreAddressId, [companyId]);
        if (!store) throw new OrderRefusal('not_found', 'Store address not found', 'selectedStoreAddressId');
        storeAddressId = store.id;
      } else if (order.storeAddress) {
        storeAddressId = (await insertStore(trx, companyId, order.storeAddress)).id;
      }
    }

    if (order.d2rSalesmanId) {
      const s = await trx.selectFrom('salesmen').select('id').where('id', '=', order.d2rSalesmanId).where('company_id', '=', companyId).executeTakeFirst();
      if (!s) throw new OrderRefusal('not_found', 'Salesman not found', 'd2rSalesmanId');
    }

    const sellerState = warehouse.state || company.address.state || '';
    const priced = (id: string) => {
      const c = catalogue.get(id);
      return c ? { pricePaise: Number(c.price_paise), gst: JSON.parse(c.gst) as CatalogueGst } : undefined;
    };
    // A D2R order for an existing store is priced at that store's D2R price (its discounts per item, bulk 'D2R Discount').
    const discounts = d2rPricingStore(order) && storeAddressId ? await storeDiscounts(trx, storeAddressId) : null;
    const result = totalsOfOrder(order, withStoreDiscounts(priced, discounts), sellerState);
    if (result.error) throw new OrderRefusal('invalid', FINAL_ORDER_VALUE_NEGATIVE, 'specialDiscount');
    const { totals } = result;

    const now = nowIso();
    // A back-dated order is dated at noon India time of that day (the schema keeps it within the allowed window).
    const orderDate = order.backdate && order.backdate < indiaToday() ? new Date(Date.parse(indiaDayStart(order.backdate)) + 12 * 3_600_000).toISOString() : now;
    const id = uuidv7();
    let weight = 0;
    let length = 0;
    let breadth = 0;
    let height = 0;
    for (const it of order.items) {
      const c = catalogue.get(it.catalogueId)!;
      weight += Number(c.weight_g) * it.quantity;
      length = Math.max(length, Number(c.length_cm));
      breadth = Math.max(breadth, Number(c.breadth_cm));
      height = Math.max(height, Number(c.height_cm));
    }
    const ship = order.shippingAddress;
    await trx
      .insertInto('orders')
      .values({
        id,
        company_id: companyId,
        warehouse_id: warehouse.id,
        shop_order_id: order.id,
        external_order_id: null,
        status: PLACED,
        shop_type: args.shopType,
        order_type: order.orderType,
        payment_mode: order.paymentMethod,
        total_paise: totals.finalPaise,
        shipping_paise: totals.shippingPaise,
        cod_paise: order.paymentMethod === 'cod' ? totals.finalPaise : 0,
        tracking_number: order.awb ?? null,
        return_awb: null,
        delivery_partner_id: ownCourier?.partnerId ?? null,
        shipper: ownCourier?.name ?? null,
        customer_name: `${ship.firstName} ${ship.lastName}`.trim(),
        customer_phone: ship.phone,
        customer_email: ship.email ?? null,
        shipping_address: JSON.stringify(storedAddress(ship)),
        billing_address: JSON.stringify(storedAddress(order.billingAddress)),
        shipping_state: ship.state,
        shipping_city: ship.city,
        shipping_pincode: ship.zip,
        pickup_state: sellerState,
        pickup_pincode: warehouse.pincode || company.address.pincode || '',
        weight_g: weight,
        length_cm: length,
        breadth_cm: breadth,
        height_cm: height,
        shipping_package_code: null,
        remittance_status: null,
        rts_verified_at: null,
        eway_bill: order.ewayBill ?? null,
        remarks: null,
        cancel_reason: null,
        d2r_due_date: null,
        store_address_id: storeAddressId,
        salesman_id: order.d2rSalesmanId ?? null,
        purchase_order_number: order.purchaseOrderNumber ?? null,
        terms_of_payment: order.termsOfPayment ?? null,
        due_date: order.dueDate ?? null,
        invoice_number: null,
        inventory_blocked: 0,
        beat_id: order.beatId ?? null,
        shipping_label_url: order.shippingLabelUrl ?? null,
        invoice_url: order.invoiceUrl ?? null,
        extra: JSON.stringify({
          pricingType: order.pricingType,
          commonPricingValue: order.commonPricingValue ?? null,
          beatId: order.beatId ?? null,
          isDistributor: order.isDistributor ?? false,
          specialDiscountPaise: totals.specialDiscountPaise,
          awb: order.awb ?? null,
          awbPartner: order.awbPartner ?? null,
          shippingLabelUrl: order.shippingLabelUrl ?? null,
          invoiceUrl: order.invoiceUrl ?? null,
          backdate: order.backdate ?? null,
          sameAsShipping: order.sameAsShipping,
          clonedFrom: order.cloneFrom ?? null,
          // Per-line pricing values (percent, or paise for flat price) so a clone pre-fills them.
          lines: order.items.map((it) => ({ catalogueId: it.catalogueId, quantity: it.quantity, isFree: it.isFree, pricingValue: it.pricingValue })),
          regime: result.regime,
          totals,
        }),
        created_at: orderDate,
        updated_at: now,
        version: 0,
      })
      .execute();

    for (const [i, it] of order.items.entries()) {
      const c = catalogue.get(it.catalogueId)!;
      const line = result.lines[i];
      await trx
        .insertInto('order_items')
        .values({
          id: uuidv7(),
          order_id: id,
          catalogue_id: c.id,
          title: c.product_title,
          sku: c.sku,
          quantity: it.quantity,
          final_price_paise: line.unitPaise,
          return_quantity: 0,
          is_free: it.isFree ? 1 : 0,
          hsn_code: c.hsn_code,
          gst: JSON.stringify(normaliseGst(JSON.parse(c.gst))),
          wsin_mapping: JSON.stringify(c.wsinMapping),
        })
        .execute();
    }
    const by = { actorId: actor.id, actorName: actor.name, source: 'user' };
    const how = order.mode === 'edit' ? 'edited' : 'cloned';
    await addTrail(trx, id, PLACED, { ...by, description: order.cloneFrom ? `Order placed (${how} from another order)` : 'Order placed' }, now);

    // 'Clone & Edit': the original goes to CANCELLED only if it is still PLACED
    // (the guarded update refuses otherwise); its held stock is released.
    let cancelledOriginal = false;
    if (original && order.mode === 'edit' && original.status === PLACED) {
      const reason = editedAs(order.id);
      try {
        await setOrderStatus(trx, {
          orderId: original.id, to: CANCELLED, from: [PLACED], set: { cancel_reason: reason, inventory_blocked: 0 },
          trail: { ...by, description: `Order cancelled: ${reason}` },
        });
        if (Number(original.inventory_blocked) === 1) await releaseInventory(trx, original, { id: actor.id, name: actor.name }, `Released: order cancelled, ${reason}`);
        cancelledOriginal = true;
      } catch (e) {
        if (!(e instanceof OrderStateConflict)) throw e;
      }
    }

    await args.within?.(trx, id);
    return {
      id, shopOrderId: order.id, totals, regime: result.regime, lines: result.lines, cancelledOriginal,
      warehouseId: warehouse.id, awb: order.awb ?? null, createdAt: orderDate,
    };
  });
}

/** The stored order as the manual order form's pre-fill (clone / Clone & Edit). */
export async function manualOrderPrefill(db: Db, id: string, scope: string[] | null) {
  let q = db.selectFrom('orders').selectAll().where('id', '=', id);
  if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
  const o = await q.executeTakeFirst();
  if (!o) return undefined;
  const items = await db.selectFrom('order_items').selectAll().where('order_id', '=', id).execute();
  const extra = (o.extra ? JSON.parse(o.extra) : {}) as Record<string, unknown>;
  const address = (json: string) => {
    const a = JSON.parse(json) as Record<string, string | null>;
    return {
      firstName: a.firstName ?? '', lastName: a.lastName ?? '', phone: a.phone ?? '', email: a.email ?? '', address1: a.address1 ?? '',
      address2: a.address2 ?? '', zip: a.pincode ?? a.zip ?? '', city: a.city ?? '', state: a.state ?? '', gstin: a.gstin ?? '',
      companyName: a.companyName ?? '',
    };
  };
  const pricingType = [0, 1, 2, 3].includes(extra.pricingType as number) ? (extra.pricingType as number) : 0;
  const shippingAddress = address(o.shipping_address);
  const billingAddress = address(o.billing_address);
  return {
    orderId: o.id,
    status: o.status,
    companyId: o.company_id,
    shopOrderId: o.shop_order_id,
    orderType: Number(o.order_type),
    whId: o.warehouse_id ?? '',
    selectedStoreAddressId: o.store_address_id ?? '',
    d2rSalesmanId: o.salesman_id ?? '',
    purchaseOrderNumber: o.purchase_order_number ?? '',
    termsOfPayment: o.terms_of_payment ?? '',
    dueDate: o.due_date ?? '',
    beatId: o.beat_id ?? (extra.beatId as string | null) ?? '',
    awb: o.tracking_number && extra.awb ? o.tracking_number : '',
    awbPartner: extra.awb ? ((extra.awbPartner as string | null) ?? '') : '',
    paymentMethod: o.payment_mode,
    pricingType,
    commonPricingValue: extra.commonPricingValue == null ? '' : String(extra.commonPricingValue),
    shippingPrice: String(paiseToRupees(Number(o.shipping_paise))),
    specialDiscount: extra.specialDiscountPaise ? String(paiseToRupees(Number(extra.specialDiscountPaise))) : '',
    ewayBill: o.eway_bill ?? '',
    shippingAddress,
    billingAddress,
    sameAsShipping: JSON.stringify(shippingAddress) === JSON.stringify(billingAddress),
    items: prefillLines(extra.lines as StoredLine[] | undefined, items, pricingType),
  };
}

type StoredLine = { catalogueId: string; quantity: number; isFree: boolean; pricingValue: number | null };

/** Lines as typed: from what the form sent (kept with the order), else from the stored items. */
function prefillLines(lines: StoredLine[] | undefined, items: { catalogue_id: string | null; quantity: number; is_free: number; final_price_paise: number }[], pricingType: number) {
  const shown = (v: number | null) => (v == null ? '' : String(pricingType === 3 ? paiseToRupees(v) : v));
  if (Array.isArray(lines)) return lines.map((l) => ({ catalogueId: l.catalogueId, quantity: l.quantity, isFree: !!l.isFree, pricingValue: shown(l.pricingValue) }));
  return items
    .filter((it) => it.catalogue_id)
    .map((it) => ({
      catalogueId: it.catalogue_id!,
      quantity: it.quantity,
      isFree: Number(it.is_free) === 1,
      // Without the typed lines, flat price keeps the price charged; percentages fall back to the common value.
      pricingValue: pricingType === 3 && Number(it.is_free) !== 1 ? String(paiseToRupees(Number(it.final_price_paise))) : '',
    }));
}

/** Whether a company already has an order with this id (as the shop's order id). */
export async function orderIdTaken(db: Db, companyId: string, id: string): Promise<boolean> {
  return !!(await db.selectFrom('orders').select('id').where('company_id', '=', companyId).where('shop_order_id', '=', id).executeTakeFirst());
}

/** The company's order ids that start with `prefix` (the suggested ids of one day). */
export async function orderIdsStartingWith(db: Db, companyId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('shop_order_id')
    .where('company_id', '=', companyId)
    .where('shop_order_id', '>=', prefix)
    .where('shop_order_id', '<', `${prefix}\uffff`)
    .limit(1000)
    .execute();
  return rows.map((r) => r.shop_order_id);
}
