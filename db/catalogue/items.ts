// Catalogue item queries: list (search by title or SKU, paginated), one item,
// create and update. Rows map to the spec's catalogue item at this edge.
import type { Kysely, Transaction } from 'kysely';
import {
  normaliseGst,
  rupeesToPaise,
  type CatalogueCreate,
  type CatalogueGst,
  type CatalogueItemDto,
  type CatalogueListQuery,
  type CatalogueUpdate,
} from '../../domain/catalogue';
import { itemUnitsFromStock, type LiveStock } from '../../domain/catalogue';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Db } from '../connect';
import type { CatalogueItem, Database } from '../schema';
import { textMatches } from '../search';
import { paiseToRupees } from '../../domain/money';

type Q = Kysely<Database> | Transaction<Database>;


const num = (v: unknown) => (v == null ? null : Number(v));

export function catalogueDto(r: CatalogueItem, wsinMapping: Record<string, number> = {}, liveStock?: LiveStock | null): CatalogueItemDto {
  const active = Number(r.active) === 1 ? 1 : 0;
  return {
    id: r.id,
    catalogId: r.id,
    companyId: r.company_id,
    shopType: r.shop_type,
    productId: r.product_id,
    variantId: r.variant_id,
    productTitle: r.product_title,
    variantTitle: r.variant_title,
    category: r.category,
    productType: r.product_type,
    sku: r.sku,
    skuId: r.sku,
    handle: r.handle,
    barCode: r.bar_code,
    hsnCode: r.hsn_code,
    price: paiseToRupees(Number(r.price_paise)),
    pricePaise: Number(r.price_paise),
    priceCurrency: 'INR',
    basePrice: r.base_price_paise == null ? null : paiseToRupees(Number(r.base_price_paise)),
    margin: num(r.margin),
    distributorMargin: num(r.distributor_margin),
    weight: Number(r.weight_g),
    weightUnit: 'g',
    dimensions: { length: Number(r.length_cm), breadth: Number(r.breadth_cm), height: Number(r.height_cm) },
    active,
    isActive: active,
    imageUrls: JSON.parse(r.image_urls || '[]') as string[],
    inventoryQuantity: Number(r.inventory_quantity),
    ...(liveStock !== undefined ? { liveStock } : {}),
    wsinMapping,
    d2rCategory: r.d2r_category,
    gstPercentage: JSON.parse(r.gst) as CatalogueGst,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

async function wsinMappings(db: Q, ids: string[]): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (!ids.length) return out;
  const rows = await db.selectFrom('catalogue_wsins').select(['catalogue_id', 'wsin', 'multiplier']).where('catalogue_id', 'in', ids).execute();
  for (const r of rows) (out.get(r.catalogue_id) ?? out.set(r.catalogue_id, {}).get(r.catalogue_id)!)[r.wsin] = Number(r.multiplier);
  return out;
}

/** One page of a company's catalogue for a shop type, newest change first, searched by title or SKU. */
export async function listCatalogue(db: Db, companyId: string, q: CatalogueListQuery) {
  let base = db.selectFrom('catalogue_items').where('company_id', '=', companyId).where('shop_type', '=', q.shopType);
  if (q.active) base = base.where('active', '=', Number(q.active));
  if (q.search) {
    const text = q.search;
    base = base.where((eb) => eb.or([textMatches(eb.ref('product_title'), text), textMatches(eb.ref('sku'), text)]));
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const maps = await wsinMappings(db, rows.map((r) => r.id));
  const live = await liveStockOf(db, companyId, maps);
  return { items: rows.map((r) => catalogueDto(r, maps.get(r.id), live(maps.get(r.id)))), total: Number(count.n) };
}

/** The item, or undefined when it does not exist inside `scope` (null = every company). */
export async function findCatalogueRow(db: Q, id: string, scope: string[] | null) {
  let q = db.selectFrom('catalogue_items').selectAll().where('id', '=', id);
  if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
  return q.executeTakeFirst();
}

export async function findCatalogueItem(db: Db, id: string, scope: string[] | null): Promise<CatalogueItemDto | undefined> {
  const row = await findCatalogueRow(db, id, scope);
  if (!row) return undefined;
  const maps = await wsinMappings(db, [row.id]);
  const live = await liveStockOf(db, row.company_id, maps);
  return catalogueDto(row, maps.get(row.id), live(maps.get(row.id)));
}

export async function skuTaken(db: Q, companyId: string, shopType: string, sku: string, exceptId?: string) {
  let q = db.selectFrom('catalogue_items').select('id').where('company_id', '=', companyId).where('shop_type', '=', shopType).where('sku', '=', sku);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

/** Columns common to create and update, from the validated form. */
function columns(v: CatalogueUpdate) {
  const gst = normaliseGst(v.gstPercentage);
  return {
    product_id: v.productId,
    variant_id: v.variantId ?? null,
    product_title: v.productTitle,
    variant_title: v.variantTitle ?? null,
    category: v.category,
    product_type: v.category,
    handle: v.handle ?? v.productTitle.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, ''),
    bar_code: v.barCode ?? null,
    hsn_code: v.hsnCode ?? null,
    price_paise: rupeesToPaise(v.price)!,
    base_price_paise: v.basePrice === undefined ? null : rupeesToPaise(v.basePrice),
    margin: v.margin ?? null,
    distributor_margin: v.distributorMargin ?? null,
    // Grams are whole in storage; a non-zero weight never rounds down to 0.
    weight_g: Math.max(1, Math.round(v.weight)),
    length_cm: v.dimensions.length,
    breadth_cm: v.dimensions.breadth,
    height_cm: v.dimensions.height,
    active: v.active,
    image_urls: JSON.stringify(v.imageUrls),
    d2r_category: v.d2rCategory ?? null,
    gst: JSON.stringify(gst),
    updated_at: nowIso(),
  };
}

export async function createCatalogueItem(db: Db, companyId: string, v: CatalogueCreate): Promise<CatalogueItemDto> {
  const id = uuidv7();
  const now = nowIso();
  await db
    .insertInto('catalogue_items')
    .values({
      id,
      company_id: companyId,
      shop_type: 'manual',
      sku: v.skuId,
      inventory_quantity: v.inventoryQuantity ?? 0,
      created_at: now,
      ...columns(v),
    })
    .execute();
  return (await findCatalogueItem(db, id, null))!;
}

/** Updates everything but the SKU, company and shop type. */
export async function updateCatalogueItem(db: Db, id: string, v: CatalogueUpdate): Promise<CatalogueItemDto> {
  await db
    .updateTable('catalogue_items')
    .set({ ...columns(v), ...(v.inventoryQuantity !== undefined ? { inventory_quantity: v.inventoryQuantity } : {}) })
    .where('id', '=', id)
    .execute();
  return (await findCatalogueItem(db, id, null))!;
}

/** Items of one company by id, with their WSIN mapping, for pricing an order. */
export async function catalogueForOrder(db: Q, companyId: string, ids: string[]) {
  if (!ids.length) return new Map<string, CatalogueItem & { wsinMapping: Record<string, number> }>();
  const rows = await db.selectFrom('catalogue_items').selectAll().where('company_id', '=', companyId).where('id', 'in', ids).execute();
  const maps = await wsinMappings(db, rows.map((r) => r.id));
  return new Map(rows.map((r) => [r.id, { ...r, wsinMapping: maps.get(r.id) ?? {} }]));
}

/**
 * Live stock: the company's inventory of the WSINs these items are
 * mapped to, per warehouse, as units of each item (domain itemUnitsFromStock).
 */
async function liveStockOf(db: Q, companyId: string, maps: Map<string, Record<string, number>>) {
  const wsins = [...new Set([...maps.values()].flatMap((m) => Object.keys(m)))];
  const rows = wsins.length
    ? await db
        .selectFrom('inventory')
        .innerJoin('warehouses', 'warehouses.id', 'inventory.warehouse_id')
        .select(['inventory.warehouse_id', 'warehouses.name', 'inventory.wsin', 'inventory.quantity', 'inventory.blocked'])
        .where('inventory.company_id', '=', companyId)
        .where('inventory.wsin', 'in', wsins)
        .execute()
    : [];
  const byWarehouse = new Map<string, { name: string; available: Record<string, number> }>();
  for (const r of rows) {
    const w = byWarehouse.get(r.warehouse_id) ?? { name: r.name, available: {} };
    w.available[r.wsin] = (w.available[r.wsin] ?? 0) + Math.max(0, Number(r.quantity) - Number(r.blocked));
    byWarehouse.set(r.warehouse_id, w);
  }
  return (mapping: Record<string, number> | undefined): LiveStock | null => {
    if (!mapping || !Object.keys(mapping).length) return null;
    const warehouses = [...byWarehouse.entries()]
      .map(([id, w]) => ({ id, name: w.name, units: itemUnitsFromStock(mapping, w.available) ?? 0 }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return { total: warehouses.reduce((n, w) => n + w.units, 0), warehouses };
  };
}
