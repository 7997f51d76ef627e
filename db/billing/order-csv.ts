/**
 * The orders CSV row: which columns are read, and how a raw row becomes its
 * line. Pure (no database, no Node): the cell form (`pages`) and the byte
 * form (`chunks`) of db/billing/exports.ts both come from here, so they
 * write the very same CSV.
 */
import { CsvByteWriter, csvField } from '../../domain/csv';
import { indiaCsvDateTime, indiaCsvDateTimeInto } from '../../domain/india-time';
import { paiseToDecimalText } from '../../domain/money';

export const ORDER_HEADER = [
  'Order ID', 'Internal ID', 'Company', 'Warehouse', 'Status', 'Created At (IST)', 'Updated At (IST)', 'Shop Type', 'Order Type', 'Payment Mode',
  'Order Total (INR)', 'COD Amount (INR)', 'Shipping (INR)', 'AWB', 'Courier', 'Customer Name', 'Customer Phone', 'Customer Email',
  'City', 'State', 'Pincode', 'Weight (g)', 'Length (cm)', 'Breadth (cm)', 'Height (cm)',
  // As weighed at the box when packed (empty before): the dead weight and what the courier bills (the larger of it and L×B×H/5000 kg).
  'Packed Weight (g)', 'Chargeable Weight (g)', 'Invoice Number', 'Items',
  // Last, after the columns read from the order row: the order's total shipping-charge adjustment (bulk upload), empty when none.
  'Shipping Charge Adjustment (INR)',
];

/**
 * Order columns read for the CSV, in the CSV's own column order (ORDER_HEADER),
 * so a row read raw is turned into CSV cells in place. The items summary
 * (orders.items_summary) follows, then the delivery partner (only to name the courier), dropped after.
 */
export const ORDER_COLUMNS = [
  'shop_order_id', 'id', 'company_id', 'warehouse_id', 'status', 'created_at', 'updated_at', 'shop_type', 'order_type',
  'payment_mode', 'total_paise', 'cod_paise', 'shipping_paise', 'tracking_number', 'shipper', 'customer_name', 'customer_phone',
  'customer_email', 'shipping_city', 'shipping_state', 'shipping_pincode', 'weight_g', 'length_cm', 'breadth_cm', 'height_cm',
  'packed_weight_g', 'chargeable_weight_g', 'invoice_number',
] as const;
export const ID = 1;
export const ITEMS = ORDER_COLUMNS.length;
export const PARTNER = ITEMS + 1;

export const ORDER_TYPES = ['None', 'B2B', 'D2R'];

/** Integer paise as '1234.50' (exact, no floating point). */
export function rupees(paise: number | null): string | null {
  if (paise == null) return null;
  return paiseToDecimalText(Number(paise));
}

/** Names of the ids an order row carries (company, warehouse code, delivery partner), by id. */
export type OrderNames = {
  companyName: Map<string, string | null>;
  warehouseCode: Map<string, string | null>;
  partnerName: Map<string, string | null>;
  /** Order id → its total shipping-charge adjustment in paise (only orders that have one). */
  adjustment: Map<string, number>;
};

/** The names as finished CSV cells, escaped once per export rather than once per row. */
export type OrderNameCells = { company: Map<string, string>; warehouse: Map<string, string>; partner: Map<string, string>; adjustment: Map<string, string> };

export function orderNameCells(names: OrderNames): OrderNameCells {
  const cells = (m: Map<string, string | null>) =>
    new Map([...m].filter((e): e is [string, string] => e[1] != null).map(([k, v]): [string, string] => [k, csvField(v)]));
  const adjustment = new Map([...names.adjustment].map(([k, p]): [string, string] => [k, csvField(rupees(p))]));
  return { company: cells(names.companyName), warehouse: cells(names.warehouseCode), partner: cells(names.partnerName), adjustment };
}

/**
 * Writes the order total, COD amount and shipping (paise, as rupees) into `w`, each cell with its comma:
 * a whole number of paise makes digits, '.' and maybe '-', nothing to escape.
 */
function amountsWriter(w: CsvByteWriter): (total: unknown, cod: unknown, shipping: unknown) => void {
  const money = (paise: unknown) => {
    if (typeof paise === 'number' && Number.isSafeInteger(paise)) w.raw(rupees(paise)!);
    else w.value(rupees(paise as number | null));
    w.comma();
  };
  return (total, cod, shipping) => {
    money(total);
    money(cod);
    money(shipping);
  };
}

