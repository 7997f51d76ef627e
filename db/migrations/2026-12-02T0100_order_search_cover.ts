import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The order list's search by the start of the customer's name, per company, read
// from the index alone on PostgreSQL: the name index of 2026-11-24T1301 carries the
// sort keys, the id and the status (and the name itself, without which PostgreSQL
// does not answer lower(customer_name) from the index), so a sorted search arm
// reads no table rows. It replaces (company_id, lower(customer_name)), of which it
// is a superset. Measured with EXPLAIN (ANALYZE, BUFFERS) at 1,000,000 orders: a
// company's 8,160 matches of "Anika" in 319 index pages instead of 2,941 pages
// for a walk in amount order (docs/scale.md). SQLite keeps its index: it reads
// rows by rowid cheaply and has no INCLUDE.
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`CREATE INDEX orders_co_name_cover ON orders (company_id, lower(customer_name))
    INCLUDE (customer_name, total_paise, created_at, updated_at, id, status)`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_co_name_lc`.execute(db);
  // The statistics of the index's expression: without them PostgreSQL took a company's 1,080
  // matches of "Meera S" for 1 (and would plan joins on that); after ANALYZE, 571.
  await sql`ANALYZE orders`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`CREATE INDEX IF NOT EXISTS orders_co_name_lc ON orders (company_id, lower(customer_name))`.execute(db);
  await sql`DROP INDEX IF EXISTS orders_co_name_cover`.execute(db);
}
