import { PostgresAdapter, sql, type Kysely } from 'kysely';

// Frozen in time: never import app code here.
// The orders workspace: per-status order counts (so sidebar counts and list
// totals never scan the orders table), credit notes, shipping packages, and the
// indexes the list's seek pagination walks.
//
// order_status_counts is kept by triggers on orders, inside the writing
// transaction, so every writer (a status change, a manual order, a carrier
// update, a delete) keeps it exact without having to remember to. Triggers are
// the one place where the dialects differ, hence the raw SQL below.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_status_counts')
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_status_counts_pk', ['company_id', 'status'])
    .execute();
  await db
    .insertInto('order_status_counts')
    .columns(['company_id', 'status', 'count'])
    .expression(
      db.selectFrom('orders').select((eb) => ['company_id', 'status', eb.fn.countAll().as('count')]).groupBy(['company_id', 'status']),
    )
    .execute();
  if (isPostgres(db)) await postgresCountTriggers(db);
  else await sqliteCountTriggers(db);

  await db.schema
    .createTable('credit_notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('amount_paise', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('actor_name', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('credit_notes_order').on('credit_notes').columns(['order_id', 'created_at']).execute();

  await db.schema
    .createTable('shipping_packages')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('length_cm', 'real', (c) => c.notNull())
    .addColumn('breadth_cm', 'real', (c) => c.notNull())
    .addColumn('height_cm', 'real', (c) => c.notNull())
    .addColumn('max_weight_g', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('shipping_packages')
    .values([
      { code: 'ENV-S', name: 'Courier envelope (small)', length_cm: 25, breadth_cm: 18, height_cm: 2, max_weight_g: 500, active: 1 },
      { code: 'BOX-XS', name: 'Carton XS', length_cm: 15, breadth_cm: 12, height_cm: 8, max_weight_g: 1000, active: 1 },
      { code: 'BOX-S', name: 'Carton S', length_cm: 25, breadth_cm: 20, height_cm: 12, max_weight_g: 3000, active: 1 },
      { code: 'BOX-M', name: 'Carton M', length_cm: 35, breadth_cm: 25, height_cm: 20, max_weight_g: 7000, active: 1 },
      { code: 'BOX-L', name: 'Carton L', length_cm: 45, breadth_cm: 35, height_cm: 30, max_weight_g: 15000, active: 1 },
      { code: 'BOX-XL', name: 'Carton XL', length_cm: 60, breadth_cm: 45, height_cm: 40, max_weight_g: 30000, active: 1 },
    ])
    .execute();

  // Seek pagination: one index per sort key under (company, status) for a
  // section's statuses and under company alone for All, each carrying the
  // filter columns so a walk tests the filters without reading rows. The core
  // (company, status, id) and (company, id) indexes stay for other readers.
  const filters = ['payment_mode', 'shop_type', 'order_type'];
  await db.schema.createIndex('orders_co_st_created').on('orders').columns(['company_id', 'status', 'created_at', 'id', ...filters]).execute();
  await db.schema.createIndex('orders_co_st_updated').on('orders').columns(['company_id', 'status', 'updated_at', 'id', 'created_at', ...filters]).execute();
  await db.schema.createIndex('orders_co_st_total').on('orders').columns(['company_id', 'status', 'total_paise', 'id', 'created_at', ...filters]).execute();
  await db.schema.createIndex('orders_co_created_id').on('orders').columns(['company_id', 'created_at', 'id', ...filters]).execute();
  await db.schema.createIndex('orders_co_updated').on('orders').columns(['company_id', 'updated_at', 'id', 'created_at', ...filters]).execute();
  await db.schema.createIndex('orders_co_total').on('orders').columns(['company_id', 'total_paise', 'id', 'created_at', ...filters]).execute();
  // Counting a filtered list reads these alone (no row lookups).
  await db.schema.createIndex('orders_co_st_facets').on('orders').columns(['company_id', 'status', 'payment_mode', 'shop_type', 'order_type']).execute();
  await db.schema.createIndex('orders_co_facets').on('orders').columns(['company_id', 'payment_mode', 'shop_type', 'order_type']).execute();
  // Search by customer phone (shop order id and AWB have their indexes already).
  await db.schema.createIndex('orders_co_customer_phone').on('orders').columns(['company_id', 'customer_phone']).execute();
  await db.schema.createIndex('customer_requests_order').on('customer_requests').columns(['order_id']).execute();
  // The open-requests count of the sidebar.
  await db.schema.createIndex('customer_requests_co_status').on('customer_requests').columns(['company_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw('DROP TRIGGER IF EXISTS order_status_counts_insdel ON orders').execute(db);
    await sql.raw('DROP TRIGGER IF EXISTS order_status_counts_upd ON orders').execute(db);
    await sql.raw('DROP FUNCTION IF EXISTS order_status_counts_apply()').execute(db);
  } else {
    for (const op of ['ins', 'upd', 'del']) await sql.raw(`DROP TRIGGER IF EXISTS order_status_counts_${op}`).execute(db);
  }
  for (const ix of [
    'customer_requests_co_status', 'customer_requests_order', 'orders_co_customer_phone', 'orders_co_st_facets', 'orders_co_facets', 'orders_co_total', 'orders_co_st_total',
    'orders_co_updated', 'orders_co_st_updated', 'orders_co_created_id', 'orders_co_st_created',
  ]) {
    await db.schema.dropIndex(ix).ifExists().execute();
  }
  for (const t of ['shipping_packages', 'credit_notes', 'order_status_counts']) await db.schema.dropTable(t).ifExists().execute();
}

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const PLUS_ONE = `INSERT INTO order_status_counts (company_id, status, count) VALUES (NEW.company_id, NEW.status, 1)
      ON CONFLICT (company_id, status) DO UPDATE SET count = order_status_counts.count + 1`;
const MINUS_ONE = 'UPDATE order_status_counts SET count = count - 1 WHERE company_id = OLD.company_id AND status = OLD.status';

async function sqliteCountTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(`CREATE TRIGGER order_status_counts_ins AFTER INSERT ON orders BEGIN ${PLUS_ONE}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER order_status_counts_upd AFTER UPDATE OF status, company_id ON orders
    WHEN OLD.status IS NOT NEW.status OR OLD.company_id IS NOT NEW.company_id BEGIN ${MINUS_ONE}; ${PLUS_ONE}; END`).execute(db);
  await sql.raw(`CREATE TRIGGER order_status_counts_del AFTER DELETE ON orders BEGIN ${MINUS_ONE}; END`).execute(db);
}

async function postgresCountTriggers(db: Kysely<any>): Promise<void> {
  await sql.raw(`CREATE OR REPLACE FUNCTION order_status_counts_apply() RETURNS trigger AS $$
    BEGIN
      IF TG_OP = 'UPDATE' OR TG_OP = 'DELETE' THEN ${MINUS_ONE}; END IF;
      IF TG_OP = 'UPDATE' OR TG_OP = 'INSERT' THEN ${PLUS_ONE}; END IF;
      RETURN NULL;
    END $$ LANGUAGE plpgsql`).execute(db);
  await sql.raw(`CREATE TRIGGER order_status_counts_insdel AFTER INSERT OR DELETE ON orders FOR EACH ROW EXECUTE FUNCTION order_status_counts_apply()`).execute(db);
  await sql.raw(`CREATE TRIGGER order_status_counts_upd AFTER UPDATE OF status, company_id ON orders FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.company_id IS DISTINCT FROM NEW.company_id) EXECUTE FUNCTION order_status_counts_apply()`).execute(db);
}
