import type { Kysely } from 'kysely';
import type { DbHandle } from '../connect';
import type { Database } from '../schema';
import { invoiceKindOf, invoiceNumberOf } from '../../domain/invoicing';
import { nowIso, uuidv7 } from '../../domain/ids';
import '../tables/billing';

export type Actor = { id: string | null; name: string };

export type IssueInput = {
  orderId: string;
  actor: Actor;
  /** Invoice total (GST inclusive), computed by the caller from the order's lines. */
  amountPaise: number;
  buyerName: string;
  buyerGstin: string | null;
};

export type IssueResult = { invoiceNumber: string; invoiceId: string; issued: boolean };

export class InvoiceNumberError extends Error {
  constructor(message: string, readonly kind: 'not_found' | 'conflict' = 'conflict') {
    super(message);
    this.name = 'InvoiceNumberError';
  }
}

/** A warehouse's default series, used until the seller sets their own in the invoicing form. */
export function defaultSeries(w: { code: string; invoice_prefix: string | null; b2b_invoice_prefix: string | null }) {
  return {
    b2c: (w.invoice_prefix || `${w.code}-B2C-`).replace(/\s+/g, '').slice(0, 10),
    b2b: (w.b2b_invoice_prefix || `${w.code}-B2B-`).replace(/\s+/g, '').slice(0, 10),
  };
}

const isUniqueViolation = (err: unknown) => /unique|duplicate key/i.test(String((err as Error)?.message ?? err));

/**
 * Gives an order its invoice number, once: the next number of its company's
 * B2C or B2B series at the order's warehouse. Idempotent (an order that has a
 * number keeps it).
 *
 * Invariants, in one transaction: the order row is locked first (PostgreSQL
 * `FOR UPDATE`; SQLite runs one write transaction at a time), then the series
 * counter is bumped with `UPDATE ... SET idx = idx + 1 RETURNING`, which holds
 * that row's lock until commit. So concurrent issues for different orders get
 * consecutive numbers with no duplicate and no gap, and if anything fails the
 * counter bump rolls back with the rest (no number is lost).
 */
export async function issueInvoiceNumber(dbh: DbHandle, input: IssueInput): Promise<IssueResult> {
  try {
    return await dbh.db.transaction().execute((tx) => issueInvoiceNumberIn(tx, input, { lockOrder: dbh.dialect === 'postgres' }));
  } catch (err) {
    if (err instanceof InvoiceNumberError) throw err;
    if (isUniqueViolation(err)) {
      // Another request issued this order's invoice at the same moment: take its number.
      const row = await dbh.db.selectFrom('invoices').select(['id', 'invoice_number']).where('order_id', '=', input.orderId).executeTakeFirst();
      if (row) return { invoiceNumber: row.invoice_number, invoiceId: row.id, issued: false };
      throw new InvoiceNumberError('The next invoice number of this series is already used: change the invoice series in Settings > Invoicing');
    }
    throw err;
  }
}

/**
 * The same issue inside a transaction the caller holds (ready to ship issues
 * the number in the transaction that changes the order's status, which
 * already holds the order row's lock; pass lockOrder otherwise on PostgreSQL).
 */
