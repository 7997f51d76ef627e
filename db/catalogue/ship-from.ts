// What the ship-from allocation rule (domain/allocation.ts) needs from the
// database: the company's warehouses with their location and available stock
// per WSIN, and where an order is delivered to.
import type { Kysely } from 'kysely';
import type { AllocationWarehouse } from '../../domain/allocation';
import { isMetroDistrict, isSpecialState } from '../../domain/india';
import { normalisePincode } from '../../domain/phone';
import type { ZoneLocation } from '../../domain/zones';
import { lookupPincodeLocation } from '../pincodes/load';
import type { Database } from '../schema';

type Q = Kysely<Database>;
type Address = { city?: string; state?: string; pincode?: string };

/** A location from the pincode table, else from the address as written. */
async function locationOf(db: Q, a: { pincode?: string; city?: string; state?: string }): Promise<ZoneLocation | null> {
  const pin = normalisePincode(a.pincode);
  if (!pin) return null;
  const known = await lookupPincodeLocation(db, pin).catch(() => null);
  if (known) return known;
  if (!a.state) return null;
  const district = a.city ?? '';
  return { pincode: pin, district, state: a.state, isMetro: isMetroDistrict(district, a.state), isSpecial: isSpecialState(a.state, district) };
}

export async function destinationOf(db: Q, address: { zip: string; city: string; state: string }): Promise<ZoneLocation | null> {
  return locationOf(db, { pincode: address.zip, city: address.city, state: address.state });
}

/** The company's warehouses (active or not) with location and stock available to sell (quantity - blocked) per WSIN. */
export async function allocationWarehouses(db: Q, companyId: string): Promise<AllocationWarehouse[]> {
  const rows = await db
    .selectFrom('warehouse_companies')
    .innerJoin('warehouses', 'warehouses.id', 'warehouse_companies.warehouse_id')
    .select(['warehouses.id', 'warehouses.name', 'warehouses.address', 'warehouses.active'])
    .where('warehouse_companies.company_id', '=', companyId)
    .execute();
  if (!rows.length) return [];
  const stock = await db
    .selectFrom('inventory')
    .select(['warehouse_id', 'wsin', 'quantity', 'blocked'])
    .where('company_id', '=', companyId)
    .where('warehouse_id', 'in', rows.map((r) => r.id))
    .execute();
  const available = new Map<string, Record<string, number>>();
  for (const s of stock) {
    const m = available.get(s.warehouse_id) ?? {};
    m[s.wsin] = (m[s.wsin] ?? 0) + Math.max(0, Number(s.quantity) - Number(s.blocked));
    available.set(s.warehouse_id, m);
  }
  const out: AllocationWarehouse[] = [];
  for (const r of rows) {
    const a = JSON.parse(r.address) as Address;
    out.push({ id: r.id, name: r.name, active: Number(r.active) === 1, location: await locationOf(db, a), available: available.get(r.id) ?? {} });
  }
  return out;
}
