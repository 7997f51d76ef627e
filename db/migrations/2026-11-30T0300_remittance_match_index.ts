import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
//
// Matching a courier's COD remittance file looks each AWB up among the delivered
// cash-on-delivery orders and reads their id, company and COD amount. This
// partial index holds exactly those orders with exactly those columns, so the
// match reads the index alone, not each order's row (100,000 rows against a
// million orders: the rows are kilobytes apart). Only orders delivered by COD
// are in it, so other orders' writes do not touch it.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('orders_cod_delivered_awb')
    .on('orders')
    .columns(['tracking_number', 'cod_paise', 'company_id', 'id'])
    .where(sql.ref('status'), '=', 'DELIVERED')
    .where(sql.ref('payment_mode'), '=', 'cod')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_cod_delivered_awb').execute();
}
