/**
 * CSV exports by entity (orders, catalogue, inventory, invoices): the filter
 * checked against its entity's schema, and the file written page by page.
 * Used by the direct download, the e-mailed download and its job.
 */
import type { Writable } from 'node:stream';
import type { z } from 'zod';
import type { DbHandle } from '../../../db/connect';
import { catalogueExport, inventoryExport, invoicesExport, ordersExport, type ExportSource } from '../../../db/billing/exports';
import { CSV_FILTER_SCHEMAS, NO_ORDERS_FOR_FILTER, type CsvEntity } from '../../../domain/downloads';
import { csvStreamBatches, csvStreamChunks } from '../../documents/csv';
import { ApiFailure } from '../../lib/errors';
import { toApiErrors } from '../../lib/validate';

export const NOTHING_FOR_FILTER = 'There is nothing to download for the selected filter';

/** `rawFilter` (absent = no filter) parsed by `schema`; 400 with `filter.`-prefixed paths when it is not valid. */
function parseFilter<S extends z.ZodType>(schema: S, rawFilter: unknown): z.output<S> {
  const parsed = schema.safeParse(rawFilter ?? {});
  if (!parsed.success) {
    const errors = toApiErrors(parsed.error).map((e) => ({ ...e, path: `filter.${e.path}` }));
    throw new ApiFailure(400, errors[0]?.message ?? 'Invalid filter', errors);
  }
  return parsed.data;
}

/** The export of `entity` for `rawFilter` (validated by the entity's filter schema; 400 when it is not valid). */
export function exportSource(dbh: DbHandle, scope: string[] | null, entity: CsvEntity, rawFilter: unknown): ExportSource {
  switch (entity) {
    case 'orders':
      return ordersExport(dbh, scope, parseFilter(CSV_FILTER_SCHEMAS.orders, rawFilter));
    case 'catalogue':
      return catalogueExport(dbh.db, scope, parseFilter(CSV_FILTER_SCHEMAS.catalogue, rawFilter));
    case 'inventory':
      return inventoryExport(dbh.db, scope, parseFilter(CSV_FILTER_SCHEMAS.inventory, rawFilter));
    case 'invoices':
      return invoicesExport(dbh.db, scope, parseFilter(CSV_FILTER_SCHEMAS.invoices, rawFilter));
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
