// The manual-order creation use case: the manual order form, the
// bulk orders upload and anything else that creates a manual order call THIS
// function. Input: the manual-order payload (already parsed with
// domain/manual-order.ts manualOrderSchema) and the acting user. Every order
// made here has a ship-from warehouse (the one chosen, else the allocation
// rule of domain/allocation.ts), so it can be shipped, labelled, invoiced in
// its warehouse's series and packed at that warehouse's station.
import type { DbHandle } from '../../../db/connect';
import { createManualOrder as insertManualOrder, OrderRefusal, orderIdsStartingWith, orderIdTaken, type CreateManualOrderArgs } from '../../../db/catalogue/manual-orders';
import { indiaToday } from '../../../domain/india-time';
import { lookupPincode } from '../../../db/pincodes/load';
import { normaliseState } from '../../../domain/india';
import { COMPANY_REQUIRED, orderIdExists, suggestedOrderId, pincodeStateMismatch, type Address, type ManualOrder, type ManualShopType } from '../../../domain/manual-order';
import { invalid, notFound } from '../../../domain/refusal';
import { catalogueForOrder } from '../../../db/catalogue/items';
import { EINVOICED_ORDER_TYPES, hsnLineProblem } from '../../../domain/einvoice/rules';
import { hsnProblemFor } from '../billing/einvoice';
import type { Role } from '../../../domain/roles';

export { OrderRefusal };

export type ManualOrderActor = {
  id: string;
  name: string;
  role: Role;
  /** Company ids the actor may act for; null = every company (admin). */
  scope: string[] | null;
  /** The seller's own company (sellers only). */
  companyId?: string | null;
};

export type CreatedManualOrder = Awaited<ReturnType<typeof insertManualOrder>>;

/** The one company the order is for: the seller's own; for others the named one inside their scope (or the only one). */
export function manualOrderCompany(actor: ManualOrderActor, requested?: string | null): string {
  if (actor.role === 'seller') {
    if (!actor.companyId || (requested && requested !== actor.companyId)) throw notFound('Company not found');
    return actor.companyId;
  }
  if (requested) {
    if (actor.scope !== null && !actor.scope.includes(requested)) throw notFound('Company not found');
    return requested;
  }
  if (actor.scope && actor.scope.length === 1) return actor.scope[0];
  throw invalid(COMPANY_REQUIRED, [{ path: 'companyId', message: COMPANY_REQUIRED }]);
}

/**
 * Creates one manual order (status PLACED). Totals are recomputed from the
 * catalogue; client totals are never read. Refuses with a Refusal
 * (OrderRefusal carries the field `path`) and writes nothing then.
 */
export async function createManualOrder(
  dbh: DbHandle,
  actor: ManualOrderActor,
  order: ManualOrder,
  opts: { within?: CreateManualOrderArgs['within'] } = {},
): Promise<CreatedManualOrder> {
  const companyId = manualOrderCompany(actor, order.companyId);
  await assertPincodesMatchStates(dbh, order);
  await assertHsnDigits(dbh, companyId, order);
  const shopType: ManualShopType = order.shopType ?? (actor.role === 'warehouse' ? 'manual_fbw' : 'manual');
  return insertManualOrder(dbh.db, { companyId, order, shopType, scope: actor.scope, actor: { id: actor.id, name: actor.name }, within: opts.within });
}

/**
 * A B2B or distributor order of a company with e-invoicing on: each product's HSN has the digits the
 * company's turnover band requires (the catalogue's own check, services/billing/einvoice.ts hsnProblemFor),
 * so its invoice is not refused by the IRP after the order is made.
 */
async function assertHsnDigits(dbh: DbHandle, companyId: string, order: ManualOrder): Promise<void> {
  if (!EINVOICED_ORDER_TYPES.includes(order.orderType)) return;
  const catalogue = await catalogueForOrder(dbh.db, companyId, [...new Set(order.items.map((i) => i.catalogueId))]);
  const errors: { path: string; message: string }[] = [];
  const byCode = new Map<string, string | null>();
  for (const [i, it] of order.items.entries()) {
    const c = catalogue.get(it.catalogueId);
    if (!c) continue; // an unknown product is refused by the order's own checks
    const code = c.hsn_code ?? '';
    if (!byCode.has(code)) byCode.set(code, await hsnProblemFor(dbh.db, companyId, code));
    const problem = byCode.get(code);
    if (problem) errors.push({ path: `items.${i}.catalogueId`, message: hsnLineProblem(c.sku, problem) });
  }
  if (errors.length) throw invalid(errors[0].message, errors);
}

/**
 * Each address's state agrees with its pincode (where the pincode is known):
 * the tax (CGST+SGST or IGST) follows the state, so a Mumbai pincode with
 * state Karnataka is refused rather than taxed as within Karnataka.
 */
async function assertPincodesMatchStates(dbh: DbHandle, order: ManualOrder): Promise<void> {
  const addresses: [string, Address][] = [['shippingAddress', order.shippingAddress]];
  if (!order.sameAsShipping) addresses.push(['billingAddress', order.billingAddress]);
  const errors: { path: string; message: string }[] = [];
  for (const [prefix, a] of addresses) {
    const found = await lookupPincode(dbh.db, a.zip);
    if (!found) continue;
    const pinState = normaliseState(found.state) ?? found.state;
    if ((normaliseState(a.state) ?? a.state) !== pinState) {
      errors.push({ path: `${prefix}.state`, message: pincodeStateMismatch(a.zip, pinState, a.state) });
    }
  }
  if (errors.length) throw invalid(errors[0].message, errors);
}

/**
 * The manual order form's order id: with `id`, whether the company has no order with it yet; without, the next
 * free suggested id of today (domain suggestedOrderId), which the user may keep or change.
 */
export async function manualOrderId(dbh: DbHandle, actor: ManualOrderActor, q: { companyId?: string; id?: string }) {
  const companyId = manualOrderCompany(actor, q.companyId);
  if (q.id) {
    const taken = await orderIdTaken(dbh.db, companyId, q.id);
    return { id: q.id, available: !taken, message: taken ? orderIdExists(q.id) : null };
  }
  const prefix = suggestedOrderId(indiaToday(), 0).slice(0, -3);
  const used = new Set(await orderIdsStartingWith(dbh.db, companyId, prefix));
  let n = 1;
  while (used.has(suggestedOrderId(indiaToday(), n))) n++;
  return { id: suggestedOrderId(indiaToday(), n), available: true, message: null };
}
