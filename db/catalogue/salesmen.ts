// Salesmen who book D2R orders (POST /salesman), one list per company.
import '../tables/catalogue';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { Db } from '../connect';
import type { Salesman } from '../tables/catalogue';

export function salesmanDto(s: Salesman) {
  return { id: s.id, companyId: s.company_id, firstName: s.first_name, lastName: s.last_name, email: s.email, phone: s.phone, createdAt: s.created_at };
}
export type SalesmanDto = ReturnType<typeof salesmanDto>;

export async function listSalesmen(db: Db, companyId: string) {
  const rows = await db.selectFrom('salesmen').selectAll().where('company_id', '=', companyId).orderBy('first_name').orderBy('last_name').execute();
  return rows.map(salesmanDto);
}

export async function findSalesman(db: Db, id: string, companyId: string) {
  return db.selectFrom('salesmen').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

export async function salesmanPhoneTaken(db: Db, companyId: string, phone: string) {
  return !!(await db.selectFrom('salesmen').select('id').where('company_id', '=', companyId).where('phone', '=', phone).executeTakeFirst());
}

export async function insertSalesman(db: Db, companyId: string, s: { firstName: string; lastName: string; email: string; phone: string }) {
  const row: Salesman = {
    id: uuidv7(), company_id: companyId, first_name: s.firstName, last_name: s.lastName, email: s.email, phone: s.phone, created_at: nowIso(),
  };
  await db.insertInto('salesmen').values(row).execute();
  return salesmanDto(row);
}
