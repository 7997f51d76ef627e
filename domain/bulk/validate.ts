// Reading a sheet into rows (header by name, else by position), checking every
// cell, and the submit call's request and response (spec part 2 §3 'Bulk
// upload response', §7 'Bulk submits', §8).
import { z } from 'zod';
import { okBody } from '../api';
import { BULK_DEFS, clusterRule, MAX_BULK_ROWS, type BulkColumn, type BulkType } from './types';
import type { BulkRow } from './rules';

export const MAX_ROWS_MSG = 'Maximum 100 rows are allowed at a time';
export const CLEAR_ERRORS_MSG = 'Please clear all errors';
export const FIX_ERRORS_MSG = 'Please fix errors to proceed.';
export const LEAVE_CONFIRM_MSG = 'Are you sure you want to leave? All your changes will be lost.';
export const EMPTY_FILE_MSG = 'The file has no rows';
export const missingColumnMsg = (col: string) => `Missing column: ${col}`;
export const unknownColumnMsg = (header: string) => `Unknown column: ${header}`;

/** One cell's reason, as the server reports it (and the grid shows it). `row` is 1-based over the data rows. */
export type BulkCellError = { row: number; col: string; reason: string; value: string };
/** The bulk submit response (part 2 §3). */
export type BulkResponse = { errorArray: BulkCellError[]; executeErrors: number; executeSuccess: number };
/** A long submit started as a durable job (GET /api/jobs/:id reports progress; its result is a BulkResponse). */
export type BulkJobStarted = { status: true; jobId: string };
/** The answer of a bulk submit (same name as its type; listed in /api/openapi.json). */
export const BulkResponse: z.ZodType<BulkResponse> = z.object({
  errorArray: z.array(z.object({ row: z.number(), col: z.string(), reason: z.string(), value: z.string() })),
  executeErrors: z.number(),
  executeSuccess: z.number(),
});
export const BulkJobStarted: z.ZodType<BulkJobStarted> = okBody({ jobId: z.string() });

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export type HeaderMatch = {
  /** Column key for each position of the sheet (null: ignored, unknown). */
  keys: (string | null)[];
  missing: string[];
  unknown: string[];
  /** Messages that block the upload (missing required columns, unknown columns). */
  problems: string[];
  /** True when the first row was not a header and was read as data by position. */
  headerless: boolean;
};

/**
 * Matches the first row against the type's columns: by name (case, spaces and
 * punctuation ignored); a header that names no column takes the column of its
 * position when that column is not named elsewhere. A first row naming no
 * column at all is data, read by position.
 */
export function matchHeaders(type: BulkType, header: readonly string[]): HeaderMatch {
  const cols = BULK_DEFS[type].columns;
  const byName = new Map(cols.map((c) => [norm(c.key), c.key]));
  const trimmedHeader = header.map((h) => String(h ?? '').trim());
  const named = trimmedHeader.map((h) => byName.get(norm(h)) ?? null);
  if (named.every((k) => k === null) && trimmedHeader.some(Boolean)) {
    const keys = trimmedHeader.map((_, i) => cols[i]?.key ?? null);
    const missing = cols.filter((c, i) => c.required && i >= trimmedHeader.length).map((c) => c.key);
    const unknown = trimmedHeader.slice(cols.length).filter(Boolean);
    return { keys, missing, unknown, problems: [...missing.map(missingColumnMsg), ...unknown.map(unknownColumnMsg)], headerless: true };
  }
  const used = new Set(named.filter(Boolean) as string[]);
  const keys = named.map((k, i) => {
    if (k || !trimmedHeader[i]) return k;
    const positional = cols[i]?.key;
    if (positional && !used.has(positional)) {
      used.add(positional);
      return positional;
    }
    return null;
  });
  const unknown = trimmedHeader.filter((h, i) => h && keys[i] === null);
  const missing = cols.filter((c) => c.required && !used.has(c.key)).map((c) => c.key);
  return { keys, missing, unknown, problems: [...missing.map(missingColumnMsg), ...unknown.map(unknownColumnMsg)], headerless: false };
}

/** Cells as text: numbers without exponent or float noise, dates as YYYY-MM-DD, text trimmed. */
export function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '';
    if (Number.isInteger(v)) return Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v);
    return String(Number(v.toPrecision(12)));
  }
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[]; hyperlink?: string };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('').trim();
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return String(v).trim();
}

