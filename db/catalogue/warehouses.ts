// Warehouses a company ships from (the D2R warehouse choice) and the states
// that decide intra- or inter-state GST.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

type Q = Kysely<Database> | Transaction<Database>;
type Address = { line1?: string; line2?: string; city?: string; state?: string; pincode?: string };

export async function companyWarehouses(db: Q, companyId: string) {
  const rows = await db
    .selectFrom('warehouse_companies')
    .innerJoin('warehouses', 'warehouses.id', 'warehouse_companies.warehouse_id')
    .select(['warehouses.id', 'warehouses.code', 'warehouses.name', 'warehouses.address', 'warehouses.active'])
    .where('warehouse_companies.company_id', '=', companyId)
    .orderBy('warehouses.name')
    .execute();
  return rows.map((w) => {
    const a = JSON.parse(w.address) as Address;
    return {
      id: w.id, warehouseId: w.code, name: w.name, profile: { name: w.name }, active: Number(w.active) === 1,
      city: a.city ?? '', state: a.state ?? '', pincode: a.pincode ?? '',
    };
  });
}

/** The company's own address (seller state when no warehouse is chosen). */
export async function companyAddress(db: Q, companyId: string) {
  const c = await db.selectFrom('companies').select(['id', 'name', 'address', 'is_d2r']).where('id', '=', companyId).executeTakeFirst();
  if (!c) return undefined;
  return { id: c.id, name: c.name, isD2R: Number(c.is_d2r) === 1, address: JSON.parse(c.address) as Address };
}
