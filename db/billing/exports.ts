import { sql, type Compilable } from 'kysely';
import type { Db, DbHandle } from '../connect';
import { effectiveStatuses } from '../../domain/orders/sections';
import type { OrdersCsvFilter } from '../../domain/downloads';
import type { InvoiceFilter } from '../../domain/invoicing';
import { INVOICE_STATUS_LABELS } from '../../domain/invoicing';
import { CsvByteWriter, type CsvChunk } from '../../domain/csv';
import { countInvoices, invoicePages, istEnd, istStart } from './invoices';
import { ID, ORDER_COLUMNS, ORDER_HEADER, PACKED_SQLITE_COLUMNS, orderCells, orderLineWriter, orderNameCells, packedId, packedLineWriter, rupees, type OrderNames } from './order-csv';
import { openExportReader, selectArrays, selectArraysSync } from './raw';
import { orderAdjustmentTotals } from '../bulk/orders';
import '../tables/billing';
import { indiaCsvDateTime } from '../../domain/india-time';
import { textMatches } from '../search';

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
  /**
   * The same rows as finished CSV lines in UTF-8 (cell rules of
   * domain/csv.ts), a database page at a time: the fast path of big exports,
   * each raw database row written straight into bytes.
   */
  chunks?: () => AsyncGenerator<CsvChunk>;
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

export { rupees } from './order-csv';

/** The scope narrowed by a chosen company (which must lie in scope); [] = nothing. */
function companiesFor(scope: string[] | null, chosen?: string): string[] | null {
  if (chosen) return scope === null || scope.includes(chosen) ? [chosen] : [];
  return scope;
}

// ---- Orders ----------------------------------------------------------------------------

