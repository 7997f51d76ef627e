import { sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// Order search by customer name: a case-insensitive prefix match
// on lower(customer_name), per company (sellers, warehouse users) and overall (admins).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX orders_co_name_lc ON orders (company_id, lower(customer_name))`.execute(db);
  await sql`CREATE INDEX orders_name_lc ON orders (lower(customer_name))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS orders_name_lc`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_co_name_lc`.execute(db);
}
