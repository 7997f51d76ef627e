// How each upload type applies one valid row. Every row runs in its own
// transaction (all or nothing) and is idempotent on its natural key, so a
// resubmitted file creates no duplicates.
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DbHandle } from '../../../db/connect';
import type { Database } from '../../../db/schema';
import { createCatalogueItem, updateCatalogueItem } from '../../../db/catalogue/items';
import { queueMissedOrderRetry } from '../../integrations/channels/missed';
import { insertStore } from '../../../db/catalogue/stores';
import type { FloorTx } from '../../../db/floor/context';
import { Refusal } from '../../../domain/refusal';
import { inbound } from '../../../db/floor/inventory';
import { addTrail } from '../../../db/orders/status';
import { findItemByIdOrSku, findManualItemBySku, findWsin, findWsinByProduct, insertWsin, replaceWsinMapping, upsertStorePrice } from '../../../db/bulk/catalogue';
import { salesmanOfCompany, unknownStores, upsertBeat } from '../../../db/bulk/d2r';
import { claimLedger } from '../../../db/bulk/ledger';
import { bumpOrderVersion, findDeliveryOrder, findOrderByAwb, insertAdjustment, insertDeliveryOrder, lastAdjustment, payOrderInvoice, setRemittanceStatus } from '../../../db/bulk/orders';
import { clusterNames, findExternalRetailer, insertRetailerProfile, setStoreLocation } from '../../../db/bulk/retailers';
import { findStoreRow } from '../../../db/catalogue/stores';
import { isYes, num, twoDecimalsMsg, type BulkRow } from '../../../domain/bulk/rules';
import { parseWsinMap, unknownClusterMsg, type BulkType } from '../../../domain/bulk/types';
import type { CatalogueCreate } from '../../../domain/catalogue';
import { rupeesToPaise } from '../../../domain/catalogue';
import { nowIso, uuidv7 } from '../../../domain/ids';
import { KyselyServerTx } from '../../../sync/server/kysely-store';
import { needCompany, RowFailure, type BulkActor } from './context';
import { paiseToDecimalText } from '../../../domain/money';

export const ORDER_NOT_FOUND_AWB = 'No order with this AWB';
export const NOT_DELIVERED_COD = 'Only delivered COD orders have a remittance status';
export const AWB_TAKEN = 'AWB already exists';
export const WSIN_TAKEN = 'WSIN belongs to another company';
export const CATALOGUE_ITEM_NOT_FOUND = 'Catalogue item not found';
export const STORE_NOT_FOUND = 'Store not found';
export const SALESMAN_NOT_FOUND = 'Salesman not found';
export const wsinUnknown = (w: string) => `WSIN ${w} is not known; upload it first`;
export const storesUnknown = (ids: string[]) => `Stores not found: ${ids.join(', ')}`;

export type ApplyContext = {
  dbh: DbHandle;
  actor: BulkActor;
  /** Identifies the uploaded file (its hash), for rows without a natural key. */
  fileId: string;
  /** The store whose D2R prices change (d2r-discount). */
  storeId?: string;
};

/** A cell the row's rules passed as an amount, in paise; a cell that is not one fails its row, never becomes 0. */
function paise(v: string, column: string): number {
  const p = rupeesToPaise(v);
  if (p === null) throw new RowFailure(column, twoDecimalsMsg(column));
  return p;
}
const rowHash = (row: BulkRow) => createHash('sha256').update(JSON.stringify(row)).digest('hex').slice(0, 16);

function tx<T>(dbh: DbHandle, f: (t: Transaction<Database>) => Promise<T>): Promise<T> {
  return dbh.db.transaction().execute(f);
}

/** A floor transaction (the inventory code's context) over a bulk row's transaction. */
function floorTxOf(t: Transaction<Database>, dbh: DbHandle, actor: BulkActor, companyId: string): FloorTx {
  const sync = new KyselyServerTx(t, dbh.dialect, undefined, 'write');
  return {
    db: t, dialect: dbh.dialect, nextVersion: () => sync.nextVersion(), actor: { id: actor.id, name: actor.name, role: actor.role },
    scope: { companies: [companyId], warehouseId: actor.warehouseId }, clientId: `bulk:${actor.id}`, source: 'user', now: nowIso(),
  };
}

type RowApplier = (ctx: ApplyContext, row: BulkRow, rowNo: number) => Promise<void>;