/** The orders page's filter (domain/orders/filters.ts orderFilterShape) as conditions; dates are whole Indian days. */
function orderQuery(db: Db, f: OrdersCsvFilter) {
  let q = db.selectFrom('orders');
  if (f.from) q = q.where('created_at', '>=', istStart(f.from));
  if (f.to) q = q.where('created_at', '<=', istEnd(f.to));
  if (f.paymentMode) q = q.where('payment_mode', '=', f.paymentMode);
  if (f.shopType) q = q.where('shop_type', '=', f.shopType);
  if (f.orderType !== undefined) q = q.where('order_type', '=', f.orderType);
  if (f.courier) q = q.where('shipper', '=', f.courier);
  if (f.warehouseId) q = q.where('warehouse_id', '=', f.warehouseId);
  if (f.pincode) q = q.where('shipping_pincode', '=', f.pincode);
  if (f.beatId) q = q.where('beat_id', '=', f.beatId);
  if (f.cluster) {
    const cluster = f.cluster;
    q = q.where('shipping_pincode', 'in', (eb) => eb.selectFrom('cluster_pincodes').select('cluster_pincodes.pincode').where('cluster_pincodes.cluster_id', '=', cluster));
  }
  if (f.sku) {
    const sku = f.sku;
    q = q.where('id', 'in', (eb) => eb.selectFrom('order_items').select('order_items.order_id').where('order_items.sku', '=', sku));
  }
  if (f.q) {
    // The same search as the orders list (db/orders/list-filter.ts): order id prefix, AWB, phone, or the internal id.
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

export function ordersExport(
  dbh: DbHandle,
  scope: string[] | null,
  f: OrdersCsvFilter,
  pageSize = EXPORT_PAGE_ROWS,
): ExportSource {
  const db = dbh.db;
  const companies = companiesFor(scope, f.companyId);
  const statuses = effectiveStatuses(f.tab, f.status);
  const empty = (companies !== null && companies.length === 0) || (statuses !== null && statuses.length === 0);
  /** Names of the ids an order row carries, read once per export. */
  const lookups = async (): Promise<OrderNames> => {
    const [companyRows, warehouseRows, partnerRows, adjustmentRows] = await Promise.all([
      db.selectFrom('companies').select(['id', 'name']).execute(),
      db.selectFrom('warehouses').select(['id', 'code']).execute(),
      db.selectFrom('delivery_partners').select(['id', 'name']).execute(),
      orderAdjustmentTotals(db, companies),
    ]);
    return {
      companyName: new Map(companyRows.map((c) => [c.id, c.name])),
      warehouseCode: new Map(warehouseRows.map((w) => [w.id, w.code])),
      partnerName: new Map(partnerRows.map((p) => [p.id, p.name])),
      adjustment: adjustmentRows,
    };
  };

  /** The filter of one (company, status) segment of the export. */
  const segmentWhere = (company: string | null, status: string | null) => {
    let q = orderQuery(db, f);
    if (company) q = q.where('company_id', '=', company);
    if (status) q = q.where('status', '=', status);
    return q;
  };
  // The items come summarised on the order row (orders.items_summary, kept by triggers on order_items).
  const plainColumns = [...ORDER_COLUMNS, 'items_summary', 'delivery_partner_id'] as const;
  /** One segment in id order, as plain columns (order-csv.ts ORDER_COLUMNS, items summary, delivery partner). */
  const segment = (company: string | null, status: string | null) => segmentWhere(company, status).select([...plainColumns]).orderBy('id');
  /** The same segment in the packed form of SQLite (order-csv.ts PACKED_SQLITE_COLUMNS). */
  const packedSegment = (company: string | null, status: string | null) =>
    segmentWhere(company, status).select(PACKED_SQLITE_COLUMNS.map((c, i) => sql.raw<unknown>(c).as(`p${i}`))).orderBy('id');

  type Segment = typeof segment | typeof packedSegment;

  /**
   * Every raw row of the export handed to `onRow` a keyset page at a time;
   * yields after each page (its row count). One walk per (company, status)
   * segment, in id order, so each page is a range read of the
   * (company_id, status, id) index, never a sort. `all` reads a page
   * synchronously (a SQLite connection); without it, pages go through
   * Kysely on the shared connection (PostgreSQL).
   */
  async function* read(
    all: ((q: Compilable<unknown>) => unknown[][]) | null,
    seg: Segment,
    idOf: (row: unknown[]) => string,
    onRow: (row: unknown[]) => void,
  ): AsyncGenerator<number> {
    for (const company of companies ?? [null]) {
      for (const status of statuses ?? [null]) {
        let after = '';
        for (;;) {
          const page = (seg(company, status) as ReturnType<typeof segment>).where('id', '>', after).limit(pageSize);
          const rows = all ? all(page) : await selectArrays(dbh, page);
          if (!rows.length) break;
          after = idOf(rows[rows.length - 1]);
          for (let i = 0; i < rows.length; i++) onRow(rows[i]);
          yield rows.length;
          if (rows.length < pageSize) break;
        }
      }
    }
  }

  /**
   * A synchronous reader for the export: on a SQLite file, a private
   * connection holding one snapshot (which leaves the shared connection free
   * for other requests); on in-memory SQLite, the shared connection; on
   * PostgreSQL none.
   */
  async function openReader(): Promise<{ all: ((q: Compilable<unknown>) => unknown[][]) | null; close: () => void }> {
    const reader = await openExportReader(dbh);
    if (reader) return reader;
    const sqlite = dbh.sqlite;
    return { all: sqlite ? (q) => selectArraysSync(sqlite, q) : null, close: () => {} };
  }

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
      const toCells = orderCells(await lookups());
      const reader = await openReader();
      try {
        let page: CsvCell[][] = [];
        for await (const _ of read(reader.all, segment, (r) => r[ID] as string, (o) => page.push(toCells(o)))) {
          yield page;
          page = [];
        }
      } finally {
        reader.close();
      }
    },
    chunks: async function* () {
      if (empty) return;
      const names = orderNameCells(await lookups());
      // Each page's lines go out as one chunk (about 300 bytes a row).
      const w = new CsvByteWriter(pageSize * 400);
      const reader = await openReader();
      try {
        const all = reader.all;
        if (all) {
          // SQLite: the packed form, with the plain row read again for a line that needs it.
          const plain = (id: string) => all(db.selectFrom('orders').select([...plainColumns]).where('id', '=', id))[0];
          for await (const _ of read(all, packedSegment, packedId, packedLineWriter(w, names, plain))) yield w.take();
        } else {
          for await (const _ of read(null, segment, (r) => r[ID] as string, orderLineWriter(w, names))) yield w.take();
        }
      } finally {
        reader.close();
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
      const text = f.q;
      q = q.where((eb) => eb.or([textMatches(eb.ref('sku'), text), textMatches(eb.ref('product_title'), text), eb('product_id', '=', text)]));
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
    if (f.q) q = q.where((eb) => eb.or([eb('i.wsin', '=', f.q!), textMatches(eb.ref('s.product_name'), f.q!)]));
    return q;
  };
  return {
    fileName: 'inventory.csv',
    header: ['Warehouse', 'Company', 'WSIN', 'Product Name', 'Location', 'Quantity', 'Blocked', 'Available', 'Scanned Quantity', 'Updated At (IST)'],
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
          yield [r.code, r.name, r.wsin, r.product_name, r.location, r.quantity, r.blocked, r.quantity - r.blocked, r.scanned_quantity, indiaCsvDateTime(r.updated_at)];
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
      'Invoice Number', 'Type', 'Order ID', 'Company', 'Buyer', 'Buyer GSTIN', 'Issued At (IST)', 'Amount (INR)', 'Paid (INR)', 'Balance (INR)', 'Status',
    ],
    count: () => countInvoices(db, scope, f),
    pages: async function* () {
      for await (const page of invoicePages(db, scope, f, pageSize)) {
        yield page.map((i) => [
          i.invoiceNumber, i.kind, i.shopOrderId, i.companyName, i.buyerName, i.buyerGstin, indiaCsvDateTime(i.issuedAt), rupees(i.amountPaise), rupees(i.paidPaise),
          rupees(i.balancePaise), INVOICE_STATUS_LABELS[i.status],
        ]);
      }
    },
  };
}
