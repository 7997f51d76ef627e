// Promoters and their retailers, and the two reports over the retailers'
// D2R orders (matched by the retailer's phone): stock details and credit notes.
import { sql, type Kysely } from 'kysely';
import { nowIso, uuidv7 } from '../../domain/ids';
import type { CreatePromoterInput, Promoter, PromoterListInput, PromoterReportInput } from '../../domain/promoters';
import type { Database } from '../schema';
import '../tables/preferences-carriers-promoters';
import '../tables/orders';
import { textMatches } from '../search';

type Db = Kysely<Database>;

export async function promoterPhoneTaken(db: Db, phone: string): Promise<boolean> {
  return !!(await db.selectFrom('promoters').select('id').where('phone', '=', phone).executeTakeFirst());
}

export async function insertPromoter(db: Db, p: CreatePromoterInput, createdBy: string): Promise<string> {
  const id = uuidv7();
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('promoters').values({ id, name: p.name, phone: p.phone, hms_user_reference_id: `HMS-${id.slice(-12).toUpperCase()}`, created_by: createdBy, created_at: nowIso() }).execute();
    await tx
      .insertInto('promoter_retailers')
      .values(p.retailers.map((r) => ({ id: uuidv7(), promoter_id: id, first_name: r.firstName, last_name: r.lastName, phone: r.phone, gstin: r.GSTIN })))
      .execute();
  });
  return id;
}

const SORT_COLUMN = { name: 'promoters.name', phone: 'promoters.phone', createdAt: 'promoters.created_at', retailerCount: 'retailer_count' } as const;

export async function listPromoters(db: Db, input: PromoterListInput): Promise<{ rows: Promoter[]; total: number }> {
  let base = db.selectFrom('promoters');
  const w = input.where;
  if (w.name) base = base.where((eb) => textMatches(eb.ref('promoters.name'), w.name!));
  if (w.phone) base = base.where((eb) => textMatches(eb.ref('promoters.phone'), w.phone!, 'prefix'));
  if (w.retailerPhone) {
    const phone = w.retailerPhone;
    base = base.where('promoters.id', 'in', db.selectFrom('promoter_retailers').select('promoter_id').where('phone', '=', phone));
  }
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const { page, pageSize } = input.pagination;
  const list = await base
    .select(['promoters.id', 'promoters.name', 'promoters.phone', 'promoters.hms_user_reference_id', 'promoters.created_at', 'promoters.created_by'])
    .select((eb) => eb.selectFrom('promoter_retailers').select((e) => e.fn.countAll<number>().as('c')).whereRef('promoter_retailers.promoter_id', '=', 'promoters.id').as('retailer_count'))
    .orderBy(sql.ref(SORT_COLUMN[input.sortBy.field]), input.sortBy.order === 'ASC' ? 'asc' : 'desc')
    .orderBy('promoters.id')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const retailers = list.length
    ? await db.selectFrom('promoter_retailers').selectAll().where('promoter_id', 'in', list.map((p) => p.id)).orderBy('first_name').orderBy('id').execute()
    : [];
  return {
    total,
    rows: list.map((p) => ({
      id: p.id, name: p.name, phone: p.phone, hmsUserReferenceId: p.hms_user_reference_id, createdAt: p.created_at, createdBy: p.created_by,
      retailers: retailers.filter((r) => r.promoter_id === p.id).map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, phone: r.phone, GSTIN: r.gstin })),
    })),
  };
}

export async function promoterById(db: Db, id: string): Promise<Promoter | undefined> {
  const p = await db.selectFrom('promoters').selectAll().where('id', '=', id).executeTakeFirst();
  if (!p) return undefined;
  const retailers = await db.selectFrom('promoter_retailers').selectAll().where('promoter_id', '=', id).orderBy('first_name').orderBy('id').execute();
  return {
    id: p.id, name: p.name, phone: p.phone, hmsUserReferenceId: p.hms_user_reference_id, createdAt: p.created_at, createdBy: p.created_by,
    retailers: retailers.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, phone: r.phone, GSTIN: r.gstin })),
  };
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/** Retailers' D2R orders (matched by phone) joined to their promoter, with the reports' common filters. */
function retailerOrders(db: Db, f: PromoterReportInput) {
  let q = db
    .selectFrom('promoters')
    .innerJoin('promoter_retailers as r', 'r.promoter_id', 'promoters.id')
    .innerJoin('orders', (j) => j.onRef('orders.customer_phone', '=', 'r.phone').on('orders.order_type', '=', 2));
  if (f.promoterName) q = q.where((eb) => textMatches(eb.ref('promoters.name'), f.promoterName!));
  const v = f.searchValue;
  if (v && f.searchOptionType === 'retailerPhone') q = q.where('r.phone', '=', v);
  if (v && f.searchOptionType === 'retailerName') q = q.where(() => textMatches(sql`r.first_name || ' ' || r.last_name`, v));
  if (v && f.searchOptionType === 'orderId') q = q.where('orders.shop_order_id', '=', v);
  return q;
}

