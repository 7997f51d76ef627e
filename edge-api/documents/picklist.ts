/**
 * Pick list workbook ('PickList'): the units to pick for the given orders,
 * summed per bin location and WSIN (SKU when an item has no WSIN), in walking
 * order of location.
 */
import ExcelJS from 'exceljs';
import type { DocOrder } from './types';

export interface PickListRow {
  location: string;
  wsin: string;
  /** Distinct SKUs picked under this WSIN, comma separated. */
  sku: string;
  title: string;
  quantity: number;
  /** Distinct order ids (shopOrderId) needing it, comma separated. */
  orders: string;
}

export const PICK_LIST_COLUMNS = ['Location', 'WSIN', 'SKU', 'Title', 'Quantity', 'Orders'] as const;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export function pickListRows(orders: readonly DocOrder[]): PickListRow[] {
  const groups = new Map<string, { location: string; wsin: string; skus: Set<string>; title: string; quantity: number; orders: Set<string> }>();
  for (const order of orders) {
    for (const item of order.items) {
      const location = item.location?.trim() ?? '';
      const wsin = item.wsin?.trim() ?? '';
      const key = `${location}\u0000${wsin || `sku:${item.sku}`}`;
      let group = groups.get(key);
      if (!group) {
        group = { location, wsin, skus: new Set(), title: item.title, quantity: 0, orders: new Set() };
        groups.set(key, group);
      }
      group.skus.add(item.sku);
      group.quantity += item.quantity;
      group.orders.add(order.shopOrderId);
    }
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        // Items without a location go last, so the walk through the bins comes first.
        Number(!a.location) - Number(!b.location) ||
        collator.compare(a.location, b.location) ||
        collator.compare(a.wsin, b.wsin) ||
        collator.compare([...a.skus][0], [...b.skus][0]),
    )
    .map((g) => ({
      location: g.location,
      wsin: g.wsin,
      sku: [...g.skus].join(', '),
      title: g.title,
      quantity: g.quantity,
      orders: [...g.orders].join(', '),
    }));
}

/** The pick list as an .xlsx file (one sheet, 'PickList'). */
export async function renderPickListXlsx(orders: readonly DocOrder[]): Promise<Buffer> {
  const rows = pickListRows(orders);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'shipdesk';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('PickList', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Location', key: 'location', width: 14 },
    { header: 'WSIN', key: 'wsin', width: 16 },
    { header: 'SKU', key: 'sku', width: 20 },
    { header: 'Title', key: 'title', width: 48 },
    { header: 'Quantity', key: 'quantity', width: 10 },
    { header: 'Orders', key: 'orders', width: 40 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: PICK_LIST_COLUMNS.length } };
  sheet.addRows(rows);
  const totalRow = sheet.addRow({ title: 'Total units', quantity: rows.reduce((n, r) => n + r.quantity, 0) });
  totalRow.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
