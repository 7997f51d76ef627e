import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { invoiceListQuerySchema, PAYMENT_RECORDED, paymentSchema, REGENERATED } from '../../../domain/invoicing';
import { REGENERATE_FAILED } from '../../../domain/orders/texts';
import type { AppEnv } from '../../env';
import { ApiFailure } from '../../lib/errors';
import { v } from '../../lib/validate';
import { companyScope, requireSession } from '../../middleware/session';
import { invoiceDetail, invoiceList, recordPayment, regenerateDocuments } from '../../services/billing/invoices';
import { responds } from '../../lib/responds';
import { DocumentsRegeneratedResponse, InvoiceDetailResponse, InvoiceListResponse, PaymentRecordedResponse } from '../../../domain/invoicing';

const idParam = z.object({ id: z.string().min(1).max(64) });

const actorOf = (c: Context<AppEnv>) => {
  const s = requireSession(c);
  return { id: s.userId, name: s.name, scope: companyScope(c) };
};

export const invoiceRoutes = new Hono<AppEnv>()
  .get('/invoices', responds(InvoiceListResponse), v('query', invoiceListQuerySchema), async (c) => {
    const { page, pageSize, filter } = c.req.valid('query');
    const { invoices, currentCount } = await invoiceList(c.var.dbh, companyScope(c), filter, page, pageSize);
    return c.json({ status: true, invoices, currentCount, message: '' } satisfies InvoiceListResponse);
  })
  .get('/invoices/:id', responds(InvoiceDetailResponse), v('param', idParam), async (c) => {
    return c.json({ status: true, ...(await invoiceDetail(c.var.dbh, companyScope(c), c.req.valid('param').id)) } satisfies InvoiceDetailResponse);
  })
  .post('/invoices/:id/payments', responds(PaymentRecordedResponse, 201), v('param', idParam), v('json', paymentSchema), async (c) => {
    const after = await recordPayment(c.var.dbh, actorOf(c), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ status: true, message: PAYMENT_RECORDED, ...after } satisfies PaymentRecordedResponse, 201);
  })
  /**
   * 'Regenerate Invoice and Shipping Label' (services/billing/invoices.ts). Labels are always drawn
   * from the order, so the next label download shows the current details.
   */
  .post('/orders/:id/regenerate-documents', responds(DocumentsRegeneratedResponse), v('param', idParam), async (c) => {
    const r = await regenerateDocuments(c.var.dbh, c.var.config, actorOf(c), c.req.valid('param').id);
    if (!r.ok) throw new ApiFailure(422, REGENERATE_FAILED, r.reasons.map((m) => ({ path: 'order', message: m })));
    return c.json({ status: true, message: REGENERATED, invoiceNumber: r.invoiceNumber, awb: r.awb } satisfies DocumentsRegeneratedResponse);
  });
