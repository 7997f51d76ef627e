// Demo data: each demo company is registered for GST in every
// state it has a warehouse in (the registration GSTIN on the company row
// covers its home state), with valid check characters.
import type { DbHandle } from '../connect';
import { makeGstin } from '../../domain/gstin';
import { findRegion } from '../../domain/india';
import { nowIso } from '../../domain/ids';
import '../tables/manual-order-gstins';

export async function seedCompanyGstins(h: DbHandle): Promise<void> {
  const companies = await h.db.selectFrom('companies').select(['id', 'gst', 'pan']).execute();
  const links = await h.db
    .selectFrom('warehouse_companies')
    .innerJoin('warehouses', 'warehouses.id', 'warehouse_companies.warehouse_id')
    .select(['warehouse_companies.company_id', 'warehouses.address'])
    .execute();
  const now = nowIso();
  for (const c of companies) {
    const home = (c.gst ?? '').slice(0, 2);
    const pan = /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(c.pan ?? '') ? c.pan! : (c.gst ?? '').slice(2, 12);
    if (!/^[A-Z]{5}[0-9]{4}[A-Z]$/.test(pan)) continue;
    // Each state's registration at the company's (first) warehouse there: the place of business its invoices print.
    const codes = new Map<string, string>();
    for (const l of links.filter((x) => x.company_id === c.id)) {
      const w = JSON.parse(l.address) as { line1?: string; line2?: string; city?: string; state?: string; pincode?: string };
      const code = findRegion(w.state ?? '')?.gstCode;
      if (code && code !== home && !codes.has(code)) {
        codes.set(code, JSON.stringify({ line1: w.line1 ?? '', line2: w.line2 ?? '', city: w.city ?? '', pincode: w.pincode ?? '' }));
      }
    }
    for (const [code, address] of codes) {
      await h.db
        .insertInto('company_gstins')
        .values({ company_id: c.id, state_code: code, gstin: makeGstin(code, pan), address, updated_by: null, updated_at: now })
        .onConflict((oc) => oc.columns(['company_id', 'state_code']).doNothing())
        .execute();
    }
  }
}