export async function issueInvoiceNumberIn(
  tx: Kysely<Database>,
  input: IssueInput,
  opts: {
    lockOrder?: boolean;
    /** Called in the transaction of a status change that already bumped the order's version and wrote its timeline entry. */
    partOfStatusChange?: boolean;
  } = {},
): Promise<IssueResult> {
  let q = tx
    .selectFrom('orders')
    .select(['id', 'company_id', 'warehouse_id', 'status', 'order_type', 'invoice_number'])
    .where('id', '=', input.orderId);
  if (opts.lockOrder) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  if (!order) throw new InvoiceNumberError('Order not found', 'not_found');

  const existing = await tx
    .selectFrom('invoices')
    .select(['id', 'invoice_number'])
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  const now = nowIso();
  if (existing) {
    // Numbers are never reused or replaced: a cleared order number is put back.
    if (order.invoice_number !== existing.invoice_number) {
      await tx
        .updateTable('orders')
        .set((eb) => ({ invoice_number: existing.invoice_number, version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', order.id)
        .execute();
    }
    return { invoiceNumber: existing.invoice_number, invoiceId: existing.id, issued: false };
  }
  if (order.status === 'CANCELLED') throw new InvoiceNumberError('Order is cancelled');
  if (!order.warehouse_id) throw new InvoiceNumberError('Order has no warehouse, so it has no invoice series');

  const warehouse = await tx
    .selectFrom('warehouses')
    .select(['code', 'invoice_prefix', 'b2b_invoice_prefix'])
    .where('id', '=', order.warehouse_id)
    .executeTakeFirstOrThrow();
  const defaults = defaultSeries(warehouse);
  await tx
    .insertInto('invoice_series')
    .values({
      company_id: order.company_id, warehouse_id: order.warehouse_id, b2c_prefix: defaults.b2c, b2b_prefix: defaults.b2b,
      b2c_index: 0, b2b_index: 0, updated_at: now,
    })
    .onConflict((oc) => oc.columns(['company_id', 'warehouse_id']).doNothing())
    .execute();

  const kind = invoiceKindOf(order.order_type, input.buyerGstin);
  const bumped =
    kind === 'B2B'
      ? await tx
          .updateTable('invoice_series')
          .set((eb) => ({ b2b_index: eb('b2b_index', '+', 1), updated_at: now }))
          .where('company_id', '=', order.company_id)
          .where('warehouse_id', '=', order.warehouse_id)
          .returning(['b2b_index as index', 'b2b_prefix as prefix'])
          .executeTakeFirstOrThrow()
      : await tx
          .updateTable('invoice_series')
          .set((eb) => ({ b2c_index: eb('b2c_index', '+', 1), updated_at: now }))
          .where('company_id', '=', order.company_id)
          .where('warehouse_id', '=', order.warehouse_id)
          .returning(['b2c_index as index', 'b2c_prefix as prefix'])
          .executeTakeFirstOrThrow();
  const index = Number(bumped.index);
  const invoiceNumber = invoiceNumberOf(bumped.prefix, index);
  const invoiceId = uuidv7();

  await tx
    .updateTable('orders')
    .set((eb) => (opts.partOfStatusChange ? { invoice_number: invoiceNumber } : { invoice_number: invoiceNumber, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', order.id)
    .execute();
  await tx
    .insertInto('invoices')
    .values({
      id: invoiceId, company_id: order.company_id, order_id: order.id, warehouse_id: order.warehouse_id, invoice_number: invoiceNumber,
      kind, series_index: index, buyer_name: input.buyerName, buyer_gstin: input.buyerGstin, amount_paise: input.amountPaise,
      paid_paise: 0, issued_at: now, updated_at: now,
    })
    .execute();
  // Part of a status change (ready to ship): that change's own version bump and timeline entry cover it.
  if (opts.partOfStatusChange) return { invoiceNumber, invoiceId, issued: true };
  await tx
    .insertInto('order_trails')
    .values({
      id: uuidv7(), order_id: order.id, status: order.status, description: `Invoice ${invoiceNumber} issued`, city: null, is_return: 0,
      source: 'user', actor_id: input.actor.id, actor_name: input.actor.name, event_id: null, created_at: now,
    })
    .execute();
  return { invoiceNumber, invoiceId, issued: true };
}

/**
 * Regenerating an invoice keeps its number; only the amounts are brought up
 * to date with the order (never below what was already paid).
 */
export async function refreshInvoice(dbh: DbHandle, input: IssueInput): Promise<IssueResult> {
  const result = await issueInvoiceNumber(dbh, input);
  if (!result.issued) {
    const now = nowIso();
    await dbh.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('invoices')
        .set({ amount_paise: input.amountPaise, buyer_name: input.buyerName, buyer_gstin: input.buyerGstin, updated_at: now })
        .where('id', '=', result.invoiceId)
        .where('paid_paise', '<=', input.amountPaise)
        .execute();
      const order = await tx.selectFrom('orders').select('status').where('id', '=', input.orderId).executeTakeFirstOrThrow();
      await tx
        .updateTable('orders')
        .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
        .where('id', '=', input.orderId)
        .execute();
      await tx
        .insertInto('order_trails')
        .values({
          id: uuidv7(), order_id: input.orderId, status: order.status, description: `Invoice ${result.invoiceNumber} and shipping label regenerated`,
          city: null, is_return: 0, source: 'user', actor_id: input.actor.id, actor_name: input.actor.name, event_id: null, created_at: now,
        })
        .execute();
    });
  }
  return result;
}
