// The "Ship from" suggestion of the manual order form: the same allocation
// rule (domain/allocation.ts) the creation use case applies when whId is absent.
import type { DbHandle } from '../../../db/connect';
import { catalogueForOrder } from '../../../db/catalogue/items';
import { allocationWarehouses, destinationOf } from '../../../db/catalogue/ship-from';
import { companyAddress } from '../../../db/catalogue/warehouses';
import { allocateWarehouse, explainAllocation, type ShipFromQuery, type ShipFromSuggestion } from '../../../domain/allocation';
import { notFound } from '../../../domain/refusal';

export async function suggestShipFrom(dbh: DbHandle, companyId: string, q: ShipFromQuery): Promise<ShipFromSuggestion> {
  const db = dbh.db;
  const company = await companyAddress(db, companyId);
  if (!company) throw notFound('Company not found');
  const catalogue = await catalogueForOrder(db, companyId, [...new Set(q.items.map((i) => i.catalogueId))]);
  const lines = q.items.flatMap((i) => {
    const c = catalogue.get(i.catalogueId);
    return c ? [{ quantity: i.quantity, wsinMapping: c.wsinMapping }] : [];
  });
  const warehouses = await allocationWarehouses(db, companyId);
  const allocation = allocateWarehouse({
    warehouses,
    lines,
    destination: await destinationOf(db, { zip: q.pincode, city: q.city, state: q.state }),
    companyState: company.address.state ?? null,
  });
  const name = warehouses.find((w) => w.id === allocation?.warehouseId)?.name ?? '';
  return { warehouseId: allocation?.warehouseId ?? null, reason: allocation?.reason ?? null, explanation: explainAllocation(allocation, name) };
}