const STOCK_STATUSES = ['DELIVERED', 'DTO_PLACED', 'DTO_CANCELLED', 'DTO_IN_TRANSIT', 'DTO_OUT_FOR_DELIVERY', 'DTO_DELIVERED', 'DTO_UNDELIVERED', 'DTO_PROCESSED'];

/** Units delivered to each promoter retailer per SKU, less what came back. */
export async function promoterStock(db: Db, f: PromoterReportInput, opts: { all: boolean }) {
  let q = retailerOrders(db, f)
    .innerJoin('order_items as i', 'i.order_id', 'orders.id')
    .where('orders.status', 'in', STOCK_STATUSES);
  if (f.startDate) q = q.where('orders.created_at', '>=', f.startDate);
  if (f.endDate) q = q.where('orders.created_at', '<', nextDay(f.endDate));
  if (f.searchValue && f.searchOptionType === 'sku') q = q.where('i.sku', '=', f.searchValue);
  const grouped = q
    .select((eb) => [
      'promoters.name as promoter_name', 'r.first_name', 'r.last_name', 'r.phone', 'i.sku',
      eb.fn.max('i.title').as('title'),
      eb.fn.sum<number>('i.quantity').as('qty'),
      eb.fn.sum<number>('i.return_quantity').as('returned'),
      eb.fn.sum<number>(sql<number>`i.final_price_paise * i.quantity`).as('value'),
      eb.fn.max('orders.created_at').as('last_at'),
    ])
    .groupBy(['promoters.name', 'r.id', 'r.first_name', 'r.last_name', 'r.phone', 'i.sku']);
  const total = Number((await db.selectFrom(grouped.as('g')).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let page = grouped.orderBy('promoters.name').orderBy('r.phone').orderBy('i.sku');
  if (!opts.all) page = page.limit(f.record).offset((f.page - 1) * f.record);
  const rows = await page.execute();
  return {
    total,
    rows: rows.map((r) => ({
      promoterName: r.promoter_name, retailerName: `${r.first_name} ${r.last_name}`, retailerPhone: r.phone, sku: r.sku, product: String(r.title ?? ''),
      quantity: Number(r.qty), returnedQuantity: Number(r.returned ?? 0), valuePaise: Number(r.value ?? 0), lastOrderAt: String(r.last_at ?? ''),
    })),
  };
}

export async function promoterCreditNotes(db: Db, f: PromoterReportInput, opts: { all: boolean }) {
  let q = retailerOrders(db, f).innerJoin('credit_notes', 'credit_notes.order_id', 'orders.id');
  if (f.startDate) q = q.where('credit_notes.created_at', '>=', f.startDate);
  if (f.endDate) q = q.where('credit_notes.created_at', '<', nextDay(f.endDate));
  if (f.searchValue && f.searchOptionType === 'sku') q = q.where('orders.id', 'in', db.selectFrom('order_items').select('order_id').where('sku', '=', f.searchValue));
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let page = q
    .select(['promoters.name as promoter_name', 'r.first_name', 'r.last_name', 'r.phone', 'orders.shop_order_id', 'credit_notes.number', 'credit_notes.amount_paise', 'credit_notes.reason', 'credit_notes.created_at'])
    .orderBy('credit_notes.created_at', 'desc')
    .orderBy('credit_notes.id');
  if (!opts.all) page = page.limit(f.record).offset((f.page - 1) * f.record);
  const rows = await page.execute();
  return {
    total,
    rows: rows.map((r) => ({
      promoterName: r.promoter_name, retailerName: `${r.first_name} ${r.last_name}`, retailerPhone: r.phone, orderId: r.shop_order_id,
      creditNoteNumber: r.number, amountPaise: Number(r.amount_paise), reason: r.reason, createdAt: r.created_at,
    })),
  };
}