const catalogues: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  paise(r.price, 'price'); // stored in paise by the catalogue: an amount the rules passed, or the row fails here
  if (r.basePrice) paise(r.basePrice, 'basePrice');
  await tx(dbh, async (t) => {
    const existing = await findManualItemBySku(t, companyId, r.sku);
    const v: CatalogueCreate = {
      skuId: r.sku, shopType: 'manual', productTitle: r.itemName, productId: r.productId, category: r.category, hsnCode: r.hsnCode, barCode: r.barCode || undefined,
      active: /^(active|1)$/i.test(r.status) ? 1 : 0, price: num(r.price)!, basePrice: r.basePrice ? num(r.basePrice)! : undefined,
      margin: r.margin ? num(r.margin)! : undefined, distributorMargin: r.distributorMargin ? num(r.distributorMargin)! : undefined,
      weight: num(r.weight)!, dimensions: { length: num(r.length)!, breadth: num(r.breadth)!, height: num(r.height)! },
      imageUrls: existing ? (JSON.parse(existing.image_urls) as string[]) : [],
      gstPercentage: { sgst: num(r.sgst)!, cgst: num(r.cgst)!, igst: num(r.igst)!, utgst: r.utgst ? num(r.utgst)! : num(r.sgst)! },
    } as CatalogueCreate;
    if (existing) await updateCatalogueItem(t, existing.id, v);
    else await createCatalogueItem(t, companyId, v);
  });
  await queueMissedOrderRetry(dbh, companyId); // one retry job waits for the whole upload (none queued while one waits)
};

const inventory: RowApplier = async ({ dbh, actor, fileId }, r, rowNo) => {
  const companyId = needCompany(actor);
  if (!actor.warehouseId) throw new RowFailure('wsin', 'Only warehouse users can upload inventory');
  try {
    await tx(dbh, async (t) => {
      if (!(await claimLedger(t, 'inventory', companyId, `${fileId}:${rowNo}:${rowHash(r)}`))) return;
      await inbound(floorTxOf(t, dbh, actor, companyId), {
        warehouseId: actor.warehouseId!, companyId, wsin: r.wsin, accepted: Number(r.inboundAccepted), rejected: Number(r.inboundRejected),
        remarks: r.remarks || 'Bulk upload',
      });
    });
  } catch (e) {
    if (e instanceof Refusal) throw new RowFailure('wsin', e.message);
    throw e;
  }
};

const wsinUpload: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    if (r.wsin) {
      const known = await findWsin(t, r.wsin);
      if (known && known.company_id !== companyId) throw new RowFailure('wsin', WSIN_TAKEN);
      if (!known) await insertWsin(t, companyId, r.wsin, r.productName);
      return;
    }
    if (await findWsinByProduct(t, companyId, r.productName)) return;
    const generated = `W${uuidv7().replace(/-/g, '').slice(-11).toUpperCase()}`;
    await insertWsin(t, companyId, generated, r.productName);
  });
};

const wsinMap: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    const item = await findItemByIdOrSku(t, companyId, r.catalogueId);
    if (!item) throw new RowFailure('catalogueId', CATALOGUE_ITEM_NOT_FOUND);
    const mapping = parseWsinMap(r.wsinMap)!;
    for (const w of Object.keys(mapping)) {
      const known = await findWsin(t, w);
      if (!known || known.company_id !== companyId) throw new RowFailure('wsinMap', wsinUnknown(w));
    }
    await replaceWsinMapping(t, item.id, mapping);
  });
};

const codRemittance: RowApplier = async ({ dbh, actor }, r) => {
  await tx(dbh, async (t) => {
    const o = await findOrderByAwb(t, r.awb, actor.scope);
    if (!o) throw new RowFailure('awb', ORDER_NOT_FOUND_AWB);
    if (o.status !== 'DELIVERED' || o.payment_mode !== 'cod') throw new RowFailure('awb', NOT_DELIVERED_COD);
    const to = r.remittanceStatus.toUpperCase();
    if (o.remittance_status === to || o.remittance_status === 'PAID') return; // already so: a resubmit changes nothing
    const by = { actorId: actor.id, actorName: actor.name, source: 'user', status: o.status };
    if (!(await setRemittanceStatus(t, o.id, to))) throw new RowFailure('awb', NOT_DELIVERED_COD);
    let note = '';
    if (to === 'PAID') {
      const paid = await payOrderInvoice(t, o.id, { amountPaise: paise(r.codAmount, 'codAmount'), reference: `COD remittance ${r.awb}`, paidOn: nowIso().slice(0, 10) }, actor);
      if (paid.paidPaise) note = `; ₹${paiseToDecimalText(paid.paidPaise)} recorded on the invoice`;
    }
    await addTrail(t, o.id, o.status, { ...by, description: `COD remittance ${to} (bulk upload)${note}` });
  });
};

