// The sample template of each upload type (.xlsx): the columns in the spec's
// order, one example row, and each column's rule as the header cell's note.
import { BULK_DEFS, MAX_BULK_ROWS, type BulkType } from '../../../domain/bulk/types';

export const templateFileName = (type: BulkType) => `${type}-template.xlsx`;

export async function bulkTemplate(type: BulkType): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const def = BULK_DEFS[type];
  const wb = new ExcelJS.Workbook();
  wb.creator = 'ShipDesk';
  const ws = wb.addWorksheet(def.title);
  ws.addRow(def.columns.map((c) => c.key));
  ws.addRow(def.columns.map((c) => c.example));
  def.columns.forEach((c, i) => {
    const cell = ws.getRow(1).getCell(i + 1);
    cell.font = { bold: true };
    cell.note = c.note;
    ws.getColumn(i + 1).width = Math.max(12, c.key.length + 4);
    // Text format keeps leading zeros of pincodes, phones and ids.
    ws.getColumn(i + 1).numFmt = '@';
  });
  const notes = wb.addWorksheet('Rules');
  notes.addRow(['Column', 'Rule']);
  for (const c of def.columns) notes.addRow([c.key, c.note]);
  notes.addRow([]);
  notes.addRow([`At most ${MAX_BULK_ROWS} rows are submitted at a time.`]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
