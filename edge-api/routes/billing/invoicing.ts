import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { companyWarehouseSeries, getInvoicingProfileRow, ProfileSaveError, saveInvoicingProfile } from '../../../db/billing/profile';
import { INVOICING_SAVED, invoiceProfileSchema, LOGO_REQUIRED, SIGNATURE_REQUIRED } from '../../../domain/invoicing';
import { companyGstinSchema, GSTIN_REMOVED, GSTIN_SAVED, CompanyGstinsResponse } from '../../../domain/gstin';
import { companyGstins, deleteCompanyGstin, recordCompanyGstin } from '../../services/billing/company-gstins';
import type { AppEnv } from '../../env';
import { ApiFailure, badRequest, notFound } from '../../lib/errors';
import { v } from '../../lib/validate';
import { inScope, requireRole, requireSession } from '../../middleware/session';
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

const parse = (s: string) => JSON.parse(s) as Record<string, string>;

export const invoicingRoutes = new Hono<AppEnv>()
  /** The company's GSTIN per state it ships from (issue 12): an invoice prints the one of its warehouse's state. */
  .get('/ums/invoices/gstins', requireRole('seller', 'admin'), responds(CompanyGstinsResponse), v('query', z.object({ companyId: z.string().max(64).optional() })), async (c) => {
    const companyId = companyOf(c, c.req.valid('query').companyId);
    return c.json({ status: true, gstins: await companyGstins(c.var.dbh, companyId) } satisfies CompanyGstinsResponse);
  })
  .put('/ums/invoices/gstins', requireRole('seller', 'admin'), responds(CompanyGstinsResponse), v('json', companyGstinSchema), async (c) => {
    const body = c.req.valid('json');
    const companyId = companyOf(c, body.companyId);
    const gstins = await recordCompanyGstin(c.var.dbh, { id: requireSession(c).userId }, companyId, body);
    return c.json({ status: true, message: GSTIN_SAVED, gstins } satisfies CompanyGstinsResponse);
  })
  .delete(
    '/ums/invoices/gstins/:stateCode',
    requireRole('seller', 'admin'),
    responds(CompanyGstinsResponse),
    v('param', z.object({ stateCode: z.string().regex(/^\d{2}$/).max(2) })),
    v('query', z.object({ companyId: z.string().max(64).optional() })),
    async (c) => {
      const companyId = companyOf(c, c.req.valid('query').companyId);
      const gstins = await deleteCompanyGstin(c.var.dbh, companyId, c.req.valid('param').stateCode);
      return c.json({ status: true, message: GSTIN_REMOVED, gstins } satisfies CompanyGstinsResponse);
    },
  )
  .get('/ums/invoices', requireRole('seller', 'admin'), responds(InvoicingResponse), v('query', z.object({ companyId: z.string().max(64).optional() })), async (c) => {
    const companyId = companyOf(c, c.req.valid('query').companyId);
    const db = c.var.dbh.db;
    const company = await db.selectFrom('companies').select(['id', 'name', 'gst', 'address']).where('id', '=', companyId).executeTakeFirst();
    if (!company) throw notFound('Company not found');
    const [row, warehouses] = await Promise.all([getInvoicingProfileRow(db, companyId), companyWarehouseSeries(db, companyId)]);
    const seriesOf = () => Object.fromEntries(warehouses.map((w) => [w.id, { invoicePrefix: w.invoicePrefix, b2bInvoicePrefix: w.b2bInvoicePrefix }]));
    const indexesOf = () => Object.fromEntries(warehouses.map((w) => [w.id, { b2cIndex: w.b2cIndex, b2bIndex: w.b2bIndex }]));
    return c.json({
      status: true,
      company: { id: company.id, name: company.name, gstin: company.gst, address: parse(company.address) },
      userProfileDataObject: row
        ? {
            registeredName: row.registered_name,
            brandName: row.brand_name,
            invoicingAddress: parse(row.address),
            logo: row.logo_key,
            logoUrl: `/api/files/${row.logo_key}`,
            signature: row.signature_key,
            signatureUrl: `/api/files/${row.signature_key}`,
            sgstPercentage: row.sgst,
            cgstPercentage: row.cgst,
            igstPercentage: row.igst,
            utgstPercentage: row.utgst,
            warehouseInvoiceSeries: seriesOf(),
            invoiceIndexes: indexesOf(),
            updatedAt: row.updated_at,
          }
        : null,
      warehouses: warehouses.map((w) => ({
        id: w.id,
        warehouseId: w.code,
        profile: { name: w.name, address: w.address },
        invoicePrefix: w.invoicePrefix,
        b2bInvoicePrefix: w.b2bInvoicePrefix,
        indexes: { b2cIndex: w.b2cIndex, b2bIndex: w.b2bIndex },
        active: w.active,
      })),
    } satisfies InvoicingResponse);
  })
  .post('/ums/invoices', requireRole('seller', 'admin'), responds(InvoicingSavedResponse), v('json', invoiceProfileSchema), async (c) => {
    const s = requireSession(c);
    const body = c.req.valid('json');
    const companyId = companyOf(c, body.companyId);
    // The logo and signature must be this company's own uploads, of the right kind.
    const uploads = await c.var.dbh.db.selectFrom('uploads').select(['key', 'purpose', 'company_id']).where('key', 'in', [body.logo, body.signature]).execute();
    const owned = (key: string, purpose: string) => uploads.some((u) => u.key === key && u.purpose === purpose && u.company_id === companyId);
    if (!owned(body.logo, 'logo')) throw badRequest(LOGO_REQUIRED, [{ path: 'logo', message: LOGO_REQUIRED }]);
    if (!owned(body.signature, 'signature')) throw badRequest(SIGNATURE_REQUIRED, [{ path: 'signature', message: SIGNATURE_REQUIRED }]);
    try {
      await saveInvoicingProfile(c.var.dbh, companyId, body, s.userId);
    } catch (err) {
      if (err instanceof ProfileSaveError) throw new ApiFailure(400, err.message, [{ path: err.path, message: err.message }]);
      throw err;
    }
    return c.json({ status: true, message: INVOICING_SAVED } satisfies InvoicingSavedResponse);
  });
