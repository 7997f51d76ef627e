// Signup's writes (part 1 §3): the organisation and its first user, in one transaction.
import type { CompanyProfile, WarehouseProfile } from '../../domain/profile';
import type { Db } from '../connect';
import { companyColumns, warehouseColumns } from '../profile/queries';
import '../tables/auth';

/** Ids, address and password hash of the account being opened. */
export type NewAccount = { orgId: string; userId: string; email: string; hash: string; now: string };

export async function createCompanyAccount(db: Db, a: NewAccount, p: CompanyProfile) {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('companies').values({
      id: a.orgId, ...companyColumns(p), email: a.email,
      is_d2r: 0, whatsapp_ndr_active: 0, clickpost_active: 0, approve_rts_returns: 0, tracking_layout: null, created_at: a.now,
    }).execute();
    await tx.insertInto('users').values({
      id: a.userId, email: a.email, password_hash: a.hash, role: 'seller', name: p.poc, company_id: a.orgId, warehouse_id: null, created_at: a.now,
    }).execute();
  });
}

export async function createWarehouseAccount(db: Db, a: NewAccount, p: WarehouseProfile) {
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('warehouses').values({
      id: a.orgId, code: `WH${a.orgId.slice(-6).toUpperCase()}`, ...warehouseColumns(p), email: a.email,
      invoice_prefix: null, b2b_invoice_prefix: null, b2c_index: 0, b2b_index: 0, active: 1, created_at: a.now,
    }).execute();
    await tx.insertInto('users').values({
      id: a.userId, email: a.email, password_hash: a.hash, role: 'warehouse', name: p.name, company_id: null, warehouse_id: a.orgId, created_at: a.now,
    }).execute();
  });
}
