// Queries of the buyer's NDR requests from the public tracking page
// (edge-api/services/tracking/buyer-requests.ts). Plain functions taking `db` first.
import type { Db } from '../connect';
import '../tables/tracking';
import '../tables/ndr';

/** The order behind any of these AWB spellings. */
export const orderByAwbs = (db: Db, awbs: string[]) =>
  db
    .selectFrom('orders')
    .select(['id', 'status', 'customer_phone', 'company_id'])
    .where('tracking_number', 'in', awbs)
    .executeTakeFirst();

/** Wrong answers given for an AWB since `since`: from every client, from `client`, and the time of `client`'s last. */
export async function countBuyerAttempts(db: Db, awb: string, client: string, since: string): Promise<{ all: number; mine: number; myLast: string | null }> {
  const [all, mine] = await Promise.all([
    db.selectFrom('tracking_buyer_attempts').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('awb', '=', awb).where('created_at', '>', since).executeTakeFirst(),
    db.selectFrom('tracking_buyer_attempts').select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('last')])
      .where('awb', '=', awb).where('client_key', '=', client).where('created_at', '>', since).executeTakeFirst(),
  ]);
  return { all: Number(all?.n ?? 0), mine: Number(mine?.n ?? 0), myLast: (mine?.last as string | null | undefined) ?? null };
}

export const insertBuyerAttempt = (db: Db, a: { id: string; awb: string; client: string; createdAt: string }) =>
  db.insertInto('tracking_buyer_attempts').values({ id: a.id, awb: a.awb, client_key: a.client, created_at: a.createdAt }).execute();

/** The payloads of an order's open requests of one kind. */
export const openRequestPayloads = (db: Db, orderId: string, kind: string) =>
  db
    .selectFrom('customer_requests')
    .select(['payload'])
    .where('order_id', '=', orderId)
    .where('kind', '=', kind)
    .where('status', '=', 'OPEN')
    .execute();

export type NewCustomerRequest = { id: string; orderId: string; companyId: string; kind: string; payload: string; createdAt: string };

export const insertCustomerRequest = (db: Db, r: NewCustomerRequest) =>
  db
    .insertInto('customer_requests')
    .values({ id: r.id, order_id: r.orderId, company_id: r.companyId, kind: r.kind, payload: r.payload, status: 'OPEN', created_at: r.createdAt })
    .execute();
