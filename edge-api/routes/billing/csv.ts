import type { Writable } from 'node:stream';
import { Hono } from 'hono';
import type { DbHandle } from '../../../db/connect';
import { catalogueExport, inventoryExport, invoicesExport, ordersExport, type ExportSource } from '../../../db/billing/exports';
import {
  CSV_FILTER_SCHEMAS,
  csvEntityParam,
  csvRequestSchema,
  EMAIL_TOO_MANY_ROWS,
  NO_ORDERS_FOR_FILTER,
  type CsvEntity,
} from '../../../domain/downloads';
import { csvChunkBytes, csvStreamBatches, csvStreamChunks } from '../../documents/csv';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { toApiErrors, v } from '../../lib/validate';
import { companyScope, requireRole } from '../../middleware/session';
import { CSV, emailRequired, streamBytes, streamFile } from './respond';

export const NOTHING_FOR_FILTER = 'There is nothing to download for the selected filter';

/** The export of `entity` for `rawFilter` (validated by the entity's filter schema; 400 when it is not valid). */
export function exportSource(dbh: DbHandle, scope: string[] | null, entity: CsvEntity, rawFilter: unknown): ExportSource {
  const parsed = CSV_FILTER_SCHEMAS[entity].safeParse(rawFilter ?? {});
  if (!parsed.success) {
    const errors = toApiErrors(parsed.error).map((e) => ({ ...e, path: `filter.${e.path}` }));
    throw new ApiFailure(400, errors[0]?.message ?? 'Invalid filter', errors);
  }
  const f = parsed.data as any;
  switch (entity) {
    case 'orders':
      return ordersExport(dbh, scope, f);
    case 'catalogue':
      return catalogueExport(dbh.db, scope, f);
    case 'inventory':
      return inventoryExport(dbh.db, scope, f);
    case 'invoices':
      return invoicesExport(dbh.db, scope, f);
  }
}

/**
 * Writes the CSV of `source` to `out`: its chunks of finished lines when it makes them
 * (the fast path of the orders export), else its pages of cells. `progress`
 * hears the rows written so far after each page. Resolves with the row count.
 */
export function writeExportCsv(
  source: ExportSource,
  out: Writable,
  progress?: (rows: number) => Promise<void> | void,
): Promise<number> {
  let rows = 0;
  async function* counted<T extends { length: number } | { rows: number }>(pages: AsyncGenerator<T>): AsyncGenerator<T> {
    for await (const page of pages) {
      yield page;
      rows += 'rows' in page ? page.rows : page.length;
      await progress?.(rows);
    }
  }
  if (source.chunks) {
    const chunks = source.chunks();
    return csvStreamChunks(source.header, progress ? counted(chunks) : chunks, out);
  }
  return csvStreamBatches(source.header, progress ? counted(source.pages()) : source.pages(), out);
}

export const emptyExportMessage = (entity: CsvEntity) => (entity === 'orders' ? NO_ORDERS_FOR_FILTER : NOTHING_FOR_FILTER);

/**
 * CSV downloads by entity (orders by the page's current filter, catalogue,
 * inventory, invoices), streamed from the database page by page.
 */
export const csvRoutes = new Hono<AppEnv>().post(
  '/download/csv/:entity',
  requireRole(),
  v('param', csvEntityParam),
  v('json', csvRequestSchema),
  async (c) => {
    const { entity } = c.req.valid('param');
    const source = exportSource(c.var.dbh, companyScope(c), entity, c.req.valid('json').filter);
    const count = await source.count();
    if (count === 0) return c.json({ status: false, message: emptyExportMessage(entity) }, 404);
    const limit = c.var.config.limits.csvRowsDirect;
    if (count > limit) return emailRequired(c, EMAIL_TOO_MANY_ROWS, count, limit);
    const meta = { contentType: CSV, fileName: source.fileName, extraHeaders: { 'x-row-count': String(count) } };
    // Finished lines (the orders export) are pulled straight into the body; pages of cells go through a stream.
    if (source.chunks) return streamBytes(c, meta, csvChunkBytes(source.header, source.chunks()));
    return streamFile(c, meta, (out) => writeExportCsv(source, out));
  },
);
