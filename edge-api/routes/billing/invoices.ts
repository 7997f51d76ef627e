import { Hono } from 'hono';
import { z } from 'zod';
import { addPayment, findInvoice, listInvoices } from '../../../db/billing/invoices';
import { loadOrdersForDocuments } from '../../../db/billing/documents';
import {
  INVOICE_ALREADY_PAID,
  invoiceListQuerySchema,
  overpaymentMsg,
  PAYMENT_RECORDED,
  paymentSchema,
  REGENERATED,
} from '../../../domain/invoicing';
import { ORDER_NOT_FOUND, REGENERATE_FAILED } from '../../../domain/orders';
import type { AppEnv } from '../../env';
import { ApiFailure, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, requireRole, requireSession } from '../../middleware/session';
import { prepareInvoices } from '../../services/billing/doc-input';
import { responds } from '../../lib/responds';
import { DocumentsRegeneratedResponse, InvoiceDetailResponse, InvoiceListResponse, PaymentRecordedResponse } from '../../../domain/invoicing';

const idParam = z.object({ id: z.string().min(1).max(64) });
export const INVOICE_NOT_FOUND = 'Invoice not found';

export const invoiceRoutes = new Hono<AppEnv>()
  .get('/invoices', requireRole(), responds(InvoiceListResponse), v('query', invoiceListQuerySchema), async (c) => {
    const { page, pageSize, filter } = c.req.valid('query');
    const { invoices, currentCount } = await listInvoices(c.var.dbh.db, companyScope(c), filter, page, pageSize);
    return c.json({ status: true, invoices, currentCount, message: '' } satisfies InvoiceListResponse);
  })
  .get('/invoices/:id', requireRole(), responds(InvoiceDetailResponse), v('param', idParam), async (c) => {
    const found = await findInvoice(c.var.dbh.db, c.req.valid('param').id, companyScope(c));
    if (!found) throw notFound(INVOICE_NOT_FOUND);
    return c.json({ status: true, ...found } satisfies InvoiceDetailResponse);
  })
  .post('/invoices/:id/payments', requireRole('seller', 'admin'), responds(PaymentRecordedResponse, 201), v('param', idParam), v('json', paymentSchema), async (c) => {
    const s = requireSession(c);
    const { id } = c.req.valid('param');
    const found = await findInvoice(c.var.dbh.db, id, companyScope(c));
    if (!found) throw notFound(INVOICE_NOT_FOUND);
    const outcome = await addPayment(c.var.dbh, id, c.req.valid('json'), { id: s.userId, name: s.name });
    if (!outcome.ok) {
      const message = outcome.balancePaise === 0 ? INVOICE_ALREADY_PAID : overpaymentMsg(outcome.balancePaise);
      throw new ApiFailure(409, message, [{ path: 'amount', message }], { balancePaise: outcome.balancePaise });
    }
    const after = await findInvoice(c.var.dbh.db, id, companyScope(c));
    return c.json({ status: true, message: PAYMENT_RECORDED, ...after! } satisfies PaymentRecordedResponse, 201);
  })
  /**
   * 'Regenerate Invoice and Shipping Label': the documents are drawn afresh
   * from the order as it is now, under the SAME invoice number (one is issued
   * if the order had none). Labels are always drawn from the order, so the
   * next label download shows the current details.
   */
  .post('/orders/:id/regenerate-documents', requireRole(), responds(DocumentsRegeneratedResponse), v('param', idParam), async (c) => {
    const s = requireSession(c);
    const rows = await loadOrdersForDocuments(c.var.dbh.db, [c.req.valid('param').id], companyScope(c));
    if (!rows.length) throw notFound(ORDER_NOT_FOUND);
    const { invoices, failures } = await prepareInvoices(c.var.dbh, c.var.config, rows, { regenerate: { id: s.userId, name: s.name } });
    if (!invoices.length) {
      const reasons = failures.flatMap((f) => f.reasons);
      throw new ApiFailure(422, REGENERATE_FAILED, reasons.map((r) => ({ path: 'order', message: r })));
    }
    return c.json({ status: true, message: REGENERATED, invoiceNumber: invoices[0].invoiceNumber, awb: rows[0].order.tracking_number } satisfies DocumentsRegeneratedResponse);
  });
