import type { Db, DbHandle } from '../connect';
import type { InvoiceProfile } from '../../domain/invoicing';
import { indexBelowIssued, UNKNOWN_WAREHOUSE } from '../../domain/invoicing';
import { nowIso } from '../../domain/ids';
import type { InvoicingProfileRow } from '../tables/billing';
import { defaultSeries } from './numbers';
import '../tables/billing';

/** A warehouse the company ships from, with the company's series there (its own, or the warehouse default). */
export type CompanyWarehouseSeries = {
  id: string;
  code: string;
  name: string;
  active: boolean;
  address: Record<string, string>;
  invoicePrefix: string;
  b2bInvoicePrefix: string;
  b2cIndex: number;
  b2bIndex: number;
  /** False while the company still uses the warehouse's default series. */
  custom: boolean;
};

export async function getInvoicingProfileRow(db: Db, companyId: string): Promise<InvoicingProfileRow | undefined> {
  return db.selectFrom('invoicing_profiles').selectAll().where('company_id', '=', companyId).executeTakeFirst();
}

export async function companyWarehouseSeries(db: Db, companyId: string): Promise<CompanyWarehouseSeries[]> {
  const rows = await db
    .selectFrom('warehouse_companies as wc')
    .innerJoin('warehouses as w', 'w.id', 'wc.warehouse_id')
    .leftJoin('invoice_series as s', (j) => j.onRef('s.warehouse_id', '=', 'w.id').on('s.company_id', '=', companyId))
    .select([
      'w.id', 'w.code', 'w.name', 'w.active', 'w.address', 'w.invoice_prefix', 'w.b2b_invoice_prefix',
      's.b2c_prefix', 's.b2b_prefix', 's.b2c_index', 's.b2b_index',
    ])
    .where('wc.company_id', '=', companyId)
    .orderBy('w.code')
    .execute();
  return rows.map((r) => {
    const d = defaultSeries({ code: r.code, invoice_prefix: r.invoice_prefix, b2b_invoice_prefix: r.b2b_invoice_prefix });
    return {
      id: r.id, code: r.code, name: r.name, active: r.active === 1, address: JSON.parse(r.address),
      invoicePrefix: r.b2c_prefix ?? d.b2c, b2bInvoicePrefix: r.b2b_prefix ?? d.b2b,
      b2cIndex: Number(r.b2c_index ?? 0), b2bIndex: Number(r.b2b_index ?? 0), custom: r.b2c_prefix != null,
    };
  });
}

export class ProfileSaveError extends Error {
  constructor(readonly path: string, message: string) {
    super(message);
    this.name = 'ProfileSaveError';
  }
}

/**
 * Saves the profile and the company's series at its warehouses. A counter may
 * be raised (to continue an existing numbering) but never lowered below the
 * last number issued, so a number is never given twice. Runs in one
 * transaction with the series rows locked, against concurrent issuing.
 */
export async function saveInvoicingProfile(dbh: DbHandle, companyId: string, p: InvoiceProfile, actorId: string | null): Promise<void> {
  const linked = new Set((await companyWarehouseSeries(dbh.db, companyId)).map((w) => w.id));
  for (const id of [...Object.keys(p.warehouseInvoiceSeries), ...Object.keys(p.invoiceIndexes ?? {})]) {
    if (!linked.has(id)) throw new ProfileSaveError(`warehouseInvoiceSeries.${id}`, UNKNOWN_WAREHOUSE);
  }
  const now = nowIso();
  await dbh.db.transaction().execute(async (tx) => {
    const values = {
      registered_name: p.registeredName, brand_name: p.brandName, address: JSON.stringify(p.invoicingAddress),
      logo_key: p.logo, signature_key: p.signature, sgst: p.sgstPercentage, cgst: p.cgstPercentage, igst: p.igstPercentage,
      utgst: p.utgstPercentage, updated_by: actorId, updated_at: now,
    };
    await tx
      .insertInto('invoicing_profiles')
      .values({ company_id: companyId, ...values })
      .onConflict((oc) => oc.column('company_id').doUpdateSet(values))
      .execute();

    for (const [warehouseId, series] of Object.entries(p.warehouseInvoiceSeries)) {
      let q = tx.selectFrom('invoice_series').selectAll().where('company_id', '=', companyId).where('warehouse_id', '=', warehouseId);
      if (dbh.dialect === 'postgres') q = q.forUpdate();
      const current = await q.executeTakeFirst();
      const wanted = p.invoiceIndexes?.[warehouseId];
      const b2cIndex = wanted?.b2cIndex ?? Number(current?.b2c_index ?? 0);
      const b2bIndex = wanted?.b2bIndex ?? Number(current?.b2b_index ?? 0);
      if (current && b2cIndex < Number(current.b2c_index)) {
        throw new ProfileSaveError(`invoiceIndexes.${warehouseId}.b2cIndex`, indexBelowIssued(Number(current.b2c_index)));
      }
      if (current && b2bIndex < Number(current.b2b_index)) {
        throw new ProfileSaveError(`invoiceIndexes.${warehouseId}.b2bIndex`, indexBelowIssued(Number(current.b2b_index)));
      }
      const row = { b2c_prefix: series.invoicePrefix, b2b_prefix: series.b2bInvoicePrefix, b2c_index: b2cIndex, b2b_index: b2bIndex, updated_at: now };
      if (current) {
        await tx.updateTable('invoice_series').set(row).where('company_id', '=', companyId).where('warehouse_id', '=', warehouseId).execute();
      } else {
        await tx.insertInto('invoice_series').values({ company_id: companyId, warehouse_id: warehouseId, ...row }).execute();
      }
    }
  });
}
