// The invoicing profile of a company: registered name, logo and
// signature, GST rates and each warehouse's invoice series.
import type { DbHandle } from '../../../db/connect';
import { invoicingCompany } from '../../../db/billing/invoicing';
import { companyWarehouseSeries, getInvoicingProfileRow, ProfileSaveError, saveInvoicingProfile } from '../../../db/billing/profile';
import { uploadOwners } from '../../../db/uploads/queries';
import { LOGO_REQUIRED, SIGNATURE_REQUIRED, type InvoiceProfile, type InvoicingResponse } from '../../../domain/invoicing';
import { invalid, notFound } from '../../../domain/refusal';

const parse = (s: string) => JSON.parse(s) as Record<string, string>;

export async function invoicingSettings(dbh: DbHandle, companyId: string): Promise<Omit<InvoicingResponse, 'status'>> {
  const db = dbh.db;
  const company = await invoicingCompany(db, companyId);
  if (!company) throw notFound('Company not found');
  const [row, warehouses] = await Promise.all([getInvoicingProfileRow(db, companyId), companyWarehouseSeries(db, companyId)]);
  const seriesOf = () => Object.fromEntries(warehouses.map((w) => [w.id, { invoicePrefix: w.invoicePrefix, b2bInvoicePrefix: w.b2bInvoicePrefix }]));
  const indexesOf = () => Object.fromEntries(warehouses.map((w) => [w.id, { b2cIndex: w.b2cIndex, b2bIndex: w.b2bIndex }]));
  return {
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
  };
}

/** Saves the profile. The logo and signature must be this company's own uploads, of the right kind. */
export async function saveInvoicingSettings(dbh: DbHandle, actor: { id: string }, companyId: string, input: InvoiceProfile): Promise<void> {
  const uploads = await uploadOwners(dbh.db, [input.logo, input.signature]);
  const owned = (key: string, purpose: string) => uploads.some((u) => u.key === key && u.purpose === purpose && u.company_id === companyId);
  if (!owned(input.logo, 'logo')) throw invalid(LOGO_REQUIRED, [{ path: 'logo', message: LOGO_REQUIRED }]);
  if (!owned(input.signature, 'signature')) throw invalid(SIGNATURE_REQUIRED, [{ path: 'signature', message: SIGNATURE_REQUIRED }]);
  try {
    await saveInvoicingProfile(dbh, companyId, input, actor.id);
  } catch (err) {
    if (err instanceof ProfileSaveError) throw invalid(err.message, [{ path: err.path, message: err.message }]);
    throw err;
  }
}
