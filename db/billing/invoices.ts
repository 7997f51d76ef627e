import { sql, type ExpressionBuilder } from 'kysely';
import type { Db, DbHandle } from '../connect';
import type { Database } from '../schema';
import {
  invoiceStatusOf,
  type InvoiceDto,
  type InvoiceFilter,
  type InvoicePaymentDto,
  type InvoicePaymentMode,
  type Payment,
} from '../../domain/invoicing';
import { nowIso, uuidv7 } from '../../domain/ids';
import '../tables/billing';
import { indiaDayEnd, indiaDayStart } from '../../domain/india-time';
import { textMatches } from '../search';

/** Start of an Indian calendar day, as an ISO instant. */
export const istStart = (d: string) => indiaDayStart(d);
export const istEnd = (d: string) => indiaDayEnd(d);

type InvoiceEb = ExpressionBuilder<Database & { i: Database['invoices']; o: Database['orders']; c: Database['companies'] }, 'i' | 'o' | 'c'>;

function filtered(db: Db, scope: string[] | null, f: InvoiceFilter) {
  let q = db
    .selectFrom('invoices as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id');
  if (scope) q = q.where('i.company_id', 'in', scope.length ? scope : ['']);
  if (f.from) q = q.where('i.issued_at', '>=', istStart(f.from));
  if (f.to) q = q.where('i.issued_at', '<=', istEnd(f.to));
  if (f.status === 'UNPAID') q = q.where('i.paid_paise', '=', 0);
  if (f.status === 'PAID') q = q.whereRef('i.paid_paise', '>=', 'i.amount_paise');
  if (f.status === 'PARTIALLY_PAID') q = q.where('i.paid_paise', '>', 0).whereRef('i.paid_paise', '<', 'i.amount_paise');
  if (f.search) {
    const text = f.search;
    q = q.where((eb: InvoiceEb) =>
      eb.or([
        textMatches(eb.ref('i.invoice_number'), text),
        textMatches(eb.ref('o.shop_order_id'), text),
        textMatches(eb.ref('i.buyer_name'), text),
        eb('o.tracking_number', '=', f.search!),
      ]),
    );
  }
  return q;
}

const COLUMNS = [
  'i.id', 'i.invoice_number', 'i.kind', 'i.order_id', 'o.shop_order_id', 'i.company_id', 'c.name as company_name', 'i.buyer_name',
  'i.buyer_gstin', 'o.salesman_id', 'i.issued_at', 'i.amount_paise', 'i.paid_paise',
] as const;

type Row = {
  id: string; invoice_number: string; kind: 'B2C' | 'B2B'; order_id: string; shop_order_id: string; company_id: string; company_name: string;
  buyer_name: string; buyer_gstin: string | null; salesman_id: string | null; issued_at: string; amount_paise: number; paid_paise: number;
};

export function invoiceDto(r: Row): InvoiceDto {
  const amount = Number(r.amount_paise);
  const paid = Number(r.paid_paise);
  return {
    id: r.id, invoiceNumber: r.invoice_number, kind: r.kind, orderId: r.order_id, shopOrderId: r.shop_order_id, companyId: r.company_id,
    companyName: r.company_name, buyerName: r.buyer_name, buyerGstin: r.buyer_gstin, d2rSalesmanId: r.salesman_id, issuedAt: r.issued_at,
    amountPaise: amount, paidPaise: paid, balancePaise: Math.max(0, amount - paid), status: invoiceStatusOf(amount, paid),
  };
}

export async function listInvoices(db: Db, scope: string[] | null, f: InvoiceFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    filtered(db, scope, f)
      .select([...COLUMNS])
      .orderBy('i.issued_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    filtered(db, scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { invoices: (rows as Row[]).map(invoiceDto), currentCount: Number(count.n) };
}

/** Keyset pages of the filtered invoices (CSV export), oldest first. */
export async function* invoicePages(db: Db, scope: string[] | null, f: InvoiceFilter, pageSize = 2000) {
  let after = '';
  for (;;) {
    const rows = (await filtered(db, scope, f).select([...COLUMNS]).where('i.id', '>', after).orderBy('i.id').limit(pageSize).execute()) as Row[];
    if (!rows.length) return;
    yield rows.map(invoiceDto);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1].id;
  }
}

export async function countInvoices(db: Db, scope: string[] | null, f: InvoiceFilter): Promise<number> {
  const r = await filtered(db, scope, f).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findInvoice(db: Db, id: string, scope: string[] | null) {
  const q = filtered(db, scope, {}).select([...COLUMNS]).where('i.id', '=', id);
  const row = (await q.executeTakeFirst()) as Row | undefined;
  if (!row) return undefined;
  const payments = await db.selectFrom('invoice_payments').selectAll().where('invoice_id', '=', id).orderBy('created_at').execute();
  return {
    invoice: invoiceDto(row),
    payments: payments.map(
      (p): InvoicePaymentDto => ({
        id: p.id, amountPaise: Number(p.amount_paise), mode: p.mode as InvoicePaymentMode, reference: p.reference, paidOn: p.paid_on,
        actorName: p.actor_name, createdAt: p.created_at,
      }),
    ),
  };
}

export async function findInvoicesByOrder(db: Db, orderIds: string[]) {
  if (!orderIds.length) return [];
  return db.selectFrom('invoices').select(['id', 'order_id', 'invoice_number', 'issued_at']).where('order_id', 'in', orderIds).execute();
}

export type PaymentOutcome = { ok: true; paymentId: string } | { ok: false; balancePaise: number };

/**
 * Records a payment unless it would take the invoice past its amount. The
 * guard is one conditional UPDATE (paid + amount <= invoice amount), so two
 * payments arriving together can never overpay between them.
 */
export async function addPayment(dbh: DbHandle, invoiceId: string, p: Payment, actor: { id: string; name: string }): Promise<PaymentOutcome> {
  return dbh.db.transaction().execute(async (tx) => {
    const updated = await tx
      .updateTable('invoices')
      .set((eb) => ({ paid_paise: eb('paid_paise', '+', p.amountPaise), updated_at: nowIso() }))
      .where('id', '=', invoiceId)
      .where(sql<boolean>`paid_paise + ${p.amountPaise} <= amount_paise`)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      const row = await tx.selectFrom('invoices').select(['amount_paise', 'paid_paise']).where('id', '=', invoiceId).executeTakeFirstOrThrow();
      return { ok: false as const, balancePaise: Math.max(0, Number(row.amount_paise) - Number(row.paid_paise)) };
    }
    const inv = await tx.selectFrom('invoices').select('company_id').where('id', '=', invoiceId).executeTakeFirstOrThrow();
    const paymentId = uuidv7();
    await tx
      .insertInto('invoice_payments')
      .values({
        id: paymentId, invoice_id: invoiceId, company_id: inv.company_id, amount_paise: p.amountPaise, mode: p.mode,
        reference: p.reference || null, paid_on: p.paidOn, actor_id: actor.id, actor_name: actor.name, created_at: nowIso(),
      })
      .execute();
    return { ok: true as const, paymentId };
  });
}

/** When an invoice was issued (its printed date). */
export const invoiceIssuedAt = async (db: Db, invoiceId: string) =>
  (await db.selectFrom('invoices').select('issued_at').where('id', '=', invoiceId).executeTakeFirst())?.issued_at;
