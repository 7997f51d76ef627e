/**
 * The orders CSV row: which columns are read, and how a raw row becomes its
 * line. Pure (no database, no Node): shared by the export on the request's
 * thread (db/billing/exports.ts) and its parallel readers
 * (db/billing/export-worker.ts), so both write the very same bytes.
 */
import { CsvByteWriter, csvField } from '../../domain/csv';

export const ORDER_HEADER = [
  'Order ID', 'Internal ID', 'Company', 'Warehouse', 'Status', 'Created At', 'Updated At', 'Shop Type', 'Order Type', 'Payment Mode',
  'Order Total (INR)', 'COD Amount (INR)', 'Shipping (INR)', 'AWB', 'Courier', 'Customer Name', 'Customer Phone', 'Customer Email',
  'City', 'State', 'Pincode', 'Weight (g)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)', 'Invoice Number', 'Items',
];

/**
 * Order columns read for the CSV, in the CSV's own column order (ORDER_HEADER),
 * so a row read raw is turned into CSV cells in place. The items aggregate
 * follows, then the delivery partner (only to name the courier), dropped after.
 */
export const ORDER_COLUMNS = [
  'shop_order_id', 'id', 'company_id', 'warehouse_id', 'status', 'created_at', 'updated_at', 'shop_type', 'order_type',
  'payment_mode', 'total_paise', 'cod_paise', 'shipping_paise', 'tracking_number', 'shipper', 'customer_name', 'customer_phone',
  'customer_email', 'shipping_city', 'shipping_state', 'shipping_pincode', 'weight_g', 'length_cm', 'breadth_cm', 'height_cm',
  'invoice_number',
] as const;
export const ID = 1;
export const ITEMS = ORDER_COLUMNS.length;
export const PARTNER = ITEMS + 1;

export const ORDER_TYPES = ['None', 'B2B', 'D2R'];

/** Integer paise as '1234.50' (exact, no floating point). */
export function rupees(paise: number | null): string | null {
  if (paise == null) return null;
  const p = Number(paise);
  const abs = Math.abs(p);
  const r = abs % 100;
  return `${p < 0 ? '-' : ''}${(abs - r) / 100}${r < 10 ? '.0' : '.'}${r}`;
}

/** Names of the ids an order row carries (company, warehouse code, delivery partner), by id. */
export type OrderNames = {
  companyName: Map<string, string | null>;
  warehouseCode: Map<string, string | null>;
  partnerName: Map<string, string | null>;
};

/** The names as finished CSV cells (escaped once per export, not once per row); plain arrays so they cross to a worker. */
export type OrderNameCells = { company: [string, string][]; warehouse: [string, string][]; partner: [string, string][] };

export function orderNameCells(names: OrderNames): OrderNameCells {
  const cells = (m: Map<string, string | null>) => [...m].filter(([, v]) => v != null).map(([k, v]): [string, string] => [k, csvField(v)]);
  return { company: cells(names.companyName), warehouse: cells(names.warehouseCode), partner: cells(names.partnerName) };
}

/** Turns a raw row into its CSV cells in place (the `pages` form of the export). */
export function orderCells(names: OrderNames): (o: any[]) => any[] {
  const { companyName, warehouseCode, partnerName } = names;
  return (o) => {
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
}

/**
 * Writes a raw row as its CSV line into `w`: the same cells as orderCells
 * then csvLine, with no cell strings in between. Hot path (once per row of a
 * possibly huge export).
 */
export function orderLineWriter(w: CsvByteWriter, cells: OrderNameCells): (o: any[]) => void {
  const company = new Map(cells.company);
  const warehouse = new Map(cells.warehouse);
  const partner = new Map(cells.partner);
  const money = (paise: unknown) => {
    // A whole number of paise makes digits, '.' and maybe a leading '-': nothing to escape.
    if (typeof paise === 'number' && Number.isSafeInteger(paise)) w.raw(rupees(paise)!);
    else w.value(rupees(paise as number | null));
  };
  return (o) => {
    w.value(o[0]);
    w.comma();
    w.value(o[1]);
    w.comma();
    const c = company.get(o[2]);
    if (c !== undefined) w.raw(c);
    else w.value(o[2]);
    w.comma();
    if (o[3]) w.raw(warehouse.get(o[3]) ?? '');
    w.comma();
    w.value(o[4]);
    w.comma();
    w.value(o[5]);
    w.comma();
    w.value(o[6]);
    w.comma();
    w.value(o[7]);
    w.comma();
    w.value(ORDER_TYPES[o[8]] ?? String(o[8]));
    w.comma();
    w.value(o[9]);
    w.comma();
    money(o[10]);
    w.comma();
    money(o[11]);
    w.comma();
    money(o[12]);
    w.comma();
    w.value(o[13]);
    w.comma();
    if (o[14] != null) w.value(o[14]);
    else if (o[PARTNER]) w.raw(partner.get(o[PARTNER]) ?? '');
    for (let i = 15; i <= ITEMS; i++) {
      w.comma();
      w.value(o[i]);
    }
    w.eol();
  };
}
