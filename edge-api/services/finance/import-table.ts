// The import machinery shared by finance's file imports (couriers' remittance
// files, bank statements, couriers' billed weights): read a CSV or XLSX into
// text cells, find the mapped columns by their header, check every row first
// and refuse the whole file with row errors in words (nothing half-applied).
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { ZodType } from 'zod';
import { invalid } from '../../../domain/refusal';
import { FILE_HAS_ERRORS, FILE_UNREADABLE, MAX_ROWS, missingColumn, rowError } from '../../../domain/remittance';

type FieldError = { path: string; message: string };

/** The file's rows as text cells, header first (CSV or XLSX, told apart by content). */
export async function readTable(fileName: string, bytes: Buffer): Promise<string[][]> {
  const isZip = bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(fileName)) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw invalid(FILE_UNREADABLE);
    }
    const ws = wb.worksheets[0];
    if (!ws) throw invalid(FILE_UNREADABLE);
    const out: string[][] = [];
    ws.eachRow({ includeEmpty: false }, (row) => {
      const cells: string[] = [];
      for (let i = 1; i <= row.cellCount; i++) {
        const v = row.getCell(i).value;
        cells.push(v instanceof Date ? v.toISOString().slice(0, 10) : v === null || v === undefined ? '' : typeof v === 'object' && 'text' in v ? String(v.text) : typeof v === 'object' && 'result' in v ? String(v.result) : String(v));
      }
      out.push(cells);
    });
    return out;
  }
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw invalid(FILE_UNREADABLE);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return parsed.data.map((r) => r.map((c) => String(c ?? '')));
}

/** A header as compared: no case, single spaces. */
export const normHeader = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Refused unless the table has rows below its header, and not too many. */
export function requireBody(table: string[][]): void {
  if (table.length < 2) throw invalid(FILE_HAS_ERRORS, [{ path: 'file', message: 'The file has no rows below its header' }]);
  if (table.length - 1 > MAX_ROWS) throw invalid(`A file may hold at most ${MAX_ROWS} rows`);
}

export type MappedFields<F extends string> = { fields: readonly F[]; optional?: readonly F[]; labels: Record<F, string> };

/**
 * Every row of a mapped table through `parse` (which returns the row's value, or its problems in words),
 * the whole file refused when a mapped column is missing or any row has a problem.
 * Rows are numbered as a spreadsheet numbers them (header = row 1).
 */
export function parseMappedRows<F extends string, T>(
  table: string[][],
  mapping: Partial<Record<F, string>>,
  spec: MappedFields<F>,
  parse: (cell: (f: F) => string, row: number) => T | string[],
): T[] {
  requireBody(table);
  const at = table[0].map(normHeader);
  const idx = {} as Record<F, number>;
  const errors: FieldError[] = [];
  for (const f of spec.fields) {
    const header = mapping[f]?.trim();
    const optional = spec.optional?.includes(f);
    if (!header) {
      idx[f] = -1;
      if (!optional) errors.push({ path: f, message: missingColumn(spec.labels[f], '') });
      continue;
    }
    idx[f] = at.indexOf(normHeader(header));
    // An optional field whose column the file lacks is read as empty.
    if (idx[f] < 0 && !optional) errors.push({ path: f, message: missingColumn(spec.labels[f], header) });
  }
  if (errors.length) throw invalid(FILE_HAS_ERRORS, errors);
  const out: T[] = [];
  const rowErrors: FieldError[] = [];
  for (let i = 1; i < table.length; i++) {
    const cells = table[i];
    const row = i + 1;
    const r = parse((f) => (idx[f] < 0 ? '' : (cells[idx[f]] ?? '')), row);
    if (Array.isArray(r)) {
      if (r.length && rowErrors.length < 200) rowErrors.push({ path: `row ${row}`, message: rowError(row, r.join('; ')) });
      continue;
    }
    out.push(r);
  }
  if (rowErrors.length) throw invalid(FILE_HAS_ERRORS, rowErrors);
  return out;
}

/** The mapping to read a courier's file with: the one given, else the one saved for the courier, else the built-in layout. */
export function chooseMapping<M>(given: M | undefined, saved: string | null | undefined, schema: ZodType<M>, builtIn: M | undefined, noMapping: string): M {
  if (given) return given;
  if (saved) return schema.parse(JSON.parse(saved));
  if (!builtIn) throw invalid(noMapping, [{ path: 'mapping', message: noMapping }]);
  return builtIn;
}