/** Writes the company and warehouse cells (their names, by id) into `w`, each with its comma. */
function placesWriter(w: CsvByteWriter, { company, warehouse }: OrderNameCells): (companyId: unknown, warehouseId: unknown) => void {
  return (companyId, warehouseId) => {
    const c = company.get(companyId as string);
    if (c !== undefined) w.raw(c);
    else w.value(companyId);
    w.comma();
    if (warehouseId) w.raw(warehouse.get(warehouseId as string) ?? '');
    w.comma();
  };
}

/** Turns a raw row into its CSV cells in place (the `pages` form of the export). */
export function orderCells(names: OrderNames): (o: unknown[]) => (string | number | null)[] {
  const { companyName, warehouseCode, partnerName, adjustment } = names;
  return (o) => {
    const adj = adjustment.size ? adjustment.get(o[ID] as string) : undefined;
    o[2] = companyName.get(o[2] as string) ?? o[2];
    o[3] = o[3] ? warehouseCode.get(o[3] as string) ?? '' : '';
    o[5] = indiaCsvDateTime(o[5] as string | null);
    o[6] = indiaCsvDateTime(o[6] as string | null);
    o[8] = ORDER_TYPES[o[8] as number] ?? String(o[8]);
    o[10] = rupees(o[10] as number | null);
    o[11] = rupees(o[11] as number | null);
    o[12] = rupees(o[12] as number | null);
    if (o[14] == null && o[PARTNER]) o[14] = partnerName.get(o[PARTNER] as string) ?? null;
    if (o[ITEMS] == null) o[ITEMS] = '';
    o.length = ITEMS + 1;
    o.push(adj === undefined ? '' : rupees(adj));
    // The database hands back text, numbers and NULLs; the lookups above keep them so.
    return o as (string | number | null)[];
  };
}

/**
 * Writes a raw row as its CSV line into `w`: the same cells as orderCells
 * then csvLine, with no cell strings in between. Hot path (once per row of a
 * possibly huge export).
 */
export function orderLineWriter(w: CsvByteWriter, cells: OrderNameCells): (o: unknown[]) => void {
  const { partner, adjustment } = cells;
  const amounts = amountsWriter(w);
  const places = placesWriter(w, cells);
  return (o) => {
    w.value(o[0]);
    w.comma();
    w.value(o[1]);
    w.comma();
    places(o[2], o[3]);
    w.value(o[4]);
    w.comma();
    w.raw(indiaCsvDateTime(o[5] as string | null));
    w.comma();
    w.raw(indiaCsvDateTime(o[6] as string | null));
    w.comma();
    w.value(o[7]);
    w.comma();
    w.value(ORDER_TYPES[o[8] as number] ?? String(o[8]));
    w.comma();
    w.value(o[9]);
    w.comma();
    amounts(o[10], o[11], o[12]);
    w.value(o[13]);
    w.comma();
    if (o[14] != null) w.value(o[14]);
    else if (o[PARTNER]) w.raw(partner.get(o[PARTNER] as string) ?? '');
    for (let i = 15; i <= ITEMS; i++) {
      w.comma();
      w.value(o[i]);
    }
    w.comma();
    if (adjustment.size) w.raw(adjustment.get(o[ID] as string) ?? '');
    w.eol();
  };
}

/**
 * The packed form of the orders CSV row, for SQLite: runs of text columns
 * that sit side by side in the CSV come concatenated by the database into
 * one string each, separated by the unit separator (char 31), so a row
 * costs 7 strings to read instead of 22 (most of an export's time is
 * better-sqlite3 making strings). The writer then copies each run's cells
 * with CsvByteWriter.packed, under the same cell rules. A run whose cell
 * count is off (some cell held char 31 itself) makes the row be written
 * again from its plain columns.
 *
 * Columns: [0] shop order id + id, [1] company, [2] warehouse, [3] status,
 * created and updated (ISO text, written in India time by indiaCsvDateTimeInto: SQLite's
 * strftime cost more than all the rest of the row), shop type, order type name, payment mode, [4..6] money,
 * [7] AWB + shipper, [8] delivery partner when there is no shipper, [9]
 * customer name, phone, e-mail, city, state, pincode, weight, [10..12]
 * length, breadth, height, [13..14] packed and chargeable weight, [15] invoice number + items summary.
 */
