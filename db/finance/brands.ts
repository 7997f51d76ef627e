// The brands CSV of the finance role: orders per brand (company) and status.
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import '../tables/orders';

type Db = Kysely<Database>;

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

export async function brandOrderTotals(db: Db, f: { statuses: readonly string[]; startDate?: string; endDate?: string }) {
  let q = db
    .selectFrom('orders')
    .innerJoin('companies', 'companies.id', 'orders.company_id')
    .select((eb) => [
      'companies.name as brand',
      'orders.status',
      eb.fn.countAll<number>().as('orders'),
      eb.fn.sum<number>('orders.total_paise').as('total_paise'),
      eb.fn.sum<number>('orders.cod_paise').as('cod_paise'),
    ])
    .groupBy(['companies.name', 'orders.status'])
    .orderBy('companies.name')
    .orderBy('orders.status');
  if (f.statuses.length) q = q.where('orders.status', 'in', [...f.statuses]);
  if (f.startDate) q = q.where('orders.created_at', '>=', f.startDate);
  if (f.endDate) q = q.where('orders.created_at', '<', nextDay(f.endDate));
  const rows = await q.execute();
  return rows.map((r) => ({ brand: r.brand, status: r.status, orders: Number(r.orders), totalPaise: Number(r.total_paise ?? 0), codPaise: Number(r.cod_paise ?? 0) }));
}
