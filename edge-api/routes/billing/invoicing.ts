import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { INVOICING_SAVED, invoiceProfileSchema } from '../../../domain/invoicing';
import { companyGstinSchema, GSTIN_REMOVED, GSTIN_SAVED, CompanyGstinsResponse } from '../../../domain/gstin';
import { companyGstins, deleteCompanyGstin, recordCompanyGstin } from '../../services/billing/company-gstins';
import { invoicingSettings, saveInvoicingSettings } from '../../services/billing/invoicing';
import type { AppEnv } from '../../env';
import { badRequest, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { inScope, requireSession } from '../../middleware/session';
import { responds } from '../../lib/responds';
import { InvoicingResponse, InvoicingSavedResponse } from '../../../domain/invoicing';

export const SELECT_COMPANY = 'Please select a company';

/** The company whose invoicing settings this request is about: the seller's own, or (admin) the chosen one. */
function companyOf(c: Context<AppEnv>, chosen?: string): string {
  const s = requireSession(c);
  if (s.role === 'seller') {
    if (!s.companyId || (chosen && chosen !== s.companyId)) throw notFound('Company not found');
    return s.companyId;
  }
  if (!chosen) throw badRequest(SELECT_COMPANY, [{ path: 'companyId', message: SELECT_COMPANY }]);
  if (!inScope(c, chosen)) throw notFound('Company not found');
  return chosen;
}

export const invoicingRoutes = new Hono<AppEnv>()
  /** The company's GSTIN per state it ships from: an invoice prints the one of its warehouse's state. */
  .get('/ums/invoices/gstins', responds(CompanyGstinsResponse), v('query', z.object({ companyId: z.string().max(64).optional() })), async (c) => {
    const companyId = companyOf(c, c.req.valid('query').companyId);
    return c.json({ status: true, gstins: await companyGstins(c.var.dbh, companyId) } satisfies CompanyGstinsResponse);
  })
  .put('/ums/invoices/gstins', responds(CompanyGstinsResponse), v('json', companyGstinSchema), async (c) => {
    const body = c.req.valid('json');
    const companyId = companyOf(c, body.companyId);
    const gstins = await recordCompanyGstin(c.var.dbh, { id: requireSession(c).userId }, companyId, body);
    return c.json({ status: true, message: GSTIN_SAVED, gstins } satisfies CompanyGstinsResponse);
  })
  .delete(
    '/ums/invoices/gstins/:stateCode',
    responds(CompanyGstinsResponse),
    v('param', z.object({ stateCode: z.string().regex(/^\d{2}$/).max(2) })),
    v('query', z.object({ companyId: z.string().max(64).optional() })),
    async (c) => {
      const companyId = companyOf(c, c.req.valid('query').companyId);
      const gstins = await deleteCompanyGstin(c.var.dbh, companyId, c.req.valid('param').stateCode);
      return c.json({ status: true, message: GSTIN_REMOVED, gstins } satisfies CompanyGstinsResponse);
    },
  )
  .get('/ums/invoices', responds(InvoicingResponse), v('query', z.object({ companyId: z.string().max(64).optional() })), async (c) => {
    const companyId = companyOf(c, c.req.valid('query').companyId);
    return c.json({ status: true, ...(await invoicingSettings(c.var.dbh, companyId)) } satisfies InvoicingResponse);
  })
  .post('/ums/invoices', responds(InvoicingSavedResponse), v('json', invoiceProfileSchema), async (c) => {
    const body = c.req.valid('json');
    const companyId = companyOf(c, body.companyId);
    await saveInvoicingSettings(c.var.dbh, { id: requireSession(c).userId }, companyId, body);
    return c.json({ status: true, message: INVOICING_SAVED } satisfies InvoicingSavedResponse);
  });
