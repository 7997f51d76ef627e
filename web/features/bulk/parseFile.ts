// Reads an uploaded .xlsx or .csv into checked rows. Runs in the parse worker
// (so a 100,000-row file never blocks the page) and in the benchmark.
import Papa from 'papaparse';
import type { BulkType } from '../../../domain/bulk/types';
import { rowsFromMatrix, validateRows, type BulkCellError, type HeaderMatch } from '../../../domain/bulk/validate';
import type { BulkRow } from '../../../domain/bulk/rules';

export type ParsedFile = { rows: BulkRow[]; header: HeaderMatch; errors: BulkCellError[]; fileId: string; parseMs: number };

export const isCsv = (name: string) => /\.csv$/i.test(name);
export const UNSUPPORTED_FILE = 'Only .xlsx and .csv files can be uploaded';

/** CSV text (UTF-8, with or without BOM) as a matrix of text cells; nothing is converted, so leading zeros stay. */
export function csvMatrix(text: string): string[][] {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const out = Papa.parse<string[]>(clean, { skipEmptyLines: 'greedy', dynamicTyping: false });
  return out.data;
}

/** The first worksheet of an .xlsx as a matrix of cell values (numbers, dates and text as Excel stored them). */
export async function xlsxMatrix(buffer: ArrayBuffer): Promise<unknown[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: unknown[][] = [];
  ws.eachRow({ includeEmpty: false }, (row) => {
    const values = row.values as unknown[];
    out.push(values.slice(1));
  });
  return out;
}

async function sha256(buffer: ArrayBuffer): Promise<string> {
  const d = await crypto.subtle.digest('SHA-256', buffer);
  return [...new Uint8Array(d)].map((b) => b.toString(16).padStart(2, '0')).join('').slice(0, 32);
}

export async function parseFile(type: BulkType, name: string, buffer: ArrayBuffer): Promise<ParsedFile> {
  const started = performance.now();
  let matrix: unknown[][];
  if (isCsv(name)) matrix = csvMatrix(new TextDecoder('utf-8').decode(buffer));
  else if (/\.xlsx$/i.test(name)) matrix = await xlsxMatrix(buffer);
  else throw new Error(UNSUPPORTED_FILE);
  const { rows, header } = rowsFromMatrix(type, matrix);
  const errors = validateRows(type, rows);
  return { rows, header, errors, fileId: await sha256(buffer), parseMs: performance.now() - started };
}
