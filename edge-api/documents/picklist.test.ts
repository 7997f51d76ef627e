import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ITEMS, sampleOrder } from './fixtures';
import { PICK_LIST_COLUMNS, pickListRows, renderPickListXlsx } from './picklist';

describe('pick list', () => {
  const orders = [
    sampleOrder(0), // kurta x2 (A-01-03), bottle x1 (B-02-11)
    sampleOrder(1), // earbuds x1 (C-10-01)
    sampleOrder(3), // kurta x2, bottle x1
    sampleOrder(4, {
      items: [
        { ...ITEMS[1], sku: 'BTL-1L-RED-COMBO', quantity: 3 }, // same WSIN and bin as the bottle, another SKU
        { ...ITEMS[0], wsin: null, location: null, sku: 'LOOSE-1', title: 'Unmapped item', quantity: 1 },
        { ...ITEMS[0], location: 'A-01-10', wsin: 'WS000999', sku: 'KUR-IND-L', title: 'Cotton Kurta - Indigo, L', quantity: 1 },
      ],
    }),
  ];

  it('sums units per location and WSIN, in walking order', () => {
    expect(pickListRows(orders)).toEqual([
      { location: 'A-01-03', wsin: 'WS000123', sku: 'KUR-IND-M', title: 'Cotton Kurta - Indigo, M', quantity: 4, orders: '#1001, #1004' },
      { location: 'A-01-10', wsin: 'WS000999', sku: 'KUR-IND-L', title: 'Cotton Kurta - Indigo, L', quantity: 1, orders: '#1005' },
      { location: 'B-02-11', wsin: 'WS000456', sku: 'BTL-1L-RED, BTL-1L-RED-COMBO', title: ITEMS[1].title, quantity: 5, orders: '#1001, #1004, #1005' },
      { location: 'C-10-01', wsin: 'WS000789', sku: 'EAR-BT-01', title: 'Bluetooth Earbuds', quantity: 1, orders: '#1002' },
      { location: '', wsin: '', sku: 'LOOSE-1', title: 'Unmapped item', quantity: 1, orders: '#1005' },
    ]);
  });

  it('sorts bin numbers numerically (A-2 before A-10)', () => {
    const bins = ['A-10', 'A-2', 'B-1'].map((location, i) => sampleOrder(i, { items: [{ ...ITEMS[0], location, wsin: `W${i}` }] }));
    expect(pickListRows(bins).map((r) => r.location)).toEqual(['A-2', 'A-10', 'B-1']);
  });

  it('writes an xlsx a spreadsheet opens with the columns of the spec', async () => {
    const workbook = new ExcelJS.Workbook();
    // exceljs declares its own global Buffer type, which Node's Buffer no longer matches; the bytes are fine at run time.
    await workbook.xlsx.load((await renderPickListXlsx(orders)) as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const sheet = workbook.getWorksheet('PickList')!;
    expect(sheet).toBeDefined();
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([...PICK_LIST_COLUMNS]);
    expect(values(2)).toEqual(['A-01-03', 'WS000123', 'KUR-IND-M', 'Cotton Kurta - Indigo, M', 4, '#1001, #1004']);
    expect(values(4)[4]).toBe(5);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(4).value).toBe('Total units');
    expect(last.getCell(5).value).toBe(12);
  });
});
