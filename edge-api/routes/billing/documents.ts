import { Hono, type Context } from 'hono';
import { loadOrdersForDocuments } from '../../../db/billing/documents';
import { labelPreferences } from '../../../db/preferences/queries';
import { ORDER_NOT_FOUND } from '../../../domain/orders';
import { indiaDate } from '../../../domain/india-time';
import {
  documentRequestSchema,
  EMAIL_TOO_MANY_ORDERS,
  manifestQuerySchema,
  PICK_LIST_FILE,
  pickListRequestSchema,
  tallyFormatParam,
  tallyRequestSchema,
  TallyVouchersResponse,
  unableToFind,
  VOUCHER_FAILED,
} from '../../../domain/downloads';
import type { DocManifest, DocOrder } from '../../documents/types';
import type { AppEnv } from '../../env';
import { notFound } from '../../lib/errors';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';
import { prepareInvoices, toDocOrder, withAwb } from '../../services/billing/doc-input';
import { emailRequired, fileResponse, PDF, streamFile, XLSX } from './respond';

/** The renderers (pdfkit, exceljs, bwip-js: ~40 MB) load with the first document asked for, not at start. */
const documents = () => import('../../documents');

/** Ids of `ids` inside the session's scope; the rest are another tenant's or unknown, and are ignored. */
async function scopedOrders(c: Context<AppEnv>, ids: string[]) {
  const rows = await loadOrdersForDocuments(c.var.dbh.db, ids, companyScope(c));
  if (!rows.length) throw notFound(ORDER_NOT_FOUND);
  return rows;
}

/** Over the direct-download limit, counted inside the scope before anything heavy is loaded. */
async function overLabelLimit(c: Context<AppEnv>, ids: string[]): Promise<number | null> {
  const limit = c.var.config.limits.labelsDirect;
  if (ids.length <= limit) return null;
  const scope = companyScope(c);
  let n = 0;
  for (let i = 0; i < ids.length; i += 500) {
    let q = c.var.dbh.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('id', 'in', ids.slice(i, i + 500));
    if (scope) q = q.where('company_id', 'in', scope.length ? scope : ['']);
    n += Number((await q.executeTakeFirstOrThrow()).n);
  }
  return n > limit ? n : null;
}

const actorOf = (c: Context<AppEnv>) => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name };
};

export function manifestOf(orders: DocOrder[], shipperName: string): DocManifest {
  const now = new Date();
  const day = indiaDate(now.getTime()).replace(/-/g, '');
  return {
    manifestNumber: `MF-${day}-${now.getTime().toString(36).slice(-5).toUpperCase()}`,
    generatedAt: now.toISOString(),
    shipperName,
    pickupAddress: orders[0].returnAddress,
    orders,
  };
}

export const documentRoutes = new Hono<AppEnv>()
  .post('/download/label', requireRole(), v('json', documentRequestSchema), async (c) => {
    const { orderId } = c.req.valid('json');
    const over = await overLabelLimit(c, orderId);
    if (over) return emailRequired(c, EMAIL_TOO_MANY_ORDERS, over, c.var.config.limits.labelsDirect);
    const rows = await scopedOrders(c, orderId);
    // Issue 17: the seller's label preferences (item labels, customer phone hidden).
    const prefs = await labelPreferences(c.var.dbh.db, [...new Set(rows.map((r) => r.order.company_id))]);
    const { ok, failures } = await withAwb(rows.map((r) => ({ ...toDocOrder(r), ...prefs.get(r.order.company_id) })));
    if (!ok.length) return c.json({ status: false, message: unableToFind('label'), failures }, 422);
    const { renderLabels } = await documents();
    const fileName = ok.length === 1 ? `label-${ok[0].awb}.pdf` : 'labels.pdf';
    return streamFile(c, { contentType: PDF, fileName, failures }, (out) => renderLabels(ok, out));
  })
  .post('/download/invoice', requireRole(), v('json', documentRequestSchema), async (c) => {
    const { orderId } = c.req.valid('json');
    const over = await overLabelLimit(c, orderId);
    if (over) return emailRequired(c, EMAIL_TOO_MANY_ORDERS, over, c.var.config.limits.labelsDirect);
    const rows = await scopedOrders(c, orderId);
    const { invoices, failures } = await prepareInvoices(c.var.dbh, c.var.config, rows, { issue: actorOf(c) });
    if (!invoices.length) return c.json({ status: false, message: unableToFind('invoice'), failures }, 422);
    const { renderInvoices } = await documents();
    const fileName = invoices.length === 1 ? `invoice-${invoices[0].invoiceNumber!.replace(/[^A-Za-z0-9-]/g, '_')}.pdf` : 'invoices.pdf';
    return streamFile(c, { contentType: PDF, fileName, failures }, (out) => renderInvoices(invoices, out));
  })
  .get('/download/shipping-manifest', requireRole(), v('query', manifestQuerySchema), async (c) => {
    const rows = await scopedOrders(c, c.req.valid('query').orderIds);
    const { ok, failures } = await withAwb(rows.map((r) => toDocOrder(r)));
    if (!ok.length) return c.json({ status: false, message: unableToFind('manifest'), failures }, 422);
    const { renderManifest } = await documents();
    const companies = new Set(rows.map((r) => r.company.id));
    const shipper = companies.size === 1 ? rows[0].company.name : rows[0].warehouse?.name ?? rows[0].company.name;
    const manifest = manifestOf(ok, shipper);
    return streamFile(c, { contentType: PDF, fileName: `manifest-${manifest.manifestNumber}.pdf`, disposition: 'inline', failures }, (out) =>
      renderManifest(manifest, out),
    );
  })
  .post('/download/picklist', requireRole(), v('json', pickListRequestSchema), async (c) => {
    const rows = await scopedOrders(c, c.req.valid('json').orderIds);
    const { renderPickListXlsx } = await documents();
    const xlsx = await renderPickListXlsx(rows.map((r) => toDocOrder(r, { perWsin: true })));
    return fileResponse(xlsx, { contentType: XLSX, fileName: PICK_LIST_FILE });
  })
  // The spec writes these paths /tally-voucher/download/:xml and :excel; /xml and /excel work too.
  .post('/tally-voucher/download/:format', requireRole(), responds(TallyVouchersResponse), v('param', tallyFormatParam), v('json', tallyRequestSchema), async (c) => {
    const { format } = c.req.valid('param');
    const rows = await scopedOrders(c, c.req.valid('json').orderIds);
    const { invoices } = await prepareInvoices(c.var.dbh, c.var.config, rows);
    const { renderTallyVouchers, renderVoucherFailuresXlsx, tallyFailures } = await documents();
    if (format === 'excel') {
      const xlsx = await renderVoucherFailuresXlsx(tallyFailures(invoices));
      return fileResponse(xlsx, { contentType: XLSX, fileName: 'VoucherFailures.xlsx' });
    }
    const { xml, vouchers, failures } = renderTallyVouchers(invoices);
    const reasons = failures.map((f) => ({ orderId: f.orderId, invoiceNumber: f.invoiceNumber, reasons: f.reasons }));
    if (failures.length) return c.json({ success: false as const, status: false as const, message: VOUCHER_FAILED, xml, vouchers, failures: reasons } satisfies TallyVouchersResponse);
    return c.json({ success: true as const, status: true as const, xml, vouchers } satisfies TallyVouchersResponse);
  });
