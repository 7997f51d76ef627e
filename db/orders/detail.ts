// Queries of one order (and of a few named ones) with the company flags the
// action rules read; the order detail's rows. `db`/`tx` first.
import type SQLite from 'better-sqlite3';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../connect';
import { compiledOnce, compiledShape, readSql, type Reader } from '../prepared';
import type { Database } from '../schema';
import type { Tx } from './status';
import '../tables/orders';
import '../tables/bulk';
import '../tables/billing';
import '../tables/einvoices';
import '../tables/eway-bills';

/** Orders with the company flags the action rules read, inside `scope` (null: any company): findOrderRow's and findOrderRows' query before its ids. */
function orderRows(db: Tx, scope: readonly string[] | null) {
  const q = db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .selectAll('orders')
    .select(['companies.whatsapp_ndr_active', 'companies.clickpost_active', 'companies.name as company_name']);
  return scope ? q.where('orders.company_id', 'in', scope.length ? [...scope] : ['']) : q;
}
const orderRowQuery = (db: Tx, id: string, scope: readonly string[] | null) => orderRows(db, scope).where('orders.id', '=', id);
export type OrderRow = NonNullable<Awaited<ReturnType<ReturnType<typeof orderRowQuery>['executeTakeFirst']>>>;

/**
 * An order row with the company flags the action rules read, or undefined outside `scope`.
 * With the SQLite connection (`sqlite`), outside a transaction, it runs as a statement
 * compiled once per scope size and cached (db/prepared.ts): opening an order is a hot path.
 */
export async function findOrderRow(db: Tx, id: string, scope: readonly string[] | null, sqlite?: SQLite.Database): Promise<OrderRow | undefined> {
  const shape = compiledShape(db, `orders.detail.row:${scope ? scope.length : 'all'}`, (arg) => orderRowQuery(db, arg(0), scope && scope.map((_, i) => arg(i + 1))));
  const [row] = await readSql<OrderRow>({ db, sqlite }, shape.sql, shape.bind(scope ? [id, ...scope] : [id]));
  return row;
}

/** The named orders inside `scope` (as findOrderRow reads them), by id; ids outside it are absent. */
export async function findOrderRows(db: Tx, ids: readonly string[], scope: readonly string[] | null): Promise<Map<string, OrderRow>> {
  const found = new Map<string, OrderRow>();
  for (let i = 0; i < ids.length; i += 500) {
    for (const r of await orderRows(db, scope).where('orders.id', 'in', ids.slice(i, i + 500)).execute()) found.set(r.id, r);
  }
  return found;
}

const detailQueries = (db: Db) => ({
  items: compiledOnce(db, 'orders.detail.items', () => db.selectFrom('order_items').selectAll().where('order_id', '=', '')),
  trails: compiledOnce(db, 'orders.detail.trails', () => db.selectFrom('order_trails').selectAll().where('order_id', '=', '').orderBy('created_at').orderBy('id')),
  notes: compiledOnce(db, 'orders.detail.notes', () => db.selectFrom('credit_notes').selectAll().where('order_id', '=', '').orderBy('created_at')),
  pkg: compiledOnce(db, 'orders.detail.package', () => db.selectFrom('shipping_packages').select(['code', 'name']).where('code', '=', '')),
  // The D2R beat the order was placed under (beats arrive with the bulk beats upload).
  beat: compiledOnce(db, 'orders.detail.beat', () => db.selectFrom('beats').select(['id', 'name']).where('id', '=', '').where('company_id', '=', '')),
  // The order's latest invoice (its value decides whether the consignment needs an e-way bill) and its active
  // e-way bill: by IRN (einvoices), or the e-way bill system's own (eway_bills, source 'ewb').
  invoice: compiledOnce(db, 'orders.detail.invoice', () =>
    db.selectFrom('invoices as i').leftJoin('einvoices as e', 'e.invoice_id', 'i.id')
      .leftJoin('eway_bills as w', (j) => j.onRef('w.invoice_id', '=', 'i.id').on('w.status', '=', sql.lit('active')).on('w.source', '=', sql.lit('ewb')))
      .select(['i.id', 'i.amount_paise', 'e.status as einvoice_status'])
      .select([sql<string | null>`coalesce(e.ewb_no, w.ewb_no)`.as('ewb_no'), sql<string | null>`case when e.ewb_no is null then w.valid_till else e.ewb_valid_till end`.as('ewb_valid_till')])
      .where('i.order_id', '=', '').orderBy('i.issued_at', 'desc').orderBy('i.id', 'desc').limit(1)),
});
export type OrderInvoiceFacts = { id: string; amount_paise: number; einvoice_status: string | null; ewb_no: string | null; ewb_valid_till: string | null };
type Row<T extends keyof Database> = Selectable<Database[T]>;

/**
 * One order with its items, timeline and credit notes, or undefined when it does not exist inside `scope`.
 * Pass the SQLite connection to read through cached statements (as findOrderRow).
 */
/** One order with its items, trail, credit notes, package and beat; `r` is the handle (its SQLite connection read through the statement cache). */
export async function findOrder(r: Reader, id: string, scope: readonly string[] | null) {
  const { db } = r;
  const order = await findOrderRow(db, id, scope, r.sqlite);
  if (!order) return undefined;
  const q = detailQueries(db);
  const [items, trails, creditNotes, [pkg], [beat], [invoice]] = await Promise.all([
    readSql<Row<'order_items'>>(r, q.items, [id]),
    readSql<Row<'order_trails'>>(r, q.trails, [id]),
    readSql<Row<'credit_notes'>>(r, q.notes, [id]),
    order.shipping_package_code ? readSql<Pick<Row<'shipping_packages'>, 'code' | 'name'>>(r, q.pkg, [order.shipping_package_code]) : [],
    order.beat_id ? readSql<Pick<Row<'beats'>, 'id' | 'name'>>(r, q.beat, [order.beat_id, order.company_id]) : [],
    readSql<OrderInvoiceFacts>(r, q.invoice, [id, 1]),
  ]);
  return { order, items, trails, creditNotes, pkg, beat, invoice: invoice as OrderInvoiceFacts | undefined };
}
export type FoundOrder = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

/** The timeline entries of an order that belong to its WhatsApp NDR conversation. */
export async function whatsappTrail(db: Db, orderId: string) {
  return db
    .selectFrom('order_trails')
    .select(['id', 'status', 'description', 'source', 'actor_name', 'created_at'])
    .where('order_id', '=', orderId)
    .where((eb) => eb.or([eb('source', '=', 'whatsapp'), eb('status', 'in', ['UNDELIVERED', 'RTO_UNDELIVERED', 'DTO_UNDELIVERED'])]))
    .orderBy('created_at')
    .execute();
}
