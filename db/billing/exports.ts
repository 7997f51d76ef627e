import { sql } from 'kysely';
import type { Db, DbHandle } from '../connect';
import { effectiveStatuses } from '../../domain/orders';
import type { OrdersCsvFilter } from '../../domain/downloads';
import type { InvoiceFilter } from '../../domain/invoicing';
import { INVOICE_STATUS_LABELS } from '../../domain/invoicing';
import { countInvoices, invoicePages, istEnd, istStart } from './invoices';
import { openExportReader, selectArrays } from './raw';
import '../tables/billing';

export type CsvCell = string | number | null;

/**
 * A CSV export read straight from the database: its header, how many rows
 * the filter matches, and the rows as keyset-paginated pages (each page one
 * indexed query of `pageSize` rows), so memory stays flat for any size.
 */
export type ExportSource = {
  fileName: string;
  header: string[];
  count: () => Promise<number>;
  /** The rows, a database page at a time. */
  pages: () => AsyncGenerator<CsvCell[][]>;
};

/** Row by row, for callers that want it so. */
export async function* rowsOf(source: ExportSource): AsyncGenerator<CsvCell[]> {
  for await (const page of source.pages()) yield* page;
}

/** Wraps a row generator as pages of up to `size` rows. */
async function* paged(rows: AsyncGenerator<CsvCell[]>, size = EXPORT_PAGE_ROWS): AsyncGenerator<CsvCell[][]> {
  let page: CsvCell[][] = [];
  for await (const row of rows) {
    page.push(row);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

export const EXPORT_PAGE_ROWS = 2000;

/** Integer paise as '1234.50' (exact, no floating point). */
export function rupees(paise: number | null): string | null {
  if (paise == null) return null;
  const p = Number(paise);
  const abs = Math.abs(p);
  const r = abs % 100;
  return `${p < 0 ? '-' : ''}${(abs - r) / 100}${r < 10 ? '.0' : '.'}${r}`;
}
const ORDER_TYPES = ['None', 'B2B', 'D2R'];

/** The scope narrowed by a chosen company (which must lie in scope); [] = nothing. */
function companiesFor(scope: string[] | null, chosen?: string): string[] | null {
  if (chosen) return scope === null || scope.includes(chosen) ? [chosen] : [];
  return scope;
}

// ---- Orders ----------------------------------------------------------------------------

const ORDER_HEADER = [
  'Order ID', 'Internal ID', 'Company', 'Warehouse', 'Status', 'Created At', 'Updated At', 'Shop Type', 'Order Type', 'Payment Mode',
  'Order Total (INR)', 'COD Amount (INR)', 'Shipping (INR)', 'AWB', 'Courier', 'Customer Name', 'Customer Phone', 'Customer Email',
  'City', 'State', 'Pincode', 'Weight (g)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)', 'Invoice Number', 'Items',
];

/** The orders page's filter (domain/orders.ts orderFilterShape) as conditions; dates are whole Indian days. */
function orderQuery(db: Db, f: OrdersCsvFilter) {
  let q = db.selectFrom('orders');
  if (f.from) q = q.where('created_at', '>=', istStart(f.from));
  if (f.to) q = q.where('created_at', '<=', istEnd(f.to));
  if (f.paymentMode) q = q.where('payment_mode', '=', f.paymentMode);
  if (f.shopType) q = q.where('shop_type', '=', f.shopType);
  if (f.orderType !== undefined) q = q.where('order_type', '=', f.orderType);
  if (f.q) {
    // The same search as the orders list (db/orders/list.ts): order id prefix, AWB, phone, or the internal id.
    const q0 = f.q.trim();
    q = q.where((eb) =>
      eb.or([
        eb.and([eb('shop_order_id', '>=', q0), eb('shop_order_id', '<', `${q0}\uffff`)]),
        eb('tracking_number', '=', q0),
        eb('customer_phone', '=', q0),
        eb('id', '=', q0.toLowerCase()),
      ]),
    );
  }
  return q;
}

/**
 * Order columns read for the CSV, in the CSV's own column order (ORDER_HEADER),
 * so a row read raw is turned into CSV cells in place. The items aggregate
 * follows, then the delivery partner (only to name the courier), dropped after.
 */
const ORDER_COLUMNS = [
  'shop_order_id', 'id', 'company_id', 'warehouse_id', 'status', 'created_at', 'updated_at', 'shop_type', 'order_type',
  'payment_mode', 'total_paise', 'cod_paise', 'shipping_paise', 'tracking_number', 'shipper', 'customer_name', 'customer_phone',
  'customer_email', 'shipping_city', 'shipping_state', 'shipping_pincode', 'weight_g', 'length_cm', 'breadth_cm', 'height_cm',
  'invoice_number',
] as const;
const ID = 1;
const ITEMS = ORDER_COLUMNS.length;
const PARTNER = ITEMS + 1;

export function ordersExport(dbh: DbHandle, scope: string[] | null, f: OrdersCsvFilter, pageSize = EXPORT_PAGE_ROWS): ExportSource {
  const db = dbh.db;
  const companies = companiesFor(scope, f.companyId);
  const statuses = effectiveStatuses(f.tab, f.status);
  const empty = (companies !== null && companies.length === 0) || (statuses !== null && statuses.length === 0);
  // The items of each order, aggregated by the database in the same read.
  const items =
    dbh.dialect === 'postgres'
      ? sql<string>`(select string_agg(i.sku || ' x ' || i.quantity, '; ') from order_items i where i.order_id = orders.id)`
      : sql<string>`(select group_concat(i.sku || ' x ' || i.quantity, '; ') from order_items i where i.order_id = orders.id)`;
  return {
    fileName: 'orders.csv',
    header: ORDER_HEADER,
    count: async () => {
      if (empty) return 0;
      let q = orderQuery(db, f);
      if (companies) q = q.where('company_id', 'in', companies);
      if (statuses) q = q.where('status', 'in', statuses);
      const r = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    pages: async function* () {
      if (empty) return;
      const [companyRows, warehouseRows, partnerRows] = await Promise.all([
        db.selectFrom('companies').select(['id', 'name']).execute(),
        db.selectFrom('warehouses').select(['id', 'code']).execute(),
        db.selectFrom('delivery_partners').select(['id', 'name']).execute(),
      ]);
      const companyName = new Map(companyRows.map((c) => [c.id, c.name]));
      const warehouseCode = new Map(warehouseRows.map((w) => [w.id, w.code]));
      const partnerName = new Map(partnerRows.map((p) => [p.id, p.name]));
      // Hot path (once per row of a possibly huge export): patch the raw row in place.
      const toCells = (o: any[]): CsvCell[] => {
        o[2] = companyName.get(o[2]) ?? o[2];
        o[3] = o[3] ? warehouseCode.get(o[3]) ?? '' : '';
        o[8] = ORDER_TYPES[o[8]] ?? String(o[8]);
        o[10] = rupees(o[10]);
        o[11] = rupees(o[11]);
        o[12] = rupees(o[12]);
        if (o[14] == null && o[PARTNER]) o[14] = partnerName.get(o[PARTNER]) ?? null;
        if (o[ITEMS] == null) o[ITEMS] = '';
        o.length = ITEMS + 1;
        return o;
      };
      // One walk per (company, status) segment, in id order, so each is a range
      // read of the (company_id, status, id) index, never a sort.
      const segment = (company: string | null, status: string | null) => {
        let q = orderQuery(db, f);
        if (company) q = q.where('company_id', '=', company);
        if (status) q = q.where('status', '=', status);
        return q.select([...ORDER_COLUMNS]).select(items.as('items')).select('delivery_partner_id').orderBy('id');
      };
      const reader = await openExportReader(dbh);
      try {
        for (const company of companies ?? [null]) {
          for (const status of statuses ?? [null]) {
            if (reader) {
              // SQLite file: one cursor per segment on a private connection.
              const cursor = reader.iterate(segment(company, status));
              try {
                for (;;) {
                  const page: CsvCell[][] = [];
                  while (page.length < pageSize) {
                    const r = cursor.next();
                    if (r.done) break;
                    page.push(toCells(r.value as any[]));
                  }
                  if (page.length) yield page;
                  if (page.length < pageSize) break;
                }
              } finally {
                cursor.return?.();
              }
              continue;
            }
            // PostgreSQL and in-memory SQLite: keyset pages on the shared connection.
            let after = '';
            for (;;) {
              const rows = await selectArrays(dbh, segment(company, status).where('id', '>', after).limit(pageSize));
              if (!rows.length) break;
              yield rows.map((o) => toCells(o as any[]));
              if (rows.length < pageSize) break;
              after = (rows[rows.length - 1] as string[])[ID];
            }
          }
        }
      } finally {
        reader?.close();
      }
    },
  };
}

// ---- Catalogue -------------------------------------------------------------------------

export type CatalogueCsvFilter = { shopType?: string; active?: 0 | 1; q?: string; companyId?: string };

export function catalogueExport(db: Db, scope: string[] | null, f: CatalogueCsvFilter, pageSize = EXPORT_PAGE_ROWS): ExportSource {
  const companies = companiesFor(scope, f.companyId);
  const base = () => {
    let q = db.selectFrom('catalogue_items');
    if (companies) q = q.where('company_id', 'in', companies.length ? companies : ['']);
    if (f.shopType) q = q.where('shop_type', '=', f.shopType);
    if (f.active !== undefined) q = q.where('active', '=', f.active);
    if (f.q) {
      const like = `%${f.q}%`;
      q = q.where((eb) => eb.or([eb('sku', 'like', like), eb('product_title', 'like', like), eb('product_id', '=', f.q!)]));
    }
    return q;
  };
  return {
    fileName: 'catalogue.csv',
    header: [
      'Catalogue ID', 'Product ID', 'Variant ID', 'SKU', 'Product Title', 'Variant Title', 'Category', 'Shop Type', 'HSN Code', 'Bar Code',
      'Price (INR)', 'Base Price (INR)', 'Margin (%)', 'Distributor Margin (%)', 'Weight (g)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)',
      'CGST (%)', 'SGST (%)', 'IGST (%)', 'UTGST (%)', 'Cess (%)', 'Status', 'Inventory Quantity',
    ],
    count: async () => Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    pages: () => paged(catalogueRows()),
  };
  async function* catalogueRows(): AsyncGenerator<CsvCell[]> {
      let after = '';
      for (;;) {
        const page = await base().selectAll().where('id', '>', after).orderBy('id').limit(pageSize).execute();
        for (const c of page) {
          const g = JSON.parse(c.gst || '{}') as Record<string, number | null>;
          yield [
            c.id, c.product_id, c.variant_id, c.sku, c.product_title, c.variant_title, c.category, c.shop_type, c.hsn_code, c.bar_code,
            rupees(c.price_paise), rupees(c.base_price_paise), c.margin, c.distributor_margin, c.weight_g, c.length_cm, c.breadth_cm,
            c.height_cm, g.cgst ?? null, g.sgst ?? null, g.igst ?? null, g.utgst ?? g.sgst ?? null, g.cess ?? null,
            c.active ? 'Active' : 'InActive', c.inventory_quantity,
          ];
        }
        if (page.length < pageSize) return;
        after = page[page.length - 1].id;
      }
  }
}

// ---- Inventory -------------------------------------------------------------------------

export type InventoryCsvFilter = { warehouseId?: string; q?: string; companyId?: string };

export function inventoryExport(db: Db, scope: string[] | null, f: InventoryCsvFilter, pageSize = EXPORT_PAGE_ROWS): ExportSource {
  const companies = companiesFor(scope, f.companyId);
  const base = () => {
    let q = db
      .selectFrom('inventory as i')
      .innerJoin('warehouses as w', 'w.id', 'i.warehouse_id')
      .innerJoin('companies as c', 'c.id', 'i.company_id')
      .leftJoin('wsins as s', 's.wsin', 'i.wsin');
    if (companies) q = q.where('i.company_id', 'in', companies.length ? companies : ['']);
    if (f.warehouseId) q = q.where('i.warehouse_id', '=', f.warehouseId);
    if (f.q) q = q.where((eb) => eb.or([eb('i.wsin', '=', f.q!), eb('s.product_name', 'like', `%${f.q}%`)]));
    return q;
  };
  return {
    fileName: 'inventory.csv',
    header: ['Warehouse', 'Company', 'WSIN', 'Product Name', 'Location', 'Quantity', 'Blocked', 'Available', 'Scanned Quantity', 'Updated At'],
    count: async () => Number((await base().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    pages: () => paged(inventoryRows()),
  };
  async function* inventoryRows(): AsyncGenerator<CsvCell[]> {
      let after = '';
      for (;;) {
        const page = await base()
          .select(['i.id', 'w.code', 'c.name', 'i.wsin', 's.product_name', 'i.location', 'i.quantity', 'i.blocked', 'i.scanned_quantity', 'i.updated_at'])
          .where('i.id', '>', after)
          .orderBy('i.id')
          .limit(pageSize)
          .execute();
        for (const r of page) {
          yield [r.code, r.name, r.wsin, r.product_name, r.location, r.quantity, r.blocked, r.quantity - r.blocked, r.scanned_quantity, r.updated_at];
        }
        if (page.length < pageSize) return;
        after = page[page.length - 1].id;
      }
  }
}

// ---- Invoices --------------------------------------------------------------------------

export function invoicesExport(db: Db, scope: string[] | null, f: InvoiceFilter, pageSize = EXPORT_PAGE_ROWS): ExportSource {
  return {
    fileName: 'invoices.csv',
    header: [
      'Invoice Number', 'Type', 'Order ID', 'Company', 'Buyer', 'Buyer GSTIN', 'Issued At', 'Amount (INR)', 'Paid (INR)', 'Balance (INR)', 'Status',
    ],
    count: () => countInvoices(db, scope, f),
    pages: async function* () {
      for await (const page of invoicePages(db, scope, f, pageSize)) {
        yield page.map((i) => [
          i.invoiceNumber, i.kind, i.shopOrderId, i.companyName, i.buyerName, i.buyerGstin, i.issuedAt, rupees(i.amountPaise), rupees(i.paidPaise),
          rupees(i.balancePaise), INVOICE_STATUS_LABELS[i.status],
        ]);
      }
    },
  };
}
