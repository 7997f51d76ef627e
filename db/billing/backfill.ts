// Invoices are issued when an order becomes READY_TO_SHIP. Orders
// shipped before that (an upgraded database, a demo seed) have none: this
// one-time step gives each one its invoice in its warehouse's series, oldest
// order first, so each series runs on with no gap and no duplicate. It is
// idempotent: an order that has an invoice is never looked at again, so a
// second run issues nothing. Orders that cannot have an invoice yet (no
// warehouse, or no GSTIN recorded for the warehouse's state) are skipped and
// reported; running it again after the GSTIN is added issues theirs.
import type { Kysely } from 'kysely';
import type { DbHandle } from '../connect';
import type { Database } from '../schema';
import { gstinForState } from './gstins';
import { InvoiceNumberError, issueInvoiceNumber, issueInvoiceNumberIn, type Actor } from './numbers';
import { gstinMissingFor } from '../../domain/gstin';
import { findRegion } from '../../domain/india';
import { invoiceBuyerOf } from '../../domain/invoice-buyer';
import '../tables/billing';

/** Statuses an order only reaches after READY_TO_SHIP (its label existed), so it must have an invoice. */
export const SHIPPED_STATUSES = [
  'READY_TO_SHIP', 'SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'UNDELIVERED',
  'RTO_IN_TRANSIT', 'RTO_OUT_FOR_DELIVERY', 'RTO_UNDELIVERED', 'RTO_DELIVERED', 'RTO_PROCESSED',
  'DTO_PLACED', 'DTO_CANCELLED', 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_UNDELIVERED', 'DTO_DELIVERED', 'DTO_PROCESSED',
] as const;

export type UninvoicedOrder = {
  id: string;
  company_id: string;
  warehouse_id: string | null;
  shop_order_id: string;
  order_type: number;
  total_paise: number;
  customer_name: string;
  billing_address: string | null;
  created_at: string;
};

/** Orders past READY_TO_SHIP without an invoice, in order-date order (ties by id), `limit` at a time after `after`. */
export async function uninvoicedShippedOrders(db: Kysely<Database>, opts: { limit: number; after?: { createdAt: string; id: string } }): Promise<UninvoicedOrder[]> {
  let q = db
    .selectFrom('orders')
    .select(['id', 'company_id', 'warehouse_id', 'shop_order_id', 'order_type', 'total_paise', 'customer_name', 'billing_address', 'created_at'])
    .where('status', 'in', [...SHIPPED_STATUSES])
    .where((eb) => eb.not(eb.exists(eb.selectFrom('invoices').select('invoices.id').whereRef('invoices.order_id', '=', 'orders.id'))));
  const after = opts.after;
  if (after) q = q.where((eb) => eb.or([eb('created_at', '>', after.createdAt), eb.and([eb('created_at', '=', after.createdAt), eb('id', '>', after.id)])]));
  return q.orderBy('created_at').orderBy('id').limit(opts.limit).execute() as Promise<UninvoicedOrder[]>;
}

/** The state each warehouse ships from (its address), by id. */
export async function warehouseStates(db: Kysely<Database>): Promise<Map<string, string>> {
  const rows = await db.selectFrom('warehouses').select(['id', 'address']).execute();
  const state = (address: string) => {
    try {
      const s = (JSON.parse(address) as { state?: unknown }).state;
      return typeof s === 'string' ? s.trim() : '';
    } catch {
      return '';
    }
  };
  return new Map(rows.map((r) => [r.id, state(r.address)]));
}

export const NO_WAREHOUSE_REASON = 'Order has no warehouse, so it has no invoice series';

export type BackfillSkip = { orderId: string; shopOrderId: string; companyId: string; reason: string };
export type BackfillReport = { issued: number; skipped: BackfillSkip[] };

const SYSTEM: Actor = { id: null, name: 'System (invoice backfill)' };
const BATCH = 200;

export async function backfillInvoices(dbh: DbHandle, opts: { actor?: Actor; batchSize?: number } = {}): Promise<BackfillReport> {
  const actor = opts.actor ?? SYSTEM;
  const states = await warehouseStates(dbh.db);
  const gstins = new Map<string, string | null>();
  const gstinOf = async (companyId: string, state: string) => {
    const key = `${companyId}|${state}`;
    if (!gstins.has(key)) gstins.set(key, await gstinForState(dbh.db, companyId, state));
    return gstins.get(key) ?? null;
  };

  const report: BackfillReport = { issued: 0, skipped: [] };
  const skip = (o: UninvoicedOrder, reason: string) => report.skipped.push({ orderId: o.id, shopOrderId: o.shop_order_id, companyId: o.company_id, reason });
  const inputOf = (o: UninvoicedOrder) => ({ orderId: o.id, actor, amountPaise: Number(o.total_paise), ...invoiceBuyerOf(o) });

  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const page = await uninvoicedShippedOrders(dbh.db, { limit: opts.batchSize ?? BATCH, after });
    if (!page.length) break;
    const last = page[page.length - 1];
    after = { createdAt: last.created_at, id: last.id };

    const ready: UninvoicedOrder[] = [];
    for (const o of page) {
      const state = o.warehouse_id ? states.get(o.warehouse_id) : undefined;
      if (!o.warehouse_id || state === undefined) skip(o, NO_WAREHOUSE_REASON);
      else if (state && !(await gstinOf(o.company_id, state))) skip(o, gstinMissingFor(findRegion(state)?.name ?? state));
      else ready.push(o);
    }
    try {
      // One transaction per batch (fast on SQLite); the numbers are taken in the batch's order-date order.
      const issued = await dbh.db.transaction().execute(async (tx) => {
        let n = 0;
        for (const o of ready) if ((await issueInvoiceNumberIn(tx, inputOf(o), { lockOrder: dbh.dialect === 'postgres' })).issued) n++;
        return n;
      });
      report.issued += issued;
    } catch {
      // Something in the batch was refused (the batch rolled back whole, numbers included): one order at a time, reporting the refused ones.
      for (const o of ready) {
        try {
          if ((await issueInvoiceNumber(dbh, inputOf(o))).issued) report.issued++;
        } catch (e) {
          if (e instanceof InvoiceNumberError) skip(o, e.message);
          else throw e;
        }
      }
    }
  }
  return report;
}

/** One line per reason, for the console or the log. */
export function describeBackfill(r: BackfillReport): string[] {
  const lines = [`Invoice backfill: ${r.issued} invoice${r.issued === 1 ? '' : 's'} issued for orders shipped without one.`];
  const byReason = new Map<string, BackfillSkip[]>();
  for (const s of r.skipped) byReason.set(s.reason, [...(byReason.get(s.reason) ?? []), s]);
  for (const [reason, list] of byReason) {
    const sample = list.slice(0, 5).map((s) => s.shopOrderId).join(', ');
    lines.push(`  skipped ${list.length} order${list.length === 1 ? '' : 's'} (${sample}${list.length > 5 ? ', …' : ''}): ${reason}`);
  }
  return lines;
}