const SEP = "char(31)";
/** Columns NOT NULL in the schema need no ifnull (a NULL would blank the whole run, never silently). */
const NOT_NULL = new Set(['id', 'shop_order_id', 'status', 'created_at', 'updated_at', 'shop_type', 'payment_mode', 'customer_name', 'customer_phone', 'shipping_city', 'shipping_state', 'shipping_pincode', 'weight_g']);
const run = (cols: string[]) => cols.map((c) => (NOT_NULL.has(c) ? c : `ifnull(${c}, '')`)).join(` || ${SEP} || `);
export const PACKED_SQLITE_COLUMNS = [
  run(['shop_order_id', 'id']),
  'company_id',
  'warehouse_id',
  `${run(['status', 'created_at', 'updated_at', 'shop_type'])} || ${SEP} || CASE order_type ${ORDER_TYPES.map((t, i) => `WHEN ${i} THEN '${t}'`).join(' ')} ELSE ifnull(order_type, 'null') END || ${SEP} || ${run(['payment_mode'])}`,
  'total_paise',
  'cod_paise',
  'shipping_paise',
  run(['tracking_number', 'shipper']),
  'CASE WHEN shipper IS NULL THEN delivery_partner_id END',
  run(['customer_name', 'customer_phone', 'customer_email', 'shipping_city', 'shipping_state', 'shipping_pincode', 'weight_g']),
  'length_cm',
  'breadth_cm',
  'height_cm',
  'packed_weight_g',
  'chargeable_weight_g',
  run(['invoice_number', 'items_summary']),
];

/** The order id of a packed row (the id never holds char 31, so it is whatever follows the last one). */
export function packedId(o: unknown[]): string {
  const a = o[0] as string;
  return a.slice(a.lastIndexOf('\x1f') + 1);
}

/**
 * Writes a packed row as its CSV line into `w`, the same bytes as
 * orderLineWriter writes for the plain row. `plain(id)` reads the plain row
 * for the rare line that must be written again.
 */
export function packedLineWriter(w: CsvByteWriter, cells: OrderNameCells, plain: (id: string) => unknown[]): (o: unknown[]) => void {
  const { partner, adjustment } = cells;
  const writePlain = orderLineWriter(w, cells);
  const amounts = amountsWriter(w);
  const places = placesWriter(w, cells);
  // A run is NULL only if a NOT NULL column held NULL after all: then the count is off and the plain row is written.
  const run = (v: unknown, cells: number) => typeof v === 'string' && w.packed(v) === cells;
  // The date cell s[from, to) in India time; false when it is not an ISO instant (the plain row is written then).
  const date = (s: string, from: number, to: number) => {
    const end = indiaCsvDateTimeInto(s, from, to, w.room(19), w.mark());
    if (end < 0) return false;
    w.wroteTo(end);
    w.comma();
    return true;
  };
  // Status, created, updated, then shop type, order type and payment mode packed.
  const statusRun = (v: unknown) => {
    if (typeof v !== 'string') return false;
    const created = w.cell(v, 0) + 1;
    w.comma();
    const updated = v.indexOf('\x1f', created) + 1;
    if (updated === 0 || !date(v, created, updated - 1)) return false;
    const rest = v.indexOf('\x1f', updated) + 1;
    return rest > 0 && date(v, updated, rest - 1) && w.packed(v, 31, rest) === 3;
  };
  return (o) => {
    const start = w.mark();
    let ok = run(o[0], 2);
    w.comma();
    places(o[1], o[2]);
    ok = statusRun(o[3]) && ok;
    w.comma();
    amounts(o[4], o[5], o[6]);
    ok = run(o[7], 2) && ok;
    if (o[8]) w.raw(partner.get(o[8] as string) ?? '');
    w.comma();
    ok = run(o[9], 7) && ok;
    w.comma();
    w.value(o[10]);
    w.comma();
    w.value(o[11]);
    w.comma();
    w.value(o[12]);
    w.comma();
    w.value(o[13]);
    w.comma();
    w.value(o[14]);
    w.comma();
    ok = run(o[15], 2) && ok;
    w.comma();
    if (adjustment.size) w.raw(adjustment.get(packedId(o)) ?? '');
    if (ok) {
      w.eol();
      return;
    }
    w.rewind(start);
    writePlain(plain(packedId(o)));
  };
}
