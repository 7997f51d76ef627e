/**
 * Shipping labels as printed: an order booked at a live courier whose label
 * PDF we keep (edge-api/carriers/live/labels.ts) gets the courier's label; every
 * other order gets our 4x6 label. With no courier label among them the PDF is
 * ours alone, streamed as before; otherwise the courier labels come first, in
 * the orders' order, then our labels of the rest (pdf-lib copies the pages).
 * A stored label that cannot be read is replaced by ours.
 */
import type { Writable } from 'node:stream';
import type { DbHandle } from '../../../db/connect';
import { storedCourierLabel } from '../../carriers/live/labels';
import type { DocOrder } from '../../documents/types';
import type { AppConfig } from '../../env';

type Config = Pick<AppConfig, 'dataDir' | 'fileStore'>;

export async function renderShippingLabels(dbh: DbHandle, config: Config, orders: readonly DocOrder[], out: Writable): Promise<void> {
  const { renderLabels } = await import('../../documents/label');
  const theirs = await Promise.all(orders.map((o) => storedCourierLabel(dbh, config, o.id)));
  if (theirs.every((l) => l === null)) return renderLabels(orders, out);

  const { PDFDocument } = await import('pdf-lib');
  const merged = await PDFDocument.create();
  merged.setTitle(orders.length === 1 ? `Label ${orders[0]!.awb}` : `Labels (${orders.length})`);
  const ours: DocOrder[] = [];
  for (const [i, o] of orders.entries()) {
    const pdf = theirs[i];
    if (!pdf) {
      ours.push(o);
      continue;
    }
    try {
      const src = await PDFDocument.load(pdf, { updateMetadata: false });
      for (const page of await merged.copyPages(src, src.getPageIndices())) merged.addPage(page);
    } catch {
      ours.push(o);
    }
  }
  if (ours.length) {
    const { renderToBuffer } = await import('../../documents/pdf-common');
    const src = await PDFDocument.load(await renderToBuffer((w) => renderLabels(ours, w)));
    for (const page of await merged.copyPages(src, src.getPageIndices())) merged.addPage(page);
  }
  const bytes = await merged.save();
  await new Promise<void>((resolve, reject) => out.end(Buffer.from(bytes), (err?: Error | null) => (err ? reject(err) : resolve())));
}
