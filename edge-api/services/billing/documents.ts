// The documents of orders (part 1 §8): labels, invoices, manifest, pick list
// and Tally vouchers, each of the orders inside the caller's scope.
import type { DbHandle } from '../../../db/connect';
import { countOrdersInScope, loadOrdersForDocuments, type OrderForDocuments } from '../../../db/billing/documents';
import { labelPreferences } from '../../../db/preferences/queries';
import { indiaDate } from '../../../domain/india-time';
import { ORDER_NOT_FOUND } from '../../../domain/orders/texts';
import { notFound } from '../../../domain/refusal';
import type { DocManifest, DocOrder } from '../../documents/types';
import type { AppConfig } from '../../env';
import { prepareInvoices, toDocOrder, withAwb, withEwayBills } from './doc-input';

/** The companies the caller may touch (null = all, admin). */
type Scope = string[] | null;
type Actor = { id: string; name: string };

/** The orders of `ids` inside the scope; the rest are another tenant's or unknown, and are ignored. None at all: 404. */
export async function documentOrders(dbh: DbHandle, scope: Scope, ids: readonly string[]): Promise<OrderForDocuments[]> {
  const rows = await loadOrdersForDocuments(dbh.db, ids, scope);
  if (!rows.length) throw notFound(ORDER_NOT_FOUND);
  return rows;
}

/** Over the direct-download `limit`: the orders counted inside the scope (before anything heavy is loaded), else null. */
export async function overDirectLimit(dbh: DbHandle, scope: Scope, ids: readonly string[], limit: number): Promise<number | null> {
  if (ids.length <= limit) return null;
  const n = await countOrdersInScope(dbh.db, ids, scope);
  return n > limit ? n : null;
}

/** Labels of the orders, with the seller's label preferences (item labels, customer phone hidden). */
export async function labelsOf(dbh: DbHandle, scope: Scope, ids: readonly string[]) {
  const rows = await documentOrders(dbh, scope, ids);
  const prefs = await labelPreferences(dbh.db, [...new Set(rows.map((r) => r.order.company_id))]);
  return withAwb(await withEwayBills(dbh, rows.map((r) => ({ ...toDocOrder(r), ...prefs.get(r.order.company_id) }))));
}

/** Invoices of the orders; an order without an invoice number gets one. */
export async function invoicesOf(dbh: DbHandle, config: AppConfig, scope: Scope, ids: readonly string[], actor: Actor) {
  return prepareInvoices(dbh, config, await documentOrders(dbh, scope, ids), { issue: actor });
}

export function manifestOf(orders: DocOrder[], shipperName: string): DocManifest {
  const now = new Date();
  const day = indiaDate(now.getTime()).replace(/-/g, '');
  return {
    manifestNumber: `MF-${day}-${now.getTime().toString(36).slice(-5).toUpperCase()}`,
    generatedAt: now.toISOString(),
    shipperName,
    pickupAddress: orders[0].returnAddress,
    orders,
  };
}

/** The shipping manifest of the orders that have an AWB (`manifest` null when none has). */
export async function shippingManifest(dbh: DbHandle, scope: Scope, ids: readonly string[]) {
  const rows = await documentOrders(dbh, scope, ids);
  const { ok, failures } = await withAwb(await withEwayBills(dbh, rows.map((r) => toDocOrder(r))));
  if (!ok.length) return { manifest: null, failures };
  const companies = new Set(rows.map((r) => r.company.id));
  const shipper = companies.size === 1 ? rows[0].company.name : rows[0].warehouse?.name ?? rows[0].company.name;
  return { manifest: manifestOf(ok, shipper), failures };
}

/** The pick list's orders, one line per WSIN. */
export async function pickListOrders(dbh: DbHandle, scope: Scope, ids: readonly string[]): Promise<DocOrder[]> {
  return (await documentOrders(dbh, scope, ids)).map((r) => toDocOrder(r, { perWsin: true }));
}

/** Invoices of the orders as they stand (no number issued), for Tally vouchers. */
export async function voucherInvoices(dbh: DbHandle, config: AppConfig, scope: Scope, ids: readonly string[]) {
  return (await prepareInvoices(dbh, config, await documentOrders(dbh, scope, ids))).invoices;
}
