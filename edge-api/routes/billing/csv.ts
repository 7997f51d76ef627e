import { Hono } from 'hono';
import { csvEntityParam, csvRequestSchema, EMAIL_TOO_MANY_ROWS } from '../../../domain/downloads';
import { csvChunkBytes } from '../../documents/csv';
import type { AppEnv } from '../../env';
import { v } from '../../lib/validate';
import { companyScope } from '../../middleware/session';
import { emptyExportMessage, exportSource, writeExportCsv } from '../../services/billing/csv-export';
import { CSV, emailRequired, streamBytes, streamFile } from './respond';

/**
 * CSV downloads by entity (orders by the page's current filter, catalogue,
 * inventory, invoices), streamed from the database page by page.
 */
export const csvRoutes = new Hono<AppEnv>().post(
  '/download/csv/:entity',
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