/** The data rows of a sheet (a matrix of cells) as column-keyed text rows; blank rows dropped. */
export function rowsFromMatrix(type: BulkType, matrix: readonly (readonly unknown[])[]): { rows: BulkRow[]; header: HeaderMatch } {
  const first = (matrix[0] ?? []).map(cellText);
  const header = matchHeaders(type, first);
  const cols = BULK_DEFS[type].columns;
  const rows: BulkRow[] = [];
  const start = header.headerless ? 0 : 1;
  for (let r = start; r < matrix.length; r++) {
    const line = matrix[r];
    if (!line) continue;
    const row: BulkRow = {};
    let any = false;
    for (const c of cols) row[c.key] = '';
    for (let i = 0; i < header.keys.length; i++) {
      const k = header.keys[i];
      if (!k) continue;
      const t = cellText(line[i]);
      if (t) any = true;
      row[k] = t;
    }
    if (any) rows.push(row);
  }
  return { rows, header };
}

/** The reason of each invalid cell of one row (1-based `row`). */
export function rowErrors(type: BulkType, row: BulkRow, rowNo: number): BulkCellError[] {
  const out: BulkCellError[] = [];
  for (const c of BULK_DEFS[type].columns) {
    const value = row[c.key] ?? '';
    const reason = c.rule(value, row);
    if (reason) out.push({ row: rowNo, col: c.key, reason, value });
  }
  return out;
}

/** Every invalid cell of every row. */
export function validateRows(type: BulkType, rows: readonly BulkRow[]): BulkCellError[] {
  const out: BulkCellError[] = [];
  for (let i = 0; i < rows.length; i++) {
    const errs = rowErrors(type, rows[i], i + 1);
    for (const e of errs) out.push(e);
  }
  return out;
}

const cell = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]).optional().transform((v) => cellText(v));

/**
 * What only the server knows when it checks rows again: the real cluster
 * names of the admin console (external retailers' cluster column).
 */
export type BulkRowContext = { clusters?: readonly string[] };

/** The type's columns, with the rules that need the context swapped in. */
function columnsOf(type: BulkType, rowCtx: BulkRowContext): BulkColumn[] {
  const cols = BULK_DEFS[type].columns;
  const clusters = rowCtx.clusters;
  if (type !== 'external-retailers' || !clusters) return cols;
  return cols.map((c) => (c.key === 'cluster' ? { ...c, rule: clusterRule(clusters) } : c));
}

/**
 * The zod schema of one row of a type: every column's rule as a refinement
 * (path = column key, message = the rule's reason). The server parses each
 * row with it again (with the context only it has); the grid uses the same
 * rules through `rowErrors`.
 */
export function bulkRowSchema(type: BulkType, rowCtx: BulkRowContext = {}) {
  const cols = columnsOf(type, rowCtx);
  const shape: Record<string, typeof cell> = {};
  for (const c of cols) shape[c.key] = cell;
  return z.object(shape).superRefine((row, ctx) => {
    for (const c of cols) {
      const reason = c.rule(row[c.key] ?? '', row as BulkRow);
      if (reason) ctx.addIssue({ code: 'custom', path: [c.key], message: reason });
    }
  });
}

/** POST body of every bulk submit: the rows (at most 100), the file's id (for idempotent resubmits), and whether to run as a job. */
export const bulkSubmitSchema = z.object({
  rows: z.array(z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean(), z.null()])), { error: EMPTY_FILE_MSG })
    .min(1, EMPTY_FILE_MSG)
    .max(MAX_BULK_ROWS, MAX_ROWS_MSG),
  fileId: z.string().max(128).regex(/^[A-Za-z0-9_-]{8,128}$/).optional(),
  async: z.boolean().optional(),
  companyId: z.string().max(64).optional(),
});
export type BulkSubmit = z.output<typeof bulkSubmitSchema>;

/** Rows as text keyed by the type's columns (unknown keys dropped). */
export function normaliseRows(type: BulkType, rows: readonly Record<string, unknown>[]): BulkRow[] {
  const cols = BULK_DEFS[type].columns;
  return rows.map((r) => {
    const out: BulkRow = {};
    for (const c of cols) out[c.key] = cellText(r[c.key]);
    return out;
  });
}
