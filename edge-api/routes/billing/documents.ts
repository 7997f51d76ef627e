import { Hono, type Context } from 'hono';
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
import type { AppEnv } from '../../env';
import { responds } from '../../lib/responds';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { renderShippingLabels } from '../../services/billing/labels';
import { invoicesOf, labelsOf, overDirectLimit, pickListOrders, shippingManifest, voucherInvoices } from '../../services/billing/documents';
import { emailRequired, fileResponse, PDF, streamFile, XLSX } from './respond';

/** The renderers (pdfkit, exceljs, bwip-js: ~40 MB) load with the first document asked for, not at start. */
const documents = () => import('../../documents');

const actorOf = (c: Context<AppEnv>) => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name };
};

export const documentRoutes = new Hono<AppEnv>()
  .post('/download/label', v('json', documentRequestSchema), async (c) => {
    const { orderId } = c.req.valid('json');
    const over = await overDirectLimit(c.var.dbh, companyScope(c), orderId, c.var.config.limits.labelsDirect);
    if (over) return emailRequired(c, EMAIL_TOO_MANY_ORDERS, over, c.var.config.limits.labelsDirect);
    const { ok, failures } = await labelsOf(c.var.dbh, companyScope(c), orderId);
    if (!ok.length) return c.json({ status: false, message: unableToFind('label'), failures }, 422);
    const fileName = ok.length === 1 ? `label-${ok[0].awb}.pdf` : 'labels.pdf';
    // A live courier's own label where we keep one, ours for the rest.
    return streamFile(c, { contentType: PDF, fileName, failures }, (out) => renderShippingLabels(c.var.dbh, c.var.config, ok, out));
  })
  .post('/download/invoice', v('json', documentRequestSchema), async (c) => {
    const { orderId } = c.req.valid('json');
    const over = await overDirectLimit(c.var.dbh, companyScope(c), orderId, c.var.config.limits.labelsDirect);
    if (over) return emailRequired(c, EMAIL_TOO_MANY_ORDERS, over, c.var.config.limits.labelsDirect);
    const { invoices, failures } = await invoicesOf(c.var.dbh, c.var.config, companyScope(c), orderId, actorOf(c));
    if (!invoices.length) return c.json({ status: false, message: unableToFind('invoice'), failures }, 422);
    const { renderInvoices } = await documents();
    const fileName = invoices.length === 1 ? `invoice-${invoices[0].invoiceNumber!.replace(/[^A-Za-z0-9-]/g, '_')}.pdf` : 'invoices.pdf';
    return streamFile(c, { contentType: PDF, fileName, failures }, (out) => renderInvoices(invoices, out));
  })
  .get('/download/shipping-manifest', v('query', manifestQuerySchema), async (c) => {
    const { manifest, failures } = await shippingManifest(c.var.dbh, companyScope(c), c.req.valid('query').orderIds);
    if (!manifest) return c.json({ status: false, message: unableToFind('manifest'), failures }, 422);
    const { renderManifest } = await documents();
    return streamFile(c, { contentType: PDF, fileName: `manifest-${manifest.manifestNumber}.pdf`, disposition: 'inline', failures }, (out) =>
      renderManifest(manifest, out),
    );
  })
  .post('/download/picklist', v('json', pickListRequestSchema), async (c) => {
    const orders = await pickListOrders(c.var.dbh, companyScope(c), c.req.valid('json').orderIds);
    const { renderPickListXlsx } = await documents();
    const xlsx = await renderPickListXlsx(orders);
    return fileResponse(xlsx, { contentType: XLSX, fileName: PICK_LIST_FILE });
  })
  // The spec writes these paths /tally-voucher/download/:xml and :excel; /xml and /excel work too.
  .post('/tally-voucher/download/:format', responds(TallyVouchersResponse), v('param', tallyFormatParam), v('json', tallyRequestSchema), async (c) => {
    const { format } = c.req.valid('param');
    const invoices = await voucherInvoices(c.var.dbh, c.var.config, companyScope(c), c.req.valid('json').orderIds);
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