const shippingAdjustment: RowApplier = async ({ dbh, actor }, r) => {
  const isDto = isYes(r.isDto);
  await tx(dbh, async (t) => {
    const o = await findOrderByAwb(t, r.awb, actor.scope, isDto ? 'return_awb' : 'tracking_number');
    if (!o) throw new RowFailure('awb', ORDER_NOT_FOUND_AWB);
    const shippingPaise = paise(r.shippingPrice, 'shippingPrice');
    const last = await lastAdjustment(t, o.id, isDto);
    if (last && Number(last.shipping_paise) === shippingPaise) return;
    const previousPaise = last ? Number(last.shipping_paise) : isDto ? null : Number(o.shipping_paise);
    await insertAdjustment(t, { orderId: o.id, companyId: o.company_id, awb: r.awb, isDto, previousPaise, shippingPaise, actor });
    await bumpOrderVersion(t, o.id);
    await addTrail(t, o.id, o.status, {
      actorId: actor.id, actorName: actor.name, source: 'user', description: `${isDto ? 'Return shipping' : 'Shipping'} charge adjusted to ₹${paiseToDecimalText(shippingPaise)}`,
    });
  });
};

const d2rDiscount: RowApplier = async ({ dbh, actor, storeId }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    if (!storeId || !(await findStoreRow(t, storeId, [companyId]))) throw new RowFailure('catalogueId', STORE_NOT_FOUND);
    const item = await findItemByIdOrSku(t, companyId, r.catalogueId);
    if (!item) throw new RowFailure('catalogueId', CATALOGUE_ITEM_NOT_FOUND);
    await upsertStorePrice(t, { storeId, catalogueId: item.id, companyId, discount: num(r.discount)!, actor });
  });
};

const beats: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    if (r.salesmanId && !(await salesmanOfCompany(t, companyId, r.salesmanId))) throw new RowFailure('salesmanId', SALESMAN_NOT_FOUND);
    const storeIds = [...new Set(r.retailerIds.split(',').map((s) => s.trim()).filter(Boolean))];
    const missing = await unknownStores(t, companyId, storeIds);
    if (missing.length) throw new RowFailure('retailerIds', storesUnknown(missing));
    await upsertBeat(t, companyId, { name: r.Name, description: r.Description || null, salesmanId: r.salesmanId || null, storeIds });
  });
};

const externalRetailers: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    if (await findExternalRetailer(t, companyId, r.externalId)) return;
    // Stored as the admin console spells it (the row was checked against the same list, case ignored).
    const clusters = await clusterNames(t);
    const cluster = clusters.find((c) => c.toLowerCase() === r.cluster.toLowerCase());
    if (!cluster) throw new RowFailure('cluster', unknownClusterMsg(r.cluster, clusters));
    const store = await insertStore(t, companyId, {
      storeName: r.storeName, firstName: r.firstName, lastName: r.lastName || undefined, phone: r.phone, email: r.email || undefined,
      address1: r.addressLine1, address2: r.addressLine2, zip: r.pincode, city: r.city, state: r.state, gstin: r.gstin || undefined, isDistributor: false,
    });
    if (r.latitude || r.longitude) {
      await setStoreLocation(t, store.id, num(r.latitude) ?? 0, num(r.longitude) ?? 0);
    }
    const cls = r.class.toUpperCase();
    await insertRetailerProfile(t, {
      storeId: store.id, companyId, externalId: r.externalId, class: cls, type: r.type, cluster,
      details: {
        alternatePhone: r.alternatePhone || null, landmark: r.landmark || null, pan: r.pan || null, salesmanId: r.salesmanId || null, beatName: r.beatName || null,
        creditLimitPaise: r.creditLimit ? paise(r.creditLimit, 'creditLimit') : null, creditDays: r.creditDays ? Number(r.creditDays) : null,
      },
    });
  });
};

const lightning: RowApplier = async ({ dbh, actor }, r) => {
  const companyId = needCompany(actor);
  await tx(dbh, async (t) => {
    const existing = await findDeliveryOrder(t, r.awb);
    if (existing) {
      if (existing.company_id === companyId) return;
      throw new RowFailure('awb', AWB_TAKEN);
    }
    await insertDeliveryOrder(t, {
      awb: r.awb, companyId, paymentMethod: r.paymentMethod.toLowerCase(), totalPaise: paise(r.totalPrice, 'totalPrice'),
      address: {
        name: r.shippingPersonName, phone: r.phone, email: r.email, addressLine1: r.addressLine1, addressLine2: r.addressLine2, city: r.city, state: r.state,
        pincode: r.pincode, referenceId: r.referenceId, quantity: r.quantity, weight: r.weight,
      },
    });
  });
};

export const ROW_APPLIERS: Record<Exclude<BulkType, 'orders'>, RowApplier> = {
  catalogues,
  inventory,
  'wsin-upload': wsinUpload,
  'wsin-map': wsinMap,
  'cod-remittance': codRemittance,
  'shipping-charge-adjustment': shippingAdjustment,
  'd2r-discount': d2rDiscount,
  'd2r-beats': beats,
  'external-retailers': externalRetailers,
  'lightning-orders': lightning,
};

