// The company an invoicing profile is about: name, GSTIN and address.
import type { Db } from '../connect';

export const invoicingCompany = (db: Db, companyId: string) =>
  db.selectFrom('companies').select(['id', 'name', 'gst', 'address']).where('id', '=', companyId).executeTakeFirst();
