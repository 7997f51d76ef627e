/**
 * E-mailed downloads: a request too big to answer directly (labels, invoices,
 * CSV) becomes a durable job that writes the file under data/exports/, then
 * e-mails a signed link to it, valid for 24 hours.
 */
import type { Writable } from 'node:stream';
import type { FileStore } from '../../../db/files/store';
import { loadOrdersForDocuments } from '../../../db/billing/documents';
import { EXPORT_LINK_TTL_MS, unableToFind, type EmailKind, type CsvEntity } from '../../../domain/downloads';
import { uuidv7 } from '../../../domain/ids';
import type { DocumentInputFailure } from '../../documents/errors';
import type { AppConfig } from '../../env';
import { filesOf } from '../../lib/files';
import { sign } from '../../lib/signing';
import { sendMail, userText } from '../../mail';
import { prepareInvoices, toDocOrder, withAwb, withEwayBills } from './doc-input';
import { renderShippingLabels } from './labels';
import { exportSource, writeExportCsv } from './csv-export';
import type { JobContext } from '../../lib/job-context';
import { indiaDateTimeText } from '../../../domain/india-time';

export const EXPORT_JOB = 'export.email';

export type ExportJobPayload = {
  kind: EmailKind;
  ids?: string[];
  filter?: Record<string, unknown>;
  email: string;
  /** The requester's company scope when the job was queued (null = admin, every company). */
  scope: string[] | null;
  actor: { id: string; name: string };
};

export type ExportJobResult = {
  fileName: string;
  rows: number;
  url: string;
  expiresAt: string;
  delivered: boolean;
  email: string;
  failures: DocumentInputFailure[];
};

/** Stored files are named `<uuid>__<download name>`. */
export const EXPORT_FILE_RE = /^[0-9a-f-]{36}__[A-Za-z0-9_.-]{1,80}$/;
export const downloadNameOf = (file: string) => file.split('__')[1] ?? file;
export const signedPayload = (file: string) => `export|${file}`;

export function exportLink(config: Pick<AppConfig, 'signingKey' | 'publicUrl'>, file: string, now = Date.now()) {
  const { exp, sig } = sign(config.signingKey, signedPayload(file), now + EXPORT_LINK_TTL_MS);
  return { url: `${config.publicUrl.replace(/\/$/, '')}/api/exports/${file}?exp=${exp}&sig=${sig}`, expiresAt: new Date(exp * 1000).toISOString() };
}

/** Where an export file is kept in the file store. */
export const exportFileKey = (file: string) => `exports/${file}`;

/** Export files whose links have long expired are removed (by the next export and by the retention job). */
export const purgeOldExports = (files: FileStore, now = Date.now()) => files.purgeBefore('exports', now - 2 * EXPORT_LINK_TTL_MS);

const WHAT: Record<EmailKind, string> = {
  label: 'shipping labels',
  invoice: 'invoices',
  'csv:orders': 'orders CSV',
  'csv:catalogue': 'catalogue CSV',
  'csv:inventory': 'inventory CSV',
  'csv:invoices': 'invoices CSV',
};

async function build(ctx: JobContext, p: ExportJobPayload, out: Writable): Promise<{ name: string; rows: number; failures: DocumentInputFailure[] }> {
  const { dbh, config } = ctx;
  if (p.kind === 'label' || p.kind === 'invoice') {
    const rows = await loadOrdersForDocuments(dbh.db, p.ids ?? [], p.scope);
    await ctx.progress(0, rows.length);
    if (p.kind === 'label') {
      const { ok, failures } = await withAwb(await withEwayBills(dbh, rows.map((r) => toDocOrder(r))));
      if (!ok.length) throw new Error(unableToFind('label'));
      await renderShippingLabels(dbh, config, ok, out);
      return { name: 'labels.pdf', rows: ok.length, failures };
    }
    const { invoices, failures } = await prepareInvoices(dbh, config, rows, { issue: p.actor });
    if (!invoices.length) throw new Error(unableToFind('invoice'));
    const { renderInvoices } = await import('../../documents/invoice');
    await renderInvoices(invoices, out);
    return { name: 'invoices.pdf', rows: invoices.length, failures };
  }
  const entity = p.kind.slice('csv:'.length) as CsvEntity;
  const source = exportSource(dbh, p.scope, entity, p.filter ?? {});
  const total = await source.count();
  await ctx.progress(0, total);
  let reported = 0;
  const rows = await writeExportCsv(source, out, async (done) => {
    if (done - reported >= 20_000) {
      reported = done;
      await ctx.progress(done, total);
    }
  });
  return { name: source.fileName, rows, failures: [] };
}

/**
 * Builds an e-mailed download and mails its link: `write(out)` fills a partial file under data/exports/,
 * which gets its final name only once complete (a link never serves half a file; a failed build leaves
 * nothing), then the requester gets the signed link, valid for 24 hours. `what` names the download in
 * the mail; `note` adds lines after the link (what could not be included).
 */
export async function deliverExport<Built extends { name: string; rows: number }>(
  ctx: JobContext,
  to: { email: string; actor: { name: string } },
  what: string,
  write: (out: Writable) => Promise<Built>,
  mail: { unit?: 'rows' | 'orders'; note?: (built: Built) => string } = {},
): Promise<{ built: Built; url: string; expiresAt: string; delivered: boolean }> {
  const files = filesOf(ctx.dbh, ctx.config);
  await purgeOldExports(files);
  // The file is named by its job, so a worker that takes the job over after a stall writes the same file.
  const partialKey = exportFileKey(`${ctx.job.id}.${uuidv7()}.part`);
  const partial = files.writer(partialKey);
  let built: Built;
  try {
    built = await write(partial.stream);
    await partial.done();
  } catch (err) {
    await partial.abort();
    throw err;
  }
  const file = `${ctx.job.id}__${built.name}`;
  await files.rename(partialKey, exportFileKey(file));
  await ctx.progress(built.rows, built.rows);
  const own = exportLink(ctx.config, file);
  // One mail per job: a worker that took the job over finds it recorded and reports the link mailed.
  const mailed = await ctx.effect('mail', async () => {
    const sent = await sendMail(ctx.dbh, ctx.config, {
      to: to.email,
      subject: `Your ShipDesk ${what} download is ready`,
      text:
        `Hello ${userText(to.actor.name)},\n\nYour ${what} (${built.rows} ${mail.unit ?? 'rows'}) is ready to download:\n\n${own.url}\n\n` +
        `The link is valid for 24 hours, until ${indiaDateTimeText(own.expiresAt)}.${mail.note?.(built) ?? ''}\n\nShipDesk`,
    });
    return { url: own.url, expiresAt: own.expiresAt, delivered: sent.delivered };
  });
  const link = mailed.result ?? { ...own, delivered: false };
  return { built, url: link.url, expiresAt: link.expiresAt, delivered: link.delivered };
}

export async function runExportJob(ctx: JobContext): Promise<ExportJobResult> {
  const p = ctx.job.payload as ExportJobPayload;
  const { built, url, expiresAt, delivered } = await deliverExport(ctx, p, WHAT[p.kind], (out) => build(ctx, p, out), {
    unit: p.kind.startsWith('csv:') ? 'rows' : 'orders',
    note: ({ failures }) =>
      failures.length ? `\n\n${failures.length} order(s) could not be included:\n${failures.map((f) => `  ${f.orderId}: ${f.reasons.join('; ')}`).join('\n')}` : '',
  });
  return { fileName: built.name, rows: built.rows, url, expiresAt, delivered, email: p.email, failures: built.failures };
}
